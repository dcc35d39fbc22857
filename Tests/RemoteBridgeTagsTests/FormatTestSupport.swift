// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeTags

/// What the format tests share: a file's bytes, bytes written as a file, finding bytes, and
/// seconds. A suite gets them by conforming.
protocol FormatTestSupport {}

extension FormatTestSupport {
    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Writes `bytes` to a new file in the oracle's folder; its path.
    static func write(_ bytes: [UInt8], ext: String) throws -> String {
        let path = TagOracle.folder.appendingPathComponent("\(UUID().uuidString).\(ext)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func index(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        return (0...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

/// Bytes in memory that count how much is read of them, and in how many reads.
final class CountingSource: ByteSource {
    let bytes: [UInt8]
    private(set) var bytesRead = 0
    private(set) var reads = 0

    init(_ bytes: some Sequence<UInt8>) { self.bytes = Array(bytes) }

    var size: Int { bytes.count }

    func read(at offset: Int, count: Int) -> [UInt8]? {
        let got = bytes.read(at: offset, count: count)
        reads += 1
        bytesRead += got?.count ?? 0
        return got
    }
}
