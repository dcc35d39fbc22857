// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations
import Dispatch
import Glibc
import RemoteBridgeListeners
import RemoteBridgeText

/// A connection to a message bus, used from the main actor.
///
/// Incoming method calls go to the exported objects, and signals to the subscriptions, all on
/// the main actor and in the order they arrived. The I/O runs on the main actor too
/// (`ConnectionIO`), so a call is read, answered and its reply written in one turn.
@MainActor
public final class DBusConnection {
    private let io: ConnectionIO
    /// Method-handler Tasks made but not yet started (see `answer`).
    private var handlersWaiting = 0
    /// This connection's unique name on the bus, such as `:1.42`.
    public let uniqueName: String
    /// The address this connection was made to.
    public let address: String
    private var objects: [String: ExportedObject] = [:]
    private var subscriptions: [UInt64: Subscription] = [:]
    private var nextSubscriptionID: UInt64 = 0
    /// What a connection announces to its `listeners`.
    public enum Announcement: Sendable, Equatable {
        /// The bus took this well-known name from the connection (`NameLost`).
        case nameLost(String)
        /// The connection gained this well-known name (`NameAcquired`).
        case nameAcquired(String)
        /// The bus went away; announced once.
        case disconnected
    }

    /// Told of names lost and gained, and of the bus going away.
    public let listeners = Listeners<Announcement>()
    /// Told of each method call the connection answered (its reply sent, or none asked for),
    /// with the call's message: how a daemon sees that a burst of calls is under way or over.
    public let answeredCalls = Listeners<DBusMessage>()
    /// How long a call waits for its reply when the call does not say: libdbus's 25 s unless set.
    /// A peer that does not answer in time gives `org.freedesktop.DBus.Error.NoReply`.
    public var callTimeout: Duration = .seconds(25)
    /// True once `close()` was called or the bus went away.
    public private(set) var isClosed = false

    private struct Subscription {
        let rule: MatchRule
        let handler: @MainActor (DBusMessage) -> Void
    }

    private init(io: ConnectionIO, address: String) {
        self.io = io
        self.address = address
        self.uniqueName = io.uniqueName
    }

    /// The session bus address: `DBUS_SESSION_BUS_ADDRESS`, else the systemd user bus at
    /// `$XDG_RUNTIME_DIR/bus` if it exists. Nil when there is no session bus to be found.
    public nonisolated static var sessionBusAddress: String? {
        if let address = getenv("DBUS_SESSION_BUS_ADDRESS").map({ String(cString: $0) }), !address.isEmpty { return address }
        if let runtime = getenv("XDG_RUNTIME_DIR").map({ String(cString: $0) }), access(runtime + "/bus", F_OK) == 0 {
            return "unix:path=\(runtime)/bus"
        }
        return nil
    }

    /// Connects to the bus at `address`, or to the session bus if nil.
    public static func connect(to address: String? = nil) async throws(DBusError) -> DBusConnection {
        guard let address = address ?? sessionBusAddress else {
            throw .disconnected(
                "no D-Bus session bus: DBUS_SESSION_BUS_ADDRESS is not set and $XDG_RUNTIME_DIR/bus does not exist; "
                    + "start one (dbus-run-session) or pass a bus address")
        }
        let box = WeakConnection()
        let io = try await ConnectionIO.connect(address: address) { message in
            box.connection?.receive(message)
        }
        let connection = DBusConnection(io: io, address: address)
        box.connection = connection
        io.start()
        return connection
    }

    isolated deinit {
        if !isClosed { io.close() }
    }

