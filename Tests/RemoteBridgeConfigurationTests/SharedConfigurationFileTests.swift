// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeConfiguration
import Testing

@Suite("The shared config file: both programs refuse what neither knows")
struct SharedConfigurationFileTests {
    @Test("an unknown section is refused by remote-playerd and by headsetd, naming its line")
    func unknownSection() {
        let text = "[player]\nautoplay = true\n\n[playr]\nname = \"x\"\n"
        #expect { try PlayerConfiguration.parse(text, file: "/c.toml") } throws: { "\($0)".hasPrefix("/c.toml:4") && "\($0)".contains("playr") }
        #expect { try HeadsetConfiguration.parse(text, file: "/c.toml") } throws: { "\($0)".hasPrefix("/c.toml:4") && "\($0)".contains("playr") }
        // Each program accepts the other's sections.
        let both = "[player]\nautoplay = true\n[headset]\ngrab = true\n[media-keys]\nskip-forward = 20\n"
        #expect(throws: Never.self) { try PlayerConfiguration.parse(both, file: "/c.toml") }
        #expect(throws: Never.self) { try HeadsetConfiguration.parse(both, file: "/c.toml") }
    }

    @Test("a folder given as the config file is named as a folder, not as an NSCocoaErrorDomain error")
    func folderAsConfig() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for load in [{ _ = try PlayerConfiguration.load(path: folder.path, required: true) }, { _ = try HeadsetConfiguration.load(path: folder.path, required: true) }] {
            #expect { try load() } throws: { error in
                "\(error)" == "\(folder.path): is a folder; give the path of the config.toml file itself"
            }
        }
    }

    @Test("the schema's tables are the sections and keys the example file has, and the parsers read")
    func exampleCoversSchema() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../dist/config.example.toml").standardized.path
        let root = try TOMLParser.parse(try String(contentsOfFile: path, encoding: .utf8))
        #expect(root.entries.map(\.key) == ConfigurationSchema.sectionNames)
        for name in ConfigurationSchema.sectionNames {
            guard case .table(let section)? = root[name]?.value else {
                Issue.record("no [\(name)] in the example")
                continue
            }
            #expect(section.entries.map(\.key) == ConfigurationSchema.keys(of: name), "[\(name)]")
        }
    }

    @Test("the XDG variables place the files; unset, empty or relative ones fall back to the home folder")
    func xdgPaths() {
        let set = XDGPaths(environment: ["XDG_CONFIG_HOME": "/c", "XDG_STATE_HOME": "/s", "XDG_CACHE_HOME": "/k"], home: "/home/u")
        #expect(set.configFile == "/c/remotebridge/config.toml")
        #expect(set.stateFile == "/s/remotebridge/player.state")
        #expect(set.legacyStateFile == "/s/remotebridge/state.json")
        #expect(set.artCache == "/k/remotebridge/art")
        for environment in [[:], ["XDG_CONFIG_HOME": "", "XDG_STATE_HOME": "", "XDG_CACHE_HOME": ""], ["XDG_CONFIG_HOME": "rel", "XDG_STATE_HOME": "./s", "XDG_CACHE_HOME": "k"]] {
            let paths = XDGPaths(environment: environment, home: "/home/u")
            #expect(paths.configFile == "/home/u/.config/remotebridge/config.toml")
            #expect(paths.stateFile == "/home/u/.local/state/remotebridge/player.state")
            #expect(paths.artCache == "/home/u/.cache/remotebridge/art")
        }
        // The home folder: $HOME, else the password database's entry for this user.
        #expect(XDGPaths(environment: ["HOME": "/somewhere"]).configFile == "/somewhere/.config/remotebridge/config.toml")
        #expect(XDGPaths(environment: [:]).home.hasPrefix("/"))
    }
}
