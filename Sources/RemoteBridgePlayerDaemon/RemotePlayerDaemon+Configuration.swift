// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeConfiguration
import RemoteBridgeMPRIS

extension RemotePlayerDaemon {
    /// The settings the daemon runs with: the config file's, then what the command line overrides.
    public nonisolated static func configuration(options: Options, paths: XDGPaths = XDGPaths()) throws -> PlayerConfiguration {
        var configuration = try PlayerConfiguration.load(
            path: options.configPath ?? paths.configFile, required: options.configPath != nil)
        if let name = options.name {
            try MPRISNames.validate(name)
            configuration.name = name
        }
        if let output = options.audioOutput { configuration.audioOutput = output }
        if options.autoplay { configuration.autoplay = true }
        return configuration
    }
}
