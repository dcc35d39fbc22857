// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeEvdev
import RemoteBridgeGestures
import RemoteBridgeMPRIS
import RemoteBridgePlayer
import RemoteBridgePlayerDaemon
import RemoteBridgeStateFile

/// The seeds made by the project's own writers rather than kept by hand: every MPRIS call the
/// declarations name, state files as the daemon writes them, evdev records as a headset sends
/// them. `GeneratedSeedTests` checks that `fuzz/corpus` holds each, and writes them when asked
/// (`REMOTEBRIDGE_WRITE_SEEDS=1`), so that a changed declaration or format changes the seeds.
package enum GeneratedSeeds {
    /// One seed: the harness, the file name, the bytes.
    package struct Seed: Sendable {
        package let harness: String
        package let name: String
        package let bytes: [UInt8]
    }

    /// Every generated seed.
    package static func all() -> [Seed] {
        dbusCalls() + stateFiles() + evdevStreams()
    }

    // MARK: D-Bus

    /// A call of every method, and a Get, a Set (of each writable property) and a GetAll of
    /// every property, of the interfaces remote-playerd serves at its MPRIS object; for the
    /// decoding harness, their signals, a reply and an error too.
    static func dbusCalls() -> [Seed] {
        let interfaces = [MediaPlayer2Interface.declaration, PlayerInterface.declaration, TrackListInterface.declaration, RemoteControl1Interface.declaration]
        var calls: [(String, DBusMessage)] = []
        func call(_ interface: String, _ member: String, _ body: [DBusValue]) -> DBusMessage {
            DBusMessage(kind: .methodCall, path: MPRISNames.objectPath, interface: interface, member: member, destination: "org.mpris.MediaPlayer2.fuzz", body: body)
        }
        for interface in interfaces {
            for method in interface.methods {
                calls.append(("\(method.name)", call(interface.name, method.name, method.inputs.map { example($0.signature, named: $0.name) })))
            }
            for property in interface.properties {
                calls.append(("Get-\(property.name)", call(StandardInterfaces.properties, "Get", [.string(interface.name), .string(property.name)])))
                if property.access == .readWrite {
                    calls.append(("Set-\(property.name)", call(StandardInterfaces.properties, "Set", [.string(interface.name), .string(property.name), .variant(example(property.signature, named: property.name))])))
                }
            }
            calls.append(("GetAll-\(interface.name)", call(StandardInterfaces.properties, "GetAll", [.string(interface.name)])))
        }
        calls.append(("Introspect", call(StandardInterfaces.introspectable, StandardInterfaces.introspect.name, [])))
        var others: [(String, DBusMessage)] = interfaces.flatMap { interface in
            interface.signals.map { signal in
                ("signal-\(signal.name)", DBusMessage.signal(signal, path: MPRISNames.objectPath, body: signal.arguments.map { example($0.signature, named: $0.name) }))
            }
        }
        var reply = DBusMessage(kind: .methodReturn, destination: ":1.7", body: [.variant(.string("Playing"))])
        reply.replySerial = 3
        var error = DBusMessage(kind: .error, errorName: "org.freedesktop.DBus.Error.InvalidArgs", destination: ":1.7", body: [.string("no such track")])
        error.replySerial = 4
        others += [("reply", reply), ("error", error)]
        return calls.compactMap { name, message in
            (try? message.wireFormat()).map { Seed(harness: "mpris-call", name: "\(name).bin", bytes: $0) }
        } + (calls + others).compactMap { name, message in
            (try? message.wireFormat()).map { Seed(harness: "dbus-message", name: "\(name).bin", bytes: $0) }
        }
    }

    /// A plausible value of `signature` for an argument or property called `name`.
    static func example(_ signature: String, named name: String) -> DBusValue {
        switch signature {
        case "s": .string(name == "Uri" ? "file:///music/tone.flac" : name == "LoopStatus" ? "Playlist" : "Paused")
        case "o": .objectPath("/org/mpris/MediaPlayer2/Track/1")
        case "x": .int64(5_000_000)
        case "d": .double(0.5)
        case "b": .bool(true)
        case "u": .uint32(1)
        case "ao": .objectPaths(["/org/mpris/MediaPlayer2/Track/1", "/org/mpris/MediaPlayer2/Track/2"])
        case "as": .strings(["file:///music/tone.flac"])
        case "a{sv}": .stringVariantDictionary([("xesam:title", .string("Tone"))])
        default: .string(name)
        }
    }

    // MARK: State files

    /// State files as remote-playerd writes them: empty; a queue with tags; shuffled with the
    /// order before shuffling (version 3); and one with a journal of every kind of edit.
    static func stateFiles() -> [Seed] {
        var tags = QueueEntry.Tags(title: "Tone", artists: ["A", "B"], album: "Tones")
        tags.trackNumber = 2
        tags.date = "2026"
        let items = [
            QueueItem(url: "/music/one.flac", tags: tags, length: .seconds(3)),
            QueueItem(url: "file:///music/two%20words.ogg"),
            QueueItem(url: "https://example.org/stream.mp3", tags: QueueEntry.Tags(title: "Stream")),
        ]
        let empty = PlayerState(queue: [], currentIndex: nil, position: 0, volume: 1, loop: .none, shuffle: false)
        let queue = PlayerState(queue: items, currentIndex: 1, position: 12.5, volume: 0.8, loop: .playlist, shuffle: false)
        let shuffled = PlayerState(queue: items, currentIndex: 0, position: 0, volume: 1, loop: .track, shuffle: true, unshuffledOrder: [2, 0, 1])
        var seeds: [Seed] = []
        for (name, state) in [("empty", empty), ("queue", queue), ("shuffled-v3", shuffled)] {
            guard let file = try? StateFileEncoder.file(for: state) else { continue }
            seeds.append(Seed(harness: "state-file", name: "\(name).state", bytes: file))
        }
        let edits: [[StateEdit]] = [
            [.inserted([QueueItem(url: "/music/three.flac", tags: tags)], at: 1)],
            [.removed(at: 0), .updated(QueueItem(url: "/music/four.flac"), at: 0)],
            [.current(index: 1, position: 30), .settings(volume: 0.25, loop: .none, shuffle: false)],
        ]
        if var file = try? StateFileEncoder.file(for: queue) {
            for record in edits { file += (try? StateFileEncoder.record(for: record)) ?? [] }
            seeds.append(Seed(harness: "state-file", name: "journal.state", bytes: file))
            // A journal whose last record an interrupted write cut short.
            seeds.append(Seed(harness: "state-file", name: "torn-journal.state", bytes: Array(file.dropLast(3))))
        }
        return seeds
    }

    // MARK: Evdev

    /// A headset's button as the kernel reports it: a click, a hold with autorepeat, a jack
    /// switch, and a SYN_DROPPED in the middle of a press. The first byte says how many keys the
    /// device reports down when asked after a drop (none here).
    static func evdevStreams() -> [Seed] {
        let report = InputEvent(type: InputEvent.synchronization, code: InputEvent.synReport, value: 0)
        let dropped = InputEvent(type: InputEvent.synchronization, code: InputEvent.synDropped, value: 0)
        let code = Button.playPause.code
        let click = [InputEvent.key(code, pressed: true), report, InputEvent.key(code, pressed: false), report]
        let hold = [InputEvent.key(code, pressed: true), report, InputEvent(type: InputEvent.key, code: code, value: 2), report, InputEvent.key(code, pressed: false), report]
        let jack = [InputEvent.switchChange(2, on: true), report, InputEvent.switchChange(2, on: false), report]
        let drop = [InputEvent.key(code, pressed: true), report, dropped, InputEvent.key(code, pressed: false), report, report]
        return [("click", click), ("hold", hold), ("jack", jack), ("dropped-release", drop)].map { name, events in
            Seed(harness: "evdev", name: "\(name).bin", bytes: [0] + events.flatMap(\.bytes))
        }
    }
}
