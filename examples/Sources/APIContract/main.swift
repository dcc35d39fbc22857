// SPDX-License-Identifier: Apache-2.0
// Uses every public name of the RemoteBridgeCore contract exactly as written, from a
// separate package. If a signature changes, this stops compiling; if behaviour changes, it exits 1.
import Glibc
import RemoteBridgeCore
import RemoteBridgeListeners

@MainActor
final class Contract: Responder {
    override var next: Responder? {
        get { super.next }
        set { super.next = newValue }
    }
    override var canBecomeFirstResponder: Bool { true }
    override var canResignFirstResponder: Bool { true }
    override var responderName: String { "Contract" }
    @discardableResult override func becomeFirstResponder() -> Bool { super.becomeFirstResponder() }
    @discardableResult override func resignFirstResponder() -> Bool { super.resignFirstResponder() }
    override func remoteControlReceived(with event: RemoteControlEvent) {
        if event.subtype != .play { super.remoteControlReceived(with: event) }
    }
}

@MainActor
final class App: RemoteApplication {
    override init() { super.init() }
}

@MainActor
func check(_ condition: Bool, _ what: String) {
    if !condition {
        print("API contract broken: \(what)")
        exit(1)
    }
}

let subtype: RemoteControlSubtype = .togglePlayPause
let all: [RemoteControlSubtype] = RemoteControlSubtype.allCases
check(subtype.rawValue == 103 && subtype.name == "toggle-play-pause" && subtype.description == subtype.name, "subtype")
check(RemoteControlSubtype(name: "103") == subtype && RemoteControlSubtype(name: "next-track") == .nextTrack && all.count == 13, "init?(name:)")

let instant: ContinuousClock.Instant = .now
let event = RemoteControlEvent(subtype: .skipForward, source: .mpris, interval: .seconds(30), position: nil, timestamp: instant)
let sources: [RemoteControlEvent.Source] = [.mpris, .mediaKeys, .inputDevice("kbd"), .headset("click"), .test]
check(event.subtype == .skipForward && event.timestamp == instant && event.source == .mpris, "event fields")
check(event.interval == .seconds(30) && event.position == nil, "event payload")
check(sources.map(\.isBroadcast) == [false, true, true, true, false], "isBroadcast")
check(RemoteControlEvent(subtype: .play).source == .test, "event defaults")

let app = App()
let responder = Contract()
responder.next = app
app.beginReceivingRemoteControlEvents()
app.isNowPlaying = false
check(app.isReceivingRemoteControlEvents, "begin receiving")
check(responder.becomeFirstResponder() && responder.isFirstResponder, "becomeFirstResponder")
check(app.firstResponder === responder && app.firstResponderStack.count == 1, "stack")
var seen = 0
let token: EventMonitorToken = app.addEventMonitor { (_: RemoteControlEvent) in seen += 1 }
var announced: [String] = []
let listener: ListenerID = app.listeners.add { (announcement: RemoteApplication.Announcement) in
    switch announcement {
    case .delivered(let event, let outcome): announced.append("\(event.subtype.name) \(outcome.name)")
    case .stateChanged: announced.append("state")
    }
}
let outcome: DeliveryOutcome = app.sendEvent(RemoteControlEvent(subtype: .play))
if case .handled(let by) = outcome { check(by === responder, "handled(by:)") } else { check(false, "handled") }
let outcomes: [DeliveryOutcome] = [
    outcome, app.sendEvent(RemoteControlEvent(subtype: .stop)),
    app.sendEvent(RemoteControlEvent(subtype: .play, source: .mediaKeys)),
]
app.removeEventMonitor(token)
app.listeners.remove(listener)
app.endReceivingRemoteControlEvents()
let refused = app.sendEvent(RemoteControlEvent(subtype: .play))
check((outcomes + [refused]).map(\.name) == ["handled", "discarded", "not-now-playing", "not-receiving"], "outcome names")
check(seen == 3, "monitor")
check(announced == ["play handled", "stop discarded", "play not-now-playing"], "listeners: \(announced)")
check(responder.resignFirstResponder() && app.firstResponder == nil, "resignFirstResponder")
print("API contract: ok")
