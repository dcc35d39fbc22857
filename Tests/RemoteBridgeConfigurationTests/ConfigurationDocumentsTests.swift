// SPDX-License-Identifier: Apache-2.0
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
            #expect(headset.gestures[gesture] == .some(gesture.defaultSubtype.map(GestureBinding.event)), "\(gesture.name)")
        }
        headset.gestures = [:]
        #expect(headset == HeadsetConfiguration())
    }

    /// The page that shows the configuration to users.
    static let page = "docs/configuration.md"

    @Test("docs/configuration.md's configuration block is every table of the schema, as dist/config.example.toml has it")
    func pageBlock() throws {
        let path = Self.root.appendingPathComponent(Self.page).path
        var text = try String(contentsOfFile: path, encoding: .utf8)
        let opening = "Every key, with its default:\n\n```toml\n"
        guard let start = text.range(of: opening)?.upperBound, let end = text.range(of: "```\n", range: start..<text.endIndex)?.lowerBound else {
            Issue.record("\(Self.page) has no configuration block after \(opening.debugDescription)")
            return
        }
        let block = ConfigurationExample.text(of: ConfigurationSchema.tables.map(\.name))
        if Self.writing {
            text.replaceSubrange(start..<end, with: block)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        #expect(String(text[start..<end]) == block, "\(Self.page)'s block differs from the schema: run REMOTEBRIDGE_WRITE_DOCUMENTS=1 swift test --filter ConfigurationDocumentsTests and read the diff")
    }

    @Test("docs/configuration.md's gesture table gives each gesture the default binding HeadsetGesture has")
    func pageGestures() throws {
        let text = try String(contentsOfFile: Self.root.appendingPathComponent(Self.page).path, encoding: .utf8)
        /// `togglePlayPause` as the file's name for it, `toggle-play-pause`.
        func kebab(_ camel: Substring) -> String {
            camel.reduce(into: "") { name, character in
                name += character.isUppercase ? "-" + character.lowercased() : String(character)
            }
        }
        for gesture in HeadsetGesture.allCases {
            let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("| \(gesture.name) | ") }, "\(Self.page) has no row for \(gesture.name)")
            let cell = row.dropFirst("| \(gesture.name) | ".count)
            let stated = cell.hasPrefix("`") ? kebab(cell.dropFirst().prefix { $0 != "`" }) : String(cell.prefix { $0 != " " })
            #expect(stated == (gesture.defaultSubtype?.name ?? "unbound"), "\(Self.page): \(gesture.name)")
        }
    }

    @Test("docs/configuration.md lists every value a gesture takes, as HeadsetConfiguration.gestureValues has them")
    func pageGestureValues() throws {
        let text = try String(contentsOfFile: Self.root.appendingPathComponent(Self.page).path, encoding: .utf8)
        let sentence = "A gesture takes one of: " + HeadsetConfiguration.gestureValues.map { "`\($0)`" }.joined(separator: ", ") + "."
        let joined = text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " ")
        #expect(joined.contains(sentence), "\(Self.page) should say: \(sentence)")
    }
}
