// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeText

/// What every message from the engine keeps to, beyond its framing. The engine parses every file
/// it plays, so the daemon reads what it says as outside input: an engine that breaks a limit is
/// ended as broken (`EngineMessage.violation`). The engine keeps to them by cutting what mpv gives
/// it (`bounded`), so a file with a megabyte of lyrics costs its tail, never the engine.
package enum EngineLimits {
    /// Bytes in one string: a tag value, a path, a log line, an error.
    package static let maximumText = 64 << 10
    /// Items in one array or map.
    package static let maximumItems = 4096
    /// How deep arrays and maps nest.
    package static let maximumDepth = 16
    /// The largest magnitude of a time in seconds (about 31 years).
    package static let maximumSeconds = 1e9

    /// `text` cut to `maximumText` bytes, at a character's start.
    package static func bounded(_ text: String) -> String {
        guard text.utf8.count > maximumText else { return text }
        return String(OutsideText.prefix(text[...], maximumBytes: maximumText))
    }

    /// Whether `seconds` is a time the daemon takes: finite, within `maximumSeconds`.
    package static func isTime(_ seconds: Double) -> Bool {
        seconds.isFinite && abs(seconds) <= maximumSeconds
    }
}

extension MPVNode {
    /// The node within `EngineLimits`: strings cut, lists cut, non-finite numbers and what nests
    /// too deep dropped (`.none`).
    package func bounded(depth: Int = 0) -> MPVNode {
        guard depth < EngineLimits.maximumDepth else { return .none }
        switch self {
        case .none, .flag, .int64: return self
        case .string(let text): return .string(EngineLimits.bounded(text))
        case .double(let number): return number.isFinite ? self : .none
        case .array(let items): return .array(items.prefix(EngineLimits.maximumItems).map { $0.bounded(depth: depth + 1) })
        case .map(let pairs): return .map(pairs.prefix(EngineLimits.maximumItems).map { (EngineLimits.bounded($0.0), $0.1.bounded(depth: depth + 1)) })
        }
    }

    /// The first limit the node breaks, or nil.
    package func violation(depth: Int = 0) -> String? {
        guard depth < EngineLimits.maximumDepth || self == .none else { return "a value nested more than \(EngineLimits.maximumDepth) deep" }
        switch self {
        case .none, .flag, .int64: return nil
        case .string(let text): return EngineLimits.violation(text)
        case .double(let number): return number.isFinite ? nil : "a number that is not finite (\(number))"
        case .array(let items):
            guard items.count <= EngineLimits.maximumItems else { return "a list of \(items.count) items" }
            return items.lazy.compactMap { $0.violation(depth: depth + 1) }.first
        case .map(let pairs):
            guard pairs.count <= EngineLimits.maximumItems else { return "a map of \(pairs.count) items" }
            return pairs.lazy.compactMap { EngineLimits.violation($0.0) ?? $0.1.violation(depth: depth + 1) }.first
        }
    }
}

extension EngineLimits {
    /// Why `text` breaks the limits, or nil.
    static func violation(_ text: String) -> String? {
        text.utf8.count <= maximumText ? nil : "a string of \(text.utf8.count) bytes"
    }

    /// Why `seconds` is not a time the daemon takes (`what` names it), or nil.
    static func violation(time seconds: Double, _ what: String) -> String? {
        isTime(seconds) ? nil : "\(what) of \(seconds) s"
    }
}

extension EngineMessage {
    /// The first limit this message breaks, or nil: every number finite and every time within
    /// `EngineLimits.maximumSeconds`, every string and list bounded. What a message means in the
    /// state the daemon is in is checked there (`EngineSessionCheck`).
    package var violation: String? {
        switch self {
        case .ready(_, let error, let confinement):
            return EngineLimits.violation(error) ?? EngineLimits.violation(confinement)
        case .reply(_, _, let error, let value):
            return EngineLimits.violation(error) ?? value.violation()
        case .position(let timePos, let heard):
            return EngineLimits.violation(time: timePos, "a position") ?? heard.flatMap { EngineLimits.violation(time: $0, "a heard position") }
        case .event(let event):
            return event.violation
        }
    }
}

extension MPVEvent {
    /// The first limit this event breaks, or nil.
    var violation: String? {
        switch self {
        case .shutdown, .seek, .playbackRestart, .audioReconfig: return nil
        case .propertyChange(let name, let value): return EngineLimits.violation(name) ?? value.violation()
        case .startFile(let key): return key >= 0 ? nil : "a file of key \(key)"
        case .endFile(let key, let reason):
            guard key >= 0 else { return "a file of key \(key)" }
            switch reason {
            case .error(let text), .audioOutputFailed(let text): return EngineLimits.violation(text)
            case .endOfFile, .stopped, .quit, .redirect: return nil
            }
        case .fileLoaded(let duration, let metadata):
            if let duration, !(EngineLimits.isTime(duration) && duration >= 0) { return "a length of \(duration) s" }
            return metadata.violation()
        case .hook(let name, _, let location): return EngineLimits.violation(name) ?? EngineLimits.violation(location)
        case .logMessage(let prefix, let level, let text):
            return EngineLimits.violation(prefix) ?? EngineLimits.violation(level) ?? EngineLimits.violation(text)
        }
    }
}
