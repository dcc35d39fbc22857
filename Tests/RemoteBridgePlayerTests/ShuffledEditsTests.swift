// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import RemoteBridgePlayer

extension MPVPlayerTests {
    @Test("while shuffled, hundreds of removals and inserts keep the order before shuffling bounded, and turning shuffle off gives back that order of the entries left, then the added ones")
    func editsWhileShuffled() async throws {
        let f = try await Fixture(count: 3)
        for index in 0..<40 {
            try f.player.insert(uri: f.media.tones[index % 3].path, after: f.player.entries.last?.id, makeCurrent: false)
        }
        var expected = f.player.entries.ids
        f.player.setShuffle(true)
        var generator = SplitMix(seed: 11)
        for _ in 0..<300 {
            // A removal of any entry but the current one (so that nothing starts playing), then
            // an insert after a random entry; the order before shuffling keeps the added ones last.
            let ids = f.player.entries.ids.filter { $0 != f.player.currentID }
            let gone = ids[Int(generator.next() % UInt64(ids.count))]
            try f.player.remove(id: gone)
            expected.removeAll { $0 == gone }
            let after = f.player.entries.id(at: Int(generator.next() % UInt64(f.player.entries.count)))
            try f.player.insert(uri: f.media.tones[0].path, after: after, makeCurrent: false)
            expected.append(try #require(f.player.entries.ids.first { !expected.contains($0) }))
            // The ids of entries gone are swept out before they outnumber the queue's twice over.
            #expect((f.player.unshuffledOrder?.count ?? 0) <= 2 * f.player.entries.count + 65)
        }
        #expect(f.player.entries.count == 43)
        f.player.setShuffle(false)
        #expect(f.player.entries.ids == expected)
    }
}
