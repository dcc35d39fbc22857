// SPDX-License-Identifier: Apache-2.0
import Dispatch
import RemoteBridgeDBus
import RemoteBridgeMPRIS

/// `--follow`, as playerctl follows: the command's output is printed again whenever what it
/// shows changes, for the player that changed most recently.
///
/// - Every selected player is watched (PropertiesChanged, Seeked), each put where playerctl puts
///   it: first, or with `-p` (and no `-a`) before the first player it does not come after.
///   Players are taken in playerctl's order (`-l`'s, sorted by `-p`), so without `-p`, or with
///   `-a`, the last comes first; with no `-p` and no `-a` the now-playing player is taken last,
///   so that it comes first (remotectl's one change). Players that appear later are put likewise,
///   and the command runs again.
/// - The command runs on the watched players in order, and the first that handles it prints;
///   when none can (the last one has left, say), an empty line is printed (once).
/// - A change to the followed property (and, with `--format`, to any of status, volume, loop,
///   shuffle or position the template names) moves that player to the front, then `-p` (without
///   `-a`) sorts them again; then the command runs again. With `-a`, `-p` and `-i` only choose.
/// - The same output twice in a row is printed once.
/// - A template naming `position` is refilled every second. Nothing else is polled.
@MainActor
final class FollowRun {
    private let run: CommandRun
    private let buses: PlayerBuses
    private let command: PlayerctlCommand
    /// The watched players, in the order the command tries them.
    private var players: [CachedPlayer] = []
    private var subscriptions: [ObjectIdentifier: [(DBusConnection, UInt64)]] = [:]
    /// What was printed last; nil before anything was.
    private var lastOutput: String?
    private let (ends, end) = AsyncStream<Int32>.makeStream()
    /// The properties whose change reprints.
    private let followed: Set<FollowedProperty>

    init(run: CommandRun, buses: PlayerBuses, command: PlayerctlCommand) {
        self.run = run
        self.buses = buses
        self.command = command
        var followed: Set<FollowedProperty> = command.verb.followed.map { [$0] } ?? []
        if let template = command.template {
            for property in FollowedProperty.allCases where property != .metadata && template.mentions(property.rawValue) {
                followed.insert(property)
            }
        }
        self.followed = followed
    }

    /// Follows until interrupted (0) or until the command fails (1).
    func run() async -> Int32 {
        do throws(DBusError) {
            for connection in [buses.session] + (buses.system.map { [$0] } ?? []) {
                _ = try await connection.subscribe(
                    to: MatchRule(signal: BusDaemonInterface.nameOwnerChanged, sender: BusDaemonInterface.busName)
                ) { [weak self] message in
                    self?.nameOwnerChanged(message, on: connection)
                }
            }
            // `watch` puts each first unless -p orders, as playerctl does with its own order; the
            // now-playing player is taken last, so that it ends up first.
            let (names, nowPlaying) = try await run.selection.ranked(on: buses)
            let taken = nowPlaying.map { playing in names.filter { $0 != playing } + [playing] } ?? names
            for name in taken {
                guard let player = try? await CachedPlayer(name: name, connection: buses.connection(for: name.source)) else { continue }
                await watch(player)
            }
        } catch {
            run.errors("Connection to player failed: \(error.message)")
            return 1
        }
        if let failure = await execute() {
            run.errors("Connection to player failed: \(failure.message)")
            return 1
        }
        var ticker: (any DispatchSourceTimer)?
        if command.template?.mentions(FollowedProperty.position.rawValue) == true {
            let timer = DispatchSource.makeTimerSource(queue: .main)
            timer.schedule(deadline: .now() + 1, repeating: 1)
            timer.setEventHandler { [weak self] in
                MainActor.assumeIsolated {
                    guard let self else { return }
                    Task { @MainActor in
                        if let failure = await self.execute() {
                            self.run.errors("Error while executing command: \(failure.message)")
                            self.end.yield(1)
                        }
                    }
                }
            }
            timer.resume()
            ticker = timer
        }
        let stopper = Task { @MainActor [run, end] in
            await run.interrupted()
            end.yield(0)
        }
        var iterator = ends.makeAsyncIterator()
        let status = await iterator.next() ?? 0
        stopper.cancel()
        ticker?.cancel()
        return status
    }

