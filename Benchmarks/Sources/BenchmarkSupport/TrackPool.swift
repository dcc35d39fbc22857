// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeMPRIS

/// Track ids for the load clients to remove, each handed out once: taken from `Tracks`, read
/// again whenever the pool runs dry (so the ids of entries added since are used too), leaving
/// out ids being removed or removed already.
///
/// The last entry is never handed out (entries are added at the start, so it stays the last):
/// removing the current entry when it is the last stops remote-playerd and forgets its place,
/// after which Next and Previous do nothing. A queue of 10 got there within a second, and its
/// figures were those of a stopped player, whose transport calls cost nothing, against a
/// playing one at 100 000.
@MainActor
final class TrackPool {
    private let busName: String
    private var ids: [String] = []
    private var taken: Set<String> = []
    private var refilling = false

    /// Ids of the player at `busName`.
    init(busName: String) {
        self.busName = busName
    }

    /// An id no client has had before, or nil when the queue has none left to give.
    func take(on connection: DBusConnection) async -> String? {
        if ids.isEmpty, !refilling {
            refilling = true
            let tracks = try? await connection.getProperty(busName, MPRISNames.objectPath, TrackListInterface.tracks)
            refilling = false
            ids = (tracks?.stringArrayValue ?? []).dropLast().filter { !taken.contains($0) }.shuffled()
        }
        guard let id = ids.popLast() else { return nil }
        taken.insert(id)
        return id
    }
}
