// SPDX-License-Identifier: Apache-2.0
/// What the daemon asks of the engine: one frame each (`EngineWire`). Requests with a serial
/// are answered by an `EngineMessage.reply` with the same serial; the others are not answered.
package enum EngineRequest: Sendable, Equatable {
    /// The first request: the protocol version the daemon speaks (`EngineProtocol.version`), then
    /// confine the engine, hiding these sockets (the buses: the engine's environment names none),
    /// start mpv with these options (in order), observe these properties, stop at these hooks.
    /// Answered by `.ready`, which echoes the engine's version; an engine of another version
    /// answers with its own and an error, and does nothing more.
    case start(version: UInt32, hiddenSockets: [String], options: [EngineOption], observed: [String], hooks: [String])
    /// Hands mpv a file: `loadfile url mode` with, from `start` seconds on if given. The daemon
    /// names the playlist entry `key` (positive, never reused by the daemon): every event and
    /// playlist the engine sends names entries by their keys (0: an entry mpv added by itself).
    case load(serial: UInt64, key: Int64, url: String, mode: EngineLoadMode, start: Double?)
    /// Removes the playlist entry named `key`, wherever it is by then; answered with a flag,
    /// whether it was there.
    case remove(serial: UInt64, key: Int64)
    /// Removes every playlist entry mpv added by itself (a playlist file's items); answered with
    /// the array of their file names.
    case removeForeign(serial: UInt64)
    /// Runs a command given as an argv array (`mpv_command_ret`, never the string form).
    case command(serial: UInt64, arguments: [String])
    /// Sets a property from a string.
    case setString(serial: UInt64, name: String, value: String)
    /// Sets a number property.
    case setDouble(serial: UInt64, name: String, value: Double)
    /// Sets a property from a string, unanswered.
    case setAsynchronously(name: String, value: String)
    /// Reads a property as a node.
    case get(serial: UInt64, name: String)
    /// Reads a number property.
    case getDouble(serial: UInt64, name: String)
    /// Asks for change events of a property from now on.
    case observe(name: String)
    /// Lets mpv go on from the hook whose event carried `id`.
    case continueHook(id: UInt64)
    /// Tries something the confinement should refuse, from inside the engine, and answers with
    /// the errno it met (0: it worked): what tests and `remotectl doctor` check the walls with.
    case probe(serial: UInt64, probe: EngineProbe)
    /// Quits mpv and ends the process.
    case quit

    package func encoded() -> [UInt8] {
        switch self {
        case .start(let version, let hidden, let options, let observed, let hooks):
            var writer = EngineWire.Writer(kind: 1)
            writer.uint32(version)
            writer.strings(hidden)
            writer.strings(options.map(\.name))
            writer.strings(options.map(\.value))
            writer.strings(observed)
            writer.strings(hooks)
            return writer.frame
        case .command(let serial, let arguments):
            var writer = EngineWire.Writer(kind: 2)
            writer.uint64(serial)
            writer.strings(arguments)
            return writer.frame
        case .setString(let serial, let name, let value):
            var writer = EngineWire.Writer(kind: 3)
            writer.uint64(serial)
            writer.string(name)
            writer.string(value)
            return writer.frame
        case .setDouble(let serial, let name, let value):
            var writer = EngineWire.Writer(kind: 4)
            writer.uint64(serial)
            writer.string(name)
            writer.double(value)
            return writer.frame
        case .setAsynchronously(let name, let value):
            var writer = EngineWire.Writer(kind: 5)
            writer.string(name)
            writer.string(value)
            return writer.frame
        case .get(let serial, let name):
            var writer = EngineWire.Writer(kind: 6)
            writer.uint64(serial)
            writer.string(name)
            return writer.frame
        case .getDouble(let serial, let name):
            var writer = EngineWire.Writer(kind: 7)
            writer.uint64(serial)
            writer.string(name)
            return writer.frame
        case .observe(let name):
            var writer = EngineWire.Writer(kind: 8)
            writer.string(name)
            return writer.frame
        case .continueHook(let id):
            var writer = EngineWire.Writer(kind: 9)
            writer.uint64(id)
            return writer.frame
        case .probe(let serial, let probe):
            var writer = EngineWire.Writer(kind: 10)
            writer.uint64(serial)
            probe.encode(into: &writer)
            return writer.frame
        case .quit:
            return EngineWire.Writer(kind: 11).frame
        case .load(let serial, let key, let url, let mode, let start):
            var writer = EngineWire.Writer(kind: 12)
            writer.uint64(serial)
            writer.int64(key)
            writer.string(url)
            writer.byte(mode.rawValue)
            writer.flag(start != nil)
            writer.double(start ?? 0)
            return writer.frame
        case .remove(let serial, let key):
            var writer = EngineWire.Writer(kind: 13)
            writer.uint64(serial)
            writer.int64(key)
            return writer.frame
        case .removeForeign(let serial):
            var writer = EngineWire.Writer(kind: 14)
            writer.uint64(serial)
            return writer.frame
        }
    }

    package init(body: [UInt8]) throws(EngineWire.Malformed) {
        var reader = try EngineWire.Reader(body: body)
        switch reader.kind {
        case 1:
            let version = try reader.uint32()
            guard version == EngineProtocol.version else { throw EngineWire.Malformed("a start of protocol version \(version)") }
            let hidden = try reader.strings()
            let names = try reader.strings()
            let values = try reader.strings()
            guard names.count == values.count else { throw EngineWire.Malformed("options without values") }
            self = .start(version: version, hiddenSockets: hidden, options: zip(names, values).map { EngineOption(name: $0, value: $1) }, observed: try reader.strings(), hooks: try reader.strings())
        case 2: self = .command(serial: try reader.uint64(), arguments: try reader.strings())
        case 3: self = .setString(serial: try reader.uint64(), name: try reader.string(), value: try reader.string())
        case 4: self = .setDouble(serial: try reader.uint64(), name: try reader.string(), value: try reader.double())
        case 5: self = .setAsynchronously(name: try reader.string(), value: try reader.string())
        case 6: self = .get(serial: try reader.uint64(), name: try reader.string())
        case 7: self = .getDouble(serial: try reader.uint64(), name: try reader.string())
        case 8: self = .observe(name: try reader.string())
        case 9: self = .continueHook(id: try reader.uint64())
        case 10: self = .probe(serial: try reader.uint64(), probe: try EngineProbe(from: &reader))
        case 11: self = .quit
        case 12:
            let (serial, key, url) = (try reader.uint64(), try reader.int64(), try reader.string())
            guard let mode = EngineLoadMode(rawValue: try reader.byte()) else { throw EngineWire.Malformed("a load of unknown mode") }
            let hasStart = try reader.flag()
            let start = try reader.double()
            self = .load(serial: serial, key: key, url: url, mode: mode, start: hasStart ? start : nil)
        case 13: self = .remove(serial: try reader.uint64(), key: try reader.int64())
        case 14: self = .removeForeign(serial: try reader.uint64())
        case let kind: throw EngineWire.Malformed("a request of unknown kind \(kind)")
        }
    }
}

