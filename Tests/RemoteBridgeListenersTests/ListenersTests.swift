import RemoteBridgeListeners
import Testing

@MainActor
@Suite("Listeners: events to any number of listeners")
struct ListenersTests {
    @Test("every listener hears each event, in the order they were added")
    func everyListenerInOrder() {
        let listeners = Listeners<Int>()
        var heard: [String] = []
        listeners.add { heard.append("a\($0)") }
        listeners.add { heard.append("b\($0)") }
        listeners.announce(1)
        listeners.announce(2)
        #expect(heard == ["a1", "b1", "a2", "b2"])
    }

    @Test("a removed listener hears nothing more, and the others are untouched")
    func removal() {
        let listeners = Listeners<Int>()
        var heard: [String] = []
        let a = listeners.add { heard.append("a\($0)") }
        listeners.add { heard.append("b\($0)") }
        listeners.remove(a)
        listeners.remove(a)
        listeners.announce(3)
        #expect(heard == ["b3"])
        #expect(listeners.count == 1)
    }

    @Test("a listener added while an event is announced hears from the next event on")
    func addedDuringAnnounce() {
        let listeners = Listeners<Int>()
        var heard: [String] = []
        listeners.add { event in
            heard.append("a\(event)")
            if event == 1 { listeners.add { heard.append("late\($0)") } }
        }
        listeners.announce(1)
        listeners.announce(2)
        #expect(heard == ["a1", "a2", "late2"])
    }

    @Test("a listener that removes itself while announced is not called again")
    func removedDuringAnnounce() {
        let listeners = Listeners<Int>()
        var heard: [Int] = []
        final class Own { var id: ListenerID? }
        let own = Own()
        own.id = listeners.add { event in
            heard.append(event)
            if let id = own.id { listeners.remove(id) }
        }
        listeners.announce(1)
        listeners.announce(2)
        #expect(heard == [1])
        #expect(listeners.isEmpty)
    }

    @Test("firstAdded runs when a listener joins an empty list, and only then")
    func firstAdded() {
        var started = 0
        let listeners = Listeners<Void>(firstAdded: { started += 1 })
        #expect(started == 0)
        let a = listeners.add { _ in }
        let b = listeners.add { _ in }
        #expect(started == 1)
        listeners.remove(a)
        listeners.remove(b)
        listeners.add { _ in }
        #expect(started == 2)
    }
}
