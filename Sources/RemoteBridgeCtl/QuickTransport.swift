// SPDX-License-Identifier: Apache-2.0
import Glibc
import RemoteBridgeDBus
import RemoteBridgeMPRIS

/// The command line a media key runs, `remotectl -p NAME play-pause` (or play, pause, stop,
/// next, previous), done on the spot: one blocking connection, one Get of the capability the
/// verb needs, one call. No event loop, no threads.
///
/// It takes the case where the answer is certain to be what the full run would give: the
/// session bus has the player `NAME` itself, and it says it can, and no instance of it
/// (`NAME.<anything>`) could come first. playerctl takes `NAME` first then too: `NAME` sorts
/// before `NAME.<anything>`, the session bus before the system bus. But with playerctld on the
/// bus, playerctl takes playerctld's order of activity, where an instance used since comes
/// first; so an instance beside playerctld is left to the full run. Anything else — the name
/// missing, the capability false, a failed read, other options — returns nil, and `CommandRun`
/// does it all the long way, with its messages.
public enum QuickTransport {
    /// The transport verb `name`'s method, with the capability playerctl checks for it.
    static func transport(_ name: String) -> (method: DBusMethodDeclaration, capability: DBusPropertyDeclaration)? {
        switch name {
        case "play": (PlayerInterface.play, PlayerInterface.canPlay)
        case "pause": (PlayerInterface.pause, PlayerInterface.canPause)
        case "play-pause": (PlayerInterface.playPause, PlayerInterface.canPlay)
        case "stop": (PlayerInterface.stop, PlayerInterface.canPlay)
        case "next": (PlayerInterface.next, PlayerInterface.canGoNext)
        case "previous": (PlayerInterface.previous, PlayerInterface.canGoPrevious)
        default: nil
        }
    }

    /// Runs `arguments` if they are such a command line; returns the exit status, or nil to
    /// leave them to `CommandRun`. A call the player refuses is reported as playerctl reports it.
    public static func run(_ arguments: [String], errors: (String) -> Void) -> Int32? {
        guard let invocation = try? Invocation(arguments: arguments) else { return nil }
        return run(invocation, errors: errors)
    }

    /// Runs `invocation` if it is such a command line; returns the exit status, or nil.
    public static func run(_ invocation: Invocation, errors: (String) -> Void) -> Int32? {
        guard let verb = invocation.command.first, let (method, capability) = transport(verb),
            invocation.playerNames.count == 1, let name = invocation.playerNames.first, !name.contains("%"), invocation.ignoredNames.isEmpty,
            !invocation.allPlayers, !invocation.follow, !invocation.listAll, !invocation.version, !invocation.help, invocation.format == nil,
            let address = invocation.bus ?? DBusConnection.sessionBusAddress
        else { return nil }
        let busName = MPRISNames.busNamePrefix + name
        // playerctl starts playerctld when asked for it by name, and no other player.
        let autoStart = name == "playerctld"
        do throws(DBusError) {
            let connection = try BlockingConnection(address: address)
            if !autoStart {
                let names = try connection.call(
                    BusDaemonInterface.busName, BusDaemonInterface.objectPath, BusDaemonInterface.listNames, autoStart: false, timeout: invocation.timeout
                ).first?.stringArrayValue ?? []
                if names.contains(PlayerctldInterface.busName), names.contains(where: { $0.hasPrefix(busName + ".") }) { return nil }
            }
            let able = try connection.getProperty(busName, MPRISNames.objectPath, capability, autoStart: autoStart, timeout: invocation.timeout)
            guard able == .bool(true) else { return nil }
            do throws(DBusError) {
                _ = try connection.call(busName, MPRISNames.objectPath, method, autoStart: autoStart, timeout: invocation.timeout)
                return 0
            } catch {
                errors("Could not execute command: \(error.gdbusMessage)")
                return 1
            }
        } catch {
            return nil
        }
    }
}
