import Foundation
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
            FileHandle.standardError.write(Data("usage: mpris-test-player NAME RECORD-FILE\n".utf8))
            exit(2)
        }
        let environment = ProcessInfo.processInfo.environment
        let address = environment["DBUS_STARTER_ADDRESS"] ?? environment["DBUS_SESSION_BUS_ADDRESS"]
        guard let address, let record = FileHandle(forUpdatingAtPath: recordPath) ?? Self.create(recordPath) else {
            FileHandle.standardError.write(Data("mpris-test-player: no bus address, or cannot open \(recordPath)\n".utf8))
            exit(1)
        }
        record.seekToEndOfFile()
        let player: ScriptedPlayer
        do {
            player = try await ScriptedPlayer(address: address, name: name)
        } catch {
            FileHandle.standardError.write(Data("mpris-test-player: \(error)\n".utf8))
            exit(1)
        }
        // A call can come as soon as the name is claimed, before this line: those are in
        // `calls` already, and are written first.
        for call in player.calls { record.write(Data("\(call)\n".utf8)) }
        player.onCall = { call in record.write(Data("\(call)\n".utf8)) }
        let (ended, end) = AsyncStream<Void>.makeStream()
        player.connection.onDisconnect = { end.finish() }
        for await _ in ended {}
    }

    /// Creates the record file, empty.
    private static func create(_ path: String) -> FileHandle? {
        guard FileManager.default.createFile(atPath: path, contents: nil) else { return nil }
        return FileHandle(forUpdatingAtPath: path)
    }
}
