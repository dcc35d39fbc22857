import Foundation
import MPVPlayer

/// What survives a restart: the queue, where we were in it, and the settings.
public struct PlayerState: Codable, Equatable, Sendable {
    /// The file format's version.
    public var version = 1
    /// The queue, with any tags that were given for its entries.
    public var queue: [QueueItem]
    /// The current entry's index in `queue`.
    public var currentIndex: Int?
    /// The position in the current entry, in seconds.
    public var position: Double
    /// The volume, 1.0 being 100%.
    public var volume: Double
    /// The loop mode.
    public var loop: MPVPlayer.Loop
    /// Whether the queue was shuffled.
    public var shuffle: Bool

    /// Makes a state.
    public init(queue: [QueueItem], currentIndex: Int?, position: Double, volume: Double, loop: MPVPlayer.Loop, shuffle: Bool) {
        self.queue = queue
        self.currentIndex = currentIndex
        self.position = position
        self.volume = volume
        self.loop = loop
        self.shuffle = shuffle
    }
}

/// Reads and writes `state.json` atomically: a temporary file, fsync, rename, fsync of the folder.
public struct StateStore: Sendable {
    /// The file.
    public let path: String

    /// A store at `path`.
    public init(path: String) {
        self.path = path
    }

    /// `$XDG_STATE_HOME/remotebridge/state.json` (or `~/.local/state/…`).
    public static var defaultPath: String {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory() + "/.local/state"
        return base + "/remotebridge/state.json"
    }

    /// What went wrong reading or writing state.
    public struct Failure: Error, CustomStringConvertible {
        /// The explanation, naming the file.
        public let description: String
    }

    /// The saved state, or nil if there is none yet.
    public func load() throws(Failure) -> PlayerState? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(description: "\(path): cannot be read (check its permissions)")
        }
        do {
            return try JSONDecoder().decode(PlayerState.self, from: data)
        } catch {
            throw Failure(description: "\(path): not a state file this version understands (\(error)); move it aside to start fresh")
        }
    }

    /// Writes `state` so that a crash at any moment leaves either the old file or the new one.
    public func save(_ state: PlayerState) throws(Failure) {
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw Failure(description: "\(directory): cannot create the state folder (\(error.localizedDescription))")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(state) else { throw Failure(description: "\(path): the state could not be encoded") }
        let temporary = "\(path).tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Failure(description: "\(temporary): \(String(cString: strerror(errno)))") }
        let written = data.withUnsafeBytes { buffer in write(fd, buffer.baseAddress, buffer.count) }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == data.count, synced else {
            unlink(temporary)
            throw Failure(description: "\(temporary): could not write the state (disk full?)")
        }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw Failure(description: "\(path): \(String(cString: strerror(errno)))")
        }
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            fsync(directoryFD)
            close(directoryFD)
        }
    }
}
