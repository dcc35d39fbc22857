// SPDX-License-Identifier: Apache-2.0
/// One program's settings, read from the shared `config.toml`: the defaults, and a parser that
/// checks the whole file. Loading is the same for every program, so it is written once here.
public protocol ConfigurationSettings {
    /// The defaults, for a missing file or a missing key.
    init()
    /// Parses configuration text, checking the whole file before anything is used.
    static func parse(_ text: String, file: String) throws(ConfigurationError) -> Self
}

extension ConfigurationSettings {
    /// Reads the file at `path`. A missing file gives the defaults only when `required` is false
    /// (the default path); a file named on the command line must be there.
    public static func load(path: String, required: Bool) throws(ConfigurationError) -> Self {
        guard let text = try ConfigurationFile.read(path: path, required: required) else { return Self() }
        return try parse(text, file: path)
    }
}
