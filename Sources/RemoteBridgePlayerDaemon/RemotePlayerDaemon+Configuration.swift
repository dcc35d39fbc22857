import RemoteBridgeConfiguration
import RemoteBridgeMPRIS

extension RemotePlayerDaemon {
    /// The settings the daemon runs with: the config file's, then what the command line overrides.
    nonisolated static func configuration(options: Options, paths: XDGPaths = XDGPaths()) throws -> PlayerConfiguration {
        var configuration = try PlayerConfiguration.load(
            path: options.configPath ?? paths.configFile, required: options.configPath != nil)
        if let name = options.name {
            try MPRISBusName.validate(name)
            configuration.name = name
        }
        if let output = options.audioOutput { configuration.audioOutput = output }
        if options.autoplay { configuration.autoplay = true }
        return configuration
    }

    /// Reads the configuration and puts what the audio output stream says it is
    /// (`AudioStreamIdentity`) in the process's environment, for the sound libraries mpv loads;
    /// returns the configuration, for `Options.configuration`. The remote-playerd program calls it
    /// first thing, before any thread starts, since `setenv` is not thread-safe; the daemon cannot
    /// set it as it starts, with its threads running. A configuration that does not load changes
    /// nothing here (nil): the daemon reads it again and reports it as it starts.
    @discardableResult
    public nonisolated static func exportAudioStreamEnvironment(options: Options) -> PlayerConfiguration? {
        guard let configuration = try? configuration(options: options) else { return nil }
        PlayerIdentity.audioStream(playerName: configuration.name).export()
        return configuration
    }
}
