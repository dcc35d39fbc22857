import CRemoteBridgeMPV
import Glibc

/// Keeps the sound libraries under mpv from writing to stderr. Each output mpv tries and cannot
/// open made libasound print about ten "ALSA lib …" lines and libpipewire two "pw.conf" lines,
/// straight to stderr (measured with no sound server), on every try; mpv's own log already says
/// what failed.
enum AudioLibraryMessages {
    /// Done once per process, before the first mpv starts: libpipewire reads PIPEWIRE_DEBUG once,
    /// when mpv first initializes it (a PIPEWIRE_DEBUG the user set is kept), and libasound,
    /// loaded with libmpv, gets a handler that drops its messages.
    static let silenced: Void = {
        setenv("PIPEWIRE_DEBUG", "0", 0)
        _ = rb_silence_alsa_library()
    }()
}
