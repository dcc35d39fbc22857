// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import RemoteBridgePlayer
import RemoteBridgePlayerDaemon
import RemoteBridgeStateFile

extension FuzzHarness {
    /// The state file, as remote-playerd loads it: version 2 and 3 (the snapshot, then the
    /// journal's edits replayed), or the version-1 JSON of earlier releases. Each record's
    /// checksum is set right first, so that the fuzzer reaches the payloads instead of stopping
    /// at the CRC.
    ///
    /// A state read is within `QueueLimits`, can be written again, and reads back the same; the
    /// summary headsetd and remotectl read without linking mpv (`SavedStateSummary`) counts as
    /// many entries as the daemon loads.
    static let stateFile = FuzzHarness(
        name: "state-file", summary: "state file v2/v3 with its journal, and v1 JSON: limits, write and read again, the summary's count",
        longestInput: 2 * QueueLimits.maximumTagLength + 1024
    ) { bytes throws(PropertyViolation) in
        if StateFileRecords.hasMagic(bytes) {
            let sealed = resealed(bytes)
            try sealed.withUnsafeBytes { file in Result { () throws(PropertyViolation) in try checkRecords(file) } }.get()
        } else if LegacyStateFile.looksLikeJSON(bytes) {
            let state: PlayerState
            do throws(StateFileDecoder.Refusal) {
                state = try LegacyStateFile.decode(Data(bytes))
            } catch {
                try requireBounded(error.description, "the version-1 reader")
                return
            }
            try checkReadState(state, "a version-1 file")
        }
    }

    /// A file whose records are read; its state, if any, checked.
    private static func checkRecords(_ file: UnsafeRawBufferPointer) throws(PropertyViolation) {
        let contents: StateFileDecoder.Contents
        do throws(StateFileDecoder.Refusal) {
            contents = try StateFileDecoder.decode(file)
        } catch {
            try requireBounded(error.description, "the state file reader")
            return
        }
        try require(
            contents.validSize + contents.tornSize == file.count && contents.snapshotSize <= contents.validSize,
            "sizes: snapshot \(contents.snapshotSize), valid \(contents.validSize), torn \(contents.tornSize), of \(file.count) bytes")
        let entries: Int
        do throws(SavedStateSummary.Refusal) {
            entries = try SavedStateSummary.count(in: file)
        } catch {
            throw PropertyViolation("the summary refuses a file the daemon loads: \(error.description)")
        }
        try require(entries == contents.state.queue.count, "the summary counts \(entries) entries, the daemon loads \(contents.state.queue.count)")
        try checkReadState(contents.state, "a version-\(StateFileRecords.version(of: file) ?? 0) file")
    }

    /// A state read from a file: within the limits, written again, and read back the same.
    private static func checkReadState(_ state: PlayerState, _ what: String) throws(PropertyViolation) {
        try require(state.queue.count <= QueueLimits.maximumEntries, "\(what) gave \(state.queue.count) entries")
        for item in state.queue {
            try require(item.url.utf8.count <= QueueLimits.maximumURILength, "\(what) gave a URL of \(item.url.utf8.count) bytes")
            try require(item.tags == item.tags.limited(), "\(what) gave tags past the limits")
        }
        // A current index past the queue is kept as read: `MPVPlayer.load` starts at the first
        // entry kept at or after it, so it needs no check here.
        let written: [UInt8]
        do throws(StateFileEncoder.Refusal) {
            written = try StateFileEncoder.file(for: state)
        } catch {
            throw PropertyViolation("\(what) was read, but its state cannot be written: \(error.description)")
        }
        let again: PlayerState
        do throws(StateFileDecoder.Refusal) {
            again = try written.withUnsafeBytes { file in
                Result { () throws(StateFileDecoder.Refusal) in try StateFileDecoder.decode(file).state }
            }.get()
        } catch {
            throw PropertyViolation("\(what) was read and written, and the file written is refused: \(error.description)")
        }
        try require(again == state, "\(what) was read and written, and reads back otherwise")
    }

    /// `bytes` with the checksum of every record that fits in them set right.
    private static func resealed(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var sealed = Array(bytes)
        var offset = StateFileFormat.headerSize
        while sealed.count - offset >= StateFileFormat.recordHeaderSize {
            let length = sealed.withUnsafeBytes { Int(UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) }
            guard length <= sealed.count - offset - StateFileFormat.recordHeaderSize else { break }
            let checksum = sealed.withUnsafeBytes { StateFileRecords.checksum(ofRecordAt: offset, length: length, in: $0) }
            withUnsafeBytes(of: checksum.littleEndian) { sealed.replaceSubrange(offset + 4..<offset + 8, with: $0) }
            offset += StateFileFormat.recordHeaderSize + length
        }
        return sealed
    }
}
