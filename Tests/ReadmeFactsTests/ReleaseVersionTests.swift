// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeCore
import Testing

/// The one version number, `RemoteBridgeRelease.version`: CHANGELOG.md's newest section is
/// about it, and each program's `--version` prints it.
@Suite("The release version, written once")
struct ReleaseVersionTests {
    @Test("CHANGELOG.md's first release heading is the version (an Unreleased section above it is not a release)")
    func changelog() throws {
        let text = try PackageFile("CHANGELOG.md").text()
        let heading = try #require(text.split(separator: "\n").first { $0.hasPrefix("## ") && $0 != "## Unreleased" })
        #expect(heading.dropFirst(3).split(separator: " ").first.map(String.init) == RemoteBridgeRelease.version, "\(heading)")
    }

    @Test("Each program's --version prints it", arguments: [("remote-playerd", ""), ("headsetd", ""), ("remotectl", "v")])
    func programs(program: String, prefix: String) throws {
        let process = Process()
        process.executableURL = ReadmeText.root.appendingPathComponent(".build/debug/\(program)")
        process.arguments = ["--version"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(text == prefix + RemoteBridgeRelease.version + "\n")
    }
}