    /// Closes the connection. Exported objects disappear from the bus; names are released.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        io.close()
    }

    // MARK: Calls and signals

    /// Sends a method call message and returns the reply body; an error reply is thrown as
    /// `DBusError`. Inside this module only: everything else calls through a declaration.
    func call(_ message: DBusMessage, timeout: Duration? = nil) async throws(DBusError) -> [DBusValue] {
        let timeout = timeout ?? callTimeout
        guard !isClosed else { throw .disconnected("the D-Bus connection is closed") }
        try message.validate()
        let milliseconds = Int32(clamping: timeout.milliseconds)
        let reply = try await io.call(message, timeoutMilliseconds: milliseconds).get()
        if let error = reply.error { throw error }
        return reply.body
    }

    /// Calls a declared method on `destination` at `path`. Arguments of another type than
    /// declared are refused before anything is sent.
    public func call(
        _ destination: String, _ path: String, _ method: DBusMethodDeclaration, _ arguments: [DBusValue] = [],
        timeout: Duration? = nil
    ) async throws(DBusError) -> [DBusValue] {
        try method.checkInputs(arguments)
        let message = DBusMessage.methodCall(destination: destination, path: path, interface: method.interface, member: method.name, body: arguments)
        return try await call(message, timeout: timeout)
    }

    /// Waits until every message handed over so far (signals, replies, calls) has been written to
    /// the bus, so that what built a large one can be let go of for good.
    public func flush() async {
        await io.flush()
    }

    /// Sends a signal. Inside this module only: objects emit through a declaration
    /// (`ExportedObject.emit(_:_:)`).
    func emit(_ signal: DBusMessage) throws(DBusError) {
        guard !isClosed else { throw .disconnected("the D-Bus connection is closed") }
        try signal.validate()
        io.send(signal)
    }

    /// Reads a declared property with `org.freedesktop.DBus.Properties.Get`.
    public func getProperty(
        _ destination: String, _ path: String, _ property: DBusPropertyDeclaration, timeout: Duration? = nil
    ) async throws(DBusError) -> DBusValue {
        let reply = try await call(
            destination, path, StandardInterfaces.get, [.string(property.interface), .string(property.name)], timeout: timeout)
        guard let value = reply.first else { throw .failed("Get \(property.interface).\(property.name) returned nothing") }
        return value.unwrapped
    }

    /// Reads every property of a declared interface with `GetAll`, by name: the answer may hold
    /// properties the declaration leaves out.
    public func getAllProperties(
        _ destination: String, _ path: String, _ interface: DBusInterfaceDeclaration, timeout: Duration? = nil
    ) async throws(DBusError) -> [String: DBusValue] {
        let reply = try await call(destination, path, StandardInterfaces.getAll, [.string(interface.name)], timeout: timeout)
        return reply.first?.stringDictionaryValue ?? [:]
    }

    /// Writes a declared property. A read-only property, or a value of another type than
    /// declared, is refused before anything is sent.
    public func setProperty(
        _ destination: String, _ path: String, _ property: DBusPropertyDeclaration, _ value: DBusValue
    ) async throws(DBusError) {
        guard property.access == .readWrite else { throw .propertyReadOnly("internal error: \(property.interface).\(property.name) is read-only") }
        guard value.signature == property.signature else {
            throw .invalidArgs("internal error: \(property.interface).\(property.name) has type '\(property.signature)', not '\(value.signature)'")
        }
        _ = try await call(destination, path, StandardInterfaces.set, [.string(property.interface), .string(property.name), .variant(value)])
    }

    // MARK: Subscriptions

    /// Asks the bus for signals matching `rule` and calls `handler` with each, on the main actor.
    @discardableResult
    public func subscribe(to rule: MatchRule, _ handler: @escaping @MainActor (DBusMessage) -> Void) async throws(DBusError) -> UInt64 {
        _ = try await callBus(BusDaemonInterface.addMatch, [.string(rule.text)])
        nextSubscriptionID += 1
        subscriptions[nextSubscriptionID] = Subscription(rule: rule, handler: handler)
        return nextSubscriptionID
    }

    /// Stops a subscription.
    public func unsubscribe(_ id: UInt64) async {
        guard let subscription = subscriptions.removeValue(forKey: id) else { return }
        _ = try? await callBus(BusDaemonInterface.removeMatch, [.string(subscription.rule.text)])
    }

    // MARK: Names

    /// The flags of `RequestName`.
    public struct NameFlags: OptionSet, Sendable {
        /// The flag bits as RequestName takes them.
        public let rawValue: UInt32
        /// Makes flags from their bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Let another connection take the name with `replaceExisting`.
        public static let allowReplacement = NameFlags(rawValue: 1)
        /// Take the name from its owner, if the owner allows it.
        public static let replaceExisting = NameFlags(rawValue: 2)
        /// Fail rather than wait in the queue for the name.
        public static let doNotQueue = NameFlags(rawValue: 4)
    }

    /// What `RequestName` answered.
    public enum NameReply: UInt32, Sendable {
        /// We own the name now.
        case primaryOwner = 1
        /// We are queued behind the owner.
        case inQueue = 2
        /// Someone else owns it (with `doNotQueue`).
        case exists = 3
        /// We owned it already.
        case alreadyOwner = 4
    }

    /// Requests a well-known name.
    public func requestName(_ name: String, flags: NameFlags = [.doNotQueue]) async throws(DBusError) -> NameReply {
        guard DBusValidation.isValidBusName(name), !name.hasPrefix(":") else {
            throw .invalidArgs("not a valid well-known bus name: \(OutsideText.quoted(name))")
        }
        let reply = try await callBus(BusDaemonInterface.requestName, [.string(name), .uint32(flags.rawValue)])
        guard let code = reply.first?.int64Value, let result = NameReply(rawValue: UInt32(code)) else {
            throw .failed("RequestName gave an unexpected reply: \(reply)")
        }
        return result
    }

    /// Releases a well-known name.
    public func releaseName(_ name: String) async throws(DBusError) {
        _ = try await callBus(BusDaemonInterface.releaseName, [.string(name)])
    }

    /// The unique name that owns `name` now, or nil if nobody does.
    public func nameOwner(_ name: String) async -> String? {
        try? await callBus(BusDaemonInterface.getNameOwner, [.string(name)]).first?.stringValue
    }

    /// The process id of the connection that owns `name` now, or nil if nobody does.
    public func processID(of name: String) async -> Int64? {
        try? await callBus(BusDaemonInterface.getConnectionUnixProcessID, [.string(name)]).first?.int64Value
    }

    /// Every name on the bus.
    public func listNames() async throws(DBusError) -> [String] {
        try await callBus(BusDaemonInterface.listNames).first?.stringArrayValue ?? []
    }

    /// The names the bus can start a program for (its activation files).
    public func listActivatableNames() async throws(DBusError) -> [String] {
        try await callBus(BusDaemonInterface.listActivatableNames).first?.stringArrayValue ?? []
    }

    /// Has the bus start the program its activation file for `name` names (`StartServiceByName`),
    /// and returns once `name` is owned (or was already). The bus looks for the activation file
    /// before it looks at the owner: a name that has no file fails with `ServiceUnknown` even while
    /// it is owned.
    public func startService(_ name: String, timeout: Duration) async throws(DBusError) {
        _ = try await callBus(BusDaemonInterface.startServiceByName, [.string(name), .uint32(0)], timeout: timeout)
    }

    /// Calls a method of the bus itself.
    private func callBus(_ method: DBusMethodDeclaration, _ arguments: [DBusValue] = [], timeout: Duration? = nil) async throws(DBusError) -> [DBusValue] {
        try await call(BusDaemonInterface.busName, BusDaemonInterface.objectPath, method, arguments, timeout: timeout)
    }

    // MARK: Exported objects

    /// Exports `object` at its path, replacing any object there.
    public func export(_ object: ExportedObject) {
        object.connection = self
        object.snapshotProperties()
        objects[object.path] = object
    }

    /// Removes the object at `path`.
    public func unexport(path: String) {
        objects.removeValue(forKey: path)?.connection = nil
    }

    /// The names of the nodes directly below `path` that lead to exported objects.
    func childNodes(of path: String) -> [String] {
        let prefix = path == "/" ? "/" : path + "/"
        let children = objects.keys.compactMap { key -> String? in
            guard key.hasPrefix(prefix), key != path else { return nil }
            return key.dropFirst(prefix.count).split(separator: "/").first.map(String.init)
        }
        return Set(children).sorted()
    }

    // MARK: Incoming

    private func receive(_ message: DBusMessage) {
        switch message.kind {
        case .methodCall: answer(message)
        case .signal: route(signal: message)
        default: break
        }
    }

    private func route(signal message: DBusMessage) {
        if message.interface == "org.freedesktop.DBus.Local", message.member == "Disconnected" {
            isClosed = true
            // libdbus keeps a disconnected connection until it is closed and let go of: a
            // daemon that connects again (headsetd to the system bus) would collect them.
            io.close()
            listeners.announce(.disconnected)
            return
        }
        if message.sender == BusDaemonInterface.busName, message.destination == uniqueName, let name = message.body.first?.stringValue {
            if message.isSignal(BusDaemonInterface.nameLost) { listeners.announce(.nameLost(name)) }
            if message.isSignal(BusDaemonInterface.nameAcquired) { listeners.announce(.nameAcquired(name)) }
        }
        for id in subscriptions.keys.sorted() {
            guard let subscription = subscriptions[id], subscription.rule.matches(message) else { continue }
            subscription.handler(message)
        }
    }

    /// Answers a call. Properties, introspection and refusals are answered here and now; a
    /// method handler, which may suspend, runs in a Task (a main-queue hop saved on every Get).
    /// While a handler's Task is waiting to start, later calls queue behind it, so they are
    /// still answered in the order they came (a Get after a PlayPause sees its effect).
    private func answer(_ message: DBusMessage) {
        let call = DBusMethodCall(message: message)
        guard handlersWaiting == 0 else {
            // Routed only when its turn comes: `route` runs a Properties.Set.
            later { [self] in
                switch route(call) {
                case .answered(let result): result
                case .handler(let method): await ExportedObject.invoke(method, call)
                }
            }
            return
        }
        switch route(call) {
        case .answered(let result): reply(to: message, with: result)
        case .handler(let method): later { await ExportedObject.invoke(method, call) }
        }

        /// Answers in a Task, which later calls queue behind until it starts; then, once the
        /// reply is written, runs what the handler asked to follow it.
        func later(_ work: @escaping @MainActor () async -> Result<[DBusValue], DBusError>) {
            handlersWaiting += 1
            Task {
                handlersWaiting -= 1
                reply(to: message, with: await work())
                let following = call.afterReplyWork.work
                guard !following.isEmpty else { return }
                await io.flush()
                for work in following { work() }
            }
        }
    }

    private func route(_ call: DBusMethodCall) -> ExportedObject.Route {
        let path = call.message.path ?? "/"
        if let object = objects[path] {
            return object.route(call)
        }
        // A node with no object of its own, above exported ones, can still be introspected.
        let children = childNodes(of: path)
        if call.message.interface == StandardInterfaces.introspectable, call.message.member == StandardInterfaces.introspect.name, !children.isEmpty {
            return .answered(.success([.string(Introspection.document(interfaces: [], children: children))]))
        }
        return .answered(.failure(.unknownObject("no object at \(OutsideText.bareOrQuoted(path))")))
    }

    private func reply(to message: DBusMessage, with result: Result<[DBusValue], DBusError>) {
        defer { if !answeredCalls.isEmpty { answeredCalls.announce(message) } }
        guard !message.noReplyExpected, let sender = message.sender else { return }
        var reply: DBusMessage
        switch result {
        case .success(let body):
            reply = DBusMessage(kind: .methodReturn, destination: sender, body: body)
        case .failure(let error):
            let name = DBusValidation.isValidErrorName(error.name) ? error.name : "org.freedesktop.DBus.Error.Failed"
            reply = DBusMessage(kind: .error, errorName: name, destination: sender, body: [.string(OutsideText.escaped(error.message, maximumBytes: OutsideText.messageBytes))])
        }
        reply.replySerial = message.serial
        do throws(DBusError) {
            try reply.validate()
            io.send(reply)
        } catch {
            var fallback = DBusMessage(
                kind: .error, errorName: "org.freedesktop.DBus.Error.Failed", destination: sender,
                body: [.string(OutsideText.escaped("the reply could not be encoded: \(error.message)", maximumBytes: OutsideText.messageBytes))])
            fallback.replySerial = message.serial
            io.send(fallback)
        }
    }
}

/// Lets the I/O reach the connection without keeping it alive.
@MainActor
private final class WeakConnection {
    // Written once before any message can arrive.
    weak var connection: DBusConnection?
}
