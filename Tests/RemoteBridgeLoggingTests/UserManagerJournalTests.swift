import Foundation
import RemoteBridgeTesting
import Testing

/// headsetd started by `systemd-run --user` under a real systemd user manager, its stderr the
/// real journal: `journalctl -p warning` shows its warnings and not its info lines, each line once
/// and without a timestamp of its own.
///
/// This machine may have no systemd as process 1, and CI has no user session; so the test makes
/// both, privately: in a mount namespace of its own (`unshare -m`), `/run` is a new tmpfs, where
/// systemd-journald, a session bus and `systemd --user` start (`/run/systemd/system` is what tells
/// the user manager that systemd runs). Nothing of it is seen outside, and all of it ends with the
/// namespace's shell.
@Suite("journalctl -p for a daemon under a systemd user manager", .serialized)
struct UserManagerJournalTests {
    /// The shell run in the namespace; `$1` is headsetd. It prints the journal's lines for the
    /// unit, at -p warning and then at every priority, between markers.
    static let script = #"""
        set -eu
        headsetd=$1
        mount -t tmpfs -o mode=755 tmpfs /run
        mkdir -p /run/systemd/system /run/user/0 /run/log
        chmod 700 /run/user/0
        export XDG_RUNTIME_DIR=/run/user/0 DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/0/bus
        /lib/systemd/systemd-journald &
        journald=$!
        tries=0
        until [ -S /run/systemd/journal/stdout ]; do tries=$((tries + 1)); [ $tries -lt 500 ] || { echo "journald did not start" >&2; exit 3; }; sleep 0.01; done
        dbus-daemon --session --address="$DBUS_SESSION_BUS_ADDRESS" --fork --print-pid > /run/bus.pid
        /lib/systemd/systemd --user > /run/manager.log 2>&1 &
        manager=$!
        trap 'kill $manager $journald $(cat /run/bus.pid) 2>/dev/null || true' EXIT
        tries=0
        until systemctl --user is-system-running >/dev/null 2>&1; do
            tries=$((tries + 1)); [ $tries -lt 500 ] || { echo "the user manager did not start" >&2; cat /run/manager.log >&2; exit 3; }; sleep 0.01
        done
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
