// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeCore

/// The order in which responders saw events, shared by the responders of one test.
@MainActor
final class VisitLog {
    var visits: [String] = []
}

/// A responder that records each event it sees, handles the subtypes it is told to, and
/// passes everything else on by calling `super`.
@MainActor
final class RecordingResponder: Responder {
    let name: String
    let log: VisitLog
    var handles: Set<RemoteControlSubtype>
    var acceptsFirstResponder: Bool
    var acceptsResign: Bool
    private(set) var received: [RemoteControlEvent] = []

    init(
        _ name: String, log: VisitLog = VisitLog(), handles: Set<RemoteControlSubtype> = [],
        next: Responder? = nil, acceptsFirstResponder: Bool = true, acceptsResign: Bool = true
    ) {
        self.name = name
        self.log = log
        self.handles = handles
        self.acceptsFirstResponder = acceptsFirstResponder
        self.acceptsResign = acceptsResign
        super.init()
        self.next = next
    }

    override var responderName: String { name }
    override var canBecomeFirstResponder: Bool { acceptsFirstResponder }
    override var canResignFirstResponder: Bool { acceptsResign }

    override func remoteControlReceived(with event: RemoteControlEvent) {
        log.visits.append(name)
        received.append(event)
        if handles.contains(event.subtype) { return }
        super.remoteControlReceived(with: event)
    }
}

/// An application that records the events that reach it, and can be told to handle some.
@MainActor
final class RecordingApplication: RemoteApplication {
    let log: VisitLog
    var handles: Set<RemoteControlSubtype> = []

    init(log: VisitLog = VisitLog()) {
        self.log = log
        super.init()
    }

    override var responderName: String { "app" }

    override func remoteControlReceived(with event: RemoteControlEvent) {
        log.visits.append("app")
        if handles.contains(event.subtype) { return }
        super.remoteControlReceived(with: event)
    }
}

/// An application that is receiving and now playing, with a chain `a → b → c → app`.
@MainActor
struct ChainFixture {
    let log = VisitLog()
    let app: RecordingApplication
    let a: RecordingResponder
    let b: RecordingResponder
    let c: RecordingResponder

    init() {
        app = RecordingApplication(log: log)
        c = RecordingResponder("c", log: log, next: app)
        b = RecordingResponder("b", log: log, next: c)
        a = RecordingResponder("a", log: log, next: b)
        app.beginReceivingRemoteControlEvents()
        app.isNowPlaying = true
    }
}
