import RemoteCtl
import Testing

@Suite("remotectl argument order")
struct PlayerctlArgumentOrderTests {
    @Test("player options before the verb move behind it", arguments: [
        (["-p", "vlc", "play"], ["play", "-p", "vlc"]),
        (["--player", "vlc", "-a", "volume", "0.5"], ["volume", "--player", "vlc", "-a", "0.5"]),
        (["--player=vlc", "status"], ["status", "--player=vlc"]),
        (["-i", "mpv", "--bus", "unix:path=/x", "next"], ["next", "-i", "mpv", "--bus", "unix:path=/x"]),
        (["play", "-p", "vlc"], ["play", "-p", "vlc"]),
        (["--bus", "unix:path=/x", "headset", "status"], ["headset", "status", "--bus", "unix:path=/x"]),
        (["--bus", "unix:path=/x", "headset"], ["headset", "--bus", "unix:path=/x"]),
    ])
    func moved(arguments: [String], expected: [String]) {
        #expect(PlayerctlArgumentOrder.normalized(arguments) == expected)
    }

    @Test("root options and lone options are left exactly as given", arguments: [
        ["--generate-completion-script", "bash"],
        ["--help"],
        ["--version"],
        ["-p", "vlc"],
        ["-p", "vlc", "--help", "play"],
        [],
    ])
    func untouched(arguments: [String]) {
        #expect(PlayerctlArgumentOrder.normalized(arguments) == arguments)
    }
}
