// SPDX-License-Identifier: Apache-2.0
/// What the engine tells the daemon: one frame each (`EngineWire`).
package enum EngineMessage: Sendable, Equatable {
    /// mpv started (`error` empty), or could not (`error` says why; the engine then exits).
    /// `version` is the engine's protocol version (`EngineProtocol`); `confinement` describes the
    /// walls that took, for the daemon's log.
    case ready(version: UInt32, error: String, confinement: String)
    /// The answer to the request with `serial`: mpv's status (negative: an error, described by
    /// `error`) and the value read or the command's result.
    case reply(serial: UInt64, status: Int32, error: String, value: MPVNode)
    /// An mpv event.
    case event(MPVEvent)
    /// Where playback stands, at most every `EngineMessage.positionInterval` while it moves, and
    /// before every event: `time-pos`, and what is heard (`audio-pts` less `demuxer-start-time`,
    /// nil without audio), both in seconds, as they were when sent. What the daemon answers
    /// Position from, extrapolated, and what a new engine goes on from if this one ends.
    case position(timePos: Double, heard: Double?)

    /// How often the engine reports the position while playing. A crash loses at most this much.
    package static let positionInterval: Duration = .milliseconds(250)

    package func encoded() -> [UInt8] {
        switch self {
        case .ready(let version, let error, let confinement):
            var writer = EngineWire.Writer(kind: 100)
            writer.uint32(version)
            writer.string(error)
            writer.string(confinement)
            return writer.frame
        case .reply(let serial, let status, let error, let value):
            var writer = EngineWire.Writer(kind: 101)
            writer.uint64(serial)
            writer.int32(status)
            writer.string(error)
            writer.node(value)
            return writer.frame
        case .event(let event):
            var writer = EngineWire.Writer(kind: 102)
            Self.encode(event, into: &writer)
            return writer.frame
        case .position(let timePos, let heard):
            var writer = EngineWire.Writer(kind: 103)
            writer.double(timePos)
            writer.flag(heard != nil)
            writer.double(heard ?? 0)
            return writer.frame
        }
    }

    package init(body: [UInt8]) throws(EngineWire.Malformed) {
        var reader = try EngineWire.Reader(body: body)
        switch reader.kind {
        case 100: self = .ready(version: try reader.uint32(), error: try reader.string(), confinement: try reader.string())
        case 101: self = .reply(serial: try reader.uint64(), status: try reader.int32(), error: try reader.string(), value: try reader.node())
        case 102: self = .event(try Self.decodeEvent(&reader))
        case 103:
            let timePos = try reader.double()
            let hasHeard = try reader.flag()
            let heard = try reader.double()
            self = .position(timePos: timePos, heard: hasHeard ? heard : nil)
        case let kind: throw EngineWire.Malformed("a message of unknown kind \(kind)")
        }
    }

    private static func encode(_ event: MPVEvent, into writer: inout EngineWire.Writer) {
        switch event {
        case .shutdown: writer.byte(1)
        case .propertyChange(let name, let value): writer.byte(2); writer.string(name); writer.node(value)
        case .startFile(let id): writer.byte(3); writer.int64(id)
        case .endFile(let id, let reason):
            writer.byte(4)
            writer.int64(id)
            switch reason {
            case .endOfFile: writer.byte(0)
            case .stopped: writer.byte(1)
            case .quit: writer.byte(2)
            case .redirect: writer.byte(3)
            case .error(let text): writer.byte(4); writer.string(text)
            case .audioOutputFailed(let text): writer.byte(5); writer.string(text)
            }
        case .fileLoaded(let duration, let metadata):
            writer.byte(5)
            writer.flag(duration != nil)
            writer.double(duration ?? 0)
            writer.node(metadata)
        case .seek: writer.byte(6)
        case .playbackRestart: writer.byte(7)
        case .hook(let name, let id, let location): writer.byte(8); writer.string(name); writer.uint64(id); writer.string(location)
        case .audioReconfig: writer.byte(9)
        case .logMessage(let prefix, let level, let text): writer.byte(10); writer.string(prefix); writer.string(level); writer.string(text)
        }
    }

    private static func decodeEvent(_ reader: inout EngineWire.Reader) throws(EngineWire.Malformed) -> MPVEvent {
        switch try reader.byte() {
        case 1: return .shutdown
        case 2: return .propertyChange(try reader.string(), try reader.node())
        case 3: return .startFile(entryID: try reader.int64())
        case 4:
            let id = try reader.int64()
            let reason: MPVEvent.EndReason
            switch try reader.byte() {
            case 0: reason = .endOfFile
            case 1: reason = .stopped
            case 2: reason = .quit
            case 3: reason = .redirect
            case 4: reason = .error(try reader.string())
            case 5: reason = .audioOutputFailed(try reader.string())
            case let kind: throw EngineWire.Malformed("an end of file of unknown reason \(kind)")
            }
            return .endFile(entryID: id, reason: reason)
        case 5:
            let hasDuration = try reader.flag()
            let duration = try reader.double()
            return .fileLoaded(duration: hasDuration ? duration : nil, metadata: try reader.node())
        case 6: return .seek
        case 7: return .playbackRestart
        case 8: return .hook(name: try reader.string(), id: try reader.uint64(), streamOpenFilename: try reader.string())
        case 9: return .audioReconfig
        case 10: return .logMessage(prefix: try reader.string(), level: try reader.string(), text: try reader.string())
        case let kind: throw EngineWire.Malformed("an event of unknown kind \(kind)")
        }
    }
}
