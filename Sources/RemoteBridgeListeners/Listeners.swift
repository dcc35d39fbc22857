// SPDX-License-Identifier: Apache-2.0
/// The one way a component announces what happened: its own `Announcement` enum, and a list of
/// listeners that any number of others join and leave without touching each other.
///
/// A component holds `public let listeners = Listeners<Announcement>()` and calls `announce(_:)`.
/// Listeners are called synchronously, on the main actor, in the order they were added, so an
/// announcement is handled by everyone before the component goes on (no task hop, no wakeup,
/// no reordering against the component's next step). A listener added or removed during an
/// announcement takes effect from the next one.
///
/// An announcement is not a remote-control event (`RemoteControlEvent`): it is what a
/// component tells others about itself, and one may carry an event (`RemoteApplication`'s
/// `.delivered`).
@MainActor
public final class Listeners<Announcement> {
    // Inlinable, and without dynamic exclusivity checks: `announce` and `isEmpty` run on every
    // remote-control event (`RemoteApplication`), where an opaque call and two access checks
    // cost more than the delivery itself. No access to it overlaps another: `announce` iterates
    // a copy, so a listener may add or remove listeners while it runs.
    @usableFromInline @exclusivity(unchecked) var entries: [(id: ListenerID, call: @MainActor (Announcement) -> Void)] = []
    private var nextID: UInt64 = 0

    /// An empty list.
    public init() {}

    /// Adds `listener`, called with each announcement from now on; the ID takes it off again.
    @discardableResult
    public func add(_ listener: @escaping @MainActor (Announcement) -> Void) -> ListenerID {
        nextID += 1
        let id = ListenerID(value: nextID)
        entries.append((id, listener))
        return id
    }

    /// Takes the listener `id` off; nothing if it is not on.
    public func remove(_ id: ListenerID) {
        entries.removeAll { $0.id == id }
    }

    /// Calls every listener with `announcement`, in the order they were added.
    @inlinable
    public func announce(_ announcement: Announcement) {
        for entry in entries { entry.call(announcement) }
    }

    /// Whether nobody listens (a component may skip building an announcement nobody hears).
    @inlinable
    public var isEmpty: Bool { entries.isEmpty }

    /// How many listeners there are.
    public var count: Int { entries.count }
}

/// One listener on a `Listeners` list, to take it off with `Listeners.remove(_:)`.
public struct ListenerID: Hashable, Sendable {
    let value: UInt64
}
