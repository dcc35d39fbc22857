import ArgumentParser
import RemoteCtl

/// A transport subcommand: it only needs to name its verb.
protocol TransportCommand: AsyncParsableCommand {
    static var verb: RemoteCtl.Transport { get }
    var options: PlayerOptions { get }
}

extension TransportCommand {
    @MainActor
    func run() async throws {
        let status = try await options.controller().transport(Self.verb)
        if status != 0 { throw ExitCode(status) }
    }
}

/// A settings subcommand: it runs one RemoteCtl function and exits with its status.
protocol SettingCommand: AsyncParsableCommand {
    var options: PlayerOptions { get }
    @MainActor func act(_ ctl: RemoteCtl) async -> Int32
}

extension SettingCommand {
    @MainActor
    func run() async throws {
        let status = await act(try await options.controller())
        if status == 2 { throw ExitCode(2) }
        if status != 0 { throw ExitCode(status) }
    }
}
