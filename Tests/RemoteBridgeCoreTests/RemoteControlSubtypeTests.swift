// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeCore
import Testing

@Suite("RemoteControlSubtype")
struct RemoteControlSubtypeTests {
    @Test("raw values are UIKit's, plus the MPRemoteCommandCenter extensions")
    func rawValues() {
        let expected: [(RemoteControlSubtype, Int)] = [
            (.play, 100), (.pause, 101), (.stop, 102), (.togglePlayPause, 103),
            (.nextTrack, 104), (.previousTrack, 105), (.beginSeekingBackward, 106),
            (.endSeekingBackward, 107), (.beginSeekingForward, 108), (.endSeekingForward, 109),
            (.skipForward, 200), (.skipBackward, 201), (.changePlaybackPosition, 202),
        ]
        #expect(expected.map(\.0.rawValue) == expected.map(\.1))
        #expect(RemoteControlSubtype.allCases.count == expected.count)
    }

    @Test("wire names are kebab-case and exact")
    func wireNames() {
        let names = RemoteControlSubtype.allCases.map(\.name)
        #expect(names == [
            "play", "pause", "stop", "toggle-play-pause", "next-track", "previous-track",
            "begin-seeking-backward", "end-seeking-backward", "begin-seeking-forward",
            "end-seeking-forward", "skip-forward", "skip-backward", "change-playback-position",
        ])
        #expect(RemoteControlSubtype.togglePlayPause.description == "toggle-play-pause")
    }

    @Test("every name round-trips", arguments: RemoteControlSubtype.allCases)
    func nameRoundTrip(subtype: RemoteControlSubtype) {
        #expect(RemoteControlSubtype(name: subtype.name) == subtype)
    }

    @Test("every raw value parses as a decimal string", arguments: RemoteControlSubtype.allCases)
    func numericParsing(subtype: RemoteControlSubtype) {
        #expect(RemoteControlSubtype(name: String(subtype.rawValue)) == subtype)
    }

    @Test(
        "anything else is rejected",
        arguments: ["", "Play", "togglePlayPause", " play", "play ", "99", "110", "+103", "-103", "0x67", "103.0", "1 03"]
    )
    func rejects(input: String) {
        #expect(RemoteControlSubtype(name: input) == nil)
    }

    @Test("only the skips take an interval and only changePlaybackPosition takes a position")
    func payloads() {
        #expect(RemoteControlSubtype.allCases.filter(\.takesInterval) == [.skipForward, .skipBackward])
        #expect(RemoteControlSubtype.allCases.filter(\.takesPosition) == [.changePlaybackPosition])
    }
}
