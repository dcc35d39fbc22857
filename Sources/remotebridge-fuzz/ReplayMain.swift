// SPDX-License-Identifier: Apache-2.0
import Glibc
import RemoteBridgeFuzzing

#if !FUZZING
/// Without the fuzzer: replays files through a harness, as `make test` does, and says which
/// break it. `remotebridge-fuzz HARNESS FILE|FOLDER...`
@main
enum ReplayMain {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let name = arguments.first, let harness = FuzzHarness.named(name), arguments.count > 1 else {
            let usage = """
                usage: remotebridge-fuzz HARNESS FILE|FOLDER...
                Runs each file (each file in a folder) through the harness and checks its properties, as `make test`
                replays fuzz/corpus. Built with `make fuzz`, the same program is the fuzzer.
                harnesses:
                \(HarnessChoice.list)
                """
            if let first = arguments.first, ["-h", "--help"].contains(first) {
                print(usage)
                exit(0)
            }
            printError(arguments.first.map { FuzzHarness.named($0) == nil ? "no harness named \($0)\n\(usage)" : usage } ?? usage)
            exit(2)
        }
        runBesideMainActor {
            var failures = 0
            let files = CorpusFiles.files(in: Array(arguments.dropFirst()))
            for file in files {
                guard let bytes = CorpusFiles.contents(of: file) else {
                    printError("\(file): cannot be read")
                    failures += 1
                    continue
                }
                do throws(PropertyViolation) {
                    try harness.run(bytes)
                } catch {
                    print("\(file): property violated: \(error.description)")
                    failures += 1
                }
            }
            print("\(harness.name): \(files.count) inputs replayed, \(failures == 0 ? "every property held" : "\(failures) failed")")
            exit(failures == 0 ? 0 : 1)
        }
    }
}
#endif
