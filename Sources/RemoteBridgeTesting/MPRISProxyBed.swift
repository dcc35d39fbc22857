// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeDBus
import RemoteBridgeMPRIS

/// BlueZ's own `mpris-proxy` (Debian's bluez package) on private buses: a phone's AVRCP player,
/// which BlueZ shows as `org.bluez.MediaPlayer1`, becomes an MPRIS player on the session bus, as
/// on a desktop where a phone plays through the computer's speakers.
///
/// The system bus is a private one with python3-dbusmock's BlueZ (`DBusMockBlueZ`) and the
/// adapter `hci0`; the session bus is a private one, or the caller's (`sessionAddress`), where
/// the daemon under test runs. What the real mpris-proxy (5.66) does there:
///
/// - Each device player gets a connection of its own (its own unique name) that owns
///   `org.mpris.MediaPlayer2.<alias> <name>`, every byte but ASCII letters, digits and `_` made
///   `_`, and `bt_` before a leading digit (`busName(alias:name:)`): "Pixel 7" with "Music" is
///   `org.mpris.MediaPlayer2.Pixel_7_Music`. All of them are the one mpris-proxy process
///   (`/proc/<pid>/comm` is `mpris-proxy`, `exe` is `/usr/bin/mpris-proxy`). A second player
///   whose name comes out the same is not exported (silently: "created" is logged all the same).
/// - Identity is "<alias> <name>" (the alias alone without a Name); there is no DesktopEntry,
///   CanQuit and CanRaise are false, HasTrackList false, every Can* of the Player true.
/// - PlaybackStatus: BlueZ's "playing" is Playing, "paused" Paused, anything else (stopped,
///   forward-seek, reverse-seek, error) Stopped. Each change of Status is sent as
///   PropertiesChanged with the new value, even when the MPRIS value stays the same.
/// - Metadata (only while the BlueZ player has a Track): xesam:title, xesam:artist (an array of
///   one), xesam:album, xesam:genre, mpris:length (Duration ms × 1000), xesam:trackNumber (i);
///   no mpris:trackid (BlueZ gives none without browsing). Position is ms × 1000, and each
///   change of it is sent as Seeked too.
/// - Every other `org.mpris.*` player on the session bus is registered with the first adapter
///   (`org.bluez.Media1.RegisterPlayer`, object path `/` + its unique name with `:` and `.` made
///   `_`, properties its Player GetAll), and unregistered when it goes; its own players are not.
///   RegisterPlayer, and the GetAll before it, block all of mpris-proxy until answered (25 s at
///   most): the mock answers at once, and a test's player must answer GetAll.
/// - MPRIS Play, Pause, Stop, Next and Previous reach the phone's player as the MediaPlayer1
///   methods of the same names (PlayPause as Pause while it plays, else Play), answered once
///   the phone (here the mock, at once) answers; the bed records them (`calls(_:to:)`).
///
/// Every change here returns once mpris-proxy has shown it on the session bus, so a test can
/// then wait for what the daemon under test does about it. The processes die with the bed.
@MainActor
public final class MPRISProxyBed {
    /// A phone's player as BlueZ shows it, and the MPRIS player mpris-proxy made of it.
    public struct DevicePlayer: Sendable, Hashable {
        /// The `org.bluez.Device1` object, `/org/bluez/hci0/dev_XX_XX_XX_XX_XX_XX`.
        public let device: String
        /// The `org.bluez.MediaPlayer1` object, `<device>/player0`.
        public let path: String
        /// The device's Alias.
        public let alias: String
        /// The player's Name, if it has one.
        public let name: String?
        /// `org.mpris.MediaPlayer2.<alias>_<name>`.
        public let busName: String
        /// The unique name of mpris-proxy's connection for this player, which owns `busName`.
        public let owner: String

        /// What mpris-proxy gives as the player's Identity: "<alias> <name>", or the alias.
        public var identity: String { Self.identity(alias: alias, name: name) }

        fileprivate static func identity(alias: String, name: String?) -> String {
            name.map { "\(alias) \($0)" } ?? alias
        }
    }

