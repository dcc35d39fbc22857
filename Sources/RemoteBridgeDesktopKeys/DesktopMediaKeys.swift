// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeListeners
import RemoteBridgeDBus
import FoundationEssentials
import Glibc
import RemoteBridgeCore

/// Takes the desktop's media keys from its settings daemon (GNOME, Cinnamon, MATE) and turns
/// `MediaPlayerKeyPressed` into remote-control events.
///
/// The daemon sends the keys to the application that grabbed them most recently, so a player
/// grabs again whenever its playback starts (`grab()`), and releases them when it exits.
@MainActor
public final class DesktopMediaKeys {
    /// A settings daemon that offers media keys.
    public struct Daemon: Sendable, Equatable {
        /// The daemon's bus name.
        public var busName: String
        /// Its media-keys object.
        public var path: String
        /// Its media-keys interface; GNOME's and MATE's have the same members.
        public var interface: String

        /// `GrabMediaPlayerKeys(s application, u time)`.
        public var grabKeys: DBusMethodDeclaration {
            DBusMethodDeclaration(interface, "GrabMediaPlayerKeys", inputs: [DBusArgument("application", "s"), DBusArgument("time", "u")])
        }
        /// `ReleaseMediaPlayerKeys(s application)`.
        public var releaseKeys: DBusMethodDeclaration {
            DBusMethodDeclaration(interface, "ReleaseMediaPlayerKeys", inputs: [DBusArgument("application", "s")])
        }
        /// `MediaPlayerKeyPressed(s application, s key)`.
        public var keyPressed: DBusSignalDeclaration {
            DBusSignalDeclaration(interface, "MediaPlayerKeyPressed", [DBusArgument("application", "s"), DBusArgument("key", "s")])
        }
        /// The interface, as much of it as media keys use.
        public var declaration: DBusInterfaceDeclaration {
            DBusInterfaceDeclaration(interface, methods: [grabKeys, releaseKeys], signals: [keyPressed])
        }
    }

    /// Tried in order: GNOME, the legacy GNOME name (Cinnamon), MATE.
    public static let daemons = [
        Daemon(busName: "org.gnome.SettingsDaemon.MediaKeys", path: "/org/gnome/SettingsDaemon/MediaKeys", interface: "org.gnome.SettingsDaemon.MediaKeys"),
        Daemon(busName: "org.gnome.SettingsDaemon", path: "/org/gnome/SettingsDaemon/MediaKeys", interface: "org.gnome.SettingsDaemon.MediaKeys"),
        Daemon(busName: "org.mate.SettingsDaemon", path: "/org/mate/SettingsDaemon/MediaKeys", interface: "org.mate.SettingsDaemon.MediaKeys"),
    ]

    /// A key that is a setting rather than transport.
    public enum Setting: Sendable, Equatable {
        /// Repeat: cycle LoopStatus.
        case cycleLoop
        /// Shuffle: toggle it.
        case toggleShuffle
    }

    private let connection: DBusConnection
    /// The application name given to the daemon.
    public let applicationName: String
    /// How far FastForward skips.
    public var skipForward: Duration
    /// How far Rewind skips.
    public var skipBackward: Duration
    /// What the media keys announce to their `listeners`.
    public enum Announcement: Sendable {
        /// A transport key, as a remote-control event with source `.mediaKeys`.
        case remoteControl(RemoteControlEvent)
        /// Repeat or Shuffle.
        case setting(Setting)
    }

    /// Told of each key pressed while the grab is held.
    public let listeners = Listeners<Announcement>()
    /// The daemon holding our grab, once one answered.
    public private(set) var daemon: Daemon?
    private var subscribed = false
    /// The bus names of the daemons that run, followed (NameOwnerChanged) from the first grab on:
    /// a grab where none runs asks the bus nothing. Nil until the first grab has looked.
    private var running: Set<String>?
    /// The first look, which a grab meanwhile waits for.
    private var lookup: Task<Set<String>, Never>?

