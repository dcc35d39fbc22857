// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeCore
import Testing

@Suite("First-responder stack")
@MainActor
struct FirstResponderStackTests {
    @Test("becoming first responder pushes onto the stack")
    func push() {
        let f = ChainFixture()
        #expect(f.app.firstResponder == nil)
        #expect(f.c.becomeFirstResponder())
        #expect(f.a.becomeFirstResponder())
        #expect(f.app.firstResponderStack.map(\.responderName) == ["c", "a"])
        #expect(f.app.firstResponder === f.a)
        #expect(f.a.isFirstResponder)
        #expect(!f.c.isFirstResponder)
    }

    @Test("events go to the top of the stack")
    func eventsGoToTop() {
        let f = ChainFixture()
        f.a.becomeFirstResponder()
        f.b.becomeFirstResponder()
        f.app.sendEvent(RemoteControlEvent(subtype: .play))
        #expect(f.log.visits == ["b", "c", "app"])
    }

    @Test("becoming again moves a responder to the top without duplicating it")
    func moveToTop() {
        let f = ChainFixture()
        f.a.becomeFirstResponder()
        f.b.becomeFirstResponder()
        f.c.becomeFirstResponder()
        #expect(f.a.becomeFirstResponder())
        #expect(f.app.firstResponderStack.map(\.responderName) == ["b", "c", "a"])
        #expect(f.a.becomeFirstResponder())
        #expect(f.app.firstResponderStack.map(\.responderName) == ["b", "c", "a"])
    }

    @Test("resigning restores the responder below")
    func resignRestores() {
        let f = ChainFixture()
        f.a.becomeFirstResponder()
        f.b.becomeFirstResponder()
        #expect(f.b.resignFirstResponder())
        #expect(f.app.firstResponder === f.a)
        #expect(f.a.isFirstResponder)
        #expect(!f.b.isFirstResponder)
        #expect(f.a.resignFirstResponder())
        #expect(f.app.firstResponder == nil)
        #expect(f.app.firstResponderStack.isEmpty)
    }

    @Test("resigning from the middle of the stack leaves the top alone")
    func resignFromMiddle() {
        let f = ChainFixture()
        f.a.becomeFirstResponder()
        f.b.becomeFirstResponder()
        f.c.becomeFirstResponder()
        #expect(f.b.resignFirstResponder())
        #expect(f.app.firstResponderStack.map(\.responderName) == ["a", "c"])
    }

    @Test("a first responder that refuses to resign keeps its place")
    func refusalToResign() {
        let f = ChainFixture()
        f.a.acceptsResign = false
        f.a.becomeFirstResponder()
        #expect(!f.b.becomeFirstResponder())
        #expect(f.app.firstResponder === f.a)
        #expect(f.app.firstResponderStack.map(\.responderName) == ["a"])
        #expect(!f.a.resignFirstResponder())
        #expect(f.a.isFirstResponder)
        f.a.acceptsResign = true
        #expect(f.b.becomeFirstResponder())
        #expect(f.app.firstResponder === f.b)
    }

    @Test("only the current first responder is asked to resign")
    func onlyTopIsAsked() {
        let f = ChainFixture()
        f.a.acceptsResign = false
        f.a.becomeFirstResponder()
        f.a.acceptsResign = true
        f.b.becomeFirstResponder()
        f.a.acceptsResign = false
        #expect(f.c.becomeFirstResponder())
        #expect(f.app.firstResponderStack.map(\.responderName) == ["a", "b", "c"])
    }

    @Test("a responder with no application on its chain cannot become first responder")
    func noApplicationOnChain() {
        let log = VisitLog()
        let top = RecordingResponder("top", log: log)
        let orphan = RecordingResponder("orphan", log: log, next: top)
        #expect(!orphan.becomeFirstResponder())
        #expect(!orphan.isFirstResponder)
        let app = RemoteApplication()
        top.next = app
        #expect(orphan.becomeFirstResponder())
        #expect(app.firstResponder === orphan)
    }

    @Test("a responder that cannot become first responder is refused")
    func cannotBecome() {
        let f = ChainFixture()
        f.b.acceptsFirstResponder = false
        #expect(!f.b.becomeFirstResponder())
        #expect(f.app.firstResponderStack.isEmpty)
        #expect(!Responder().becomeFirstResponder())
    }

    @Test("a responder whose chain loops, with no application on it, is refused")
    func loopedChainHasNoApplication() {
        let x = RecordingResponder("x")
        let y = RecordingResponder("y", next: x)
        x.next = y
        #expect(!x.becomeFirstResponder())
    }

    @Test("resigning when not on any stack succeeds and changes nothing")
    func resignWhenNotOnStack() {
        let f = ChainFixture()
        f.a.becomeFirstResponder()
        #expect(f.c.resignFirstResponder())
        #expect(f.app.firstResponderStack.map(\.responderName) == ["a"])
    }

    @Test("joining another application's stack leaves the old one")
    func movesBetweenApplications() {
        let first = RemoteApplication()
        let second = RemoteApplication()
        let r = RecordingResponder("r", next: first)
        r.becomeFirstResponder()
        r.next = second
        #expect(r.becomeFirstResponder())
        #expect(first.firstResponderStack.isEmpty)
        #expect(second.firstResponder === r)
    }

    @Test("the stack keeps its responders alive until they resign")
    func stackOwnsResponders() {
        let f = ChainFixture()
        weak var weakTemporary: RecordingResponder?
        do {
            let temporary = RecordingResponder("temporary", next: f.app)
            temporary.becomeFirstResponder()
            weakTemporary = temporary
        }
        #expect(weakTemporary != nil)
        #expect(f.app.firstResponder === weakTemporary)
        weakTemporary?.resignFirstResponder()
        #expect(weakTemporary == nil)
        #expect(f.app.firstResponder == nil)
    }

    @Test("a responder does not keep its application alive; next becomes nil when it is freed")
    func applicationLinkIsWeak() {
        let r = RecordingResponder("r")
        weak var weakApp: RemoteApplication?
        do {
            let app = RemoteApplication()
            r.next = app
            #expect(r.becomeFirstResponder())
            #expect(r.isFirstResponder)
            weakApp = app
        }
        #expect(weakApp == nil)
        #expect(r.next == nil)
        #expect(!r.isFirstResponder)
    }

    @Test("an ordinary next responder is held strongly")
    func responderLinkIsStrong() {
        let r = RecordingResponder("r")
        weak var weakParent: Responder?
        do {
            let parent = RecordingResponder("parent")
            r.next = parent
            weakParent = parent
        }
        #expect(weakParent != nil)
        #expect(r.next === weakParent)
    }
}