    /// Where Debian's bluez package puts mpris-proxy.
    public nonisolated static let executable = "/usr/bin/mpris-proxy"
    /// Whether mpris-proxy is installed (`apt-get install bluez`; `make deps` installs it).
    public nonisolated static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: executable) }
    /// The BlueZ interface of a phone's player.
    public static let mediaPlayerInterface = "org.bluez.MediaPlayer1"
    /// The methods of a phone's player that the bed answers and records (`calls(_:to:)`); they
    /// change nothing (the test says what the phone does, with `setStatus`).
    public static let playerMethods = ["Play", "Pause", "Stop", "Next", "Previous", "FastForward", "Rewind"]

    /// The private bus that stands for the system bus.
    public let systemBus: PrivateBus
    /// BlueZ on it, with the adapter `adapter`; its `registerPlayerCalls(adapter)` counts the
    /// session's players that mpris-proxy registered.
    public let bluez: DBusMockBlueZ
    /// The one adapter, `/org/bluez/hci0`.
    public let adapter: String
    /// The session bus's address.
    public let sessionAddress: String
    /// A connection of the bed's own to the session bus.
    public let session: DBusConnection
    /// mpris-proxy itself (stdout and stderr both in `output`). Killed with the bed; a test may
    /// kill it earlier (its players' names go with it) or freeze it.
    public let proxy: DaemonProcess
    /// How long mpris-proxy took from its start until it asked BlueZ for its objects (ready: a
    /// player added from then on is seen). About 5 ms on an idle machine; the whole bed about
    /// 65 ms, most of it python3-dbusmock starting; a player appears about 3 ms after it is added.
    public let startup: Duration

    /// The session bus, when the bed started it.
    private let ownSessionBus: PrivateBus?
    /// Every PropertiesChanged of an MPRIS Player on the session bus.
    private let playerChanges: SignalRecorder
    /// Every NameOwnerChanged of an MPRIS name on the session bus.
    private let ownerChanges: SignalRecorder
    /// The devices added so far (a device stays when its player goes, as a paired phone does).
    private var devices: Set<String> = []
    /// The players that have a Track property.
    private var playersWithTrack: Set<String> = []

    /// What mpris-proxy has written so far, stdout and stderr: "Player org.mpris.MediaPlayer2.X
    /// created", "player … found" (a session player it registered), errors.
    public var output: String { proxy.standardError }

    /// Starts the private system bus, BlueZ with `hci0`, the session bus unless `sessionAddress`
    /// names one, and mpris-proxy on them, and waits until mpris-proxy has asked BlueZ for its
    /// objects. Throws, with mpris-proxy's output, if it does not get that far.
    public init(sessionAddress: String? = nil) async throws {
        guard Self.isInstalled else {
            throw TestSupportError(description: "\(Self.executable) is not installed; install it with: apt-get install bluez")
        }
        systemBus = try PrivateBus()
        bluez = try await DBusMockBlueZ(address: systemBus.address)
        adapter = try await bluez.addAdapter("hci0")
        if let sessionAddress {
            ownSessionBus = nil
            self.sessionAddress = sessionAddress
        } else {
            let bus = try PrivateBus()
            ownSessionBus = bus
            self.sessionAddress = bus.address
        }
        session = try await DBusConnection.connect(to: self.sessionAddress)
        playerChanges = try await SignalRecorder.start(
            on: session, MatchRule(signal: StandardInterfaces.propertiesChanged, path: MPRISNames.objectPath, arg0: PlayerInterface.name))
        ownerChanges = try await SignalRecorder.start(
            on: session, MatchRule(signal: BusDaemonInterface.nameOwnerChanged, arg0Namespace: String(MPRISNames.busNamePrefix.dropLast())))
        // stdout (one line per player found or gone) joins stderr, line-buffered (stdbuf), so a
        // failure message shows it as it was written. `exec` keeps the pid: it is mpris-proxy's.
        let stdbuf = PrivateBus.findExecutable("stdbuf").map { "\($0) -oL " } ?? ""
        let started = ContinuousClock.now
        proxy = try await DaemonProcess(
            executable: "/bin/sh", ["-c", "exec \(stdbuf)\(Self.executable) 1>&2"],
            environment: ["DBUS_SYSTEM_BUS_ADDRESS": systemBus.address, "DBUS_SESSION_BUS_ADDRESS": self.sessionAddress])
        guard await bluez.waitForCalls(of: StandardInterfaces.getManagedObjects.name, at: "/", count: 1) else {
            throw TestSupportError(description: "mpris-proxy never asked BlueZ for its objects: \(proxy.standardError)")
        }
        startup = ContinuousClock.now - started
    }

    /// The MPRIS bus name mpris-proxy gives a player named `name` on a device called `alias`:
    /// BlueZ's `mpris_busname()`, which canonicalises "<alias> <name>" byte by byte (so "ö" is
    /// `__`) and puts `bt_` before a leading digit.
    public static func busName(alias: String, name: String?) -> String {
        let text = DevicePlayer.identity(alias: alias, name: name)
        let bytes = text.utf8.map { byte -> UInt8 in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"): byte
            default: UInt8(ascii: "_")
            }
        }
        let digitFirst = bytes.first.map { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? false
        return MPRISNames.busNamePrefix + (digitFirst ? "bt_" : "") + String(decoding: bytes, as: UTF8.self)
    }

    /// The MPRIS PlaybackStatus mpris-proxy shows for BlueZ's Status `status`.
    public static func playbackStatus(blueZStatus status: String) -> String {
        switch status.lowercased() {
        case "playing": "Playing"
        case "paused": "Paused"
        default: "Stopped"
        }
    }

    /// Connects a phone's player: adds the device at `device` (`/org/bluez/hci0/dev_…`, its
    /// Address from the path) with `alias` unless it was added before (then its alias stays),
    /// and its player `<device>/player0` (Device, Name if given, Status, Position 0, a Track
    /// with `title` if given), announced with InterfacesAdded as BlueZ does. Returns once
    /// mpris-proxy owns the player's MPRIS name; throws, with its output, if it never does.
    @discardableResult
    public func addDevicePlayer(
        device: String, alias: String, name: String? = nil, status: String = "paused", title: String? = nil
    ) async throws -> DevicePlayer {
        let parts = device.split(separator: "/")
        guard parts.count == 4, parts[0] == "org", parts[1] == "bluez", "/\(parts[0])/\(parts[1])/\(parts[2])" == adapter,
            parts[3].hasPrefix("dev_")
        else {
            throw TestSupportError(description: "\(device) is not a device of \(adapter) (\(adapter)/dev_XX_XX_XX_XX_XX_XX)")
        }
        if !devices.contains(device) {
            let address = parts[3].dropFirst("dev_".count).replacingOccurrences(of: "_", with: ":")
            let added = try await bluez.addDevice(adapter: String(parts[2]), address: address, alias: alias)
            guard added == device else { throw TestSupportError(description: "BlueZ added \(added), not \(device)") }
            devices.insert(device)
        }
        let path = device + "/player0"
        var properties: [(String, DBusValue)] = [("Device", .objectPath(device))]
        if let name { properties.append(("Name", .string(name))) }
        properties += [("Status", .string(status)), ("Position", .uint32(0))]
        if let title {
            properties.append(("Track", Self.track(title: title, artist: nil)))
            playersWithTrack.insert(path)
        }
        let busName = Self.busName(alias: alias, name: name)
        try await bluez.addObject(path, interface: Self.mediaPlayerInterface, properties: properties, methods: Self.playerMethods)
        guard try await proxy.waitForName(busName, on: session, limit: .seconds(10)), let owner = await session.nameOwner(busName) else {
            throw TestSupportError(description: "mpris-proxy never owned \(busName): \(output)")
        }
        return DevicePlayer(device: device, path: path, alias: alias, name: name, busName: busName, owner: owner)
    }

    /// How many times the phone's player has been called `method` ("Play", "Pause", …; see
    /// `playerMethods`): mpris-proxy passes MPRIS Play, Pause, Stop, Next and Previous on as
    /// they are, and PlayPause as Pause while the phone's Status is "playing", Play otherwise.
    public func calls(_ method: String, to player: DevicePlayer) -> Int {
        bluez.calls(of: method, at: player.path).count
    }

    /// Waits until the phone's player has been called `method` `count` times in all; false if
    /// `limit` passed first (a guard against a hung test).
    public func waitForCalls(_ method: String, to player: DevicePlayer, count: Int = 1, limit: Duration = .seconds(10)) async -> Bool {
        await bluez.waitForCalls(of: method, at: player.path, count: count, limit: limit)
    }

    /// The phone's player changes its Status ("playing", "paused", "stopped", "forward-seek", …):
    /// BlueZ's PropertiesChanged. Returns once mpris-proxy has sent PropertiesChanged with the
    /// PlaybackStatus it makes of it (`playbackStatus(blueZStatus:)`).
    public func setStatus(_ status: String, of player: DevicePlayer) async throws {
        let expected = Self.playbackStatus(blueZStatus: status)
        try await change(player, "Status", .string(status), shownAs: "PlaybackStatus") { $0.stringValue == expected }
    }

    /// The phone's player plays another track: BlueZ's Track (Title, and Artist if given)
    /// changes. Returns once mpris-proxy has sent PropertiesChanged with Metadata of that title.
    public func setTrack(title: String, artist: String? = nil, of player: DevicePlayer) async throws {
        let track = Self.track(title: title, artist: artist)
        if !playersWithTrack.contains(player.path) {
            // dbusmock changes only a property the object has; one it is given is announced by nothing.
            try await bluez.addProperty(player.path, Self.mediaPlayerInterface, "Track", track)
            playersWithTrack.insert(player.path)
        }
        try await change(player, "Track", track, shownAs: "Metadata") {
            $0.stringDictionaryValue?["xesam:title"]?.stringValue == title
        }
    }

    /// The phone's player goes (the phone disconnects, or its player app quits): BlueZ's
    /// InterfacesRemoved; the device stays. Returns once the player's MPRIS name has no owner.
    public func removeDevicePlayer(_ player: DevicePlayer) async throws {
        let seen = ownerChanges.messages.count
        try await bluez.removeObject(player.path, interfaces: [Self.mediaPlayerInterface])
        playersWithTrack.remove(player.path)
        let gone = await ownerChanges.until {
            ownerChanges.messages[seen...].contains { $0.body.map(\.stringValue) == [player.busName, player.owner, ""] }
        }
        guard gone else { throw TestSupportError(description: "\(player.busName) stayed on the session bus: \(output)") }
    }

    /// Sets `property` of the BlueZ player and waits for mpris-proxy's PropertiesChanged, from
    /// the player's connection, whose `mprisProperty` satisfies `shown`.
    private func change(
        _ player: DevicePlayer, _ property: String, _ value: DBusValue, shownAs mprisProperty: String, _ shown: (DBusValue) -> Bool
    ) async throws {
        let seen = playerChanges.messages.count
        try await bluez.setProperty(player.path, Self.mediaPlayerInterface, property, value)
        let arrived = await playerChanges.until {
            playerChanges.messages[seen...].contains { message in
                guard message.sender == player.owner, let changed = message.body.dropFirst().first?.stringDictionaryValue?[mprisProperty] else { return false }
                return shown(changed.unwrapped)
            }
        }
        guard arrived else { throw TestSupportError(description: "mpris-proxy did not show \(property) as \(mprisProperty) on \(player.busName): \(output)") }
    }

    /// BlueZ's Track: a{sv} with Title, and Artist if given.
    private static func track(title: String, artist: String?) -> DBusValue {
        .stringVariantDictionary([("Title", .string(title))] + (artist.map { [("Artist", DBusValue.string($0))] } ?? []))
    }
}
