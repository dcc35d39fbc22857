// SPDX-License-Identifier: Apache-2.0
import Glibc
import RemoteBridgeProcess

/// remote-playerd replacing itself with the remote-playerd installed in its place, when a package
/// upgrade has installed an engine of another protocol version beside it: the same process (its
/// pid, whatever started it and waits for it) runs the new program, which takes the bus name
/// back and goes on from the state this one saved, playing or paused as it was.
package enum DaemonReplacement {
    /// Set for the new program: `playing` or `paused`, how to go on from the saved state, which it
    /// restores in place of a queue given on the command line.
    static let resumeVariable = "REMOTEBRIDGE_RESUME_AFTER_UPGRADE"

    /// Why the daemon cannot replace itself.
    struct Refusal: Error, CustomStringConvertible {
        var description: String
    }

    /// The program installed where this one was started from. The kernel names it
    /// (`/proc/self/exe`), with " (deleted)" once an upgrade has put a new file there. Refused if
    /// the file there is this very program: nothing new is installed beside the new engine, and
    /// the same program would find the same engine again.
    static func installedProgram(proc: String = "/proc/self/exe") -> Result<String, Refusal> {
        guard let target = ProcessFiles.program(proc) else {
            return .failure(Refusal(description: "its own program cannot be read (\(proc): \(String(cString: strerror(errno))))"))
        }
        let marker = ProcessFiles.replacedMarker
        guard target.hasSuffix(marker) else {
            return .failure(Refusal(description: "\(target) is still the program it runs, so nothing newer is installed beside the new engine: reinstall the package"))
        }
        let installed = String(target.dropLast(marker.count))
        guard access(installed, X_OK) == 0 else {
            return .failure(Refusal(description: "no program is installed at \(installed) any more (\(String(cString: strerror(errno))))"))
        }
        return .success(installed)
    }

    /// Replaces this process with `program`, with the same arguments and `resumeVariable` set.
    /// Returns only if that failed, with why.
    static func replace(with program: String, playing: Bool) -> String {
        setenv(resumeVariable, playing ? "playing" : "paused", 1)
        var arguments = CommandLine.arguments
        if arguments.isEmpty { arguments = [program] } else { arguments[0] = program }
        var pointers = arguments.map { strdup($0) }
        pointers.append(nil)
        execv(program, pointers)
        let reason = String(cString: strerror(errno))
        pointers.forEach { free($0) }
        unsetenv(resumeVariable)
        return "exec \(program): \(reason)"
    }

    /// In the new program: whether it goes on from a replacement playing (true) or paused (false);
    /// nil if it is not one. The variable is removed, so nothing started from here inherits it.
    package static func takeResumeRequest() -> Bool? {
        guard let value = getenv(resumeVariable).map({ String(cString: $0) }) else { return nil }
        unsetenv(resumeVariable)
        return value == "playing"
    }
}
