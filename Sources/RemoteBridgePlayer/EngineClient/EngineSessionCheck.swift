// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeEngineProtocol
import Synchronization

/// The rules an engine's messages keep in the state the daemon is in, beyond the limits every
/// message keeps (`EngineMessage.violation`): a property the daemon observes, with a value of its
/// type and range; an entry key the daemon gave; a file loaded only after it started; a hook the
/// daemon added. Read on the main thread (`EngineChannelReader`); the client adds what it
/// observes and the keys it gives as it goes.
final class EngineSessionCheck: Sendable {
    /// What a property's value may be.
    enum Kind: Sendable {
        case flag
        case number(ClosedRange<Double>)
        case text
        case any
    }

    /// The type and range of each property the player observes; others are any value within the limits.
    static let kinds: [String: Kind] = [
        "pause": .flag, "idle-active": .flag, "core-idle": .flag, "seekable": .flag, "eof-reached": .flag,
        "volume": .number(0...1000), "volume-max": .number(100...1000), "speed": .number(0.01...100),
        "duration": .number(0...EngineLimits.maximumSeconds), "time-pos": .number(-EngineLimits.maximumSeconds...EngineLimits.maximumSeconds),
        "current-ao": .text, "loop-file": .any, "metadata": .any, "playlist": .any,
    ]

    private struct State {
        var observed: Set<String>
        var hooks: Set<String>
        var highestKey: Int64 = 0
        var opening = false
    }

    private let state: Mutex<State>

    init(observed: [String], hooks: [String]) {
        state = Mutex(State(observed: Set(observed), hooks: Set(hooks)))
    }

    /// The daemon observes `name` from now on.
    func observe(_ name: String) {
        state.withLock { _ = $0.observed.insert(name) }
    }

    /// The daemon gave an entry `key`.
    func gave(_ key: Int64) {
        state.withLock { $0.highestKey = max($0.highestKey, key) }
    }

    /// Why `message` cannot be taken now, or nil (and the state moves on).
    func admit(_ message: EngineMessage) -> String? {
        if let violation = message.violation { return violation }
        guard case .event(let event) = message else { return nil }
        return state.withLock { state in
            switch event {
            case .propertyChange(let name, let value):
                guard state.observed.contains(name) else { return "a change of \(name), which the daemon does not observe" }
                return Self.violation(of: value, as: Self.kinds[name] ?? .any, name)
            case .startFile(let key):
                guard key <= state.highestKey else { return "a file of key \(key), which the daemon never gave" }
                state.opening = true
            case .endFile(let key, _):
                guard key <= state.highestKey else { return "the end of a file of key \(key), which the daemon never gave" }
                state.opening = false
            case .fileLoaded:
                guard state.opening else { return "a file loaded that had not started" }
                state.opening = false
            case .hook(let name, _, _):
                guard state.hooks.contains(name) else { return "a stop at hook \(name), which the daemon did not add" }
            case .shutdown, .seek, .playbackRestart, .audioReconfig, .logMessage:
                break
            }
            return nil
        }
    }

    private static func violation(of value: MPVNode, as kind: Kind, _ name: String) -> String? {
        switch (kind, value) {
        case (_, .none), (.any, _), (.flag, .flag), (.text, .string): return nil
        case (.number(let range), _):
            guard let number = value.double else { return "\(name) that is not a number" }
            return range.contains(number) ? nil : "\(name) of \(number), outside \(range.lowerBound)…\(range.upperBound)"
        case (.flag, _): return "\(name) that is not a flag"
        case (.text, _): return "\(name) that is not text"
        }
    }
}
