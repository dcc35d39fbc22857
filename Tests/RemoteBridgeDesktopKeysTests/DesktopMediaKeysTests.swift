// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeDesktopKeys
import RemoteBridgeTesting
import RemoteBridgeCore
import Testing

@Suite("Desktop media keys")
@MainActor
struct DesktopMediaKeysTests {
    @Test("grabs from GNOME, maps every key, ignores other applications' keys, and releases")
    func gnome() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let gnome = try await FakeSettingsDaemon(bus: bus, daemon: DesktopMediaKeys.daemons[0])
        let connection = try await DBusConnection.connect(to: bus.address)
        let keys = DesktopMediaKeys(connection: connection, applicationName: "remotebridge", skipForward: .seconds(30), skipBackward: .seconds(10))
        var events: [RemoteControlEvent] = []
        var settings: [DesktopMediaKeys.Setting] = []
        keys.listeners.add { event in
            switch event {
            case .remoteControl(let event): events.append(event)
            case .setting(let setting): settings.append(setting)
            }
        }
        #expect(await keys.grab())
        #expect(gnome.grabs.map(\.0) == ["remotebridge"])
        // Subscribed after the keys' own subscription, on the same connection: a signal this
        // recorder has seen, the keys have handled (the other application's one included).
        let pressed = try await SignalRecorder.start(on: connection, MatchRule(signal: DesktopMediaKeys.daemons[0].keyPressed))
        for key in ["Play", "Pause", "Stop", "Next", "Previous", "Rewind", "FastForward", "Repeat", "Shuffle", "Eject"] {
            try gnome.press(key)
        }
        try gnome.press("Play", for: "someone-else")
        #expect(await pressed.waitFor(count: 11))
        #expect(events.map(\.subtype) == [.togglePlayPause, .pause, .stop, .nextTrack, .previousTrack, .skipBackward, .skipForward])
        #expect(events.allSatisfy { $0.source == .mediaKeys })
        try #require(events.count == 7)
        #expect(events[5].interval == .seconds(10) && events[6].interval == .seconds(30))
        #expect(settings == [.cycleLoop, .toggleShuffle])
        #expect(await keys.grab())  // again, as when playback starts
        #expect(gnome.grabs.count == 2)
        #expect(gnome.grabs[1].1 >= gnome.grabs[0].1)
        await keys.release()
        #expect(gnome.releases == ["remotebridge"])
    }

    @Test("falls back to MATE when no GNOME daemon runs, and reports when there is none at all")
    func fallback() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let connection = try await DBusConnection.connect(to: bus.address)
        let keys = DesktopMediaKeys(connection: connection, applicationName: "remotebridge")
        #expect(await keys.grab() == false)
        let mate = try await FakeSettingsDaemon(bus: bus, daemon: DesktopMediaKeys.daemons[2])
        // The keys follow the daemons' names (NameOwnerChanged) instead of asking the bus at each
        // grab. The bus sends that signal before its reply to any later call: one round trip, and
        // the keys have heard that MATE's daemon runs.
        #expect(await connection.nameOwner(DesktopMediaKeys.daemons[2].busName) != nil)
        #expect(await keys.grab())
        #expect(keys.daemon?.busName == "org.mate.SettingsDaemon")
        #expect(mate.grabs.count == 1)
    }
}
