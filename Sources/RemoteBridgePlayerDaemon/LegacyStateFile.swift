// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import RemoteBridgePlayer
import RemoteBridgeText

/// The state file of earlier releases, version 1: the whole state as one JSON object. It is only
/// read, on the first start after an upgrade; the next save writes version 2, or 3 for a shuffled
/// queue (`StateStore`). It has no order before shuffling: the saved order stands for it.
package struct LegacyStateFile: Decodable {
    /// The version this reads.
    static let version = 1
    /// The file's version field.
    let version: Int
    /// The queue.
    let queue: [QueueItem]
    /// The current entry's index.
    let currentIndex: Int?
    /// The position in seconds.
    let position: Double
    /// The volume.
    let volume: Double
    /// The loop mode.
    let loop: MPVPlayer.Loop
    /// Whether the queue was shuffled.
    let shuffle: Bool

    /// Whether `bytes` look like JSON: an object, after any white space.
    package static func looksLikeJSON(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
    }

    /// The state in `data`, a version-1 file.
    package static func decode(_ data: Data) throws(StateFileDecoder.Refusal) -> PlayerState {
        let file: LegacyStateFile
        do {
            file = try JSONDecoder().decode(LegacyStateFile.self, from: data)
        } catch {
            throw StateFileDecoder.Refusal(description: "not a state file (\(explain(error)))")
        }
        guard file.version == version else { throw StateFileDecoder.unknownVersion(file.version) }
        guard file.position.isFinite, file.volume.isFinite else { throw StateFileDecoder.Refusal(description: "not a state file (a position or volume that is not a number)") }
        // Kept as the player would admit them, so that the state read can be written as version 2:
        // an entry whose URL is past the limit left out, tags cut to theirs, a negative length forgotten.
        // The current index then counts only the entries kept before it.
        var queue: [QueueItem] = []
        var leftOutBeforeCurrent = 0
        for (index, var item) in file.queue.enumerated() {
            guard item.url.utf8.count <= QueueLimits.maximumURILength, queue.count < QueueLimits.maximumEntries else {
                if let current = file.currentIndex, index < current { leftOutBeforeCurrent += 1 }
                continue
            }
            item.tags = item.tags.limited()
            if let length = item.length, length < .zero { item.length = nil }
            queue.append(item)
        }
        return PlayerState(
            queue: queue, currentIndex: file.currentIndex.map { $0 - leftOutBeforeCurrent }, position: file.position, volume: file.volume,
            loop: file.loop, shuffle: file.shuffle)
    }

    /// A decoding error in a few words.
    private static func explain(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): "corrupt JSON: \(context.debugDescription)"
        case DecodingError.keyNotFound(let key, _): "no \(key.stringValue) field"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "\(OutsideText.bareOrQuoted(context.codingPath.map(\.stringValue).joined(separator: "."))): \(context.debugDescription)"
        default: "\(error)"
        }
    }
}
