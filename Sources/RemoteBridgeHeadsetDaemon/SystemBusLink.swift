// SPDX-License-Identifier: Apache-2.0
import Glibc
import RemoteBridgeDBus
import RemoteBridgeEvdev
import RemoteBridgeGestures
import RemoteBridgeListeners
import RemoteBridgeText

/// headsetd's connection to the system bus: made at start when the bus is there, made when it
/// appears later when it is not (`State.waiting`), and kept through the bus going away (the
/// system dbus-daemon dies or restarts): it announces the loss once, and connects again when
/// the bus is back. Only the Bluetooth side uses the system bus; presses go on over the session
/// bus.
///
/// Nothing polls. Right after a loss it tries once (a socket-activated bus, whose socket systemd
/// keeps open, answers as soon as it runs again), then after each of `backoff`'s waits on the
/// handler's clock up to the first wait at its cap (about a minute): a daemon that restarts is
/// back within it. Meanwhile, with no timer after it, and from the start when there was no bus
/// then, it watches the socket's folder (inotify) for entries made or changed there, and looks at
/// the socket's own name alone: a socket made there (bound, or moved into place), or whose mode
/// changes (dbus-daemon opens it up once it listens: a first attempt at the bind may be refused),
/// starts a new round at once. Other files coming and going beside it wake nothing but that
/// look, and a stale socket left by a daemon that died starts nothing. A folder on the way is
/// watched for entries made alone, so a busy one (`/run`, `/`) wakes it only when one is made. A folder that is not there yet
/// (`/run/dbus`, made when the bus starts) is waited for the same way, in the nearest folder
/// above it that is, by its name. A bus whose address names no socket file (an abstract socket,
/// tcp), or whose folder cannot be watched, cannot be waited for: headsetd gives up
/// (`State.gaveUp`), after the round when it lost the bus, at once when it never had it, and
/// `Headset1.SystemBus` says so, for `remotectl doctor`.
@MainActor
final class SystemBusLink {
    /// Where the link stands.
    enum State: Sendable, Equatable {
        /// Connected: `connection` is live.
        case connected
        /// There was no bus when headsetd started; it connects when its socket appears (a watch
        /// on the socket's folder, and a round of attempts once a socket is made there).
        case waiting
        /// The bus went away; headsetd connects again when it is back (attempts on the clock,
        /// or a watch on the socket's folder).
        case reconnecting
        /// No bus, and nothing can tell headsetd that it is there: it tries no more.
        case gaveUp
    }

    /// What the link announces to its `listeners`.
    enum Announcement: Sendable, Equatable {
        /// The bus went away: `connection` is closed, and attempts to connect again begin.
        case lost
        /// A socket was made at the bus's path (or its mode changed, or inotify lost events):
        /// a round of attempts begins.
        case roundStarted
        /// An attempt to connect failed; retry number `retry` follows after `wait` on the clock.
        case retrying(DBusError, retry: Int, wait: Duration)
        /// A round of attempts ended without the bus, or the watch for its socket was lost:
        /// `state` says whether headsetd waits for its socket or gave up.
        case roundEnded(DBusError)
        /// Connected for the first time, to a bus that was not there when headsetd started.
        case connected
        /// Connected again: `connection` is the new one.
        case reconnected
    }

    /// The bus's address.
    let address: String
    /// The live connection; while the bus is away, the last one (closed: calls on it fail at
    /// once); nil until the first connection.
    private(set) var connection: DBusConnection?
    /// Where the link stands.
    private(set) var state = State.waiting
    /// Why the last attempt to connect failed.
    private(set) var lastError: DBusError?
    /// Why headsetd cannot watch for the bus's socket, once it has given up.
    private(set) var unwatchable: String?
    /// The waits between attempts: the same schedule as BlueZ's retries.
    let backoff: RetryBackoff
    /// Told of the loss, each round begun, each failed attempt, the end of a round, and the bus
    /// coming (back).
    let listeners = Listeners<Announcement>()
    /// The rounds of attempts begun so far: one after a loss, one for each socket made.
    private(set) var roundsStarted = 0
    /// The attempts to connect made so far, the one at start included.
    private(set) var attemptsMade = 0
    private let clock: any GestureClock
    /// The socket file the address names, if it names one.
    private let socketPath: String?
    /// While the bus is away: the watch on the socket's folder, or on the nearest folder above
    /// it that there is, and what it watches for.
    private var socketWatch: (watcher: DirectoryWatcher, target: WatchTarget)?
    /// The round of attempts under way; a newer round replaces it.
    private var attempts: Task<Void, Never>?
    private var round = 0
    private var isClosed = false

