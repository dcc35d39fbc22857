// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import Foundation

/// What a test of remote-playerd as a separate process needs: a private bus, tagged tones, an
/// empty config file, and a connection to watch the bus with. `stop()` removes it all.
@MainActor
public final class DaemonTestBed {
    /// The private bus.
    public let bus: PrivateBus
    /// The tones, in a folder that state files and configs may share.
    public let media: TestMedia
    /// An empty `config.toml` in the media folder, so no user config is read.
    public let config: String
    /// A connection to the bus, for clients and for waiting on names.
    public let connection: DBusConnection

    /// Makes `tones` tones of `seconds` each at `sampleRate` Hz, and starts the bus.
    public init(tones: Int = 3, seconds: Int = 5, sampleRate: Int = TestMedia.defaultSampleRate) async throws {
        bus = try PrivateBus()
        media = try await TestMedia.make(count: tones, seconds: seconds, sampleRate: sampleRate)
        config = media.directory.appendingPathComponent("config.toml").path
        _ = FileManager.default.createFile(atPath: config, contents: Data())
        connection = try await DBusConnection.connect(to: bus.address)
    }

    /// A path in the media folder, such as a state file.
    public func path(_ name: String) -> String {
        media.directory.appendingPathComponent(name).path
    }

    /// Starts remote-playerd (null audio, the empty config) with `arguments`, and waits until it
    /// owns `org.mpris.MediaPlayer2.<name>`; throws, with its stderr, if it never does.
    public func startPlayer(_ arguments: [String], name: String = "remotebridge") async throws -> DaemonProcess {
        let daemon = try await DaemonProcess(
            "remote-playerd", ["--bus", bus.address, "--audio-output", "null", "--config", config] + arguments)
        guard try await daemon.waitForName("org.mpris.MediaPlayer2." + name, on: connection) else {
            throw TestSupportError(description: "remote-playerd never owned \(name): \(daemon.standardError)")
        }
        return daemon
    }

    /// Stops the bus and removes the media.
    public func stop() {
        bus.stop()
        media.remove()
    }
}
