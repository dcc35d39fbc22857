// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc

/// The files of a corpus: each harness's seeds and every input a fuzzer ever found a fault
/// with, in `fuzz/corpus/<harness>/`, one input per file.
package enum CorpusFiles {
    /// The folder of `harness`'s corpus under the repository at `root`.
    package static func folder(of harness: FuzzHarness, root: String) -> String {
        "\(root)/fuzz/corpus/\(harness.name)"
    }

    /// The folders of `harness`'s corpus under the repository at `root`: its own, and the
    /// project's test files of its format that it starts from too (`FuzzHarness.testFiles`).
    package static func folders(of harness: FuzzHarness, root: String) -> [String] {
        [folder(of: harness, root: root)] + harness.testFiles.map { "\(root)/\($0)" }
    }

    /// The files `paths` name, a folder standing for the files in it and in its folders (as
    /// libFuzzer reads a corpus), in name order.
    package static func files(in paths: [String]) -> [String] {
        paths.flatMap { path -> [String] in
            var status = stat()
            guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return [path] }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            return files(in: names.filter { !$0.hasPrefix(".") }.sorted().map { "\(path)/\($0)" })
        }
    }

    /// The bytes of `file`, or nil when it cannot be read.
    package static func contents(of file: String) -> [UInt8]? {
        FileManager.default.contents(atPath: file).map { [UInt8]($0) }
    }
}
