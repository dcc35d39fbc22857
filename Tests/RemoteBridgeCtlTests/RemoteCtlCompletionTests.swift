// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeTesting
import Testing

@Suite("remotectl completions")
@MainActor
struct RemoteCtlCompletionTests {
    /// SHELL is emptied: the script must follow the argument, not the shell that runs the test.
    @Test("bash, zsh and fish completion scripts name the verbs", arguments: [("bash", "-F _remotectl remotectl"), ("zsh", "#compdef remotectl"), ("fish", "complete -c 'remotectl'")])
    func completions(shell: String, marker: String) async throws {
        let binary = BuiltProduct.debug("remotectl")
        let script = try await ExternalProcess.run(binary, ["--generate-completion-script", shell], environment: ["SHELL": ""])
        #expect(script.status == 0)
        #expect(script.output.contains(marker))
        #expect(script.output.contains("play-pause"))
        #expect(script.output.contains("monitor"))
        for verb in ["rate", "chapter", "sleep"] {
            #expect(script.output.contains(verb), "\(shell): \(verb)")
        }
    }
}
