// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc
import RemoteBridgeText

/// The one configuration file that remote-playerd and headsetd share: reading it, and the
/// sections it may hold (each program reads its own and rejects any it does not know).
public enum ConfigurationFile {
    /// The text of the file at `path`, or nil if there is none and it is not `required`.
    /// A folder, an unreadable file or one that is not UTF-8 is an error that says so.
    public static func read(path: String, required: Bool) throws(ConfigurationError) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT, !required { return nil }
            throw ConfigurationError(file: path, line: 0, key: "", message: String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            let what = status.st_mode & S_IFMT == S_IFDIR ? "a folder" : "not a regular file"
            throw ConfigurationError(file: path, line: 0, key: "", message: "is \(what); give the path of the config.toml file itself")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError(file: path, line: 0, key: "", message: "cannot be read (\(String(cString: strerror(errno))); check its permissions)")
        }
        return try text(of: [UInt8](data), file: path)
    }

    /// The text of `bytes`, the contents of `file`; an error that names the line and byte where
    /// they are not UTF-8.
    package static func text(of bytes: [UInt8], file: String) throws(ConfigurationError) -> String {
        if let bad = OutsideText.firstInvalidUTF8(in: bytes) {
            throw notUTF8(bytes, at: bad, file: file)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The error for a file whose byte at offset `bad` is not UTF-8: its line, the byte's place
    /// on it, and the line quoted with that byte escaped (`OutsideText.quoted(bytes:)`).
    private static func notUTF8(_ bytes: [UInt8], at bad: Int, file: String) -> ConfigurationError {
        let newline = UInt8(ascii: "\n")
        let start = bytes[..<bad].lastIndex(of: newline).map { $0 + 1 } ?? 0
        let end = bytes[bad...].firstIndex(of: newline) ?? bytes.endIndex
        let line = bytes[..<start].count { $0 == newline } + 1
        return ConfigurationError(
            file: file, line: line, key: "",
            message: "is not UTF-8 text (byte \(bad - start + 1) of the line is not): \(OutsideText.quoted(bytes: bytes[start..<end]))")
    }

    /// Throws for the first top-level key or section that is none of `sections` (a typo such as
    /// `[playr]`), naming its line. Sections the caller did not read are accepted unchecked:
    /// the other program checks them.
    public static func rejectUnknownSections(in root: inout ConfigurationSection) throws(ConfigurationError) {
        for name in ConfigurationSchema.sectionNames { _ = try root.section(name) }
        try root.rejectUnknownKeys(known: ConfigurationSchema.sectionNames)
    }
}
