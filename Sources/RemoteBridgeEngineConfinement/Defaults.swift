// SPDX-License-Identifier: Apache-2.0
extension EngineConfinement {
    /// The paths the engine's audio outputs write to, as found with strace (the evidence is in
    /// docs/engine-confinement.md):
    /// - `/dev/snd`: ALSA opens the card's pcm and control devices O_RDWR and drives them with ioctls.
    /// - `/dev/shm`: libpulse's shared-memory pool when the server cannot take a memfd (older
    ///   servers, or `enable-memfd = no`), and JACK-style clients; PulseAudio and PipeWire use memfds
    ///   otherwise, which need no path at all.
    ///
    /// Nothing else: libpulse's mkdir of `$XDG_RUNTIME_DIR/pulse` finds it made (EEXIST before any
    /// permission check), PipeWire's client writes nothing, and ALSA's dmix shares memory with SysV
    /// shm and semaphores, which have no path. `environment` is not used yet; it is there so a
    /// future output (a JACK folder in `$XDG_RUNTIME_DIR`) can be added without an API change.
    public static func defaultWritable(environment: [String: String]) -> [String] {
        _ = environment
        return ["/dev/snd", "/dev/shm"]
    }
}
