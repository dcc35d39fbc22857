// SPDX-License-Identifier: Apache-2.0
import Glibc
import Logging
import RemoteBridgeLogging
import Testing

/// The journal's form of a log line, and how a program tells that its stderr is the journal.
@Suite("Journal lines: syslog priority prefixes, no timestamp, and JOURNAL_STREAM matched to the descriptor")
struct JournalLogHandlerTests {
    @Test("Each level's prefix is syslog's priority for it (syslog.h)")
    func priorities() {
        #expect(SyslogPriority.of(.critical) == LOG_CRIT)
        #expect(SyslogPriority.of(.error) == LOG_ERR)
        #expect(SyslogPriority.of(.warning) == LOG_WARNING)
        #expect(SyslogPriority.of(.notice) == LOG_NOTICE)
        #expect(SyslogPriority.of(.info) == LOG_INFO)
        #expect(SyslogPriority.of(.debug) == LOG_DEBUG)
        #expect(SyslogPriority.of(.trace) == LOG_DEBUG)
        #expect(SyslogPriority.prefix(.warning) == "<4>")
    }

    @Test("A message of several lines has the prefix on each; metadata follows, sorted; no timestamp, no name")
    func lines() {
        #expect(JournalLogHandler.lines(.warning, "cannot watch /x", metadata: [:]) == "<4>cannot watch /x\n")
        #expect(JournalLogHandler.lines(.error, "first\nsecond", metadata: ["b": "2", "a": "1"]) == "<3>first\n<3>second a=1 b=2\n")
    }

    @Test("What the handler writes to a descriptor, below its level nothing")
    func writes() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        var handler = JournalLogHandler(descriptor: ends[1])
        handler.logLevel = .notice
        var logger = Logger(label: "test") { _ in handler }
        logger.logLevel = .notice
        logger.info("not written")
        logger.warning("written", metadata: ["entry": "3"])
        close(ends[1])
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = read(ends[0], &bytes, bytes.count)
        #expect(String(decoding: bytes.prefix(max(0, count)), as: UTF8.self) == "<4>written entry=3\n")
    }

    @Test("JOURNAL_STREAM names a descriptor by device and inode; a pipe, another socket or a bad value do not match")
    func journalStream() throws {
        var pair: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { (pair + ends).forEach { close($0) } }
        var status = stat()
        try #require(fstat(pair[0], &status) == 0)
        let value = "\(status.st_dev):\(status.st_ino)"
        #expect(JournalStream.isJournal(pair[0], journalStream: value))
        #expect(!JournalStream.isJournal(pair[1], journalStream: value))
        #expect(!JournalStream.isJournal(ends[1], journalStream: value))
        for bad in [nil, "", "12", "a:b", "1:2:3", "\(status.st_dev):", ":\(status.st_ino)"] {
            #expect(!JournalStream.isJournal(pair[0], journalStream: bad), "\(bad ?? "nil")")
        }
    }
}
