// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeTesting
import Testing

/// remote-playerd under its own unit file (dist/systemd/remote-playerd.service) and a real systemd
/// user manager: the unit's sandbox must leave the engine room to put up every one of its walls
/// (its namespace, Landlock, seccomp), and playback must work inside both.
///
/// The session is the test's own (`PrivateUserSession`).
@Suite("remote-playerd under its unit: the engine's walls all go up", .serialized)
struct EngineUnderUnitTests {
    /// `$1` is remote-playerd, `$2` the unit file, `$3` a tone. Prints the daemon's journal lines
    /// after a Play, between markers.
    static let script = PrivateUserSession.setUp + #"""
        playerd=$1 unit=$2 tone=$3
        # The programs and the tone in /run: the unit's PrivateTmp hides /tmp, where a clone may be.
        mkdir -p /run/media /run/bin
        cp "$tone" /run/media/tone.flac
        cp "$playerd" "$(dirname "$playerd")/remotebridge-engine" /run/bin/
        trap 'systemctl --user stop remote-playerd.service 2>/dev/null; kill $manager $journald $(cat /run/bus.pid) 2>/dev/null || true' EXIT
        # The kernel-tunables, modules, logs and cgroups protections are left out: systemd cannot
        # remount those in this nested namespace (226/NAMESPACE, the unit as shipped too); they do
        # not touch what the engine needs.
        sed -e "s|^ExecStart=.*|ExecStart=/run/bin/remote-playerd --audio-output null --no-state --log-level info /run/media/tone.flac|" \
            -e "/^ProtectKernelTunables=/d" -e "/^ProtectKernelModules=/d" -e "/^ProtectKernelLogs=/d" -e "/^ProtectControlGroups=/d" \
            "$unit" > /run/user/0/systemd/user/remote-playerd.service
        systemctl --user daemon-reload
        systemctl --user start remote-playerd.service || { systemctl --user status remote-playerd.service >&2; journalctl --no-pager -q >&2; exit 3; }
        dbus-send --session --print-reply --dest=org.mpris.MediaPlayer2.remotebridge /org/mpris/MediaPlayer2 org.mpris.MediaPlayer2.Player.Play > /dev/null
        tries=0
        until dbus-send --session --print-reply --dest=org.mpris.MediaPlayer2.remotebridge /org/mpris/MediaPlayer2 org.freedesktop.DBus.Properties.Get string:org.mpris.MediaPlayer2.Player string:PlaybackStatus | grep -q Playing; do
            tries=$((tries + 1)); [ $tries -lt 1000 ] || { echo "never Playing" >&2; journalctl --no-pager -q >&2; exit 3; }; sleep 0.01
        done
        tries=0
        until journalctl --no-pager -q -t remote-playerd -o cat | grep -q "engine started"; do
            tries=$((tries + 1)); [ $tries -lt 1000 ] || { echo "no engine started" >&2; journalctl --no-pager -q >&2; exit 3; }; sleep 0.01
        done
        echo "--- journal"
        journalctl --no-pager -q -t remote-playerd -o cat
        echo "--- end"
        """#

    @Test("under the unit, Play starts an engine behind Landlock and seccomp (and its namespace, but as root), and it plays")
    func wallsUnderTheUnit() async throws {
        let media = try await TestMedia.make(count: 1, seconds: 30)
        defer { media.remove() }
        let unit = BuiltProduct.packageRoot.appendingPathComponent("dist/systemd/remote-playerd.service").path
        let result = try await ExternalProcess.run(
            "unshare", ["-m", "sh", "-c", Self.script, "unit-test", BuiltProduct.debug("remote-playerd"), unit, media.tones[0].path])
        try #require(result.status == 0, "\(result.standardError)\n\(result.standardOutput)")
        let journal = try #require(result.standardOutput.components(separatedBy: "--- ").first { $0.hasPrefix("journal\n") })
        let started = try #require(journal.split(separator: "\n").first { $0.contains("engine started") }, "\(journal)")
        for wall in ["descriptors", "no-new-privs", "landlock", "seccomp"] {
            #expect(started.contains(wall), "\(started)")
        }
        // Root, with the unit's empty capability set, cannot map uid 0 into a user namespace (Linux
        // 5.12 wants CAP_SETFCAP), and the engine says so instead of claiming it. Any other user
        // can: EngineConfinementTests puts the walls up as nobody.
        #expect(started.contains("namespace") == (getuid() != 0), "\(started)")
        #expect(!journal.contains("cannot start the engine"), "\(journal)")
    }
}
