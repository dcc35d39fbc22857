// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDoctor
import RemoteBridgeResume

/// `remotectl doctor [--json]`: the findings of `Doctor`, a line each (or a JSON object each),
/// on the session bus (or `--bus`), each peer given `--timeout` to answer. Exit status 0 when
/// every check passes, 1 otherwise; arguments are a usage error (2).
@MainActor
struct DoctorRun {
    let run: CommandRun

    func run() async -> Int32 {
        guard run.invocation.command.count == 1 else {
            run.errors("remotectl: doctor takes no arguments")
            return 2
        }
        var environment = DoctorEnvironment()
        environment.sessionBusAddress = run.invocation.bus
        environment.callTimeout = run.invocation.timeout
        // What a press would do with no player to take it: the resume decision headsetd makes.
        environment.resumeVerdict = {
            guard let policy = try? ResumePolicy.fromConfigurationFile() else {
                return "would not start remote-playerd: the config file does not parse (see the config line)"
            }
            return policy.decide().description
        }
        let findings = await Doctor(environment: environment).run()
        for finding in findings {
            run.output(run.printable(run.invocation.json ? Self.json(finding) : finding.line) + "\n")
        }
        return Doctor.passed(findings) ? 0 : 1
    }

    /// One finding as a JSON object: area, status (ok, failed, note), text, and fix when there is one.
    static func json(_ finding: DoctorFinding) -> String {
        let fix = finding.fix.map { #","fix":"\#($0.jsonEscaped)""# } ?? ""
        return #"{"area":"\#(finding.area.rawValue)","status":"\#(finding.status.rawValue)","text":"\#(finding.text.jsonEscaped)"\#(fix)}"#
    }
}
