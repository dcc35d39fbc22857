// SPDX-License-Identifier: Apache-2.0
import CRemoteBridgeConfinement

/// Operations run inside a confined process to show what the confinement refuses: tests and
/// diagnostics. Each returns 0 if the operation succeeded, else its errno; none can harm or
/// replace the process.
public enum ConfinementProbe {
    /// Connects a stream unix socket to `unixPath` ("@name": the abstract name `name`).
    public static func connect(unixPath: String) -> Int32 { rb_probe_connect_unix(unixPath) }
    /// Creates `path` exclusively, then removes it.
    public static func create(path: String) -> Int32 { rb_probe_create_file(path) }
    /// Tries execve and execveat of "/" (never executable): EPERM when the filter refuses them,
    /// EACCES when they reach the kernel.
    public static func exec() -> Int32 { rb_probe_exec() }
    /// Tries a fork (clone without CLONE_THREAD); a child made exits at once and is reaped.
    public static func fork() -> Int32 { rb_probe_fork() }
    /// Starts and joins a thread: what mpv does all the time.
    public static func thread() -> Int32 { rb_probe_thread() }
    /// Tries to unmount `path` (what would uncover a hidden socket).
    public static func unmount(path: String) -> Int32 { rb_probe_umount(path) }
    /// Loads the library at `path` with dlopen, as ALSA's and PipeWire's plugins are loaded.
    public static func load(library path: String) -> Int32 { rb_probe_dlopen(path) }
}
