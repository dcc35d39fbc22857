// SPDX-License-Identifier: Apache-2.0
import Glibc
import Logging

/// A log handler for a standard error that is the journal: each line starts with its syslog
/// priority (`<4>` for a warning) and carries neither a timestamp nor the program's name, which
/// the journal records itself. A message of several lines is written as several lines, each with
/// the prefix, so a continuation is not filed at the default priority. Each message goes out in
/// one `write`, so lines of two threads do not interleave.
public struct JournalLogHandler: LogHandler {
    /// The descriptor written to: standard error, unless a test gives another.
    private let descriptor: Int32

    public var logLevel: Logger.Level = .info
    public var metadata = Logger.Metadata()

    /// A handler that writes to `descriptor`.
    public init(descriptor: Int32 = STDERR_FILENO) {
        self.descriptor = descriptor
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        write(Self.lines(event.level, "\(event.message)", metadata: metadata.merging(event.metadata ?? [:]) { $1 }))
    }

    /// The text written for one message: every line prefixed, metadata (sorted by key) after the
    /// message's last line.
    public static func lines(_ level: Logger.Level, _ message: String, metadata: Logger.Metadata) -> String {
        let prefix = SyslogPriority.prefix(level)
        let pairs = metadata.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
        let text = message + pairs
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 + "\n" }.joined()
    }

    private func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            guard let start = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, start + offset, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
