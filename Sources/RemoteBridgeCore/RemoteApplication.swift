// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeListeners
/// The end of every responder chain, and the object that delivers remote-control events.
///
/// This is the remote-control part of UIKit's `UIApplication`, without the singleton: a
/// process makes one, tests make as many as they like. It keeps the first-responder stack,
/// counts begin/end receiving calls, runs event monitors, and applies the now-playing rule.
@MainActor
open class RemoteApplication: Responder {
    @exclusivity(unchecked) private var receivingCount = 0
    /// The first-responder stack, bottom first. It holds its responders strongly; see `next`.
    @exclusivity(unchecked) private var stack: [Responder] = []
    @exclusivity(unchecked) private var monitors: [(token: EventMonitorToken, body: @MainActor (RemoteControlEvent) -> Void)] = []
    private var nextMonitorID: UInt64 = 0

    /// Makes an application that is not receiving, not now playing, with an empty stack.
    public override init() {
        super.init()
    }

    /// Whether this process is the Now Playing app. Events from broadcast sources are
    /// delivered only while this is true. Default false.
    @exclusivity(unchecked) public var isNowPlaying = false {
        didSet { if isNowPlaying != oldValue { stateDidChange() } }
    }

    /// What the application announces to its `listeners`.
    public enum Announcement {
        /// An event was delivered (or refused), with its outcome. Like a monitor, a listener
        /// cannot change anything about the event.
        case delivered(RemoteControlEvent, DeliveryOutcome)
        /// Receiving turned on or off, now-playing status changed, or the first-responder stack
        /// changed. Only real changes are announced.
        case stateChanged
    }

    /// Told of every event after delivery, and of every change of state. Event monitors
    /// (`addEventMonitor(_:)`) are the other way in: they see each event before delivery.
    public let listeners = Listeners<Announcement>()

    /// Starts (or counts one more request for) receiving remote-control events.
    public func beginReceivingRemoteControlEvents() {
        receivingCount += 1
        if receivingCount == 1 { stateDidChange() }
    }

    /// Balances one `beginReceivingRemoteControlEvents()`. A surplus call is ignored.
    public func endReceivingRemoteControlEvents() {
        guard receivingCount > 0 else { return }
        receivingCount -= 1
        if receivingCount == 0 { stateDidChange() }
    }

    /// True while begin calls outnumber end calls.
    public var isReceivingRemoteControlEvents: Bool { receivingCount > 0 }

    /// The responder at the top of the first-responder stack, or nil if the stack is empty.
    public var firstResponder: Responder? { stack.last }

    /// The responders on the first-responder stack, bottom first.
    public var firstResponderStack: [Responder] { stack }

    /// The names of the responders an event would visit now, from the target to the end of the chain.
    public var responderChainNames: [String] { ResponderChain.names(from: firstResponder ?? self) }

    /// Delivers one event and reports what became of it.
    ///
    /// The monitors see the event first, in the order they were added. The route (receiving,
    /// now playing, first responder) is fixed before they run, so a monitor cannot reroute the
    /// event it is watching. Then the event goes to the first responder, or to the application
    /// if the stack is empty, and up the chain.
    @discardableResult
    public func sendEvent(_ event: RemoteControlEvent) -> DeliveryOutcome {
        let receiving = receivingCount > 0
        let allowed = !event.source.isBroadcast || isNowPlaying
        let target = stack.last
        // By index, not `for in`: it spares a retain of the array on every event.
        var index = 0
        while index < monitors.count {
            monitors[index].body(event)
            index += 1
        }
        let outcome: DeliveryOutcome
        if !receiving {
            outcome = .notReceiving
        } else if !allowed {
            outcome = .notNowPlaying
        } else {
            // `consume`: the target's reference is handed over, not copied (one retain less per event).
            let handler =
                if let target = consume target { DeliveryTrace.deliver(event, to: target) } else { DeliveryTrace.deliver(event, to: self) }
            // `if let`, not `Optional.map`: a closure here would carry a main-actor check per event.
            if let handler { outcome = .handled(by: handler) } else { outcome = .discarded }
        }
        if !listeners.isEmpty { listeners.announce(.delivered(event, outcome)) }
        return outcome
    }

    /// Adds a monitor that sees every event before delivery, including refused ones.
    public func addEventMonitor(_ body: @escaping @MainActor (RemoteControlEvent) -> Void) -> EventMonitorToken {
        let token = makeToken()
        monitors.append((token, body))
        return token
    }

    /// Removes a monitor. Removing one that is already gone does nothing.
    public func removeEventMonitor(_ token: EventMonitorToken) {
        monitors.removeAll { $0.token == token }
    }

    private func makeToken() -> EventMonitorToken {
        nextMonitorID += 1
        return EventMonitorToken(id: nextMonitorID)
    }

    private func stateDidChange() {
        listeners.announce(.stateChanged)
    }

    // MARK: First-responder stack

    /// Pushes `responder`, or moves it to the top, if the current first responder agrees to resign.
    func pushFirstResponder(_ responder: Responder) -> Bool {
        if let current = firstResponder {
            if current === responder { return true }
            guard current.canResignFirstResponder else { return false }
        }
        if let previous = responder.stackOwner, previous !== self {
            previous.removeFromStack(responder)
        }
        stack.removeAll { $0 === responder }
        stack.append(responder)
        responder.stackOwner = self
        stateDidChange()
        return true
    }

    /// Takes `responder` off the stack wherever it is; the one below becomes first responder.
    func removeFromStack(_ responder: Responder) {
        let count = stack.count
        stack.removeAll { $0 === responder }
        if responder.stackOwner === self { responder.stackOwner = nil }
        if stack.count != count { stateDidChange() }
    }
}
