// SPDX-License-Identifier: Apache-2.0
import RemoteBridgePlayer
import RemoteBridgeStateFile

/// Reads a state file of version 2, 3 or 4 (`StateFileFormat`): the snapshot, then the
/// journal's edits applied in order, up to the first record that is cut short or fails its
/// checksum.
package enum StateFileDecoder {
    /// A file read: the state, and where its valid part ends.
    package struct Contents {
        /// The state after every whole record.
        package var state: PlayerState
        /// The bytes of the header and the snapshot record.
        package var snapshotSize: Int
        /// The bytes up to the end of the last whole record; an append goes here.
        package var validSize: Int
        /// The bytes after `validSize`: the torn tail of an interrupted write, if any.
        package var tornSize: Int
    }

    /// Why a file cannot be read: the reason, in a few words that follow the file's path.
    package struct Refusal: Error, CustomStringConvertible {
        /// The reason.
        package let description: String
    }

    /// The refusal of a file of another version.
    static func unknownVersion(_ version: Int) -> Refusal {
        Refusal(
            description: "state file version \(version); this version of remote-playerd reads versions \(StateFileFormat.versions.lowerBound) to \(StateFileFormat.versions.upperBound) (and migrates version 1)")
    }

    /// The state in `bytes`, a whole file that starts with the magic.
    package static func decode(_ bytes: UnsafeRawBufferPointer) throws(Refusal) -> Contents {
        guard let version = StateFileRecords.version(of: bytes) else { throw Refusal(description: "not a state file (it ends inside its header)") }
        guard StateFileFormat.versions.contains(version) else { throw unknownVersion(version) }
        var state = PlayerState(queue: [], currentIndex: nil, position: 0, volume: 1, loop: .none, shuffle: false)
        var replay = QueueReplay([])
        let extent: StateFileRecords.Extent
        do throws(StateFileRecords.Damage) {
            extent = try StateFileRecords.walk(
                bytes,
                snapshot: { reader throws(StateRecordReader.Malformed) in
                    state.set(try reader.current())
                    state.set(try reader.settings())
                    let version4 = version >= StateFileFormat.version
                    if version4 { state.set(try reader.rate()) }
                    state.queue = try reader.items(version4: version4)
                    let hasOrder = version4 ? try reader.flag("an order before shuffling") : version == StateFileFormat.versionWithUnshuffledOrder
                    if hasOrder {
                        guard state.shuffle else {
                            throw StateRecordReader.Malformed(description: "an order before shuffling for a queue that is not shuffled")
                        }
                        state.unshuffledOrder = try reader.unshuffledOrder(entries: state.queue.count)
                    }
                    guard reader.isAtEnd else {
                        throw StateRecordReader.Malformed(description: "bytes after its last \(state.unshuffledOrder == nil ? "entry" : "index in the order before shuffling")")
                    }
                    do throws(UnshuffledOrder.NotAPermutation) {
                        replay = QueueReplay(state.queue, places: try state.places())
                    } catch {
                        throw StateRecordReader.Malformed(description: error.description)
                    }
                },
                edits: { reader, count throws(StateRecordReader.Malformed) in
                    for _ in 0..<count {
                        let edit = try reader.edit(version4: version >= StateFileFormat.version)
                        do throws(QueueReplay.OutOfRange) {
                            try state.apply(edit, to: &replay)
                        } catch {
                            throw StateRecordReader.Malformed(description: error.description)
                        }
                    }
                    guard reader.isAtEnd else { throw StateRecordReader.Malformed(description: "bytes after its last edit") }
                    guard replay.count <= QueueLimits.maximumEntries else {
                        throw StateRecordReader.Malformed(description: "a queue of \(replay.count) entries, more than \(QueueLimits.maximumEntries)")
                    }
                })
        } catch {
            throw Refusal(description: error.description)
        }
        state.finish(replay)
        return Contents(state: state, snapshotSize: extent.snapshotEnd, validSize: extent.validEnd, tornSize: bytes.count - extent.validEnd)
    }
}
