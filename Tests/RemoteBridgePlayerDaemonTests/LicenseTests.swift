// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeTesting
import Testing

/// RemoteBridge is Apache-2.0, said the same way everywhere a reader or a tool looks: the LICENSE
/// file, the Debian copyright file, the AppStream metadata, and an SPDX line in every source file.
@Suite("One licence, stated the same everywhere")
struct LicenseTests {
    static func file(_ path: String) throws -> String {
        try String(contentsOf: BuiltProduct.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("LICENSE is the Apache License 2.0, word for word as Debian ships it")
    func licenseFile() throws {
        let license = try Self.file("LICENSE")
        let debian = try String(contentsOfFile: "/usr/share/common-licenses/Apache-2.0", encoding: .utf8)
        #expect(license == debian, "LICENSE differs from /usr/share/common-licenses/Apache-2.0")
    }

    @Test("the copyright file's own paragraph and the AppStream metadata say Apache-2.0, and the engine's libmpv is named")
    func packageMetadata() throws {
        let copyright = try Self.file("dist/debian/copyright")
        let paragraphs = copyright.components(separatedBy: "\n\n")
        let own = try #require(paragraphs.first { $0.hasPrefix("Files: *\n") }, "dist/debian/copyright has no Files: * paragraph")
        #expect(own.contains("\nLicense: Apache-2.0\n"), "\(own)")
        #expect(own.contains("remotebridge-engine") && own.contains("libmpv") && own.contains("GPL"), "the copyright file must say what the engine links: \(own)")
        let metainfo = try Self.file("dist/metainfo/io.github.remotebridge.metainfo.xml")
        #expect(metainfo.contains("<project_license>Apache-2.0</project_license>"))
    }

    /// The folders of our own code; the toml-test suite (MIT, its own LICENSE) and the fuzz corpus are not.
    static let ownFolders = ["Sources", "Tests", "Benchmarks/Sources", "Benchmarks/Benchmarks", "examples/Sources", "scripts"]

    @Test("every source file of ours has an SPDX line saying Apache-2.0 in its first lines")
    func spdxLines() throws {
        let root = BuiltProduct.packageRoot
        var missing: [String] = []
        var checked = 0
        for folder in Self.ownFolders {
            let base = root.appendingPathComponent(folder)
            guard let walk = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey]) else { continue }
            for case let url as URL in walk {
                if url.path.contains("/toml-test/") || url.path.contains("/.build") { continue }
                let isSource = ["swift", "c", "h"].contains(url.pathExtension)
                let isScript = folder == "scripts" && url.pathExtension.isEmpty
                guard isSource || isScript else { continue }
                checked += 1
                let head = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", maxSplits: 3, omittingEmptySubsequences: false).prefix(3)
                if !head.contains(where: { $0.contains("SPDX-License-Identifier: Apache-2.0") }) {
                    missing.append(String(url.path.dropFirst(root.path.count + 1)))
                }
            }
        }
        #expect(checked > 500, "only \(checked) files were found: the walk is looking in the wrong place")
        #expect(missing.isEmpty, "no SPDX-License-Identifier: Apache-2.0 line in: \(missing.joined(separator: ", "))")
    }
}
