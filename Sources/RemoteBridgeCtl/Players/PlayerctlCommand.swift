// SPDX-License-Identifier: Apache-2.0
import Glibc
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeText

/// One of playerctl's thirteen commands, run on one player as playerctl runs it: the same
/// property checks, the same output, the same errors.
///
/// A command either *handles* the player (perhaps with output), or *passes* (the player cannot
/// do it, or has nothing to show), and the next player is tried; an error stops everything.
@MainActor
struct PlayerctlCommand {
    /// What running the command on one player came to.
    enum Outcome: Equatable {
        /// Done; the text to print, newline included, if any.
        case handled(String?)
        /// This player cannot do it, or has nothing to show.
        case passed
    }

    /// A failure that stops the command, with playerctl's message (printed after
    /// `Could not execute command: `).
    struct Failure: Error, Equatable {
        let message: String
    }

    /// The verb.
    let verb: Verb
    /// Its arguments, after the verb.
    let arguments: [String]
    /// The parsed `--format`, if given.
    let template: Template?
    /// `--json`: the value as a JSON object instead of text.
    let json: Bool
    /// The working directory, for `open` with a relative path.
    var directory = "."
    /// Where a notice beside the output goes (stderr).
    var notice: (String) -> Void = { _ in }
    /// Whether `status` asks a RemoteBridge player how far its queue has loaded. `--follow` does
    /// not: its runs must read the cached state alone, in the order the signals came.
    var asksQueueLoading = true

    /// Runs the command on `player`.
    func run(on player: CachedPlayer) async throws(Failure) -> Outcome {
        switch verb.name {
        case "play": try await transport(player, PlayerInterface.play, needs: PlayerInterface.canPlay)
        case "pause": try await transport(player, PlayerInterface.pause, needs: PlayerInterface.canPause)
        case "play-pause": try await transport(player, PlayerInterface.playPause, needs: PlayerInterface.canPlay)
        // MPRIS has no CanStop; playerctl takes CanPlay (is there a track) for it.
        case "stop": try await transport(player, PlayerInterface.stop, needs: PlayerInterface.canPlay)
        case "next": try await transport(player, PlayerInterface.next, needs: PlayerInterface.canGoNext)
        case "previous": try await transport(player, PlayerInterface.previous, needs: PlayerInterface.canGoPrevious)
        case "open": try await open(player)
        case "position": try await position(player)
        case "volume": try await volume(player)
        case "status": try await status(player)
        case "loop": try await loop(player)
        case "shuffle": try await shuffle(player)
        case "metadata": try await metadata(player)
        default: throw Failure(message: "Command not recognized: \(verb.name)")
        }
    }

    private func transport(_ player: CachedPlayer, _ method: DBusMethodDeclaration, needs capability: DBusPropertyDeclaration) async throws(Failure) -> Outcome {
        guard player.flag(capability) else { return .passed }
        try await call { () throws(DBusError) in _ = try await player.client.call(method) }
        return .handled(nil)
    }

    private func open(_ player: CachedPlayer) async throws(Failure) -> Outcome {
        guard player.flag(PlayerInterface.canControl) else { return .passed }
        if let argument = arguments.first {
            let uri = OpenArgument.uri(for: argument, in: directory)
            try await call { () throws(DBusError) in try await player.client.openURI(uri) }
        }
        return .handled(nil)
    }

    private func position(_ player: CachedPlayer) async throws(Failure) -> Outcome {
        guard let argument = arguments.first else {
            if template != nil { return .handled(try formatted(player, metadata: false) + "\n") }
            guard player.has(PlayerInterface.position) else { return .passed }
            return .handled(reading(player, "position", String(printf: "%f", Double(player.currentPosition) / 1_000_000)))
        }
        guard template == nil else { throw Failure(message: "format strings are not supported on command functions.") }
        guard let seconds = Self.number(argument), let offset = Self.microseconds(seconds) else {
            throw Failure(message: "Could not parse position as a number: \(Self.echo(argument))\n")
        }
        guard player.flag(PlayerInterface.canSeek) else { return .passed }
        switch argument.utf8.last {
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let signed = argument.utf8.last == UInt8(ascii: "-") ? -offset : offset
            try await call { () throws(DBusError) in _ = try await player.client.call(PlayerInterface.seek, [.int64(signed)]) }
        default:
            guard let track = player.metadata?.stringDictionaryValue?["mpris:trackid"]?.stringValue, DBusValidation.isValidObjectPath(track) else {
                throw Failure(message: "Could not get track id to set position")
            }
            try await call { () throws(DBusError) in
                _ = try await player.client.call(PlayerInterface.setPosition, [.objectPath(track), .int64(offset)])
            }
        }
        return .handled(nil)
    }