    /// Makes a media-key client; nothing happens until `grab()`.
    public init(connection: DBusConnection, applicationName: String, skipForward: Duration = TransportDefaults.skipForward, skipBackward: Duration = TransportDefaults.skipBackward) {
        self.connection = connection
        self.applicationName = applicationName
        self.skipForward = skipForward
        self.skipBackward = skipBackward
    }

    /// Grabs the keys with the current time, from the first daemon that answers. Returns false
    /// when no media-key daemon is running (keys then reach us only through input devices).
    @discardableResult
    public func grab() async -> Bool {
        let time = UInt32(truncatingIfNeeded: Int(Date().timeIntervalSince1970))
        let running = await runningDaemons()
        for candidate in daemon.map({ [$0] }) ?? Self.daemons where running.contains(candidate.busName) {
            do throws(DBusError) {
                if !subscribed {
                    try await connection.subscribe(
                        to: MatchRule(signal: candidate.keyPressed, path: candidate.path)
                    ) { [weak self] message in
                        let strings = message.body.compactMap(\.stringValue)
                        guard strings.count == 2 else { return }
                        self?.keyPressed(application: strings[0], key: strings[1])
                    }
                    subscribed = true
                }
                _ = try await connection.call(candidate.busName, candidate.path, candidate.grabKeys, [.string(applicationName), .uint32(time)])
                daemon = candidate
                return true
            } catch {
                continue
            }
        }
        return false
    }

    /// The bus names of the media-key daemons that run: looked up once, then followed.
    private func runningDaemons() async -> Set<String> {
        if let running { return running }
        if let lookup { return await lookup.value }
        let lookup = Task { await lookUpRunningDaemons() }
        self.lookup = lookup
        return await lookup.value
    }

    private func lookUpRunningDaemons() async -> Set<String> {
        for candidate in Self.daemons {
            // Followed before it is looked up, so that a daemon starting in between is not missed.
            let rule = MatchRule(signal: BusDaemonInterface.nameOwnerChanged, sender: BusDaemonInterface.busName, arg0: candidate.busName)
            _ = try? await connection.subscribe(to: rule) { [weak self] message in
                let strings = message.body.compactMap(\.stringValue)
                guard strings.count == 3, let self else { return }
                if strings[2].isEmpty {
                    self.running?.remove(strings[0])
                    if self.daemon?.busName == strings[0] { self.daemon = nil }
                } else {
                    self.running?.insert(strings[0])
                }
            }
        }
        var found: Set<String> = []
        for candidate in Self.daemons where await connection.nameOwner(candidate.busName) != nil { found.insert(candidate.busName) }
        if running == nil { running = found }
        return running ?? found
    }

    /// Gives the keys back.
    public func release() async {
        guard let daemon else { return }
        _ = try? await connection.call(daemon.busName, daemon.path, daemon.releaseKeys, [.string(applicationName)])
        self.daemon = nil
    }

    /// Handles one key from the daemon; keys meant for other applications are ignored.
    func keyPressed(application: String, key: String) {
        guard application == applicationName else { return }
        let subtype: RemoteControlSubtype
        var interval: Duration?
        switch key {
        case "Play": subtype = .togglePlayPause  // the desktop's Play key toggles
        case "Pause": subtype = .pause
        case "Stop": subtype = .stop
        case "Next": subtype = .nextTrack
        case "Previous": subtype = .previousTrack
        case "Rewind":
            subtype = .skipBackward
            interval = skipBackward
        case "FastForward":
            subtype = .skipForward
            interval = skipForward
        case "Repeat": return listeners.announce(.setting(.cycleLoop))
        case "Shuffle": return listeners.announce(.setting(.toggleShuffle))
        default: return
        }
        listeners.announce(.remoteControl(RemoteControlEvent(subtype: subtype, source: .mediaKeys, interval: interval)))
    }
}
