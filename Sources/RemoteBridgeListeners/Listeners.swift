/// The one way a component announces what happened: its own `Event` enum, and a list of
/// listeners that any number of others join and leave without touching each other.
///
/// A component holds `public let listeners = Listeners<Event>()` and calls `announce(_:)`.
/// Listeners are called synchronously, on the main actor, in the order they were added, so an
/// event is handled by everyone before the component goes on (no task hop, no wakeup, no
/// reordering against the component's next event). A listener added or removed while an event
/// is being announced takes effect from the next event.
@MainActor
public final class Listeners<Event> {
    private var entries: [(id: ListenerID, call: @MainActor (Event) -> Void)] = []
    private var nextID: UInt64 = 0
    private let firstAdded: (@MainActor () -> Void)?

    /// An empty list. `firstAdded` runs whenever a listener joins an empty list, for a component
    /// that only does the work behind an event once somebody listens.
    public init(firstAdded: (@MainActor () -> Void)? = nil) {
        self.firstAdded = firstAdded
    }

    /// Adds `listener`, called with each event from now on; the ID takes it off again.
    @discardableResult
    public func add(_ listener: @escaping @MainActor (Event) -> Void) -> ListenerID {
        nextID += 1
        let id = ListenerID(value: nextID)
        entries.append((id, listener))
        if entries.count == 1 { firstAdded?() }
        return id
    }

    /// Takes the listener `id` off; nothing if it is not on.
    public func remove(_ id: ListenerID) {
        entries.removeAll { $0.id == id }
    }

    /// Calls every listener with `event`, in the order they were added.
    public func announce(_ event: Event) {
        for entry in entries { entry.call(event) }
    }

    /// Whether nobody listens (a component may skip building an event nobody hears).
    public var isEmpty: Bool { entries.isEmpty }

    /// How many listeners there are.
    public var count: Int { entries.count }
}

/// One listener on a `Listeners` list, to take it off with `Listeners.remove(_:)`.
public struct ListenerID: Hashable, Sendable {
    let value: UInt64
}
