// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import RemoteBridgePlayer

/// Per-file values (tags, duration) go to the entry whose file mpv has loaded, never to the
/// entry the player has just made current.
@Suite("LoadedFile: which entry mpv's per-file values belong to")
struct LoadedFileTests {
    @Test("the event order that once moved tone 1's title onto tone 2")
    func lateValuesOfThePreviousFile() {
        var file = LoadedFile()
        file.startFile(1)
        #expect(file.fileLoaded() == 1)
        // The player makes entry 2 current and asks mpv for it; mpv still has entry 1 loaded,
        // so a metadata change arriving now is entry 1's.
        #expect(file.owner == 1)
        // mpv closes entry 1 and starts entry 2: values arriving now belong to no entry.
        file.endFile(1)
        #expect(file.owner == nil)
        file.startFile(2)
        #expect(file.owner == nil)
        // Only once entry 2 is loaded do its values count, and for it alone.
        #expect(file.fileLoaded() == 2)
        #expect(file.owner == 2)
    }

    @Test("start-file without end-file (playlist-play-index while playing) still hands over")
    func startWithoutEnd() {
        var file = LoadedFile()
        file.startFile(1)
        file.fileLoaded()
        file.startFile(2)
        #expect(file.owner == nil)
        file.endFile(1)  // mpv may report the end of the old file after the start of the new one
        #expect(file.owner == nil)
        #expect(file.fileLoaded() == 2)
        file.endFile(1)  // a stale end-file of the old entry does not unload the new one
        #expect(file.owner == 2)
    }

    @Test("a file that fails to load never owns values")
    func failedLoad() {
        var file = LoadedFile()
        file.startFile(3)
        file.endFile(3)
        #expect(file.owner == nil)
        #expect(file.fileLoaded() == nil)
        #expect(file.owner == nil)
    }
}