    private func volume(_ player: CachedPlayer) async throws(Failure) -> Outcome {
        guard let argument = arguments.first else {
            guard player.has(PlayerInterface.volume) else { return .passed }
            if template != nil { return .handled(try formatted(player, metadata: false) + "\n") }
            return .handled(reading(player, "volume", String(printf: "%f", player.volume)))
        }
        guard template == nil else { throw Failure(message: "format strings are not supported on command functions.") }
        guard var level = Self.number(argument) else { throw Failure(message: "could not parse volume as a number: \(Self.echo(argument))\n") }
        switch argument.utf8.last {
        case UInt8(ascii: "+"): level = player.volume + level
        case UInt8(ascii: "-"): level = player.volume - level
        default: break
        }
        guard player.flag(PlayerInterface.canControl) else { return .passed }
        try await set(player, PlayerInterface.volume, .double(level))
        return .handled(nil)
    }

    private func status(_ player: CachedPlayer) async throws(Failure) -> Outcome {
        guard player.has(PlayerInterface.playbackStatus) else { return .passed }
        if template != nil { return .handled(try formatted(player, metadata: false) + "\n") }
        // A RemoteBridge player still reading a large queue says how far it has got (other
        // players have no such property): on stderr, so the status line reads as playerctl's.
        let loading = asksQueueLoading ? (try? await player.client.property(RemoteControl1Interface.queueLoading))?.stringValue ?? "" : ""
        if !loading.isEmpty { notice("\(player.name.instance): the queue is still loading (\(TerminalText.safe(loading)))") }
        if json, !loading.isEmpty {
            return .handled(#"{"player":"\#(player.name.instance.jsonEscaped)","status":"\#(player.statusText)","loading":"\#(loading.jsonEscaped)"}"# + "\n")
        }
        return .handled(reading(player, "status", player.statusText, quoted: true))
    }

    private func loop(_ player: CachedPlayer) async throws(Failure) -> Outcome {
        guard let argument = arguments.first else {
            if template != nil { return .handled(try formatted(player, metadata: false) + "\n") }
            guard player.has(PlayerInterface.loopStatus) else { return .passed }
            return .handled(reading(player, "loop", player.loop, quoted: true))
        }
        guard let status = ["none": "None", "track": "Track", "playlist": "Playlist"][argument.lowercased()] else {
            throw Failure(message: "Got unknown loop status: '\(Self.echo(argument))' (expected 'none', 'playlist', or 'track').")
        }
        guard player.flag(PlayerInterface.canControl) else { return .passed }
        try await set(player, PlayerInterface.loopStatus, .string(status))
        return .handled(nil)
    }

    private func shuffle(_ player: CachedPlayer) async throws(Failure) -> Outcome {
        guard let argument = arguments.first else {
            guard player.has(PlayerInterface.shuffle) else { return .passed }
            if template != nil { return .handled(try formatted(player, metadata: false) + "\n") }
            return .handled(reading(player, "shuffle", player.shuffle ? "On" : "Off", json: player.shuffle ? "true" : "false"))
        }
        let on: Bool
        switch argument.lowercased() {
        case "on": on = true
        case "off": on = false
        case "toggle": on = !player.shuffle
        default: throw Failure(message: "Got unknown shuffle status: '\(Self.echo(argument))' (expected 'on', 'off', or 'toggle').")
        }
        guard player.flag(PlayerInterface.canControl) else { return .passed }
        try await set(player, PlayerInterface.shuffle, .bool(on))
        return .handled(nil)
    }

    private func metadata(_ player: CachedPlayer) async throws(Failure) -> Outcome {
        // playerctl shows metadata only for a player that can play (one with a track).
        guard player.flag(PlayerInterface.canPlay) else { return .passed }
        var given = player.metadata
        if given == nil, template == nil {
            // Not among the properties GetAll gave: asked for alone, as playerctl does (for
            // players that keep Metadata out of GetAll); its error stops the command.
            do throws(DBusError) {
                given = try await player.client.property(PlayerInterface.metadata)
            } catch {
                // playerctl's artist, title and album readers drop the error; the rest report it.
                if let first = arguments.first, PlayerctlText.shortcutKeys.contains(where: { $0.short == first }) { return .passed }
                throw Failure(message: error.gdbusMessage)
            }
        }
        guard let metadata = given, let entries = metadata.dictionaryEntries else { return .passed }
        if template != nil {
            guard !entries.isEmpty else { return .passed }
            return .handled(try formatted(player, metadata: true) + "\n")
        }
        if json { return .handled(MetadataJSON.line(player: player.name, metadata: metadata) + "\n") }
        if arguments.isEmpty {
            guard let table = PlayerctlText.metadataTable(player: player.name.name, metadata: metadata) else { return .passed }
            return .handled(table + "\n")
        }
        // As in playerctl, every key must be there, and the last one is printed (playerctl
        // writes each over the one before; scripts written for it expect one line).
        var last = ""
        for key in arguments {
            guard let value = PlayerctlText.metadataValue(key, in: metadata) else { return .passed }
            last = value
        }
        return .handled(last + "\n")
    }

    // MARK: Helpers

    /// A value read from the player: its text, or with `--json` `{"player":…,"key":value}`.
    private func reading(_ player: CachedPlayer, _ key: String, _ text: String, quoted: Bool = false, json value: String? = nil) -> String {
        guard json else { return text + "\n" }
        let jsonValue = value ?? (quoted ? "\"\(text.jsonEscaped)\"" : text)
        return #"{"player":"\#(player.name.instance.jsonEscaped)","\#(key)":\#(jsonValue)}"# + "\n"
    }

    private func formatted(_ player: CachedPlayer, metadata: Bool) throws(Failure) -> String {
        guard let template else { return "" }
        do throws(Template.Error) {
            return try TemplateUse.render(template, player: player, withMetadata: metadata)
        } catch {
            throw Failure(message: error.description)
        }
    }

    private func call(_ body: () async throws(DBusError) -> Void) async throws(Failure) {
        do throws(DBusError) {
            try await body()
        } catch {
            throw Failure(message: error.gdbusMessage)
        }
    }

    private func set(_ player: CachedPlayer, _ property: DBusPropertyDeclaration, _ value: DBusValue) async throws(Failure) {
        try await call { () throws(DBusError) in try await player.client.setProperty(property, value) }
    }

    /// An argument in a message: as given, as playerctl echoes it, up to 1 KiB; a longer one
    /// quoted and cut short, so that a message stays readable.
    static func echo(_ argument: String) -> String {
        argument.utf8.count <= 1024 ? argument : OutsideText.quoted(argument)
    }

    /// C's `strtod` on `text`: the number at its start, or nil when none is there.
    static func number(_ text: String) -> Double? {
        text.withCString { start in
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(start, &end)
            return end == UnsafeMutablePointer(mutating: start) ? nil : value
        }
    }

    /// Seconds in microseconds, as playerctl's `gint64`; nil when it does not fit.
    static func microseconds(_ seconds: Double) -> Int64? {
        let value = (seconds * 1_000_000).rounded(.towardZero)
        guard value.isFinite, value >= -9.2e18, value <= 9.2e18 else { return nil }
        return Int64(value)
    }
}

extension DBusError {
    /// The message as GLib's GDBus words a D-Bus error, which playerctl prints:
    /// `GDBus.Error:NAME: MESSAGE`.
    var gdbusMessage: String { "GDBus.Error:\(name): \(message)" }
}

extension DBusValue {
    /// The entries of a dictionary, in the order they came.
    var dictionaryEntries: [DictionaryEntry]? {
        if case .dictionary(_, _, let entries) = unwrapped { entries } else { nil }
    }
}
