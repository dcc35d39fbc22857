// SPDX-License-Identifier: Apache-2.0
import Dispatch
import Glibc
import RemoteBridgeEngineProtocol
import RemoteBridgeListeners
import RemoteBridgeText

/// The daemon's client of the engine: mpv as the player sees it, on the main actor, which never
/// waits for the engine.
///
/// - Requests go at once (`EngineConnection`), matched with their replies by serial, in order; a
///   reply that matters reaches its completion on the main actor when it comes.
/// - What the player reads is answered here, from what the engine last said and what has been
///   asked of it since: the observed properties (`value(_:)`), the playlist (`playlist`, named by
///   the client's own keys), the position (`timePos`, `heard`, carried forward from the engine's
///   last report). A value that must reflect every request sent so far is read with `read(_:_:)`,
///   a request like any other.
/// - `start()` returns at once; the engine starts on the connection's thread, and what is asked
///   meanwhile is sent to it in order once it reads its channel. `.ready` or `.startFailed` follow.
///
/// Without an engine, settings (volume, speed, loop, the stream's title) are kept here, reported
/// as mpv would report their change, and given to the next engine as options; mpv's playlist is
/// empty and nothing plays. Nothing an engine that has been replaced says reaches the player.
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
    private var connection: EngineConnection?
    private var check: EngineSessionCheck?
    /// An engine program started ahead of a Play, its libraries loaded, mpv not started (`prepare()`).
    private var spare: PreparedEngine?
    /// Counts engines started; what any but the latest says is dropped.
    private var generation = 0
    private var observed: [String] = []
    private var hooks: [String] = []
    private var settings: [(name: String, value: Setting)] = []
    /// A reply: mpv's status (negative: an error, which `error` describes) and value.
    private typealias Reply = (status: Int32, error: String, value: MPVNode)
    /// What waits for each outstanding request's reply, by serial.
    private var completions: [UInt64: (Reply) -> Void] = [:]
    /// What a caller that waits (`query`, `probe`) is told if the engine goes before its reply.
    private var onLoss: [UInt64: () -> Void] = [:]
    /// Values asked of properties (`set`), by name, with the serial of the request: what the
    /// player reads until mpv's next word on the property after it has done it.
    private var asked: [String: (value: MPVNode, serial: UInt64, done: Bool)] = [:]
    private var nextSerial: UInt64 = 1
    private var nextKey: Int64 = 1
    /// The observed properties' values, as the running engine last said.
    private var values: [String: MPVNode] = [:]
    /// The engine's last position report.
    private var reported: EnginePosition?
    /// A seek or a load at a position asked and not yet done: the reports read meanwhile are held.
    private var jump: EngineJump?
    /// Whether mpv's clock waits for playback to (re)start after a seek or a file's start, until
    /// mpv says it has (`playbackRestart`): the position is not carried forward meanwhile.
    private var clockWaits = true
    /// The position last answered since the last jump: answers never go back while the clock runs
    /// (a report can come a little behind what was carried forward).
    private var answered: (timePos: Double?, heard: Double?) = (nil, nil)
    /// mpv's playlist, by the keys given to its entries.
    private(set) var playlist = EnginePlaylist()
    /// The running engine's process ID and confinement, once it is ready.
    private var readiness: (pid: pid_t, confinement: String)?

    /// Makes the engine's client, none running yet. `executable` is the engine program; `options`
    /// are every engine's mpv options; `environment` its whole environment (`NAME=value`);
    /// `hiddenSockets` the sockets its confinement hides from it (the buses).
    package init(executable: String, options: [EngineOption], environment: [String], hiddenSockets: [String]) {
        self.hiddenSockets = hiddenSockets
        self.executable = executable
        self.options = options
        self.environment = environment
    }

    /// Whether an engine runs or starts (or has died and its loss is still on its way to the player).
    package var isRunning: Bool { connection != nil }

    /// Whether the running engine has said it is ready.
    package var isReady: Bool { readiness != nil }

    /// Whether an engine program waits, prepared, for its `start`.
    package var isPrepared: Bool { spare != nil }

    /// The prepared engine program's process ID.
    package var preparedPID: pid_t? { spare?.child.pid }

    /// Starts the engine program now, so that it loads its libraries (libmpv's ~70 ms) ahead of a
    /// Play that is expected; `start()` then only has mpv start. Does nothing if one runs or waits.
    package func prepare() throws(PlayerError) {
        guard connection == nil, spare == nil else { return }
        spare = try PreparedEngine.spawn(executable: executable, environment: environment)
    }

    /// What the running engine said of its confinement.
    package var confinement: String? { readiness?.confinement }

    /// The running engine's process ID, once it has been spawned.
    package var pid: pid_t? { connection?.pid }

    /// How many engines have been started.
    package var started: Int { generation }

    /// Starts an engine with the options, the settings kept, the properties observed and the
    /// hooks added so far, and returns at once (`.ready` or `.startFailed` follows). Does nothing
    /// if one runs. Throws only when no socket or thread can be had.
    package func start() throws(PlayerError) {
        guard connection == nil else { return }
        generation += 1
        let generation = self.generation
        let carried = settings.filter { !Self.notCarried.contains($0.name) }.map { EngineOption(name: $0.name, value: $0.value.optionValue) }
        let request = EngineRequest.start(
            version: EngineProtocol.version, hiddenSockets: hiddenSockets, options: options + carried, observed: observed, hooks: hooks)
        let check = EngineSessionCheck(observed: observed, hooks: hooks)
        check.gave(nextKey - 1)
        let deliver: @Sendable @MainActor ([EngineConnection.Report]) -> Void = { [weak self] reports in
            for report in reports { self?.take(report, from: generation) }
        }
        let prepared = spare
        spare = nil
        values = [:]
        reported = nil
        playlist = EnginePlaylist()
        connection = try EngineConnection.open(
            prepared: prepared, executable: executable, environment: environment, start: request, check: check, deliver: deliver)
        self.check = check
    }

    private func take(_ report: EngineConnection.Report, from generation: Int) {
        guard generation == self.generation, connection != nil else { return }
        switch report {
        case .ready(let pid, let confinement):
            readiness = (pid, confinement)
            events.announce(.ready(pid: pid, confinement: confinement))
        case .startFailed(let reason, let otherVersion):
            forgetConnection()
            events.announce(.startFailed(reason: reason, otherVersion: otherVersion))
        case .reply(let serial, let status, let error, let value):
            jump?.answer(serial)
            onLoss[serial] = nil
            completions.removeValue(forKey: serial)?((status, error, value))
        case .event(let event):
            noteModel(event)
            events.announce(.mpv(event))
        case .position(let timePos, let heard, let at):
            let report = EnginePosition(timePos: timePos, heard: heard, at: at)
            if jump?.holds(report) == true {
                // Held, the position stays the target; while the clock stands still (a seek
                // while paused), it is the target as of this report, so that once mpv plays on it
                // is carried from then, not from when the seek was asked (it ran ahead by the
                // time between the seek and Play).
                if isHalted { reported?.at = at }
                return
            }
            jump = nil
            reported = report
        case .lost(let reason):
            let last = reported
            forgetConnection()
            events.announce(.lost(reason: reason, position: last?.timePos, reportedAt: last?.at))
        }
    }

    /// Keeps the model in step with an event, before the player hears of it.
    private func noteModel(_ event: MPVEvent) {
        if case .done(let report) = jump?.take(event) {
            jump = nil
            if let report { reported = report }
        }
        switch event {
        case .propertyChange(let name, let value):
            values[name] = value
            guard let entry = asked[name] else { break }
            if entry.value == value {
                asked[name] = nil  // mpv says what was asked: its word from now on
            } else if entry.done {
                // Done, yet mpv says otherwise: a value it read before the set (a new engine's
                // first), or a change of its own since. Which one, a read after both says; until
                // then what was asked stands, so an old value is never shown on the way.
                confirm(name, asked: entry.serial)
            }
        case .startFile(let key):
            playlist.started(key)
            // What is heard of the new file is not what was heard of the old one: unknown until
            // the engine reports it (before mpv plays it).
            reported?.heard = nil
            jumped()
        case .seek: jumped()
        case .playbackRestart:
            clockWaits = false
            answered = (nil, nil)
        case .endFile(let key, _): playlist.ended(key)
        default: break
        }
    }

    /// Reads `name` after every request so far, takes that as mpv's word on it, and tells the
    /// player if it is not what was asked (set with the request `serial`).
    private func confirm(_ name: String, asked serial: UInt64) {
        read(name) { [weak self] live in
            guard let self, let entry = self.asked[name], entry.serial == serial else { return }
            self.asked[name] = nil
            self.values[name] = live
            if live != entry.value { self.events.announce(.mpv(.propertyChange(name, live))) }
        }
    }

    private func forgetConnection() {
        connection = nil
        check = nil
        readiness = nil
        completions = [:]
        let waiting = onLoss.values
        onLoss = [:]
        for tell in waiting { tell() }
        asked = [:]
        values = [:]
        reported = nil
        jump = nil
        playlist = EnginePlaylist()
        jumped()
    }

    /// Lets the engine go (or the prepared one): it quits, and nothing it says afterwards reaches the player.
    package func release() {
        spare?.discard()
        spare = nil
        guard let connection else { return }
        forgetConnection()
        generation += 1
        connection.quit()
    }

    /// The value last asked for a flag property, whether or not an engine took it (`pause`: what
    /// the player meant to do when its engine died).
    package func askedFlag(_ name: String) -> Bool? { kept(name)?.flag }

    /// Sends `signal` to the engine (tests: a crash, a hang).
    package func send(signal: Int32) {
        connection?.send(signal: signal)
    }

    // MARK: Requests

    /// Sends a request made with a fresh serial; `completion` gets its reply on the main actor
    /// (never, if the engine goes first). False without an engine.
    @discardableResult
    private func request(_ make: (UInt64) -> EngineRequest, then completion: ((Reply) -> Void)? = nil) -> UInt64? {
        guard let connection else { return nil }
        let serial = nextSerial
        nextSerial += 1
        if let completion { completions[serial] = completion }
        guard connection.send(make(serial), serial: serial) else {
            completions[serial] = nil
            return nil
        }
        return serial
    }

    /// Tries `probe` inside the engine; the errno it met (0: it worked), nil without an engine.
    package func probe(_ probe: EngineProbe) async -> Int32? {
        await withCheckedContinuation { continuation in
            let serial = request({ .probe(serial: $0, probe: probe) }) { reply in continuation.resume(returning: reply.status) }
            guard let serial else { return continuation.resume(returning: nil) }
            onLoss[serial] = { continuation.resume(returning: nil) }
        }
    }

    /// Runs a command given as an argv array, without waiting; `failed` hears of a failure.
    /// Arguments with NUL are not sent. Without an engine, nothing is played, so nothing is done.
    package func command(_ arguments: [String], failed: ((PlayerError) -> Void)? = nil) {
        guard !arguments.isEmpty, arguments.allSatisfy({ !$0.utf8.contains(0) }) else { return }
        if arguments == ["stop"] { playlist.cleared() }
        if arguments.first == "seek", arguments.count > 1, let target = Double(arguments[1]) {
            // Asked by the request about to go, which takes the next serial.
            sought(target, by: .seek(serial: nextSerial, target: target))
        }
        request({ .command(serial: $0, arguments: arguments) }) { reply in
            guard reply.status < 0 else { return }
            failed?(PlayerError(operation: arguments.map(OutsideText.bareOrQuoted).joined(separator: " "), reason: reply.error))
        }
    }

    /// Hands mpv a file, to play now (`.replace`) or after the rest (`.append`), from `start`
    /// seconds if given; returns the key its entry goes by in events and the playlist, at once.
    /// `failed` hears why mpv would not take it. Nil without an engine, or with a NUL in the URL.
    package func load(_ url: String, _ mode: EngineLoadMode, start: Double? = nil, failed: @escaping (PlayerError) -> Void) -> Int64? {
        guard connection != nil, !url.utf8.contains(0) else { return nil }
        let key = nextKey
        nextKey += 1
        check?.gave(key)
        switch mode {
        case .replace:
            playlist.replaced(with: key)
            sought(start ?? 0, by: .load(key: key))
        case .append:
            playlist.appended(key)
        }
        request({ .load(serial: $0, key: key, url: url, mode: mode, start: start) }) { reply in
            if reply.status < 0 { failed(PlayerError(operation: "loadfile \(OutsideText.quoted(url)) \(mode.word)", reason: reply.error)) }
        }
        return key
    }

    /// Removes the entry with `key` from mpv's playlist; whether it was there as far as asked.
    @discardableResult
    package func remove(_ key: Int64) -> Bool {
        guard playlist.removed(key) else { return false }
        request { .remove(serial: $0, key: key) }
        return true
    }

    /// Removes every entry mpv added by itself; `removed` hears their file names.
    package func removeForeign(_ removed: @escaping ([String]) -> Void) {
        request({ .removeForeign(serial: $0) }) { reply in
            removed((reply.value.array ?? []).compactMap(\.string))
        }
    }

    /// Reads property `name` after every request sent so far has been done; `completion` gets
    /// the value (`.none` if unavailable) on the main actor, unless the engine goes first.
    /// Without an engine, at once: a kept setting, an empty playlist, idle.
    package func read(_ name: String, _ completion: @escaping (MPVNode) -> Void) {
        guard connection != nil else { return completion(valueWithoutEngine(name)) }
        let asOf = playlist.changes
        request({ .get(serial: $0, name: name) }) { [weak self] reply in
            let value = reply.status >= 0 ? reply.value : .none
            if name == "playlist", let self {
                self.playlist.resynchronized((value.array ?? []).compactMap { $0["id"]?.int64 }, asOf: asOf)
            }
            completion(value)
        }
    }

    /// Reads `name` as `read(_:_:)` does, for a caller that can wait (tests, the doctor).
    package func query(_ name: String) async -> MPVNode {
        await withCheckedContinuation { continuation in
            guard connection != nil else { return continuation.resume(returning: valueWithoutEngine(name)) }
            let serial = nextSerial
            read(name) { value in continuation.resume(returning: value) }
            // The engine may go before it answers: then the read's completion never comes.
            onLoss[serial] = { continuation.resume(returning: .none) }
        }
    }

    /// An observed property's value: the one last asked for it if any (what mpv will have once
    /// it has done what it was asked), else the running engine's last word, else a kept setting.
    package func value(_ name: String) -> MPVNode {
        guard connection != nil else { return valueWithoutEngine(name) }
        return asked[name]?.value ?? values[name] ?? kept(name) ?? .none
    }

    private func valueWithoutEngine(_ name: String) -> MPVNode {
        switch name {
        case "playlist": .array([])
        case "idle-active": .flag(true)
        default: kept(name) ?? .none
        }
    }

    /// mpv's `time-pos` now, carried forward from the engine's last report; nil without one.
    package var timePos: Double? {
        guard let reported else { return nil }
        let value = EnginePosition.carried(reported.timePos, from: reported.at, to: .now, speed: speed, paused: isHalted)
        guard !isHalted else { return value }
        let answer = max(value, answered.timePos ?? value)
        answered.timePos = answer
        return answer
    }

    /// What is heard now (`audio-pts` less `demuxer-start-time`), carried forward likewise.
    package var heard: Double? {
        guard let reported, let heard = reported.heard else { return nil }
        let value = EnginePosition.carried(heard, from: reported.at, to: .now, speed: speed, paused: isHalted)
        guard !isHalted else { return value }
        let answer = max(value, answered.heard ?? value)
        answered.heard = answer
        return answer
    }

    /// The position jumps (a seek, a file's start): it is not carried forward until mpv plays again.
    private func jumped() {
        clockWaits = true
        answered = (nil, nil)
    }

    /// The last report, as it came (for an engine that ends: where it was).
    package var lastReportedPosition: Double? { reported?.timePos }

    private var speed: Double { values["speed"]?.double ?? 1 }

    /// Whether mpv's clock stands still: paused (as asked: a position read after Pause is where it
    /// was asked, until the engine reports where it stopped), waiting (`core-idle`, as mpv last
    /// said), nothing open, or a jump not played from yet.
    private var isHalted: Bool {
        clockWaits || value("pause").flag != false || values["core-idle"]?.flag != false || values["idle-active"]?.flag == true
    }

    /// A seek (or a file handed over at a position) was asked: the position is that, until the
    /// engine reports again.
    private func sought(_ seconds: Double, by cause: EngineJump.Cause) {
        reported = EnginePosition(timePos: seconds, heard: reported.map { _ in seconds }, at: .now)
        jump = EngineJump(askedAt: .now, cause: cause)
        jumped()
    }

    /// Sets a property from a string (mpv converts it), without waiting.
    package func set(_ name: String, _ value: String) {
        guard !value.utf8.contains(0) else { return }
        // A pause asked stops the position where it is now, until the engine says where it stopped.
        if name == "pause", value == "yes", let reported {
            self.reported = EnginePosition(timePos: timePos ?? reported.timePos, heard: heard ?? reported.heard, at: .now)
        }
        // Kept before it is sent: if the engine dies meanwhile, what was asked is what the next one gets.
        remember(name, .text(value))
        guard connection != nil else { return announceKept(name) }
        ask(name, kept(name) ?? .none) { .setString(serial: $0, name: name, value: value) }
    }

    /// Sets a property from a string, unanswered; a value with NUL is not set.
    package func setAsynchronously(_ name: String, _ value: String) {
        guard !value.utf8.contains(0) else { return }
        remember(name, .text(value))
        guard let connection else { return announceKept(name) }
        connection.send(.setAsynchronously(name: name, value: value))
    }

    /// Sets a flag property.
    package func set(_ name: String, _ value: Bool) {
        set(name, value ? "yes" : "no")
    }

    /// Sets a number property.
    package func set(_ name: String, _ value: Double) {
        guard value.isFinite else { return }
        remember(name, .number(value))
        guard connection != nil else { return announceKept(name) }
        ask(name, .double(value)) { .setDouble(serial: $0, name: name, value: value) }
    }

    /// Sends a `set` of `name` to `value`, read as the property's value until mpv has done it and
    /// said so (or refused it).
    private func ask(_ name: String, _ value: MPVNode, _ make: (UInt64) -> EngineRequest) {
        let serial = nextSerial
        asked[name] = (value, serial, false)
        let sent = request(make) { [weak self] reply in
            guard let self, self.asked[name]?.serial == serial else { return }
            if reply.status < 0 { self.asked[name] = nil } else { self.asked[name]?.done = true }
        }
        if sent == nil { asked[name] = nil }
    }

    /// Asks for change events of `name`, from the running engine and every later one.
    package func observe(_ name: String) {
        guard !observed.contains(name) else { return }
        observed.append(name)
        check?.observe(name)
        connection?.send(.observe(name: name))
    }

    /// Asks every engine started from now on to stop at hook `name` until `continueHook(_:)`.
    package func addHook(_ name: String) {
        if !hooks.contains(name) { hooks.append(name) }
    }

    /// Lets mpv go on from the hook whose event carried `id`.
    package func continueHook(_ id: UInt64) {
        connection?.send(.continueHook(id: id))
    }

    /// Quits the engine for good (the player is shutting down).
    package func shutdown() {
        release()
    }

    // MARK: Settings without an engine

    /// Reports a kept setting's change as mpv would have, while no engine runs.
    private func announceKept(_ name: String) {
        guard observed.contains(name), let node = kept(name) else { return }
        let generation = self.generation
        DispatchQueue.main.async {
            MainActor.assumeIsolated { [weak self] in
                guard let self, self.generation == generation, self.connection == nil else { return }
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
