// SPDX-License-Identifier: Apache-2.0
import CRemoteBridgeConfinement
import Glibc

/// The confinement of `remotebridge-engine`, the process that runs mpv for remote-playerd.
///
/// mpv and FFmpeg parse whatever media and streams the user queues: the engine runs them in a
/// process that can do little if they are exploited. It can read files (media, libraries,
/// configuration), write only under ``writable``, talk only over the descriptor it keeps and the
/// sound servers' sockets, not reach the D-Bus buses (hidden even from a process that guesses their
/// paths), run no program, and make system calls from an allowlist only.
///
/// Apply it once, first thing in `main`, before libmpv starts and before any thread exists: the
/// layers then cover every thread mpv makes. Each layer is applied when the kernel has it;
/// ``apply()`` reports which were.
public struct EngineConfinement: Sendable {
    /// The descriptor kept open besides 0, 1 and 2: the engine's end of the socketpair (3). `nil`:
    /// none. 0 and 1 are reopened on /dev/null and cannot be kept.
    public var keepDescriptor: Int32?
    /// The paths under which the engine may write, create and remove; everything else is read-only.
    /// Paths that do not exist are skipped.
    public var writable: [String]
    /// The unix socket paths the engine must not reach (the buses). Paths that do not exist are skipped.
    public var hiddenSockets: [String]

    /// A confinement keeping `keepDescriptor`, with `writable` paths and `hiddenSockets`.
    public init(keepDescriptor: Int32?, writable: [String], hiddenSockets: [String]) {
        self.keepDescriptor = keepDescriptor
        self.writable = writable
        self.hiddenSockets = hiddenSockets
    }

    /// Applies every layer the kernel has. After a thrown error the process may be partly
    /// confined: it should report the error and exit.
    public func apply() throws(EngineConfinementError) -> Applied {
        var applied: UInt32 = 0
        var abi: Int32 = 0
        var message = [CChar](repeating: 0, count: 1024)
        let result = withCStringArray(writable) { writablePointers in
            withCStringArray(hiddenSockets) { hiddenPointers in
                var request = rb_confinement_request(keep_fd: keepDescriptor ?? -1, writable: writablePointers, hidden_sockets: hiddenPointers)
                return message.withUnsafeMutableBufferPointer { buffer in
                    rb_confine(&request, &applied, &abi, buffer.baseAddress, buffer.count)
                }
            }
        }
        let text = message.withUnsafeBufferPointer { buffer in
            String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        if result != 0 { throw EngineConfinementError(reason: text) }
        return Applied(layers: Layers(rawValue: applied), landlockABI: Int(abi), notes: text)
    }
}

/// Calls `body` with a NULL-terminated array of C strings copied from `strings`, freed after.
func withCStringArray<Result>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result) -> Result {
    let copies: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    let pointers: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } } + [nil]
    return pointers.withUnsafeBufferPointer { buffer in
        // A buffer of at least one element (the terminator) always has a base address.
        body(buffer.baseAddress!)
    }
}
