// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgePlayerDaemon
import RemoteBridgeTesting
import Testing

/// dist/desktop/remotebridge.desktop and the icon: valid by desktop-file-validate, named as the
/// player's MPRIS DesktopEntry says, claiming the types the player reads (by shared-mime-info's
/// own globs), and an Exec line that, run as a file manager runs it, queues and plays.
@Suite("The desktop entry and the icon", .serialized)
@MainActor
struct DesktopEntryTests {
    static let path = BuiltProduct.packageRoot.appendingPathComponent("dist/desktop/remotebridge.desktop").path

    /// The `[Desktop Entry]` group's keys.
    static func entry() throws -> [String: String] {
        var keys: [String: String] = [:]
        var inGroup = false
        for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
            if line.hasPrefix("[") { inGroup = line == "[Desktop Entry]" }
            guard inGroup, let equals = line.firstIndex(of: "=") else { continue }
            keys[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return keys
    }

    /// A `;`-separated list's items.
    static func list(_ value: String?) -> [String] {
        (value ?? "").split(separator: ";").map(String.init)
    }

    @Test("desktop-file-validate prints nothing and exits 0")
    func validates() async throws {
        let result = try await ExternalProcess.run("desktop-file-validate", [Self.path])
        #expect(result.status == 0)
        #expect(result.standardOutput.isEmpty && result.standardError.isEmpty, "\(result.standardOutput)\(result.standardError)")
    }

    @Test("MimeType is the player's SupportedMimeTypes, and every type is shared-mime-info's (or an alias of one)")
    func mimeTypes() throws {
        let listed = Self.list(try Self.entry()["MimeType"])
        #expect(listed == PlayableTypes.mimeTypes)
        let known = Set(try String(contentsOfFile: "/usr/share/mime/types", encoding: .utf8).split(separator: "\n").map(String.init))
        let aliases = Set(try String(contentsOfFile: "/usr/share/mime/aliases", encoding: .utf8).split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) })
        // IANA's name (RFC 7587); shared-mime-info calls it audio/x-opus+ogg, which is listed too.
        let unknown = listed.filter { !known.contains($0) && !aliases.contains($0) }
        #expect(unknown == ["audio/opus"], "\(unknown)")
    }

    @Test("Each extension the player reads has a listed type in shared-mime-info's globs (but two that have none there)")
    func extensionsCovered() throws {
        var types: [String: Set<String>] = [:]
        for line in try String(contentsOfFile: "/usr/share/mime/globs2", encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: ":", maxSplits: 2)
            guard fields.count == 3, fields[2].hasPrefix("*.") else { continue }
            types[fields[2].dropFirst(2).lowercased(), default: []].insert(String(fields[1]))
        }
        let listed = Set(PlayableTypes.mimeTypes)
        let read = PlayableTypes.audioExtensions.union(["m3u", "m3u8", "pls"])
        let uncovered = read.filter { (types[$0] ?? []).isDisjoint(with: listed) }.sorted()
        // alac has no glob (its files are .m4a); webm's glob is video/webm, which an audio player
        // does not claim: a file manager would offer it for videos.
        #expect(uncovered == ["alac", "webm"], "\(uncovered)")
    }

    @Test("Name, Icon, Exec and TryExec: the player's identity, the installed icon, remotectl")
    func keys() throws {
        let entry = try Self.entry()
        #expect(entry["Type"] == "Application")
        #expect(entry["Icon"] == "remotebridge")
        #expect(entry["TryExec"] == "remotectl")
        #expect(entry["Exec"] == "remotectl queue %U")
        #expect(Self.list(entry["Categories"]).contains("Audio") && Self.list(entry["Categories"]).contains("Player"))
        #expect(FileManager.default.fileExists(atPath: BuiltProduct.packageRoot.appendingPathComponent("dist/icons/remotebridge.svg").path))
    }

    @Test("Exec, run as a file manager runs it with two files (%U: their file URIs), starts the player, which plays the first; its DesktopEntry and Identity match the file")
    func exec() async throws {
        let world = try await ActivationWorld(saved: false)
        defer { world.stop() }
        let entry = try Self.entry()
        var argv = try #require(entry["Exec"]).split(separator: " ").map(String.init)
        // The desktop entry spec: %U is a list of URLs, each its own argument.
        let uris = world.media.tones.prefix(2).map(\.absoluteString)
        argv = argv.flatMap { $0 == "%U" ? uris : [$0] }
        #expect(argv.first == entry["TryExec"])
        argv[0] = BuiltProduct.debug("remotectl")
        var environment = world.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = world.bus.address
        let changes = try await world.propertyChanges()
        let result = try await ExternalProcess.run(argv[0], Array(argv.dropFirst()), environment: environment)
        #expect(result.status == 0, "\(result.standardError)")
        let player = try await world.player()
        #expect(try await RemoteCtlQueueTests.current(of: player, becomes: uris[0], watching: changes))
        #expect(try await player.playbackStatus() == .playing)
        #expect(try await RemoteCtlQueueTests.queue(of: player).urls == uris)
        #expect(try await player.property(MediaPlayer2Interface.desktopEntry).stringValue.map { $0 + ".desktop" } == "remotebridge.desktop")
        #expect(try await player.property(MediaPlayer2Interface.identity).stringValue == entry["Name"])
    }

    @Test("scripts/render-icons writes the SVG and PNGs of their sizes into a hicolor theme")
    func icons() async throws {
        let theme = FileManager.default.temporaryDirectory.appendingPathComponent("hicolor-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: theme) }
        let result = try await ExternalProcess.run(BuiltProduct.packageRoot.appendingPathComponent("scripts/render-icons").path, [theme.path])
        try #require(result.status == 0, "\(result.standardError)")
        #expect(FileManager.default.contentsEqual(
            atPath: theme.appendingPathComponent("scalable/apps/remotebridge.svg").path,
            andPath: BuiltProduct.packageRoot.appendingPathComponent("dist/icons/remotebridge.svg").path))
        for size in [16, 22, 24, 32, 48, 64, 128, 256, 512] {
            let png = try Data(contentsOf: theme.appendingPathComponent("\(size)x\(size)/apps/remotebridge.png"))
            // The IHDR chunk's width and height, big-endian, after the 8-byte signature and the chunk's length and type.
            let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
            let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
            #expect(png.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]) && width == size && height == size, "\(size): \(width)x\(height)")
        }
    }
}
