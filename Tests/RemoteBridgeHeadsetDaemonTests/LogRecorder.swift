// SPDX-License-Identifier: Apache-2.0
import Foundation
import Logging
import RemoteBridgeTesting

/// Keeps every line a `Logger` writes, with its level, so a test can wait for a line (the sign
/// that something happened, such as a retry) and count them. It records every level.
@MainActor
final class LogRecorder {
    /// The lines so far, in order.
    private(set) var lines: [(level: Logger.Level, text: String)] = []
    private let changes = ChangeWaiter()

    /// A logger whose lines go here (and to stderr too with HEADSET_DEBUG set).
    var logger: Logger {
        Logger(label: "test") { _ in Handler(recorder: self) }
    }

    /// The lines that contain `text`.
    func lines(containing text: String) -> [(level: Logger.Level, text: String)] {
        lines.filter { $0.text.contains(text) }
    }

    /// Waits until `count` lines contain `text`; false after 10 s (a hung test).
    func waitFor(_ text: String, count: Int = 1) async -> Bool {
        await until { lines(containing: text).count >= count }
    }

    /// Waits, line by line, until `condition` holds; false after 10 s (a hung test).
    func until(_ condition: () -> Bool) async -> Bool {
        await changes.until(condition)
    }

    private func record(_ level: Logger.Level, _ text: String) {
        lines.append((level, text))
        changes.wake()
    }

    /// Hands each line to the recorder on the main actor, in order.
    private struct Handler: LogHandler {
        let recorder: LogRecorder
        var logLevel: Logger.Level = .trace
        var metadata: Logger.Metadata = [:]
        var metadataProvider: Logger.MetadataProvider?

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        /// HEADSET_DEBUG set: every line to stderr too, as it comes.
        static let echoes = ProcessInfo.processInfo.environment["HEADSET_DEBUG"] != nil

        func log(event: LogEvent) {
            let level = event.level
            let text = "\(event.message)"
            if Self.echoes { FileHandle.standardError.write(Data("\(level) \(text)\n".utf8)) }
            if Thread.isMainThread {
                MainActor.assumeIsolated { recorder.record(level, text) }
            } else {
                Task { @MainActor in recorder.record(level, text) }
            }
        }
    }
}
