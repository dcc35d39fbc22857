// SPDX-License-Identifier: Apache-2.0
import Glibc
import RemoteBridgeDBus
import RemoteBridgeEvdev
import RemoteBridgeGestures
import RemoteBridgeListeners

/// headsetd's connection to the system bus, kept through the bus going away (the system
/// dbus-daemon dies or restarts): it announces the loss once, and connects again when the bus
/// is back. Only the Bluetooth side uses the system bus; presses go on over the session bus.
///
/// Nothing polls. Right after the loss it tries once (a socket-activated bus, whose socket
/// systemd keeps open, answers as soon as it runs again), then after each of `backoff`'s waits
/// on the handler's clock up to the first wait at its cap (about a minute): a daemon that
/// restarts is back within it. Meanwhile, and with no timer after it, it watches the socket's
/// folder (inotify): a socket made there again starts a new round at once. A bus whose address
/// names no socket file (an abstract socket, tcp), or whose folder is gone, cannot be watched:
/// after the round it gives up (`State.gaveUp`), and `Headset1.SystemBus` says so, for
/// `remotectl doctor`.
@MainActor
final class SystemBusLink {
    /// Where the link stands.
    enum State: Sendable, Equatable {
        /// Connected: `connection` is live.
        case connected
        /// The bus went away; headsetd connects again when it is back (attempts on the clock,
        /// or a watch on the socket's folder).
        case reconnecting
        /// The bus went away, and nothing can tell headsetd that it is back: it tries no more.
        case gaveUp
    }

    /// What the link announces to its `listeners`.
    enum Announcement: Sendable, Equatable {
        /// The bus went away: `connection` is closed, and attempts to connect again begin.
        case lost
        /// An attempt to connect failed; retry number `retry` follows after `wait` on the clock.
        case retrying(DBusError, retry: Int, wait: Duration)
        /// A round of attempts ended without the bus: `state` says whether headsetd waits for
        /// its socket (`reconnecting`) or gave up.
        case roundEnded(DBusError)
        /// Connected again: `connection` is the new one.
        case reconnected
    }

    /// The bus's address.
    let address: String
    /// The live connection; while the bus is away, the last one (closed: calls on it fail at once).
    private(set) var connection: DBusConnection
    /// Where the link stands.
    private(set) var state = State.connected
    /// Why the last attempt to connect again failed.
    private(set) var lastError: DBusError?
    /// The waits between attempts: the same schedule as BlueZ's retries.
    let backoff: RetryBackoff
    /// Told of the loss, each failed attempt, the end of a round, and the bus coming back.
    let listeners = Listeners<Announcement>()
    private let clock: any GestureClock
    /// The socket file the address names, if it names one.
    private let socketPath: String?
    /// While the bus is away: the watch on the socket's folder, and which folder it watches.
    private var socketWatch: (watcher: DirectoryWatcher, folder: FileIdentity)?
    /// The round of attempts under way; a newer round replaces it.
    private var attempts: Task<Void, Never>?
    private var round = 0
    private var isClosed = false

    private init(address: String, connection: DBusConnection, clock: any GestureClock, backoff: RetryBackoff) {
        self.address = address
        self.connection = connection
        self.clock = clock
        self.backoff = backoff
        socketPath = DBusAddress.socketPath(address)
        follow(connection)
    }

    /// Connects to the bus at `address`; throws when there is none now.
    static func connect(to address: String, clock: any GestureClock, backoff: RetryBackoff = RetryBackoff()) async throws(DBusError) -> SystemBusLink {
        SystemBusLink(address: address, connection: try await DBusConnection.connect(to: address), clock: clock, backoff: backoff)
    }

    /// Leaves the bus, and stops trying to reach it.
    func close() {
        isClosed = true
        attempts?.cancel()
        attempts = nil
        socketWatch = nil
        connection.close()
    }

    /// Hears `connection` go away.
    private func follow(_ connection: DBusConnection) {
        connection.listeners.add { [weak self, weak connection] event in
            guard event == .disconnected, let self, let connection, connection === self.connection else { return }
            self.lost()
        }
    }

