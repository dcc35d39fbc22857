// SPDX-License-Identifier: Apache-2.0
import Dispatch
import Glibc
import RemoteBridgeEngineProtocol
import RemoteBridgeListeners
import RemoteBridgeText

/// The daemon's client of the engine: mpv as the player sees it. The calls the engine's `MPVHandle`
/// offers, made over the channel while an engine runs (`EngineConnection`), and answered here
/// while none does.
///
/// The engine is started by `start()` when there is something to play, and let go by `release()`
/// when there is not. Without one, settings (volume, speed, loop, the stream's title) are kept
/// here, reported as mpv would report their change, and given to the next engine as options, so
/// the player's own state stays in step either way; mpv's playlist is empty and nothing plays.
/// Events of an engine that has been replaced never reach the player.
@MainActor
package final class EngineClient {
    /// A setting kept for the next engine.
    private enum Setting {
        case text(String)
        case number(Double)

        /// The option's value as mpv parses it.
        var optionValue: String {
            switch self {
            case .text(let text): text
            case .number(let number): String(number)
            }
        }
    }

    /// Properties whose value mpv reports as a flag, so a kept "yes" is reported as mpv would.
    private static let flagProperties: Set<String> = ["pause"]
    /// Set at every start, never carried over: a new engine starts paused.
    private static let notCarried: Set<String> = ["pause"]

    private let executable: String
    private let options: [EngineOption]
    private let environment: [String]
    private let hiddenSockets: [String]
    /// mpv's events and the loss of an engine, on the main actor.
    package let events = Listeners<EngineEvent>()
    private var process: EngineConnection?
    /// An engine program started ahead of a Play, its libraries loaded, mpv not started (`prepare()`).
    private var spare: PreparedEngine?
    /// Counts engines started; the events of any but the latest are dropped.
    private var generation = 0
    private var observed: [String] = []
    private var hooks: [String] = []
    private var settings: [(name: String, value: Setting)] = []

    /// Makes the engine's client, none running yet. `executable` is the engine program; `options`
    /// are every engine's mpv options; `environment` its whole environment (`NAME=value`);
    /// `hiddenSockets` the sockets its confinement hides from it (the buses).
    package init(executable: String, options: [EngineOption], environment: [String], hiddenSockets: [String]) {
        self.hiddenSockets = hiddenSockets
        self.executable = executable
        self.options = options
        self.environment = environment
    }

    /// Whether an engine runs (or has died and its loss is still on its way to the player).
    package var isRunning: Bool { process != nil }

    /// Whether an engine program waits, prepared, for its `start`.
    package var isPrepared: Bool { spare != nil }

    /// The prepared engine program's process ID.
    package var preparedPID: pid_t? { spare?.child.pid }

    /// Starts the engine program now, so that it loads its libraries (libmpv's ~70 ms) ahead of a
    /// Play that is expected; `start()` then only has mpv start. Does nothing if one runs or waits.
    package func prepare() throws(PlayerError) {
        guard process == nil, spare == nil else { return }
        spare = try PreparedEngine.spawn(executable: executable, environment: environment)
    }

    /// What the running engine said of its confinement.
    package var confinement: String? { process?.confinement }

    /// The running engine's process ID.
    package var pid: pid_t? { process?.pid }

    /// How many engines have been started.
    package var started: Int { generation }

    /// Starts an engine with the options, the settings kept, the properties observed and the
    /// hooks added so far. Does nothing if one runs.
    package func start() throws(PlayerError) {
        guard process == nil else { return }
        generation += 1
        let generation = self.generation
        let carried = settings.filter { !Self.notCarried.contains($0.name) }.map { EngineOption(name: $0.name, value: $0.value.optionValue) }
        let request = EngineRequest.start(hiddenSockets: hiddenSockets, options: options + carried, observed: observed, hooks: hooks)
        let deliver: @Sendable (EngineEvent) -> Void = { event in
            DispatchQueue.main.async {
                MainActor.assumeIsolated { [weak self] in self?.take(event, from: generation) }
            }
        }
        if let prepared = spare {
            spare = nil
            // A prepared engine that has died meanwhile is replaced by a new one.
            if let launched = try? EngineConnection.launch(prepared, start: request, deliver: deliver) {
                process = launched
                return
            }
            prepared.discard()
        }
        process = try EngineConnection.launch(PreparedEngine.spawn(executable: executable, environment: environment), start: request, deliver: deliver)
    }

    private func take(_ event: EngineEvent, from generation: Int) {
        guard generation == self.generation, process != nil else { return }
        if case .lost = event { process = nil }
        events.announce(event)
    }

    /// Lets the engine go (or the prepared one): it quits, and nothing it says afterwards reaches the player.
    package func release() {
        spare?.discard()
        spare = nil
        guard let process else { return }
        self.process = nil
        generation += 1
        process.quit()
    }

    /// The value last asked for a flag property, whether or not an engine took it (`pause`: what
    /// the player meant to do when its engine died).
    package func askedFlag(_ name: String) -> Bool? { kept(name)?.flag }

    /// The last position the running engine reported.
    package var lastPosition: Double? { process?.lastPosition }

    /// Whether mpv may be playing out the end of its last file, when a call would wait for it.
    package var mayBeDraining: Bool { process?.mayBeDraining ?? false }

    /// Sends `signal` to the engine (tests: a crash, a hang).
    package func send(signal: Int32) {
        process?.send(signal: signal)
    }

    /// Tries `probe` inside the engine; the errno it met (0: it worked), nil without an engine.
    package func probe(_ probe: EngineProbe) -> Int32? {
        process?.call("a probe") { .probe(serial: $0, probe: probe) }?.status
    }

    // MARK: mpv's calls

    /// Runs a command given as an argv array. Arguments with NUL are refused.
    package func command(_ arguments: [String]) throws(PlayerError) {
        _ = try commandResult(arguments)
    }

    /// Runs a command and returns mpv's result node. Without an engine, nothing is played: a
    /// `loadfile` fails, and other commands do nothing.
    package func commandResult(_ arguments: [String]) throws(PlayerError) -> MPVNode {
        let name = arguments.first ?? "(empty)"
        guard !arguments.isEmpty, arguments.allSatisfy({ !$0.utf8.contains(0) }) else {
            throw PlayerError(operation: name, reason: "an argument contains a NUL character")
        }
        guard let process else {
            if name == "loadfile" { throw PlayerError(operation: name, reason: "the engine is not running") }
            return .none
        }
        guard let reply = process.call("\(name)", { .command(serial: $0, arguments: arguments) }) else {
            throw PlayerError(operation: name, reason: "the engine has gone")
        }
        guard reply.status >= 0 else { throw PlayerError(operation: arguments.map(OutsideText.bareOrQuoted).joined(separator: " "), reason: reply.error) }
        return reply.value
    }

    /// Sets a property from a string (mpv converts it).
    package func set(_ name: String, _ value: String) throws(PlayerError) {
        guard !value.utf8.contains(0) else { throw PlayerError(operation: "set \(name)", reason: "value contains NUL") }
        guard let process else { return keep(name, .text(value)) }
        // Kept before it is sent: if the engine dies meanwhile, what was asked is what the next one gets.
        remember(name, .text(value))
        guard let reply = process.call("set \(name)", { .setString(serial: $0, name: name, value: value) }) else {
            throw PlayerError(operation: "set \(name)", reason: "the engine has gone")
        }
        guard reply.status >= 0 else { throw PlayerError(operation: "set \(name)=\(OutsideText.quoted(value))", reason: reply.error) }
    }

    /// Sets a property from a string without waiting for mpv to take it; a value with NUL is not set.
    package func setAsynchronously(_ name: String, _ value: String) {
        guard !value.utf8.contains(0) else { return }
        guard let process else { return keep(name, .text(value)) }
        remember(name, .text(value))
        process.send(.setAsynchronously(name: name, value: value))
    }

    /// Sets a flag property.
    package func set(_ name: String, _ value: Bool) throws(PlayerError) {
        try set(name, value ? "yes" : "no")
    }

    /// Sets a number property.
    package func set(_ name: String, _ value: Double) throws(PlayerError) {
        guard let process else { return keep(name, .number(value)) }
        guard let reply = process.call("set \(name)", { .setDouble(serial: $0, name: name, value: value) }) else {
            throw PlayerError(operation: "set \(name)", reason: "the engine has gone")
        }
        guard reply.status >= 0 else { throw PlayerError(operation: "set \(name)=\(value)", reason: reply.error) }
        remember(name, .number(value))
    }

    /// Reads a property as a node; `.none` if unavailable. Without an engine: a kept setting,
    /// an empty playlist, idle.
    package func get(_ name: String) -> MPVNode {
        guard let process else {
            switch name {
            case "playlist": return .array([])
            case "idle-active": return .flag(true)
            default: return kept(name) ?? .none
            }
        }
        return process.call("get \(name)") { .get(serial: $0, name: name) }?.value ?? .none
    }

    /// Reads a number property.
    package func getDouble(_ name: String) -> Double? {
        guard let process else { return kept(name)?.double }
        guard let reply = process.call("get \(name)", { .getDouble(serial: $0, name: name) }), reply.status >= 0 else { return nil }
        return reply.value.double
    }

    /// Asks for change events of `name`, from the running engine and every later one.
    package func observe(_ name: String) {
        guard !observed.contains(name) else { return }
        observed.append(name)
        process?.send(.observe(name: name))
    }

    /// Asks every engine started from now on to stop at hook `name` until `continueHook(_:)`.
    package func addHook(_ name: String) {
        if !hooks.contains(name) { hooks.append(name) }
    }

    /// Lets mpv go on from the hook whose event carried `id`.
    package func continueHook(_ id: UInt64) {
        process?.send(.continueHook(id: id))
    }

    /// Quits the engine for good (the player is shutting down).
    package func shutdown() {
        release()
    }

    // MARK: Settings without an engine

    /// Keeps a setting while no engine runs, and reports its change as mpv would have.
    private func keep(_ name: String, _ value: Setting) {
        remember(name, value)
        guard observed.contains(name), let node = kept(name) else { return }
        let generation = self.generation
        DispatchQueue.main.async {
            MainActor.assumeIsolated { [weak self] in
                guard let self, self.generation == generation, self.process == nil else { return }
                self.events.announce(.mpv(.propertyChange(name, node)))
            }
        }
    }

    private func remember(_ name: String, _ value: Setting) {
        if let index = settings.firstIndex(where: { $0.name == name }) {
            settings[index].value = value
        } else {
            settings.append((name, value))
        }
    }

    private func kept(_ name: String) -> MPVNode? {
        guard let setting = settings.first(where: { $0.name == name })?.value else { return nil }
        switch setting {
        case .number(let number): return .double(number)
        case .text(let text) where Self.flagProperties.contains(name): return .flag(text == "yes")
        case .text(let text): return .string(text)
        }
    }
}
