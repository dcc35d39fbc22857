// SPDX-License-Identifier: Apache-2.0
import Glibc
import RemoteBridgeEngineConfinement
import Testing

/// The confinement applied for real, in a child process (confinement-probe), and checked by what
/// it refuses and what it still allows.
@Suite("engine confinement")
struct EngineConfinementTests {
    @Test("the probe confines itself and reports the layers")
    func applies() {
        let run = ProbeRunner.run(["thread"])
        #expect(run.status == 0, "\(run.lines)")
        #expect(Kernel.applied.hasPrefix("applied descriptors, no-new-privs"), "\(Kernel.applied)")
        #expect(ProbeRunner.result(run.lines, "thread") == 0, "threads (clone with CLONE_THREAD) still work: \(run.lines)")
    }

    @Test("a hidden bus socket is refused; its sibling in the same folder and an unlisted one are reachable",
          .enabled(if: Kernel.hasNamespace, "user namespaces are unavailable on this kernel"))
    func hiddenSocket() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let bus = try #require(ListeningSocket(path: folder.path + "/bus"))
        let sibling = try #require(ListeningSocket(path: folder.path + "/pipewire-0"))
        defer { bus.close(); sibling.close() }
        let open = ProbeRunner.run(["connect", folder.path + "/bus"])
        #expect(ProbeRunner.result(open.lines, "connect") == 0, "not hidden, it is reachable: \(open.lines)")
        let hidden = ProbeRunner.run([
            "--hide", folder.path + "/bus", "--hide", folder.path + "/missing",
            "connect", folder.path + "/bus", "connect", folder.path + "/pipewire-0", "umount", folder.path + "/bus",
        ])
        #expect(hidden.status == 0, "\(hidden.lines)")
        let refused = try #require(ProbeRunner.result(hidden.lines, "connect \(folder.path)/bus"))
        #expect(refused != 0, "the hidden socket must be refused: \(hidden.lines)")
        #expect(ProbeRunner.result(hidden.lines, "connect \(folder.path)/pipewire-0") == 0, "the sibling stays reachable: \(hidden.lines)")
        #expect(ProbeRunner.result(hidden.lines, "umount") != 0, "the cover cannot be unmounted: \(hidden.lines)")
    }

    @Test("as an unprivileged user (nobody), every layer goes up: the hidden socket refused, its sibling reached, no file made, no exec",
          .enabled(if: Kernel.hasNamespace && Kernel.hasLandlock && getuid() == 0, "needs user namespaces, Landlock, and root to become nobody"))
    func unprivileged() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let bus = try #require(ListeningSocket(path: folder.path + "/bus"))
        let sibling = try #require(ListeningSocket(path: folder.path + "/pulse-native"))
        defer { bus.close(); sibling.close() }
        // Reachable by nobody when nothing is hidden: the folder and sockets are open to all.
        for path in [folder.path, folder.path + "/bus", folder.path + "/pulse-native"] { chmod(path, 0o777) }
        let nobody: UInt32 = 65534
        let run = ProbeRunner.run(
            ["--hide", folder.path + "/bus", "connect", folder.path + "/bus", "connect", folder.path + "/pulse-native", "create", folder.path + "/made", "exec"],
            user: nobody)
        #expect(run.status == 0, "\(run.lines)")
        let applied = run.lines.first { $0.hasPrefix("applied ") } ?? ""
        for layer in ["descriptors", "no-new-privs", "namespace", "landlock", "seccomp"] { #expect(applied.contains(layer), "\(run.lines)") }
        #expect(ProbeRunner.result(run.lines, "connect \(folder.path)/bus").map { $0 != 0 } == true, "\(run.lines)")
        #expect(ProbeRunner.result(run.lines, "connect \(folder.path)/pulse-native") == 0, "\(run.lines)")
        #expect(ProbeRunner.result(run.lines, "create") == EACCES, "\(run.lines)")
        #expect(ProbeRunner.result(run.lines, "exec") == EPERM, "\(run.lines)")
    }

    @Test("the daemon's root through /proc/PID/root does not lead to a hidden socket",
          .enabled(if: Kernel.hasNamespace && Kernel.hasLandlock, "needs user namespaces and Landlock"))
    func procRoot() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let bus = try #require(ListeningSocket(path: folder.path + "/bus"))
        defer { bus.close() }
        let through = "/proc/\(getpid())/root" + folder.path + "/bus"
        let run = ProbeRunner.run(["--hide", folder.path + "/bus", "connect", through])
        #expect(ProbeRunner.result(run.lines, "connect") ?? 0 != 0, "\(run.lines)")
    }

    @Test("an abstract unix socket is refused (Landlock ABI 6 scope)",
          .enabled(if: Kernel.hasScopes, "Landlock ABI < 6: no scopes on this kernel"))
    func abstractSocket() throws {
        let name = "@rb-confinement-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let server = try #require(ListeningSocket(path: name))
        defer { server.close() }
        let control = ProbeRunner.run(["--no-confine", "connect", name])
        #expect(ProbeRunner.result(control.lines, "connect") == 0, "unconfined, it is reachable: \(control.lines)")
        let run = ProbeRunner.run(["connect", name])
        #expect(ProbeRunner.result(run.lines, "connect") == EPERM, "\(run.lines)")
    }

    @Test("files are created in a writable folder only", .enabled(if: Kernel.hasLandlock, "Landlock is unavailable on this kernel"))
    func writablePaths() {
        let writable = TemporaryFolder()
        let other = TemporaryFolder()
        defer { writable.remove(); other.remove() }
        let run = ProbeRunner.run([
            "--writable", writable.path, "create", writable.path + "/made", "create", other.path + "/refused",
        ])
        #expect(ProbeRunner.result(run.lines, "create \(writable.path)/made") == 0, "\(run.lines)")
        #expect(ProbeRunner.result(run.lines, "create \(other.path)/refused") == EACCES, "\(run.lines)")
        #expect(access(other.path + "/refused", F_OK) != 0)
    }

    @Test("execve and fork are refused; threads, Swift tasks and dlopen work",
          .enabled(if: Kernel.hasSeccomp, "seccomp is unavailable on this kernel or architecture"))
    func systemCalls() {
        let run = ProbeRunner.run(["exec", "fork", "thread", "async", "dlopen", "libasound.so.2"])
        #expect(ProbeRunner.result(run.lines, "exec") == EPERM, "\(run.lines)")
        #expect(ProbeRunner.result(run.lines, "fork") == EPERM, "\(run.lines)")
        #expect(ProbeRunner.result(run.lines, "thread") == 0, "\(run.lines)")
        #expect(ProbeRunner.result(run.lines, "async") == 0, "\(run.lines)")
        // ALSA's pulse plugin and PipeWire's SPA plugins are dlopened: Landlock's missing EXECUTE
        // right must not stop that. (libasound is mpv's dependency, so it is installed here.)
        #expect(ProbeRunner.result(run.lines, "dlopen libasound.so.2") == 0, "\(run.lines)")
        let control = ProbeRunner.run(["--no-confine", "exec"])
        #expect(ProbeRunner.result(control.lines, "exec") == EACCES, "unconfined, the kernel itself refuses to run a folder: \(control.lines)")
    }

    @Test("descriptors other than 0, 1, 2 and the kept one are closed")
    func descriptors() {
        let control = ProbeRunner.run(["--no-confine", "fds"], leaked: 9)
        #expect(ProbeRunner.text(control.lines, "fds")?.split(separator: ",").contains("9") == true, "unconfined, 9 is open: \(control.lines)")
        // The probe keeps its output (the first free descriptor from 3, a copy of stdout).
        let run = ProbeRunner.run(["fds"], leaked: 9)
        let open = ProbeRunner.text(run.lines, "fds")?.split(separator: ",").map(String.init) ?? []
        #expect(open.count == 4 && Array(open.prefix(3)) == ["0", "1", "2"] && !open.contains("9"), "\(run.lines)")
        // The probe keeps its output descriptor; 0 and 1 cannot be kept.
        let bad = ProbeRunner.run(["--keep-fd", "1"])
        #expect(bad.status == 2, "keep_fd 1 is a bad request: \(bad.lines)")
    }

    @Test("the default writable paths, and the layers described")
    func defaults() {
        #expect(EngineConfinement.defaultWritable(environment: [:]) == ["/dev/snd", "/dev/shm"])
        let applied = EngineConfinement.Applied(layers: [.descriptors, .noNewPrivileges, .namespace, .landlock, .landlockScopes, .seccomp], landlockABI: 6, notes: "")
        #expect(applied.description == "descriptors, no-new-privs, namespace, landlock ABI 6 (+scopes), seccomp")
    }
}