    /// Adds `player` to the watched ones, at playerctl's place for it.
    private func watch(_ player: CachedPlayer) async {
        guard !players.contains(where: { $0.name == player.name }) else { return }
        let place = { (candidate: CachedPlayer) in PlayerName.ordered([player.name, candidate.name], by: self.run.invocation.playerNames) }
        // Without -p (or with -a) a new player goes first; with -p, before the first it does not come after.
        let index = byPriority ? players.firstIndex { place($0).first == player.name } ?? players.count : 0
        players.insert(player, at: index)
        let connection = buses.connection(for: player.name.source)
        var ids: [(DBusConnection, UInt64)] = []
        if let id = try? await player.client.followPropertiesChanged({ [weak self, weak player] interface, changed, _ in
            guard let self, let player, interface == PlayerInterface.name else { return }
            if !player.apply(changed: changed).isDisjoint(with: self.followed) { self.changed(player) }
        }) {
            ids.append((connection, id))
        }
        if let id = try? await player.client.followSeeked({ [weak self, weak player] position in
            guard let self, let player else { return }
            player.apply(seekedTo: position.microseconds)
            if self.followed.contains(.position) { self.changed(player) }
        }) {
            ids.append((connection, id))
        }
        subscriptions[ObjectIdentifier(player)] = ids
    }

    /// Whether `-p` orders the watched players (playerctl's sort function): not with `-a`,
    /// where it only chooses them.
    private var byPriority: Bool {
        !run.invocation.playerNames.isEmpty && !run.invocation.allPlayers
    }

    /// A followed property of `player` changed: it goes to the front (then -p sorts them, the
    /// moved one first among its equals), and the command runs again.
    private func changed(_ player: CachedPlayer) {
        if let index = players.firstIndex(where: { $0 === player }) {
            players.remove(at: index)
            players.insert(player, at: 0)
            if byPriority {
                let order = PlayerName.ordered(players.map(\.name), by: run.invocation.playerNames)
                players.sort { order.firstIndex(of: $0.name)! < order.firstIndex(of: $1.name)! }
            }
        }
        Task { _ = await execute() }
    }

    private func nameOwnerChanged(_ message: DBusMessage, on connection: DBusConnection) {
        guard message.body.count == 3, let busName = message.body[0].stringValue, busName.hasPrefix(MPRISNames.busNamePrefix),
            let old = message.body[1].stringValue, let new = message.body[2].stringValue
        else { return }
        let source: PlayerName.Source = connection === buses.session ? .session : .system
        let name = PlayerName(instance: String(busName.dropFirst(MPRISNames.busNamePrefix.count)), source: source)
        if new.isEmpty, !old.isEmpty, let index = players.firstIndex(where: { $0.name == name }) {
            let player = players.remove(at: index)
            for (connection, id) in subscriptions.removeValue(forKey: ObjectIdentifier(player)) ?? [] {
                Task { await connection.unsubscribe(id) }
            }
            Task { _ = await execute() }
        } else if old.isEmpty, !new.isEmpty, run.selection.selects(name.instance) {
            Task {
                guard let player = try? await CachedPlayer(name: name, connection: connection) else { return }
                await watch(player)
                if let failure = await execute() {
                    run.errors("Could not execute command: \(failure.message)")
                    end.yield(1)
                }
            }
        }
    }

    /// Runs the command on the watched players until one handles it; prints its output, or an
    /// empty line when none could. Returns the failure that stops following, if any.
    private func execute() async -> PlayerctlCommand.Failure? {
        var handled = false
        for player in players {
            do throws(PlayerctlCommand.Failure) {
                let outcome = try await command.run(on: player)
                guard case .handled(let text) = outcome else { continue }
                if let text { print(text) }
                handled = true
                break
            } catch {
                return error
            }
        }
        if !handled { print(nil) }
        return nil
    }

    /// Prints `text` unless it is what was printed last; nil prints an empty line once something
    /// was printed.
    private func print(_ text: String?) {
        guard text != nil || lastOutput != nil else { return }
        let line = text ?? "\n"
        guard line != lastOutput else { return }
        run.output(run.printable(line))
        lastOutput = line
    }
}
