// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeListeners
import Testing

@MainActor
@Suite("Listeners: announcements to any number of listeners")
struct ListenersTests {
    @Test("every listener hears each announcement, in the order they were added")
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

    @Test("a listener added during an announcement hears from the next one on")
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
}
