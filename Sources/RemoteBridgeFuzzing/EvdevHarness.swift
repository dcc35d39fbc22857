// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeEvdev

extension FuzzHarness {
    /// `struct input_event` records as a device (or a FIFO) delivers them, drops and resyncs
    /// included; the device's own state after a drop is read from the bytes too. The edges do
    /// not depend on where the reads split the stream, and the keys believed down are those
    /// whose last edge was a press.
    static let evdev = FuzzHarness(
        name: "evdev", summary: "input_event records with SYN_DROPPED resyncs: edges independent of read splits"
    ) { bytes throws(PropertyViolation) in
        var input = FuzzBytes(bytes)
        let downAfterDrop = Set((0..<Int(input.byte() % 4)).map { _ in UInt16(input.byte()) })
        let stream = input.rest()
        let state = { InputDeviceState(keys: downAfterDrop, switches: nil) }
        var whole = InputEventDecoder()
        let wholeEdges = whole.feed(stream, currentState: state)
        var split = InputEventDecoder()
        let at = stream.reduce(0) { $0 &+ Int($1) } % (stream.count + 1)
        let splitEdges = split.feed(stream[..<at], currentState: state) + split.feed(stream[at...], currentState: state)
        try require(wholeEdges == splitEdges, "the edges differ when the records arrive split at byte \(at)")
        var down: Set<UInt16> = []
        for edge in wholeEdges where edge.type == InputEvent.key {
            if edge.pressed { down.insert(edge.code) } else { down.remove(edge.code) }
        }
        try require(down == whole.pressedKeys, "keys down by the edges \(down.sorted()), by the decoder \(whole.pressedKeys.sorted())")
    }
}
