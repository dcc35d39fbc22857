// SPDX-License-Identifier: Apache-2.0
/// One key of `config.toml` as the schema holds it: its name, its default written as TOML, and
/// what it means. The default is rendered from the settings' own default value, so it is
/// written once, in `PlayerConfiguration` or `HeadsetConfiguration`.
public struct ConfigurationKey: Sendable, Equatable {
    /// The key, as written in the file: `click-interval`.
    public var name: String
    /// The default, as TOML text: `0.3`, `"auto"`, `["file", "http", "https"]`.
    public var defaultValue: String
    /// What the key means, in a few words; empty when the name says it all.
    public var comment: String

    /// Makes a key from its name, its default as TOML text, and its meaning.
    public init(_ name: String, _ defaultValue: String, _ comment: String = "") {
        self.name = name
        self.defaultValue = defaultValue
        self.comment = comment
    }
}

/// One table of `config.toml` as the schema holds it: `player`, or `headset.gestures` for a
/// table inside another.
public struct ConfigurationTable: Sendable, Equatable {
    /// The table's name, dotted for one inside another: `headset.gestures`.
    public var name: String
    /// Its keys, in the order the example file lists them.
    public var keys: [ConfigurationKey]
}
