// SPDX-License-Identifier: Apache-2.0
/// What the daemon asks of the engine: one frame each (`EngineWire`). Requests with a serial
/// are answered by an `EngineMessage.reply` with the same serial; the others are not answered.
package enum EngineRequest: Sendable, Equatable {
    /// The first request: confine the engine, hiding these sockets (the buses: the engine's
    /// environment names none), then start mpv with these options (in order), observe these
    /// properties, stop at these hooks. Answered by `.ready`.
    case start(hiddenSockets: [String], options: [EngineOption], observed: [String], hooks: [String])
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
        case .start(let hidden, let options, let observed, let hooks):
            var writer = EngineWire.Writer(kind: 1)
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
        }
    }

    package init(body: [UInt8]) throws(EngineWire.Malformed) {
        var reader = try EngineWire.Reader(body: body)
        switch reader.kind {
        case 1:
            let hidden = try reader.strings()
            let names = try reader.strings()
            let values = try reader.strings()
            guard names.count == values.count else { throw EngineWire.Malformed("options without values") }
            self = .start(hiddenSockets: hidden, options: zip(names, values).map { EngineOption(name: $0, value: $1) }, observed: try reader.strings(), hooks: try reader.strings())
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
        case let kind: throw EngineWire.Malformed("a request of unknown kind \(kind)")
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
