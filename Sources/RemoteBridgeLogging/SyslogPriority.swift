// SPDX-License-Identifier: Apache-2.0
import Logging

/// The syslog priority of a log level, as the journal files it: `<4>` at the start of a line on
/// a journal stream makes the line a warning (sd-daemon(3)), and `journalctl -p warning` shows
/// it.
public enum SyslogPriority {
    /// The priority number, from 2 (critical) to 7 (debug). swift-log has no emergency or alert
    /// level; trace and debug are both debug.
    public static func of(_ level: Logger.Level) -> Int {
        switch level {
        case .critical: 2
        case .error: 3
        case .warning: 4
        case .notice: 5
        case .info: 6
        case .debug, .trace: 7
        }
    }

    /// The line prefix for `level`: `<N>`.
    public static func prefix(_ level: Logger.Level) -> String {
        "<\(of(level))>"
    }
}
