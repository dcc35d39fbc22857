// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc
import RemoteBridgeStateFile
import SystemPackage

/// Reads and writes the state file (`StateFileFormat`): a snapshot, rewritten whole and
/// atomically by `save`, then a journal of edits that `append` adds to durably.
///
/// A full save writes a temporary file under a random name (`O_CREAT|O_EXCL|O_NOFOLLOW`, so a
/// file or symlink planted in the folder is never written through), fsyncs it, renames it into
/// place and fsyncs the folder. An append writes one record of edits after the last whole
/// record and fdatasyncs it. A kill at any moment leaves the old state or the new one: a record
/// cut short is ignored at load, and cut off before the next append.
///
/// A version-1 file (JSON, from earlier releases) is read and migrated: the first full save
/// writes the current format (version 2, or 3 for a shuffled queue) and keeps the old file as
/// `<its path>.v1`, never deleting it.
public struct StateStore: Sendable {
    /// The file.
    public let path: String
    /// A version-1 file read when `path` does not exist yet (the old default name).
    public let legacyPath: String?
    /// The largest state file read; a bigger one is treated as broken. The queue's limits
    /// (`QueueLimits`) keep a real one far below this.
    public static let maximumSize = StateFileBytes.maximumSize
    /// The journal may grow to the snapshot's size, or to this when the snapshot is smaller,
    /// before the next write is a full save (compaction).
    public static let minimumJournalBound = 1 << 20
    /// What this store knows of its file, shared by its copies.
    private let tail = StateFileTail()

    /// A store at `path`; a relative path is taken from the working directory. With
    /// `legacyPath`, a version-1 file there is read when `path` does not exist yet.
    public init(path: String, migratingFrom legacyPath: String? = nil) {
        self.path = Self.absolute(path)
        self.legacyPath = legacyPath.map(Self.absolute)
    }

    /// What went wrong reading or writing state.
    public struct Failure: Error, CustomStringConvertible {
        /// The explanation, naming the file.
        public let description: String
    }

    /// The parts of the file this store last read or wrote.
    public struct Layout: Sendable, Equatable {
        /// The header and snapshot's bytes.
        public var snapshotSize: Int
        /// The journal's bytes.
        public var journalSize: Int
        /// The bytes of a torn tail found at load (ignored, and cut off at the next append).
        public var tornSize: Int
    }

    /// The file's layout, or nil when there is no file of this store's in the current format (version 2, 3 or 4) to append to
    /// (none was read or written yet, or the last write failed): the next write must be `save`.
    public var layout: Layout? {
        let known = tail.current
        guard known.end != nil else { return nil }
        return Layout(snapshotSize: known.snapshotSize, journalSize: known.journalSize, tornSize: known.tornSize)
    }

    /// Whether the journal has grown past its bound (the snapshot's size, or
    /// `minimumJournalBound` if that is larger), so that the next write should be a full save.
    public var needsCompaction: Bool {
        guard let layout else { return true }
        return layout.journalSize > max(layout.snapshotSize, Self.minimumJournalBound)
    }

    /// The saved state, or nil if there is none yet: the file at `path`, else a version-1 file at
    /// `legacyPath`. Throws if there is a file that is not a state file this version can read
    /// (see `moveAside()`).
    public func load() throws(Failure) -> PlayerState? {
        tail.update { $0 = StateFileTail.Known() }
        if let state = try read(path, appendable: true) { return state }
        guard let legacyPath, legacyPath != path else { return nil }
        return try read(legacyPath, appendable: false)
    }

    /// The state in the file at `file`, or nil if there is no such file. With `appendable`, a
    /// file in the current format becomes the one `append` adds to.
    private func read(_ file: String, appendable: Bool) throws(Failure) -> PlayerState? {
        let read: StateFileBytes
        do throws(StateFileBytes.Failure) {
            guard let contents = try StateFileBytes.read(file) else { return nil }
            read = contents
        } catch {
            throw Failure(description: "\(file): \(error.description)")
        }
        return try read.bytes.withUnsafeBytes { bytes in
            Result { () throws(Failure) in try state(in: bytes, of: read, file: file, appendable: appendable) }
        }.get()
    }

    /// The state in `bytes`, the contents of `file` as `read` found it.
    private func state(in bytes: UnsafeRawBufferPointer, of read: StateFileBytes, file: String, appendable: Bool) throws(Failure) -> PlayerState {
        do throws(StateFileDecoder.Refusal) {
            if StateFileRecords.hasMagic(bytes) {
                let contents = try StateFileDecoder.decode(bytes)
                tail.update { known in
                    if appendable {
                        known.end = contents.validSize
                        known.snapshotSize = contents.snapshotSize
                        known.journalSize = contents.validSize - contents.snapshotSize
                        known.tornSize = contents.tornSize
                        known.identity = (read.device, read.inode)
                    } else {
                        known.retire = file
                    }
                }
                return contents.state
            }
            guard LegacyStateFile.looksLikeJSON(bytes) else { throw StateFileDecoder.Refusal(description: "not a state file") }
            let state = try LegacyStateFile.decode(Data(bytes))
            tail.update { $0.retire = file }
            return state
        } catch {
            throw Failure(description: "\(file): \(error.description)")
        }
    }

