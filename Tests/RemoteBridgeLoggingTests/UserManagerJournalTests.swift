// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeTesting
import Testing

/// headsetd started by `systemd-run --user` under a real systemd user manager, its stderr the
/// real journal: `journalctl -p warning` shows its warnings and not its info lines, each line once
/// and without a timestamp of its own.
///
/// The session is the test's own (`PrivateUserSession`).
@Suite("journalctl -p for a daemon under a systemd user manager", .serialized)
struct UserManagerJournalTests {
    /// The shell run in the namespace; `$1` is headsetd. It prints the journal's lines for the
    /// unit, at -p warning and then at every priority, between markers.
    static let script = PrivateUserSession.setUp + #"""
        headsetd=$1
        systemd-run --user --quiet --unit=headsetd-journal-test "$headsetd" --input-dir /nonexistent-input --system-bus unix:path=/nonexistent
        tries=0
        until journalctl --no-pager -q -t headsetd -o cat | grep -q "Bluetooth: no system bus"; do
            tries=$((tries + 1)); [ $tries -lt 1000 ] || { echo "no line from headsetd in the journal" >&2; journalctl --no-pager >&2; exit 3; }; sleep 0.01
        done
        echo "--- warning"
        journalctl --no-pager -q -p warning -t headsetd -o cat
        echo "--- all"
        journalctl --no-pager -q -t headsetd -o cat
        echo "--- end"
        systemctl --user stop headsetd-journal-test.service
        """#

    @Test("-p warning shows the warning, not the info or notice lines; the lines carry no timestamp")
    func priorities() async throws {
        let result = try await ExternalProcess.run("unshare", ["-m", "sh", "-c", Self.script, "journal-test", BuiltProduct.debug("headsetd")])
        try #require(result.status == 0, "\(result.standardError)\n\(result.standardOutput)")
        let sections = result.standardOutput.components(separatedBy: "--- ")
        let warnings = try #require(sections.first { $0.hasPrefix("warning\n") })
        let all = try #require(sections.first { $0.hasPrefix("all\n") })
        // The warning headsetd logs for an input folder it cannot watch.
        #expect(warnings.contains("cannot watch /nonexistent-input for new devices"), "\(warnings)")
        // An info line and a notice line are in the journal, at their priorities, not at warning.
        #expect(all.contains("Bluetooth: no system bus"), "\(all)")
        #expect(all.contains("no headset-like input device found"), "\(all)")
        #expect(!warnings.contains("Bluetooth: no system bus"), "\(warnings)")
        #expect(!warnings.contains("no headset-like input device found"), "\(warnings)")
        // No line carries the prefix or a timestamp of its own, and none is there twice.
        let lines = all.split(separator: "\n").dropFirst()
        #expect(!lines.contains { $0.hasPrefix("<") || $0.contains("+0000") || $0.contains(" warning headsetd:") }, "\(all)")
        #expect(Set(lines).count == lines.count, "\(all)")
    }
}
