// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeConfiguration

extension DoctorContext {
    /// Reads the config file as both daemons do; a file that does not parse keeps both from
    /// starting, and its error names the line.
    mutating func loadConfiguration() -> [DoctorFinding] {
        do throws(ConfigurationError) {
            guard try ConfigurationFile.read(path: configPath, required: false) != nil else {
                return [.ok(.configuration, "no config file at \(configPath); the defaults apply")]
            }
            configuration = try HeadsetConfiguration.load(path: configPath, required: false)
            _ = try PlayerConfiguration.load(path: configPath, required: false)
            return [.ok(.configuration, "\(configPath) parses")]
        } catch {
            let place = error.line > 0 ? "line \(error.line) of \(configPath)" : configPath
            return [
                .failed(
                    .configuration, "\(configPath) does not parse, so headsetd and remote-playerd refuse to start: \(error.description)",
                    fix: "edit \(place) (\(error.message)); dist/config.example.toml lists every key and its values")
            ]
        }
    }
}