    /// Writes `state` whole, with an empty journal, so that a crash at any moment leaves either
    /// the old file or the new one. A version-1 file read at load is kept as `<its path>.v1`.
    public func save(_ state: PlayerState) throws(Failure) {
        let bytes: [UInt8]
        do throws(StateFileEncoder.Refusal) {
            bytes = try StateFileEncoder.file(for: state)
        } catch {
            throw Failure(description: "\(path): the state cannot be written: \(error.description)")
        }
        tail.forget()
        let directory = FilePath(path).removingLastComponent()
        try Self.createFolders(directory)
        let (file, temporary) = try createTemporaryFile()
        var identity: (device: UInt64, inode: UInt64)?
        do {
            // writeAll goes on after short writes and interruptions.
            try file.closeAfter {
                _ = try bytes.withUnsafeBytes { try file.writeAll($0) }
                guard fsync(file.rawValue) == 0 else { throw Errno(rawValue: errno) }
                identity = StateFileTail.identity(of: file.rawValue)
            }
        } catch {
            unlink(temporary)
            throw Failure(description: "\(temporary): could not write the state (\(error))")
        }
        let retire = tail.current.retire
        if retire == path {
            // The version-1 file is about to be replaced: its bytes stay under another name.
            let kept = Self.unusedName(path + ".v1")
            guard link(path, kept) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(temporary)
                throw Failure(description: "\(path): cannot keep the version-1 state as \(kept) before replacing it (\(reason)); nothing was written")
            }
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(description: "\(path): \(reason)")
        }
        Self.syncFolder(directory)
        var retired = retire == path
        if let retire, retire != path {
            // The new file is in place: the old one is kept aside, under a name never read.
            retired = rename(retire, Self.unusedName(retire + ".v1")) == 0
            Self.syncFolder(FilePath(retire).removingLastComponent())
        }
        tail.update { known in
            known.end = bytes.count
            known.snapshotSize = bytes.count
            known.journalSize = 0
            known.tornSize = 0
            known.identity = identity
            if retired { known.retire = nil }
        }
    }

    /// Adds `edits` to the journal as one record, durably (fdatasync) before it returns. A torn
    /// tail is cut off first. Throws, and forgets the file so that the next write is a full
    /// save, if there is no file of this store's to add to or it has been replaced meanwhile.
    public func append(_ edits: [StateEdit]) throws(Failure) {
        guard !edits.isEmpty else { return }
        let known = tail.current
        guard let end = known.end, let identity = known.identity else {
            throw Failure(description: "\(path): there is no state file of this run to add to; the state must be saved whole")
        }
        let record: [UInt8]
        do throws(StateFileEncoder.Refusal) {
            record = try StateFileEncoder.record(for: edits)
        } catch {
            throw Failure(description: "\(path): the change cannot be written: \(error.description)")
        }
        tail.forget()
        let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { throw Failure(description: "\(path): cannot be opened to add to (\(String(cString: strerror(errno))))") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, UInt64(status.st_dev) == identity.device, UInt64(status.st_ino) == identity.inode,
            status.st_size >= end
        else {
            throw Failure(description: "\(path): was replaced or cut short by something else since it was read; the state must be saved whole")
        }
        guard status.st_size == end || ftruncate(descriptor, off_t(end)) == 0 else {
            throw Failure(description: "\(path): cannot cut off the end of an interrupted write (\(String(cString: strerror(errno))))")
        }
        var written = 0
        while written < record.count {
            let count = record.withUnsafeBytes { pwrite(descriptor, $0.baseAddress! + written, $0.count - written, off_t(end + written)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let reason = String(cString: strerror(errno))
                _ = ftruncate(descriptor, off_t(end))
                throw Failure(description: "\(path): could not add to the state (\(reason))")
            }
            written += count
        }
        guard fdatasync(descriptor) == 0 else {
            throw Failure(description: "\(path): could not add to the state (\(String(cString: strerror(errno))))")
        }
        tail.update { known in
            known.end = end + record.count
            known.journalSize += record.count
            known.tornSize = 0
        }
    }

    /// Moves an unreadable state file (or folder) aside to `<path>.broken-<UTC time>`, so that a
    /// fresh start never overwrites it: the file at `path`, or if there is none the version-1
    /// file at `legacyPath` that `load()` read instead. Returns the new path.
    public func moveAside(now: Date = Date()) throws(Failure) -> String {
        tail.update { $0 = StateFileTail.Known() }
        var info = stat()
        let file = lstat(path, &info) != 0 ? legacyPath ?? path : path
        var time = time_t(now.timeIntervalSince1970)
        var parts = tm()
        gmtime_r(&time, &parts)
        func digits(_ value: Int32, _ count: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, count - text.count)) + text
        }
        let stamp = digits(parts.tm_year + 1900, 4) + digits(parts.tm_mon + 1, 2) + digits(parts.tm_mday, 2) + "T"
            + digits(parts.tm_hour, 2) + digits(parts.tm_min, 2) + digits(parts.tm_sec, 2) + "Z"
        let destination = Self.unusedName("\(file).broken-\(stamp)")
        guard rename(file, destination) == 0 else {
            throw Failure(description: "\(file): cannot move it aside to \(destination) (\(String(cString: strerror(errno))))")
        }
        return destination
    }

    /// `name`, or `name-2`, `name-3`… the first that nothing is called yet.
    private static func unusedName(_ name: String) -> String {
        var candidate = name
        var suffix = 1
        var info = stat()
        while lstat(candidate, &info) == 0 {
            suffix += 1
            candidate = "\(name)-\(suffix)"
        }
        return candidate
    }

    /// `path` made absolute from the working directory.
    private static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
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

    /// Makes a rename in `directory` durable.
    private static func syncFolder(_ directory: FilePath) {
        let descriptor = open(directory.string, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
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
}
