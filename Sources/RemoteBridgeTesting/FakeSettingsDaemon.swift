// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeListeners
import RemoteBridgeDBus
import RemoteBridgeDesktopKeys

/// A stand-in for a desktop's settings daemon on the private bus: it records grabs and can
/// send MediaPlayerKeyPressed. (The real GNOME daemon cannot run here.)
@MainActor
public final class FakeSettingsDaemon {
    /// The daemon's own connection.
    public let connection: DBusConnection
    /// Which daemon it pretends to be.
    public let daemon: DesktopMediaKeys.Daemon
    /// Every GrabMediaPlayerKeys call: application and time.
    public private(set) var grabs: [(String, UInt32)] = [] {
        didSet { grabbed.announce(()) }
    }
    /// Told of each grab recorded.
    public let grabbed = Listeners<Void>()
    /// Every ReleaseMediaPlayerKeys call.
    public private(set) var releases: [String] = []

    /// Starts the daemon on `bus`, owning its name.
    public init(bus: PrivateBus, daemon: DesktopMediaKeys.Daemon) async throws {
        self.daemon = daemon
        connection = try await DBusConnection.connect(to: bus.address)
        let interface = DBusInterface(
            daemon.declaration,
            methods: [
                DBusMethod(daemon.grabKeys) { [weak self] call throws(DBusError) in
                    self?.grabs.append((try call.string("application"), UInt32(truncatingIfNeeded: try call.int64("time"))))
                    return []
                },
                DBusMethod(daemon.releaseKeys) { [weak self] call throws(DBusError) in
                    self?.releases.append(try call.string("application"))
                    return []
                },
            ])
        let exported = try ExportedObject(path: daemon.path, interfaces: [interface])
        connection.export(exported)
        _ = try await connection.requestName(daemon.busName)
        objectHolder = exported
    }

    private var objectHolder: ExportedObject?

    /// Sends MediaPlayerKeyPressed.
    public func press(_ key: String, for application: String = "remotebridge") throws {
        try objectHolder?.emit(daemon.keyPressed, [.string(application), .string(key)])
    }
}
