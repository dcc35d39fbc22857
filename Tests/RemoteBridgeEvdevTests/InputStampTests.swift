// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeEvdev
import RemoteBridgeTesting
import Testing

/// The kernel's stamp on each record says when an edge happened; a reader announces how long
/// before the read that was, so that a late read does not move the edge.
@Suite("evdev records: the device's stamps")
struct InputStampTests {
    @Test("a stamp reads back from its record to the microsecond; zero fields are no stamp")
    func stampRoundTrip() {
        let stamp = Duration.seconds(12_345) + .microseconds(678_901)
        let record = InputEvent.key(226, pressed: true, stamp: stamp)
        #expect(record.seconds == 12_345 && record.microseconds == 678_901)
        #expect(InputEvent(bytes: record.bytes, at: 0).stamp == stamp)
        #expect(InputEvent.key(226, pressed: true).stamp == nil)
    }

    @Test("edges carry their record's stamp; edges found after SYN_DROPPED carry the stamp of the report that ends it")
    func edgesCarryStamps() {
        var decoder = InputEventDecoder()
        let down = Duration.seconds(100)
        let report = Duration.seconds(101)
        let records: [InputEvent] = [
            .key(226, pressed: true, stamp: down), .report,
            InputEvent(type: InputEvent.synchronization, code: InputEvent.synDropped, value: 0),
            InputEvent(stamp: report, type: InputEvent.synchronization, code: InputEvent.synReport, value: 0),
        ]
        let edges = decoder.feed(records.flatMap(\.bytes), currentState: { InputDeviceState(keys: [], switches: nil) })
        #expect(edges == [InputEdge(code: 226, pressed: true, stamp: down), InputEdge(code: 226, pressed: false, stamp: report)])
    }

    @Test("an edge's age is now minus its stamp; none for no stamp, a stamp ahead of now, or one older than a minute (another clock)")
    func ages() {
        let now = Duration.seconds(5_000)
        #expect(InputStamps.age(of: now - .milliseconds(80), now: now) == .milliseconds(80))
        #expect(InputStamps.age(of: now, now: now) == .zero)
        #expect(InputStamps.age(of: now - InputStamps.trustedAge, now: now) == InputStamps.trustedAge)
        #expect(InputStamps.age(of: nil, now: now) == .zero)
        #expect(InputStamps.age(of: now + .milliseconds(1), now: now) == .zero)
        #expect(InputStamps.age(of: now - InputStamps.trustedAge - .milliseconds(1), now: now) == .zero)
        // A wall-clock stamp (a device that refused CLOCK_MONOTONIC) is decades off.
        #expect(InputStamps.age(of: .seconds(1_764_300_000), now: now) == .zero)
    }

    @Test("a reader on a FIFO announces each key with its age by the record's stamp (CLOCK_MONOTONIC), or none when unstamped")
    @MainActor
    func readerAnnouncesAges() async throws {
        let fifo = try EvdevFIFO()
        defer { fifo.remove() }
        let reader = InputDeviceReader(path: fifo.path)
        var ages: [Duration] = []
        let read = ChangeWaiter()
        reader.listeners.add { announcement in
            if case .key(_, _, let age) = announcement { ages.append(age) }
            read.wake()
        }
        reader.start()
        defer { reader.stop() }
        try fifo.write([.key(226, pressed: true, stamp: InputStamps.now() - .milliseconds(80)), .report, .key(226, pressed: false), .report])
        #expect(await read.until { ages.count == 2 })
        #expect(ages.count == 2)
        // At least the 80 ms it was stamped before the write; how much more is the machine's.
        #expect(ages.first.map { $0 >= .milliseconds(80) && $0 <= InputStamps.trustedAge } == true, "\(ages)")
        #expect(ages.last == .zero)
    }
}
