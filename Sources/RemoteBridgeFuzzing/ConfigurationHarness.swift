// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeConfiguration

extension FuzzHarness {
    /// `config.toml`, as both daemons read it: the bytes checked as UTF-8, the TOML parsed, and
    /// each program's schema applied. Every error names a line of the file and stays within
    /// `maximumMessageBytes`, however long the line.
    static let configuration = FuzzHarness(
        name: "configuration", summary: "config.toml: UTF-8 check, TOML, remote-playerd's and headsetd's schemas",
        testFiles: ["Tests/RemoteBridgeConfigurationTests/toml-test"]
    ) { bytes throws(PropertyViolation) in
        let file = "config.toml"
        let text: String
        do throws(ConfigurationError) {
            text = try ConfigurationFile.text(of: Array(bytes), file: file)
        } catch {
            try requireBounded(error.description, "the UTF-8 check")
            return
        }
        let lines = text.utf8.count { $0 == UInt8(ascii: "\n") } + 1
        do throws(TOMLError) {
            _ = try TOMLParser.parse(text)
        } catch {
            try require((1...lines).contains(error.line), "a TOML error on line \(error.line) of a \(lines)-line file")
            try requireBounded(error.description, "the TOML parser")
        }
        try checkSchema(PlayerConfiguration.self, text, file: file, lines: lines)
        try checkSchema(HeadsetConfiguration.self, text, file: file, lines: lines)
    }

    private static func checkSchema<Settings: ConfigurationSettings>(
        _ settings: Settings.Type, _ text: String, file: String, lines: Int
    ) throws(PropertyViolation) {
        do throws(ConfigurationError) {
            _ = try Settings.parse(text, file: file)
        } catch {
            try require((0...lines).contains(error.line), "\(Settings.self): an error on line \(error.line) of a \(lines)-line file")
            try requireBounded(error.description, "\(Settings.self)")
        }
    }
}
