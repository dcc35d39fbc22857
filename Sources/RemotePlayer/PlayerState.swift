import FoundationEssentials
import Glibc
import MPVPlayer
import SystemPackage
import RemoteBridgeText

/// What survives a restart: the queue, where we were in it, and the settings.
public struct PlayerState: Codable, Equatable, Sendable {
    /// The version of the file format this program reads and writes.
    public static let currentVersion = 1
    /// The file format's version.
    public var version = currentVersion
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
///
/// A kill at any moment leaves either the old file or the new one. The temporary file is created
/// under a random name with `O_CREAT|O_EXCL|O_NOFOLLOW`, so a file or symlink planted in the
/// folder is never written through.
public struct StateStore: Sendable {
    /// The file.
    public let path: String
    /// The largest state file read; a bigger one is treated as broken. The queue's limits
    /// (`QueueLimits`) keep a real one far below this.
    public static let maximumSize = 256 << 20

    /// A store at `path`; a relative path is taken from the working directory.
    public init(path: String) {
        self.path = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// What went wrong reading or writing state.
    public struct Failure: Error, CustomStringConvertible {
        /// The explanation, naming the file.
        public let description: String
    }

    /// The saved state, or nil if there is none yet. Throws if there is a file that is not a
    /// state file this version can read (see `moveAside()`).
    public func load() throws(Failure) -> PlayerState? {
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw Failure(description: "\(path): \(String(cString: strerror(errno)))")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw Failure(description: "\(path): is not a regular file (a folder or a device cannot hold state)")
        }
        guard status.st_size <= Self.maximumSize else {
            throw Failure(description: "\(path): is \(status.st_size) bytes, more than any state file (\(Self.maximumSize) at most)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(description: "\(path): cannot be read (\(String(cString: strerror(errno))); check its permissions)")
        }
        let state: PlayerState
        do {
            state = try JSONDecoder().decode(PlayerState.self, from: data)
        } catch {
            throw Failure(description: "\(path): not a state file (\(Self.explain(error)))")
        }
        guard state.version == PlayerState.currentVersion else {
            throw Failure(description: "\(path): state file version \(state.version); this version of remote-playerd reads version \(PlayerState.currentVersion)")
        }
        return state
    }

    /// Moves an unreadable state file (or folder) aside to `<path>.broken-<UTC time>`, so that a
    /// fresh start never overwrites it. Returns the new path.
    public func moveAside(now: Date = Date()) throws(Failure) -> String {
        var time = time_t(now.timeIntervalSince1970)
        var parts = tm()
        gmtime_r(&time, &parts)
        func digits(_ value: Int32, _ count: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, count - text.count)) + text
        }
        let stamp = digits(parts.tm_year + 1900, 4) + digits(parts.tm_mon + 1, 2) + digits(parts.tm_mday, 2) + "T"
            + digits(parts.tm_hour, 2) + digits(parts.tm_min, 2) + digits(parts.tm_sec, 2) + "Z"
        var destination = "\(path).broken-\(stamp)"
        var suffix = 1
        while access(destination, F_OK) == 0 {
            suffix += 1
            destination = "\(path).broken-\(stamp)-\(suffix)"
        }
        guard rename(path, destination) == 0 else {
            throw Failure(description: "\(path): cannot move it aside to \(destination) (\(String(cString: strerror(errno))))")
        }
        return destination
    }

    /// Creates `directory` and its missing parents, as `mkdir -p` does, private to the user as
    /// the XDG base-directory specification asks.
    private static func createFolders(_ directory: FilePath) throws(Failure) {
        var partial = FilePath(root: directory.root)
        for component in directory.components {
            partial.append(component)
            guard mkdir(partial.string, 0o700) != 0 else { continue }
            let reason = errno
            var info = stat()
            if reason == EEXIST, stat(partial.string, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { continue }
            let why = reason == EEXIST ? "\(partial) is not a folder" : String(cString: strerror(reason))
            throw Failure(description: "\(directory): cannot create the state folder (\(why))")
        }
    }

    /// Writes `state` so that a crash at any moment leaves either the old file or the new one.
    public func save(_ state: PlayerState) throws(Failure) {
        let directory = FilePath(path).removingLastComponent()
        try Self.createFolders(directory)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(state) else { throw Failure(description: "\(path): the state could not be encoded") }
        let (file, temporary) = try createTemporaryFile()
        do {
            // writeAll goes on after short writes and interruptions.
            try file.closeAfter {
                _ = try file.writeAll(data)
                guard fsync(file.rawValue) == 0 else { throw Errno(rawValue: errno) }
            }
        } catch {
            unlink(temporary)
            throw Failure(description: "\(temporary): could not write the state (\(error))")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(description: "\(path): \(reason)")
        }
        let directoryFD = open(directory.string, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            fsync(directoryFD)
            close(directoryFD)
        }
    }

    /// A new file next to the state file, under a random name, never through a symlink.
    private func createTemporaryFile() throws(Failure) -> (FileDescriptor, String) {
        for _ in 0..<8 {
            let temporary = "\(path).tmp-\(String(UInt64.random(in: 0...UInt64.max), radix: 36))"
            do {
                let file = try FileDescriptor.open(
                    FilePath(temporary), .writeOnly, options: [.create, .exclusiveCreate, .noFollow, .closeOnExec],
                    permissions: [.ownerReadWrite])
                return (file, temporary)
            } catch Errno.fileExists {
                continue
            } catch {
                throw Failure(description: "\(temporary): \(error)")
            }
        }
        throw Failure(description: "\(path): could not create a temporary file next to it")
    }

    /// A decoding error in a few words.
    private static func explain(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): "corrupt JSON: \(context.debugDescription)"
        case DecodingError.keyNotFound(let key, _): "no \(key.stringValue) field"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "\(OutsideText.bareOrQuoted(context.codingPath.map(\.stringValue).joined(separator: "."))): \(context.debugDescription)"
        default: "\(error)"
        }
    }
}
