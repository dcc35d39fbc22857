// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeDBus
import RemoteBridgeTesting
import RemoteBridgeCtl

/// Two in-memory players on a private bus: "remotebridge" and "other".
@MainActor
final class CtlFixture {
    let bus: PrivateBus
    let ours: ServedPlayer
    let other: ServedPlayer
    let connection: DBusConnection
    var out: [String] = []
    var err: [String] = []

    init() async throws {
        bus = try PrivateBus()
        ours = try await ServedPlayer(address: bus.address, name: "remotebridge")
        other = try await ServedPlayer(address: bus.address, name: "other")
        connection = try await DBusConnection.connect(to: bus.address)
    }

    deinit {
        bus.stop()
    }

    func ctl(_ selection: PlayerSelection = PlayerSelection()) -> RemoteCtl {
        var ctl = RemoteCtl(connection: connection, selection: selection)
        ctl.output = { [weak self] in self?.out.append($0) }
        ctl.errors = { [weak self] in self?.err.append($0) }
        return ctl
    }

    /// `remotectl status --live -p other` with stdout on a fresh pseudo-terminal; the caller
    /// kills the process.
    func followOnTerminal() throws -> (PseudoTerminal, Process) {
        let terminal = try PseudoTerminal()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuiltProduct.debug("remotectl"))
        process.arguments = ["status", "--live", "-p", "other", "--bus", bus.address]
        process.standardOutput = terminal.terminal
        process.standardError = FileHandle.nullDevice
        try process.run()
        return (terminal, process)
    }

    /// Runs a remotectl command line in-process on this bus; stdout and stderr land in `out`
    /// and `err`, a line each.
    @discardableResult
    func command(_ arguments: [String], terminal: Bool = false) async -> Int32 {
        let command = InProcessCommand(address: bus.address)
        let status = await command(arguments, terminal: terminal)
        out += command.out
        err += command.err
        return status
    }

    func run(_ arguments: [String]) async throws -> ExternalProcess.Result {
        let binary = BuiltProduct.debug("remotectl")
        return try await ExternalProcess.run(binary, arguments + ["--bus", bus.address])
    }
}
