// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeCore
import RemoteBridgeTesting
import Testing

/// What the Debian package (`make deb`, scripts/build-deb) takes from the source tree, checked
/// where it is cheap: the one version as scripts/version reads it, the AppStream metadata, the
/// D-Bus activation files, and the copyright file's list of what the programs link (the programs'
/// `--version` and the desktop entry have tests of their own). The package itself is built and
/// checked by `make deb-check` (scripts/check-deb: lintian, an install into a scratch root and a
/// purge), which `make test` runs after the release build.
@Suite("The Debian package's sources: one version, valid AppStream metadata, a complete copyright file")
@MainActor
struct DebianPackageTests {
    static func file(_ path: String) throws -> String {
        try String(contentsOf: BuiltProduct.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("scripts/version, which make deb and make man read, prints RemoteBridgeRelease.version")
    func scriptVersion() async throws {
        let script = BuiltProduct.packageRoot.appendingPathComponent("scripts/version").path
        let result = try await ExternalProcess.run(script, [])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.output == RemoteBridgeRelease.version, "scripts/version prints \(result.output.debugDescription)")
        #expect(result.standardError.isEmpty, "\(result.standardError)")
    }

    @Test("the AppStream metadata passes appstreamcli validate, and names the desktop entry and both bus names")
    func appStreamMetadata() async throws {
        let path = "dist/metainfo/io.github.remotebridge.metainfo.xml"
        let result = try await ExternalProcess.run("appstreamcli", ["validate", "--no-net", BuiltProduct.packageRoot.appendingPathComponent(path).path])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        let text = try Self.file(path)
        for expected in [
            "<launchable type=\"desktop-id\">remotebridge.desktop</launchable>", "<icon type=\"stock\">remotebridge</icon>",
            "<dbus type=\"user\">org.mpris.MediaPlayer2.remotebridge</dbus>", "<dbus type=\"user\">io.github.remotebridge.Headset</dbus>",
        ] {
            #expect(text.contains(expected), "\(path) has no \(expected)")
        }
    }

    @Test(
        "each D-Bus activation file is named after its bus name and starts its program from /usr/local/bin (make install fixes the folder)",
        arguments: [("org.mpris.MediaPlayer2.remotebridge", "remote-playerd"), ("io.github.remotebridge.Headset", "headsetd")])
    func activationFile(name: String, program: String) throws {
        let lines = try Self.file("dbus/services/\(name).service").split(separator: "\n").map(String.init)
        #expect(lines.contains("Name=\(name)"))
        #expect(lines.contains("Exec=/usr/local/bin/\(program)"))
        #expect(lines.contains("SystemdService=\(program).service"))
    }

    /// The packages Package.resolved pins that only build tools use (the DocC plugin): nothing of
    /// them is linked into a program, so the copyright file need not name them.
    static let buildToolPackages: Set<String> = ["swift-docc-plugin", "swift-docc-symbolkit"]

    @Test("dist/debian/copyright has a paragraph for every package the programs link statically")
    func copyrightNamesLinkedPackages() throws {
        let resolved = try #require(
            try JSONSerialization.jsonObject(with: Data(Self.file("Package.resolved").utf8)) as? [String: Any], "Package.resolved is not a JSON object")
        let pins = try #require(resolved["pins"] as? [[String: Any]], "Package.resolved has no pins")
        let identities = pins.compactMap { $0["identity"] as? String }
        #expect(!identities.isEmpty)
        let copyright = try Self.file("dist/debian/copyright")
        for identity in identities where !Self.buildToolPackages.contains(identity) {
            #expect(
                copyright.contains(".build/checkouts/\(identity)/*"),
                "dist/debian/copyright has no paragraph for \(identity), which the programs link: add its copyright and license (.build/checkouts/\(identity)/LICENSE*, and its NOTICE if it has one)")
        }
        for identity in Self.buildToolPackages {
            #expect(identities.contains(identity), "\(identity) is no longer pinned: take it out of DebianPackageTests.buildToolPackages")
        }
    }
}
