// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeCtl

/// Runs remotectl command lines in-process on one bus, keeping what they print, a line each.
@MainActor
final class InProcessCommand {
    let address: String
    var out: [String] = []
    var err: [String] = []

    init(address: String) {
        self.address = address
    }

    /// Runs `arguments` on the bus; `terminal` makes output as if stdout were a terminal.
    @discardableResult
    func callAsFunction(_ arguments: [String], terminal: Bool = false) async -> Int32 {
        let invocation: Invocation
        do {
            invocation = try Invocation(arguments: arguments + ["--bus", address])
        } catch {
            err.append("remotectl: \(error)")
            return 2
        }
        var run = CommandRun(invocation: invocation)
        run.output = { [weak self] text in
            self?.out += text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
        run.errors = { [weak self] in self?.err.append($0) }
        run.outputIsTerminal = terminal
        return await run.run()
    }
}
