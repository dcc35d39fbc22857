// SPDX-License-Identifier: Apache-2.0
import Dispatch
import Glibc

/// One inotify instance for all of a process's folder watches. The kernel gives each user only
/// 128 instances (`fs.inotify.max_user_instances`) across all their programs, and a reader per
/// device with an instance of its own took one each; here a process takes one, however many
/// folders it watches.
@MainActor
final class FolderEvents {
    /// The process's instance, opened on first use and kept for the process's life.
    static let shared = FolderEvents()

    /// What a watch is told: entries created, changed (attributes), removed or moved.
    static let mask = UInt32(IN_CREATE | IN_ATTRIB | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM)

    private var descriptor: Int32 = -1
    private var source: (any DispatchSourceRead)?
    /// The callbacks of each watch descriptor (the kernel gives one folder one descriptor), by token.
    private var handlers: [Int32: [Int: @MainActor () -> Void]] = [:]
    private var nextToken = 0

    private init() {}

    /// Watches `directory`, calling `handler` on each batch of changes in it; nil if inotify
    /// cannot (errno says why).
    func add(_ directory: String, _ handler: @escaping @MainActor () -> Void) -> (descriptor: Int32, token: Int)? {
        guard open() else { return nil }
        let watch = inotify_add_watch(descriptor, directory, Self.mask)
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

    /// Reads what is pending and calls each changed folder's handlers once.
    private func readEvents() {
        var changed: [Int32] = []
        var gone: Set<Int32> = []
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            for event in InotifyEvent.parse(buffer[..<count]) {
                if !changed.contains(event.watch) { changed.append(event.watch) }
                if event.mask & UInt32(IN_IGNORED) != 0 { gone.insert(event.watch) }
            }
        }
        for watch in changed {
            for handler in handlers[watch]?.values.map({ $0 }) ?? [] { handler() }
            // The folder itself went away: the kernel dropped its watch.
            if gone.contains(watch) { handlers[watch] = nil }
        }
    }
}