/// How `EngineRequest.load` hands mpv its file.
package enum EngineLoadMode: UInt8, Sendable, Equatable {
    /// In place of the whole playlist, to play now.
    case replace = 1
    /// At the playlist's end, to play after the rest.
    case append = 2

    /// loadfile's word for it.
    package var word: String {
        switch self {
        case .replace: "replace"
        case .append: "append"
        }
    }
}

/// An mpv option, by name, with its value as mpv parses it.
package struct EngineOption: Sendable, Equatable {
    package var name: String
    package var value: String
    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// Something the confinement should refuse, tried from inside the engine.
package enum EngineProbe: Sendable, Equatable {
    /// Connect a stream socket to this unix socket path (`@name`: an abstract one).
    case connectUnix(path: String)
    /// Create (then remove) a file at this path.
    case createFile(path: String)
    /// Start a program (execve).
    case execute

    func encode(into writer: inout EngineWire.Writer) {
        switch self {
        case .connectUnix(let path): writer.byte(1); writer.string(path)
        case .createFile(let path): writer.byte(2); writer.string(path)
        case .execute: writer.byte(3)
        }
    }

    init(from reader: inout EngineWire.Reader) throws(EngineWire.Malformed) {
        switch try reader.byte() {
        case 1: self = .connectUnix(path: try reader.string())
        case 2: self = .createFile(path: try reader.string())
        case 3: self = .execute
        case let kind: throw EngineWire.Malformed("a probe of unknown kind \(kind)")
        }
    }
}
