// SPDX-License-Identifier: Apache-2.0
import Glibc
import RemoteBridgeDBus
import RemoteBridgeTesting

/// A `ScriptedPlayer` as a program of its own, for tests of D-Bus activation: a private bus
/// starts it from a `.service` file when a client first calls its name.
///
/// Usage: `mpris-test-player NAME RECORD-FILE`. It serves `org.mpris.MediaPlayer2.NAME` on the
/// bus that started it (`DBUS_STARTER_ADDRESS`, else the session bus), appends one line to
/// RECORD-FILE for each call and property Set it receives (`Play`, `Set "Volume" 0.5`), and
/// exits when that bus goes away.
@main
struct MPRISTestPlayer {
    @MainActor
    static func main() async {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.count == 2, let name = arguments.first, let recordPath = arguments.last else {
            fail("usage: mpris-test-player NAME RECORD-FILE", status: 2)
        }
        let address = environment("DBUS_STARTER_ADDRESS") ?? environment("DBUS_SESSION_BUS_ADDRESS")
        let record = open(recordPath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard let address, record >= 0 else {
            fail("mpris-test-player: no bus address, or cannot open \(recordPath)", status: 1)
        }
        let player: ScriptedPlayer
        do {
            player = try await ScriptedPlayer(address: address, name: name)
        } catch {
            fail("mpris-test-player: \(error)", status: 1)
        }
        // A call can come as soon as the name is claimed, before this line: those are in
        // `calls` already, and are written first.
        for call in player.calls { append("\(call)\n", to: record) }
        player.listeners.add { call in append("\(call)\n", to: record) }
        let (ended, end) = AsyncStream<Void>.makeStream()
        player.connection.listeners.add { event in
            if event == .disconnected { end.finish() }
        }
        for await _ in ended {}
    }

    /// The environment variable `name`, if set and not empty.
    private static func environment(_ name: String) -> String? {
        guard let value = getenv(name).map({ String(cString: $0) }), !value.isEmpty else { return nil }
        return value
    }

    /// Writes all of `text` to `descriptor` (an O_APPEND file: each line lands whole).
    private static func append(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }

    private static func fail(_ message: String, status: Int32) -> Never {
        append(message + "\n", to: 2)
        exit(status)
    }
}
