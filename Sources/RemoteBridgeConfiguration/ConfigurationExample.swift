// SPDX-License-Identifier: Apache-2.0
/// `config.toml` with every key at its default, rendered from `ConfigurationSchema`: the text of
/// `dist/config.example.toml`, and of docs/configuration.md's configuration block (every table).
public enum ConfigurationExample {
    /// The comment that opens the example file.
    static let preamble = """
        # RemoteBridge's configuration: ~/.config/remotebridge/config.toml ($XDG_CONFIG_HOME).
        # remote-playerd reads [player], [media-keys] and [input]; headsetd reads [headset].
        # Every key is optional; the values below are the defaults. Both programs refuse unknown
        # sections and keys, naming the line.
        # This file is generated from ConfigurationSchema (Sources/RemoteBridgeConfiguration); a test
        # holds it to that table.

        """

    /// The column where a key's comment starts, so the comments line up.
    static let commentColumn = 38

    /// The whole example file.
    public static var file: String {
        preamble + "\n" + text(of: ConfigurationSchema.tables.map(\.name))
    }

    /// The tables named in `names`, in the schema's order, each key with its default and comment.
    public static func text(of names: [String]) -> String {
        ConfigurationSchema.tables.filter { names.contains($0.name) }.map { table in
            "[\(table.name)]\n" + table.keys.map(line).joined()
        }.joined(separator: "\n")
    }

    /// One key's line: `name = default`, and its comment at `commentColumn`.
    static func line(_ key: ConfigurationKey) -> String {
        let assignment = "\(key.name) = \(key.defaultValue)"
        guard !key.comment.isEmpty else { return assignment + "\n" }
        let padding = String(repeating: " ", count: max(1, commentColumn - assignment.count))
        return assignment + padding + "# " + key.comment + "\n"
    }
}