    private init(address: String, clock: any GestureClock, backoff: RetryBackoff) {
        self.address = address
        self.clock = clock
        self.backoff = backoff
        socketPath = DBusAddress.socketPath(address).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Connects to the bus at `address`. When there is none now, the link waits for its socket
    /// (`waiting`), or gives up at once when it cannot watch for it (`gaveUp`); `lastError` says
    /// why the attempt failed.
    static func start(address: String, clock: any GestureClock, backoff: RetryBackoff = RetryBackoff()) async -> SystemBusLink {
        let link = SystemBusLink(address: address, clock: clock, backoff: backoff)
        await link.connectAtStart()
        return link
    }

    /// Whether the link has had a connection: the bus went away, rather than never was.
    var hasConnected: Bool { connection != nil }

    /// Leaves the bus, and stops trying to reach it.
    func close() {
        isClosed = true
        attempts?.cancel()
        attempts = nil
        socketWatch = nil
        connection?.close()
    }

    /// One attempt; without a bus, the watch, then one more attempt if a socket is there by then
    /// (made between the two: its creation came before the watch). No round: a stale socket is
    /// not tried for a minute.
    private func connectAtStart() async {
        if await attemptAtStart() { return }
        watchSocket()
        guard socketWatch != nil else {
            state = .gaveUp
            return
        }
        guard let socketPath, Self.isSocket(socketPath), state == .waiting else { return }
        _ = await attemptAtStart()
    }

    private func attemptAtStart() async -> Bool {
        attemptsMade += 1
        do throws(DBusError) {
            let connection = try await DBusConnection.connect(to: address)
            // A round begun meanwhile (a socket made) may have got through first.
            guard !isClosed, state != .connected else {
                connection.close()
                return true
            }
            adopt(connection)
            return true
        } catch {
            if state != .connected { lastError = error }
            return state == .connected
        }
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

    /// Starts a round of attempts: one now, then one after each of `backoff`'s waits up to its
    /// cap. One for a socket made is announced (one after a loss is the loss's).
    private func startRound(forSocket: Bool = false) {
        attempts?.cancel()
        round += 1
        roundsStarted += 1
        let current = round
        attempts = Task { [weak self] in await self?.attempt(round: current) }
        if forSocket { listeners.announce(.roundStarted) }
    }

    private func attempt(round current: Int) async {
        var retry = 0
        while true {
            attemptsMade += 1
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
                // A newer round still under way is let go of too.
                if round != current { attempts?.cancel() }
                attempts = nil
                let first = !hasConnected
                adopt(connection)
                return listeners.announce(first ? .connected : .reconnected)
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

    /// Takes `connection` as the live one; the watch and any round end.
    private func adopt(_ connection: DBusConnection) {
        attempts?.cancel()
        socketWatch = nil
        self.connection = connection
        state = .connected
        lastError = nil
        unwatchable = nil
        follow(connection)
    }

    /// The round is over: headsetd waits for the socket, with no timer, or gives up when it
    /// cannot watch for it. A watch that has to move meanwhile (the folder removed, or made) is
    /// made anew, and a socket already there is tried at once.
    private func roundEnded(_ error: DBusError) {
        attempts = nil
        if let socketPath, Self.watchTarget(for: socketPath) != socketWatch?.target {
            watchSocket()
            if socketWatch != nil, Self.isSocket(socketPath) { return startRound(forSocket: true) }
        }
        state = socketWatch == nil ? .gaveUp : (hasConnected ? .reconnecting : .waiting)
        listeners.announce(.roundEnded(error))
    }

    // MARK: The watch

    /// What the watch looks for: the entry `name` in `folder`, the socket's folder when it is
    /// there, else the nearest folder above it that is (`name` is then the next folder down).
    struct WatchTarget: Equatable {
        var folder: String
        var identity: FileIdentity
        var name: String
    }

    /// Watches for the socket to be made (again), or the folders down to it first.
    private func watchSocket() {
        guard let socketPath else {
            socketWatch = nil
            unwatchable = "its address names no socket file to watch (an abstract socket, or tcp)"
            return
        }
        // The target is looked at again once the watch is made: a folder made in between is
        // watched instead. Each turn goes one folder down at least, so the path's depth bounds it.
        for _ in 0...socketPath.count(where: { $0 == "/" }) {
            guard let target = Self.watchTarget(for: socketPath) else {
                socketWatch = nil
                unwatchable = "no folder on the way to \(OutsideText.bareOrQuoted(socketPath)) is there to watch"
                return
            }
            if target == socketWatch?.target { return }
            // In the socket's own folder its mode changing counts too (see `folderChanged`); in a
            // folder on the way (`/run`, busier) only a folder made does.
            let kinds: DirectoryWatcher.Kinds = target.name == Self.name(in: socketPath) ? .entriesMadeOrChanged : .entriesMade
            guard let watcher = DirectoryWatcher(directory: target.folder, for: kinds, onChanges: { [weak self] in self?.folderChanged($0) }) else {
                socketWatch = nil
                unwatchable = "headsetd cannot watch \(OutsideText.bareOrQuoted(target.folder)) (\(String(cString: strerror(errno))))"
                return
            }
            socketWatch = (watcher, target)
            unwatchable = nil
        }
    }

    /// Changes in the watched folder. Only these count: the entry watched for made, moved into
    /// place or its mode changed, and the folder itself removed or moved (or events lost). A
    /// folder on the way made, or the watched one gone, moves the watch; a socket then at the
    /// bus's path starts a round. With nothing left to watch and no round under way, nothing can
    /// tell headsetd that the bus is there, and it gives up, as when it could not watch at the
    /// end of a round.
    private func folderChanged(_ changes: [FolderChange]) {
        guard !isClosed, state != .connected, let socketPath, let target = socketWatch?.target else { return }
        let counts = changes.contains { change in
            switch change.kind {
            case .created, .movedIn, .attributesChanged: change.name == target.name
            case .folderGone, .overflow: true
            case .removed, .movedOut: false
            }
        }
        guard counts else { return }
        // A folder removed is unwatched by the kernel, even when one made again at once has the
        // same device and inode: it is watched anew.
        if changes.contains(where: { $0.kind == .folderGone }) { socketWatch = nil }
        if socketWatch == nil || Self.watchTarget(for: socketPath) != target {
            watchSocket()
            if socketWatch == nil, attempts == nil {
                state = .gaveUp
                return listeners.announce(.roundEnded(lastError ?? .disconnected(unwatchable ?? "nothing left to watch")))
            }
        }
        guard Self.isSocket(socketPath) else { return }
        startRound(forSocket: true)
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

    /// The last part of `path`.
    static func name(in path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// Where to watch for the socket at `socketPath`: its folder, or the nearest one above it
    /// that is there; nil when none is.
    static func watchTarget(for socketPath: String) -> WatchTarget? {
        var name = Self.name(in: socketPath)
        var folder = Self.folder(of: socketPath)
        while true {
            if let identity = identity(ofFolder: folder) { return WatchTarget(folder: folder, identity: identity, name: name) }
            let above = Self.folder(of: folder)
            guard above != folder else { return nil }
            name = Self.name(in: folder)
            folder = above
        }
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
