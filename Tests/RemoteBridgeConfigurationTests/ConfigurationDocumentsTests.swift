import RemoteBridgeGestures
import Foundation
import RemoteBridgeConfiguration
import Testing

/// The documents that state the configuration's keys and defaults are renderings of
/// `ConfigurationSchema`, held to it byte for byte. After changing a key or a default, run
/// `REMOTEBRIDGE_WRITE_DOCUMENTS=1 swift test --filter ConfigurationDocumentsTests` once to
/// write them again, and read the diff.
@Suite("The configuration's documents match its schema")
struct ConfigurationDocumentsTests {
    /// The package's folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
    /// Whether to write the documents instead of checking them.
    static let writing = ProcessInfo.processInfo.environment["REMOTEBRIDGE_WRITE_DOCUMENTS"] == "1"

    @Test("dist/config.example.toml is ConfigurationExample.file, and gives both programs their defaults")
    func exampleFile() throws {
        let path = Self.root.appendingPathComponent("dist/config.example.toml").path
        if Self.writing { try ConfigurationExample.file.write(toFile: path, atomically: true, encoding: .utf8) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == ConfigurationExample.file)
        #expect(try PlayerConfiguration.load(path: path, required: true) == PlayerConfiguration())
        // The gestures are written out, so each reads as a binding: the default one.
        var headset = try HeadsetConfiguration.load(path: path, required: true)
        for gesture in HeadsetGesture.allCases {
            #expect(headset.gestures[gesture] == .some(gesture.defaultSubtype), "\(gesture.name)")
        }
        headset.gestures = [:]
        #expect(headset == HeadsetConfiguration())
    }

    @Test("README.md's configuration block is the schema's [player] and [media-keys]")
    func readmeBlock() throws {
        let path = Self.root.appendingPathComponent("README.md").path
        var readme = try String(contentsOfFile: path, encoding: .utf8)
        let opening = "path, line and key):\n\n```toml\n"
        guard let start = readme.range(of: opening)?.upperBound, let end = readme.range(of: "```\n", range: start..<readme.endIndex)?.lowerBound else {
            Issue.record("README.md has no configuration block after \(opening.debugDescription)")
            return
        }
        let block = ConfigurationExample.text(of: ["player", "media-keys"])
        if Self.writing {
            readme.replaceSubrange(start..<end, with: block)
            try readme.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        #expect(String(readme[start..<end]) == block)
    }

    @Test("README.md's gesture table gives each gesture the default binding HeadsetGesture has")
    func readmeGestures() throws {
        let readme = try String(contentsOfFile: Self.root.appendingPathComponent("README.md").path, encoding: .utf8)
        /// `togglePlayPause` as the file's name for it, `toggle-play-pause`.
        func kebab(_ camel: Substring) -> String {
            camel.reduce(into: "") { name, character in
                name += character.isUppercase ? "-" + character.lowercased() : String(character)
            }
        }
        for gesture in HeadsetGesture.allCases {
            let row = try #require(readme.split(separator: "\n").first { $0.hasPrefix("| \(gesture.name) | ") }, "no row for \(gesture.name)")
            let cell = row.dropFirst("| \(gesture.name) | ".count)
            let stated = cell.hasPrefix("`") ? kebab(cell.dropFirst().prefix { $0 != "`" }) : String(cell.prefix { $0 != " " })
            #expect(stated == (gesture.defaultSubtype?.name ?? "unbound"), "\(gesture.name)")
        }
    }
}
