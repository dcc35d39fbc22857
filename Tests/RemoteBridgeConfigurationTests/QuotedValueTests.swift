// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeConfiguration
import RemoteBridgeText
import Testing

/// What a config file's errors quote of it: never more than a few hundred bytes, and bytes that
/// are not UTF-8 named with their line.
@Suite("Configuration errors quote the file bounded in bytes")
struct QuotedValueTests {
    /// One letter and 524 288 combining accents: one `Character`, 1 MiB and a byte.
    static let grapheme = "a" + String(repeating: "\u{301}", count: 1 << 19)

    /// Writes `bytes` as a config file in a fresh folder, loads it as remote-playerd does, and
    /// returns the error.
    static func loadError(_ bytes: [UInt8]) throws -> ConfigurationError? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("config.toml").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        do throws(ConfigurationError) {
            _ = try PlayerConfiguration.load(path: path, required: true)
            return nil
        } catch {
            #expect(error.file == path)
            return error
        }
    }

    @Test("a 1 MiB single-grapheme value in the file is quoted in a few hundred bytes, with its size")
    func graphemeValue() throws {
        let error = try #require(try Self.loadError(Array("[player]\nname = \"\(Self.grapheme)\"\n".utf8)))
        #expect(error.line == 2)
        #expect(error.key == "[player] name")
        #expect(error.message.utf8.count < 400, "\(error.message.utf8.count) bytes")
        #expect(error.message.contains(OutsideText.quoted(Self.grapheme)))
        #expect(error.message.contains("… (1048577 bytes)"))
        #expect("\(error)".utf8.count < 600)
    }

    @Test("a 1 MiB single-grapheme key is named bounded too, in the error and in its description")
    func graphemeKey() throws {
        let error = try #require(try Self.loadError(Array("[player]\n\"\(Self.grapheme)\" = 1\n".utf8)))
        #expect(error.line == 2)
        #expect(error.key == "[player] " + OutsideText.quoted(Self.grapheme))
        #expect("\(error)".utf8.count < 600, "\("\(error)".utf8.count) bytes")
        // A value the parser cannot read is quoted the same way.
        let unreadable = try #require(try Self.loadError(Array("[player]\nname = \(Self.grapheme)\n".utf8)))
        #expect("\(unreadable)".utf8.count < 600, "\("\(unreadable)".utf8.count) bytes")
    }

    @Test("a file with bytes that are not UTF-8 is refused naming the line, the byte, and the line quoted with it escaped")
    func invalidUTF8() throws {
        let bytes = Array("[player]\nautoplay = true\nname = \"ab".utf8) + [0xFF, 0xC3] + Array("cd\"\n".utf8)
        let error = try #require(try Self.loadError(bytes))
        #expect(error.line == 3)
        #expect(error.message == #"is not UTF-8 text (byte 11 of the line is not): "name = \"ab\xFF\xC3cd\"""#)
        // A megabyte of such bytes on one line: the quote stays bounded.
        let long = try #require(try Self.loadError(Array("name = \"".utf8) + [UInt8](repeating: 0xFE, count: 1 << 20)))
        #expect(long.line == 1)
        #expect(long.message.utf8.count < 400, "\(long.message.utf8.count) bytes")
        #expect(long.message.hasSuffix("… (1048584 bytes)"))
    }
}
