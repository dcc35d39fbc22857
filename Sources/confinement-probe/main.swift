// SPDX-License-Identifier: Apache-2.0
// confinement-probe: applies the engine's confinement, then runs the probes named on the command
// line, one output line each, for EngineConfinementTests and for diagnosing a machine.
//
// Usage: confinement-probe [--writable DIR]... [--hide SOCKET]... [--keep-fd N] [--no-confine] PROBE...
// Probes: connect PATH | create PATH | exec | fork | thread | umount PATH | dlopen PATH | async | fds
// Output: "applied LAYERS" (or "applied none"), "notes TEXT", then "PROBE [ARG] ERRNO" per probe
// (0: it worked). The confinement reopens stdout on /dev/null, so the output goes to the kept
// descriptor, as the engine's messages do: --keep-fd N if given, else a copy of stdout made first.

import Dispatch
import Glibc
import RemoteBridgeEngineConfinement

func fail(_ text: String, status: Int32) -> Never {
    let line = Array("confinement-probe: \(text)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(status)
}

/// Writes one line to `descriptor`.
func say(_ text: String, to descriptor: Int32) {
    let line = Array((text + "\n").utf8)
    _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
}

/// The command line, consumed from the front.
struct Arguments {
    var rest: ArraySlice<String>
    /// The value after `option`; exits with a usage error if there is none.
    mutating func value(after option: String) -> String {
        guard let value = rest.popFirst() else { fail("\(option) needs a value", status: 64) }
        return value
    }
}

/// A task on Swift's global executor (dispatch's threads, made after the confinement) sleeping and
/// answering: the Swift runtime works under the system call list.
func asyncProbe() -> Int32 {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var answer: Int32 = -1
    Task.detached {
        try? await Task.sleep(for: .milliseconds(20))
        let values = await withTaskGroup(of: Int.self) { group in
            for value in 1...8 { group.addTask { value } }
            return await group.reduce(0, +)
        }
        answer = values == 36 ? 0 : EPROTO
        done.signal()
    }
    return done.wait(timeout: .now() + 10) == .success ? answer : ETIMEDOUT
}

/// The open descriptors, as /proc/self/fd lists them ("0,1,2,3"), without the one reading it.
func openDescriptors() -> String {
    guard let directory = opendir("/proc/self/fd") else { return "error-\(errno)" }
    defer { closedir(directory) }
    let own = dirfd(directory)
    var numbers: [Int32] = []
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if let number = Int32(name), number != own { numbers.append(number) }
    }
    return numbers.sorted().map(String.init).joined(separator: ",")
}

var writable: [String] = []
var hidden: [String] = []
var keep: Int32? = nil
var confine = true
var arguments = Arguments(rest: CommandLine.arguments.dropFirst())
optionLoop: while let first = arguments.rest.first, first.hasPrefix("--") {
    arguments.rest.removeFirst()
    switch first {
    case "--writable": writable.append(arguments.value(after: first))
    case "--hide": hidden.append(arguments.value(after: first))
    case "--keep-fd":
        guard let number = Int32(arguments.value(after: first)) else { fail("--keep-fd needs a number", status: 64) }
        keep = number
    case "--no-confine": confine = false
    case "--": break optionLoop
    default: fail("unknown option \(first)", status: 64)
    }
}

let output = keep ?? fcntl(1, F_DUPFD_CLOEXEC, 3)
guard output >= 0 else { fail("no descriptor for the output", status: 2) }

if confine {
    do {
        let applied = try EngineConfinement(keepDescriptor: output, writable: writable, hiddenSockets: hidden).apply()
        say("applied \(applied)", to: output)
        say("notes \(applied.notes)", to: output)
    } catch {
        fail("\(error)", status: 2)
    }
} else {
    say("applied none", to: output)
}

while let probe = arguments.rest.popFirst() {
    switch probe {
    case "connect": let path = arguments.value(after: probe); say("connect \(path) \(ConfinementProbe.connect(unixPath: path))", to: output)
    case "create": let path = arguments.value(after: probe); say("create \(path) \(ConfinementProbe.create(path: path))", to: output)
    case "umount": let path = arguments.value(after: probe); say("umount \(path) \(ConfinementProbe.unmount(path: path))", to: output)
    case "dlopen": let path = arguments.value(after: probe); say("dlopen \(path) \(ConfinementProbe.load(library: path))", to: output)
    case "exec": say("exec \(ConfinementProbe.exec())", to: output)
    case "fork": say("fork \(ConfinementProbe.fork())", to: output)
    case "thread": say("thread \(ConfinementProbe.thread())", to: output)
    case "async": say("async \(asyncProbe())", to: output)
    case "fds": say("fds \(openDescriptors())", to: output)
    default: fail("unknown probe \(probe)", status: 64)
    }
}
