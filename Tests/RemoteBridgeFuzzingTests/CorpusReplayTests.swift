// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeFuzzing
import Testing

/// Every corpus file, replayed through its harness as an ordinary test: no fuzzing engine, and
/// what a fuzzer once found cannot come back unnoticed.
@Suite("Fuzz corpora: every input a harness has, replayed with its properties")
struct CorpusReplayTests {
    /// The repository, from this file's path.
    static let root = String(#filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/"))

    @Test("every harness has a seed corpus", arguments: FuzzHarness.all.map(\.name))
    func seeded(_ name: String) throws {
        let harness = try #require(FuzzHarness.named(name))
        let files = CorpusFiles.files(in: [CorpusFiles.folder(of: harness, root: Self.root)])
        #expect(files.count >= 3, "\(files.count) files in \(CorpusFiles.folder(of: harness, root: Self.root))")
    }

    @Test("every corpus file keeps its harness's properties", arguments: FuzzHarness.all.map(\.name))
    func replay(_ name: String) async throws {
        let harness = try #require(FuzzHarness.named(name))
        for file in CorpusFiles.files(in: CorpusFiles.folders(of: harness, root: Self.root)) {
            let bytes = try #require(CorpusFiles.contents(of: file), "\(file) cannot be read")
            do throws(PropertyViolation) {
                try await harness.replay(bytes)
            } catch {
                Issue.record("\(file): \(error.description)")
            }
        }
    }
}
