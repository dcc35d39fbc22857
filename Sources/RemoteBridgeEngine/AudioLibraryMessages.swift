// SPDX-License-Identifier: Apache-2.0
import CRemoteBridgeMPV
import Glibc

/// Keeps the sound libraries under mpv from writing to stderr. Each output mpv tries and cannot
/// open made libasound print about ten "ALSA lib …" lines and libpipewire two "pw.conf" lines,
/// straight to stderr (measured with no sound server), on every try; mpv's own log already says
/// what failed.
enum AudioLibraryMessages {
    /// Done once per process, before the first mpv starts: libasound, loaded with libmpv, gets a
    /// handler that drops its messages. (libpipewire's are kept quiet by the engine's environment,
    /// `EngineEnvironment.make`.)
    static let silenced: Void = {
        _ = rb_silence_alsa_library()
    }()
}
