// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A home folder for the contenders, inside a benchmark's work folder: an empty
/// remote-playerd configuration, and XDG folders of their own, so that nothing of the user's
/// (configuration, state, cache) is read or written.
public struct ContenderHome: Sendable {
    /// remote-playerd's configuration file (`--config`): a `[player]` table with nothing set.
    public let config: String
    /// What the contenders' environment gets on top of ours: the private bus and the folders.
    public let environment: [String: String]

    /// Makes `home/` in `work`, for contenders on the bus at `busAddress`.
    public init(in work: URL, busAddress: String) throws {
        let home = work.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        config = home.appendingPathComponent("config.toml").path
        _ = FileManager.default.createFile(atPath: config, contents: Data("[player]\n".utf8))
        environment = [
            "DBUS_SESSION_BUS_ADDRESS": busAddress, "HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_STATE_HOME": home.appendingPathComponent("state").path, "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
        ]
    }
}
