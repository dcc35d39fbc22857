// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations
import RemoteBridgeDBus
import Dispatch
import RemoteBridgeMPRIS

/// What `status --follow` knows of the player, kept up to date from its signals.
struct FollowState {
    var status = "Stopped"
    var title = ""
    var artist = ""
    var length: Double = 0
    var rate: Double = 1
    /// The position at `stamp`; it is extrapolated from there with `rate` while playing.
    var position: Double = 0
    var stamp = ContinuousClock.now

    func position(at now: ContinuousClock.Instant) -> Double {
        guard status == "Playing" else { return position }
        let elapsed = now - stamp
        let seconds = elapsed.inSeconds
        return min(length > 0 ? length : .infinity, position + seconds * rate)
    }

    mutating func apply(metadata: [String: DBusValue]) {
        title = metadata["xesam:title"].map(PlayerctlText.value) ?? ""
        artist = metadata["xesam:artist"].map(PlayerctlText.value) ?? ""
        length = Double(metadata["mpris:length"]?.int64Value ?? 0) / 1e6
    }

    /// One status line; with `width`, a progress bar of that many cells.
    func line(at now: ContinuousClock.Instant, bar width: Int?) -> String {
        let current = position(at: now)
        func clock(_ seconds: Double) -> String {
            let whole = Int(max(0, seconds))
            return String(printf: "%ld:%02ld", whole / 60, whole % 60)
        }
        var text = "\(status): \(artist.isEmpty ? "" : artist + " — ")\(title) [\(clock(current))/\(clock(length))]"
        if let width, length > 0 {
            let filled = Int((current / length * Double(width)).rounded(.down))
            text += " " + String(repeating: "█", count: min(width, filled)) + String(repeating: "░", count: max(0, width - filled))
        }
        return text
    }
}

extension RemoteCtl {
    /// status --follow: a line per change (plain), or one live line redrawn in place on a TTY.
    /// It follows PropertiesChanged and Seeked, and extrapolates the position with Rate; the
    /// player is never polled (on a TTY, a local 1 s redraw moves the bar).
    public func follow(tty: Bool, until stop: @escaping @MainActor () async -> Void) async -> Int32 {
        guard let player = await players()?.first else { return 1 }
        let client = MPRISClient(connection: connection, busName: player)
        let output = self.output
        let box = StateBox(FollowState())
        func emit() {
            guard box.isLoaded else { return }
            let line = tty ? TerminalText.safe(box.state.line(at: .now, bar: 30)) : printable(box.state.line(at: .now, bar: nil))
            output(tty ? "\r\u{1B}[2K" + line : line)
        }
        // Following ends when `stop` returns (0), or when the player leaves the bus (1).
        let (ends, end) = AsyncStream<Int32>.makeStream()
        // Subscribe first, then read: a change between the two is in the reply or in a signal
        // after it (the bus keeps one sender's messages in order), never lost.
        do throws(DBusError) {
            let name = PlayerSelection.short(player)
            let errors = self.errors
            try await connection.subscribe(
                to: MatchRule(signal: BusDaemonInterface.nameOwnerChanged, sender: BusDaemonInterface.busName, arg0: player)
            ) { message in
                guard message.body.count == 3, message.body[2].stringValue == "" else { return }
                errors("remotectl: \(name) left the bus")
                end.yield(1)
            }
            try await client.followPropertiesChanged { _, changed, _ in
                var state = box.state
                state.position = state.position(at: .now)
                state.stamp = .now
                if let status = changed["PlaybackStatus"]?.stringValue { state.status = status }
                if let rate = changed["Rate"]?.doubleValue { state.rate = rate }
                if let metadata = changed["Metadata"]?.stringDictionaryValue {
                    state.apply(metadata: metadata)
                    state.position = 0
                }
                box.state = state
                emit()
            }
            try await client.followSeeked { position in
                box.state.position = position.inSeconds
                box.state.stamp = .now
                emit()
            }
        } catch {
            errors("remotectl: cannot follow \(PlayerSelection.short(player)): \(error)")
            return 1
        }
        do throws(DBusError) {
            let all = try await client.properties()
            var state = FollowState()
            state.status = all["PlaybackStatus"]?.stringValue ?? "Stopped"
            state.rate = all["Rate"]?.doubleValue ?? 1
            state.position = Double(all["Position"]?.int64Value ?? 0) / 1e6
            state.apply(metadata: all["Metadata"]?.stringDictionaryValue ?? [:])
            box.state = state
            box.isLoaded = true
        } catch {
            errors("remotectl: \(PlayerSelection.short(player)): \(error)")
            return 1
        }
        emit()
        var timer: (any DispatchSourceTimer)?
        if tty {
            let source = DispatchSource.makeTimerSource(queue: .main)
            source.schedule(deadline: .now() + 1, repeating: 1)
            source.setEventHandler { MainActor.assumeIsolated { if box.state.status == "Playing" { emit() } } }
            source.resume()
            timer = source
        }
        let stopper = Task {
            await stop()
            end.yield(0)
        }
        var iterator = ends.makeAsyncIterator()
        let status = await iterator.next() ?? 0
        stopper.cancel()
        timer?.cancel()
        if tty { output("\n") }
        return status
    }
}

/// The follow state, shared by the signal handlers.
@MainActor
private final class StateBox {
    var state: FollowState
    /// Set once the player's properties are read; until then, signals only update the state.
    var isLoaded = false
    init(_ state: FollowState) { self.state = state }
}

/// Lets tests check the status line and the Rate extrapolation without a player.
public struct FollowStateProbe {
    var state: FollowState

    /// A playing state at `position` seconds of a 3-minute track by "A", titled "T".
    public static func playing(at position: Double, rate: Double) -> FollowStateProbe {
        var state = FollowState()
        state.status = "Playing"
        state.title = "T"
        state.artist = "A"
        state.length = 180
        state.rate = rate
        state.position = position
        return FollowStateProbe(state: state)
    }

    /// The line `seconds` after the state was taken, with a 30-cell bar.
    public func line(afterSeconds seconds: Double) -> String {
        state.line(at: state.stamp + (.milliseconds(rounding: seconds) ?? .zero), bar: 30)
    }
}