    private func lost() {
        guard !isClosed, state == .connected else { return }
        state = .reconnecting
        lastError = nil
        watchSocket()
        listeners.announce(.lost)
        startRound()
    }

    /// Starts a round of attempts: one now, then one after each of `backoff`'s waits up to its cap.
    private func startRound() {
        attempts?.cancel()
        round += 1
        let current = round
        state = .reconnecting
        attempts = Task { [weak self] in await self?.attempt(round: current) }
    }

    private func attempt(round current: Int) async {
        var retry = 0
        while true {
            let result: Result<DBusConnection, DBusError>
            do throws(DBusError) {
                result = .success(try await DBusConnection.connect(to: address))
            } catch {
                result = .failure(error)
            }
            switch result {
            case .success(let connection):
                // Whichever attempt got through first counts; a later one is let go of.
                guard !isClosed, state != .connected else { return connection.close() }
                return reconnected(connection)
            case .failure(let error):
                guard !isClosed, state != .connected, round == current else { return }
                lastError = error
                retry += 1
                guard retry <= backoff.retriesToCap else { return roundEnded(error) }
                let wait = backoff.delay(before: retry)
                listeners.announce(.retrying(error, retry: retry, wait: wait))
                do {
                    try await clock.sleep(for: wait)
                } catch {
                    return
                }
                guard !isClosed, state != .connected, round == current else { return }
            }
        }
    }

    private func reconnected(_ connection: DBusConnection) {
        attempts?.cancel()
        attempts = nil
        socketWatch = nil
        self.connection = connection
        state = .connected
        lastError = nil
        follow(connection)
        listeners.announce(.reconnected)
    }

    /// The round is over: headsetd waits for the socket, with no timer, or gives up when it
    /// cannot watch for it. A folder made again meanwhile is watched anew, and a socket already
    /// in it is tried at once.
    private func roundEnded(_ error: DBusError) {
        attempts = nil
        let folder = socketPath.flatMap { Self.identity(ofFolder: Self.folder(of: $0)) }
        if folder != socketWatch?.folder {
            watchSocket()
            if socketWatch != nil, let socketPath, Self.isSocket(socketPath) { return startRound() }
        }
        state = socketWatch == nil ? .gaveUp : .reconnecting
        listeners.announce(.roundEnded(error))
    }

    /// Watches the socket's folder for the socket to be made again.
    private func watchSocket() {
        socketWatch = nil
        guard let socketPath else { return }
        let folder = Self.folder(of: socketPath)
        guard let identity = Self.identity(ofFolder: folder),
            let watcher = DirectoryWatcher(directory: folder, onChange: { [weak self] in self?.folderChanged() })
        else { return }
        socketWatch = (watcher, identity)
    }

    /// Something changed in the socket's folder: a socket there may be the bus back. The folder
    /// itself removed (its watch goes with it) or made anew is watched again as it is now; with
    /// nothing left to watch and no round under way, nothing can tell headsetd that the bus is
    /// back, and it gives up, as when it could not watch at the end of a round.
    private func folderChanged() {
        guard !isClosed, state != .connected, let socketPath else { return }
        if Self.identity(ofFolder: Self.folder(of: socketPath)) != socketWatch?.folder {
            watchSocket()
            if socketWatch == nil, attempts == nil {
                state = .gaveUp
                return listeners.announce(.roundEnded(lastError ?? .disconnected("\(Self.folder(of: socketPath)) went away")))
            }
        }
        guard Self.isSocket(socketPath) else { return }
        startRound()
    }

    // MARK: Files

    /// A folder as the kernel tells one from another: one removed and made again is another.
    struct FileIdentity: Equatable {
        var device: UInt64
        var inode: UInt64
    }

    /// The folder `path` is in.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func identity(ofFolder path: String) -> FileIdentity? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
        return FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    private static func isSocket(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFSOCK
    }
}
