// SPDX-License-Identifier: Apache-2.0
import Dispatch
import Glibc

/// One change inotify reported in a watched folder: what happened, and to which entry.
public struct FolderChange: Sendable, Equatable {
    /// What happened.
    public enum Kind: Sendable, Equatable {
        /// An entry was made in the folder (`IN_CREATE`): a file, a folder, a socket bound there.
        case created
        /// An entry was moved (renamed) into the folder (`IN_MOVED_TO`).
        case movedIn
        /// An entry's attributes changed (`IN_ATTRIB`): its mode, owner, times or links.
        case attributesChanged
        /// An entry was removed (`IN_DELETE`).
        case removed
        /// An entry was moved (renamed) out of the folder (`IN_MOVED_FROM`).
        case movedOut
        /// The folder itself was removed, moved or unmounted (`IN_DELETE_SELF`, `IN_MOVE_SELF`,
        /// `IN_UNMOUNT`, `IN_IGNORED`): its path may lead elsewhere now, or nowhere.
        case folderGone
        /// The kernel's queue overflowed (`IN_Q_OVERFLOW`) and changes were lost: anything in
        /// the folder may have changed. Every watch of the process is told.
        case overflow
    }

    /// What happened.
    public var kind: Kind
    /// The entry's name in the folder; empty for `folderGone` and `overflow`. A name that is
    /// not UTF-8 is decoded with replacement characters.
    public var name: String

    /// Makes a change.
    public init(_ kind: Kind, name: String = "") {
        self.kind = kind
        self.name = name
    }

    /// The change one inotify event says, if it is one a watch is told of.
    init?(_ event: InotifyEvent) {
        let mask = event.mask
        func has(_ bit: Int32) -> Bool { mask & UInt32(bit) != 0 }
        if has(IN_Q_OVERFLOW) {
            self.init(.overflow)
        } else if has(IN_IGNORED) || has(IN_DELETE_SELF) || has(IN_MOVE_SELF) || has(IN_UNMOUNT) {
            self.init(.folderGone)
        } else if has(IN_CREATE) {
            self.init(.created, name: event.name)
        } else if has(IN_MOVED_TO) {
            self.init(.movedIn, name: event.name)
        } else if has(IN_ATTRIB) {
            self.init(.attributesChanged, name: event.name)
        } else if has(IN_DELETE) {
            self.init(.removed, name: event.name)
        } else if has(IN_MOVED_FROM) {
            self.init(.movedOut, name: event.name)
        } else {
            return nil
        }
    }
}

/// One inotify instance for all of a process's folder watches. The kernel gives each user only
/// 128 instances (`fs.inotify.max_user_instances`) across all their programs, and a reader per
/// device with an instance of its own took one each; here a process takes one, however many
/// folders it watches.
@MainActor
final class FolderEvents {
    /// The process's instance, opened on first use and kept for the process's life.
    static let shared = FolderEvents()

    /// What a watch is told by default: entries created, changed (attributes), removed or moved,
    /// and the folder itself removed or moved (`IN_IGNORED` and `IN_UNMOUNT` come unasked).
    static let mask = UInt32(IN_CREATE | IN_ATTRIB | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM | IN_DELETE_SELF | IN_MOVE_SELF)
    /// What a watch for entries to be made is told: entries created or moved in, and the folder
    /// itself removed or moved. Nothing else wakes the process, however busy the folder is with
    /// other changes (a link count, a time).
    static let entriesMadeMask = UInt32(IN_CREATE | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF)
    /// `entriesMadeMask`, and entries' attributes changed (a mode).
    static let entriesMadeOrChangedMask = entriesMadeMask | UInt32(IN_ATTRIB)

    /// What a watch's handler is given: the changes of one batch, in the kernel's order.
    typealias Handler = @MainActor ([FolderChange]) -> Void

    private var descriptor: Int32 = -1
    private var source: (any DispatchSourceRead)?
    /// The callbacks of each watch descriptor (the kernel gives one folder one descriptor), by token.
    private var handlers: [Int32: [Int: Handler]] = [:]
    private var nextToken = 0

    private init() {}

    /// Watches `directory` for the changes `mask` names, calling `handler` with each batch of
    /// changes in it; nil if inotify cannot (errno says why). The kernel keeps one watch a folder:
    /// a second watch of it adds its mask to the first's (`IN_MASK_ADD`), and each handler is
    /// told every change of the folder.
    func add(_ directory: String, mask: UInt32 = FolderEvents.mask, _ handler: @escaping Handler) -> (descriptor: Int32, token: Int)? {
        guard open() else { return nil }
        let watch = inotify_add_watch(descriptor, directory, mask | UInt32(IN_MASK_ADD))
        guard watch >= 0 else { return nil }
        nextToken += 1
        handlers[watch, default: [:]][nextToken] = handler
        return (watch, nextToken)
    }

    /// Stops calling the handler with `token`; the folder's watch goes with its last handler.
    func remove(_ watch: Int32, token: Int) {
        guard handlers[watch]?.removeValue(forKey: token) != nil, handlers[watch]?.isEmpty == true else { return }
        handlers[watch] = nil
        inotify_rm_watch(descriptor, watch)
    }

    private func open() -> Bool {
        guard descriptor < 0 else { return true }
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return false }
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
        source.setEventHandler { MainActor.assumeIsolated { FolderEvents.shared.readEvents() } }
        self.source = source
        source.resume()
        return true
    }

    /// Reads what is pending and calls each changed folder's handlers once, with its changes.
    /// An overflow is told to every watch.
    private func readEvents() {
        var order: [Int32] = []
        var changes: [Int32: [FolderChange]] = [:]
        var gone: Set<Int32> = []
        var overflowed = false
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            for event in InotifyEvent.parse(buffer[..<count]) {
                guard let change = FolderChange(event) else { continue }
                if change.kind == .overflow {
                    overflowed = true
                    continue
                }
                if changes[event.watch] == nil { order.append(event.watch) }
                changes[event.watch, default: []].append(change)
                if event.mask & UInt32(IN_IGNORED) != 0 { gone.insert(event.watch) }
            }
        }
        if overflowed {
            for watch in handlers.keys where changes[watch] == nil { order.append(watch) }
            for watch in order { changes[watch, default: []].append(FolderChange(.overflow)) }
        }
        for watch in order {
            let batch = changes[watch] ?? []
            for handler in handlers[watch]?.values.map({ $0 }) ?? [] { handler(batch) }
            // The folder itself went away: the kernel dropped its watch.
            if gone.contains(watch) { handlers[watch] = nil }
        }
    }
}
