// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeListeners
import RemoteBridgeDurations
import RemoteBridgeDBus
import RemoteBridgeCore
import RemoteBridgeText

/// The MPRIS 2.2 server of one player, with RemoteBridge's `RemoteControl1` interface, at
/// `/org/mpris/MediaPlayer2`.
///
/// Transport and position calls become remote-control events, sent through the application
/// with source `.mpris` (addressed, so they skip the now-playing check); settings go straight
/// to the player. Property changes are announced by the exported object's diffing, so every
/// change made in one main-loop turn leaves as one PropertiesChanged per interface.
@MainActor
public final class MPRISServer {
    /// What the root interface says about the player.
    public struct Identity: Sendable {
        /// The friendly name (`Identity`).
        public var name: String
        /// The desktop file's basename (`DesktopEntry`), if there is one.
        public var desktopEntry: String?
        /// Whether `Quit` works.
        public var canQuit: Bool

        /// Makes an identity.
        public init(name: String, desktopEntry: String? = nil, canQuit: Bool = true) {
            self.name = name
            self.desktopEntry = desktopEntry
            self.canQuit = canQuit
        }
    }

    /// The connection the server is exported on.
    public let connection: DBusConnection
    /// The application events are sent through.
    public let application: RemoteApplication
    /// The player presented.
    public let player: any MediaPlayer
    /// The root interface's identity.
    public let identity: Identity
    /// What the server announces to its `listeners`.
    public enum Announcement: Sendable, Equatable {
        /// A client called `Quit`, and its reply is on the bus.
        case quitRequested
    }

    /// Told when a client asks the player to quit.
    public let listeners = Listeners<Announcement>()
    private var playerListener: ListenerID?
    /// Whether `start()` exports `RemoteControl1` too (the default). Without it, the server is
    /// a plain MPRIS player, as other programs' are.
    public var servesRemoteControl = true
    /// Interfaces of the player's own that `start()` exports on the same object, after MPRIS's
    /// (remote-playerd's `Playback1`).
    public var additionalInterfaces: [DBusInterface] = []
    /// The exported object; nil until `start()`.
    public private(set) var object: ExportedObject?
    private var applicationListener: ListenerID?
    /// How far a queue still being read has come, in words (RemoteControl1's `QueueLoading`);
    /// empty when the queue is complete.
    public var queueLoading = "" {
        didSet { if queueLoading != oldValue { object?.invalidateProperties(of: RemoteControl1Interface.name) } }
    }
    /// Counts the changes of the track list, so that `Tracks` is announced without being read
    /// and compared whole on every change.
    private(set) var trackListGeneration = 0

    /// Makes a server; `start()` exports it.
    public init(connection: DBusConnection, application: RemoteApplication, player: any MediaPlayer, identity: Identity) {
        self.connection = connection
        self.application = application
        self.player = player
        self.identity = identity
    }

    /// Exports the object and starts following the player and the application.
    public func start() throws(DBusError) {
        let object = try ExportedObject(
            path: MPRISNames.objectPath,
            interfaces: [rootInterface(), playerInterface(), trackListInterface()] + (servesRemoteControl ? [remoteControlInterface()] : [])
                + additionalInterfaces)
        self.object = object
        connection.export(object)
        playerListener = player.listeners.add { [weak self] change in self?.playerChanged(change) }
        applicationListener = application.listeners.add { [weak self] event in
            switch event {
            case .stateChanged: self?.applicationStateChanged()
            case .delivered(let event, let outcome): self?.delivered(event, outcome)
            }
        }
    }

    /// Removes the object from the bus and stops following.
    public func stop() {
        if let applicationListener { application.listeners.remove(applicationListener) }
        applicationListener = nil
        if let playerListener { player.listeners.remove(playerListener) }
        playerListener = nil
        connection.unexport(path: MPRISNames.objectPath)
        object = nil
    }

    /// Sends one event through the application, from MPRIS.
    @discardableResult
    func send(_ subtype: RemoteControlSubtype, interval: Duration? = nil, position: Duration? = nil) -> DeliveryOutcome {
        application.sendEvent(RemoteControlEvent(subtype: subtype, source: .mpris, interval: interval, position: position))
    }

    private func playerChanged(_ change: MediaPlayerChange) {
        guard let object else { return }
        switch change {
        case .state:
            object.invalidateProperties(of: PlayerInterface.name)
        case .seeked(let position):
            object.send(PlayerInterface.seeked, [.int64(position.microseconds)])
        case .trackListReplaced:
            trackListGeneration += 1
            object.invalidateProperties(of: PlayerInterface.name)
            object.invalidateProperties(of: TrackListInterface.name)
            object.send(
                TrackListInterface.trackListReplaced,
                [.objectPaths(player.trackIDs.map(Track.objectPath(id:))), .objectPath(currentTrackPath)])
        case .trackListChanged:
            trackListGeneration += 1
            object.invalidateProperties(of: TrackListInterface.name)
            object.invalidateProperties(of: PlayerInterface.name)
        case .trackAdded(let track, let after):
            trackListGeneration += 1
            object.invalidateProperties(of: TrackListInterface.name)
            object.invalidateProperties(of: PlayerInterface.name)
            let afterPath = after.map(Track.objectPath(id:)) ?? TrackListInterface.noTrack
            object.send(TrackListInterface.trackAdded, [track.metadata, .objectPath(afterPath)])
        case .trackRemoved(let id):
            trackListGeneration += 1
            object.invalidateProperties(of: TrackListInterface.name)
            object.invalidateProperties(of: PlayerInterface.name)
            object.send(TrackListInterface.trackRemoved, [.objectPath(Track.objectPath(id: id))])
        case .trackMetadataChanged(let track):
            object.invalidateProperties(of: PlayerInterface.name)
            object.send(
                TrackListInterface.trackMetadataChanged, [.objectPath(track.objectPath), track.metadata])
        case .loadFailed:
            break  // MPRIS has no signal for it
        }
    }

    private func applicationStateChanged() {
        object?.invalidateProperties(of: PlayerInterface.name)
        object?.invalidateProperties(of: RemoteControl1Interface.name)
    }

    private func delivered(_ event: RemoteControlEvent, _ outcome: DeliveryOutcome) {
        guard servesRemoteControl else { return }
        object?.invalidateProperties(of: RemoteControl1Interface.name)
        let timestamp = MonotonicClock.microseconds(at: event.timestamp)
        object?.send(
            RemoteControl1Interface.eventDelivered,
            [
                .string(event.subtype.name), .string(event.source.name.dbusSafe), .string(outcome.name),
                .string(outcome.responder?.responderName.dbusSafe ?? ""), .uint64(timestamp),
            ])
    }

    /// The current track's object path, or the spec's NoTrack path.
    var currentTrackPath: String {
        player.currentTrack?.objectPath ?? TrackListInterface.noTrack
    }
}

extension MediaPlayerError {
    /// The D-Bus error reply for this refusal.
    var dbusError: DBusError {
        switch self {
        case .unsupportedScheme(let uri, let reason):
            .notSupported("cannot open \(OutsideText.quoted(uri)): \(reason) (see supported-uri-schemes in the config)")
        case .limitsExceeded(let message): .limitsExceeded(message)
        case .invalidArgument(let message): .invalidArgs(message)
        case .noSuchTrack(let id): DBusError(name: MPRISNames.errorPrefix + "NoSuchTrack", message: "no track \(Track.objectPath(id: id)) in the queue")
        case .failed(let message): .failed(message)
        }
    }
}
