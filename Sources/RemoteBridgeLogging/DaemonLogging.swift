// SPDX-License-Identifier: Apache-2.0
import Logging

/// How the daemons log: to standard error, in the journal's form when it is the journal
/// (`JournalLogHandler`), and as swift-log's `StreamLogHandler` writes otherwise (a terminal, a
/// pipe, a file), with its timestamp and level word.
public enum DaemonLogging {
    /// Makes every `Logger` of the process log at `level` and above, to standard error.
    public static func bootstrap(level: Logger.Level) {
        let journal = JournalStream.isStandardError
        LoggingSystem.bootstrap { label in
            handler(label: label, level: level, journal: journal)
        }
    }

    /// The handler for `label`: the journal's form when `journal`, the stream form otherwise.
    public static func handler(label: String, level: Logger.Level, journal: Bool) -> any LogHandler {
        if journal {
            var handler = JournalLogHandler()
            handler.logLevel = level
            return handler
        }
        var handler = StreamLogHandler.standardError(label: label)
        handler.logLevel = level
        return handler
    }
}
