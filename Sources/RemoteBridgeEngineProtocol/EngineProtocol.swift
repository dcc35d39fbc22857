// SPDX-License-Identifier: Apache-2.0
/// The version of the daemon–engine protocol, and the one rule that lets two versions meet.
///
/// The daemon sends `EngineRequest.start` with its version; the engine answers
/// `EngineMessage.ready` with its own. Those two frames begin the same way in every version
/// (`start`: kind 1, then the version as 4 bytes little-endian; `ready`: kind 100, the version,
/// the error, the confinement), so each side can read the other's version whatever else changed.
/// An engine that finds another version answers `ready` with its own and an error, and exits;
/// the daemon then knows that the engine program installed beside it is not its own
/// (a package upgrade) rather than broken.
package enum EngineProtocol {
    /// This build's version. Raise it with any change to a frame's layout or meaning.
    package static let version: UInt32 = 2

    /// The version a `start` frame's body says it speaks; nil if it is not a `start`.
    package static func version(ofStart body: [UInt8]) -> UInt32? {
        guard var reader = try? EngineWire.Reader(body: body), reader.kind == 1 else { return nil }
        return try? reader.uint32()
    }
}
