// SPDX-License-Identifier: Apache-2.0
/// The start of a shell script that gives a test a systemd user session of its own, for a daemon
/// run the way users run it: journald, a session bus and `systemd --user`, all under a new tmpfs
/// on `/run`. Run the script with `unshare -m` (a mount namespace of its own), so nothing of it is
/// seen outside and all of it ends with the shell; the caller's lines follow it.
///
/// This machine may have no systemd as process 1, and CI has no user session: `/run/systemd/system`
/// is what tells the user manager that systemd runs. HOME is `/run/home`, so the session writes
/// nothing in the real one; units go in `/run/user/0/systemd/user`, a folder the manager reads.
public enum PrivateUserSession {
    public static let setUp = #"""
        set -eu
        mount -t tmpfs -o mode=755 tmpfs /run
        mkdir -p /run/systemd/system /run/user/0/systemd/user /run/log /run/home
        chmod 700 /run/user/0
        export HOME=/run/home XDG_RUNTIME_DIR=/run/user/0 DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/0/bus
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

        """#
}
