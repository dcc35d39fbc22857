// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import RemoteBridgePlayer

/// `EntryDetailsTable` against a plain dictionary of the same details, and `InternTable`'s
/// counting: what goes in comes out the same, and what no entry holds is let go.
@Suite("The queue's entry details, held compactly")
struct EntryDetailsTableTests {
    typealias Details = EntryDetailsTable.Details

    /// Details like a library's: a few albums' shared tags, numbers of every kind (nil, small,
    /// past 32 bits, the marker's own value), a length or none, art or none.
    private static func details(_ seed: Int) -> Details {
        var tags = QueueEntry.Tags(title: seed % 7 == 0 ? "other title \(seed % 3)" : nil, artists: ["Artist \(seed % 5)"], album: "Album \(seed % 4)")
        tags.genres = seed % 2 == 0 ? ["Rock", "Pop"] : []
        tags.albumArtists = seed % 3 == 0 ? ["Various"] : []
        tags.date = seed % 6 == 0 ? "1999" : nil
        let numbers: [Int?] = [nil, 1, 12, Int(Int32.max) + 1, Int(Int32.min), -5, Int.max]
        tags.trackNumber = numbers[seed % numbers.count]
        tags.discNumber = numbers[(seed / 7) % numbers.count]
        return Details(
            tags: tags, length: seed % 4 == 0 ? nil : .milliseconds(seed * 37) + .nanoseconds(seed),
            artURL: seed % 5 == 0 ? nil : "file:///music/Album%20\(seed % 4)/cover.jpg", hasGivenLength: seed % 9 == 0)
    }

    @Test("random sets, replacements and removals read back as a dictionary would")
    func matchesADictionary() {
        var table = EntryDetailsTable()
        var model: [Int64: Details] = [:]
        var generator = SystemRandomNumberGenerator()
        for step in 0..<20_000 {
            let id = Int64.random(in: 0..<500, using: &generator)
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<6:
                let value = Self.details(step)
                table[id] = value
                model[id] = value.isEmpty ? nil : value
            case 6:
                table[id] = Details(tags: QueueEntry.Tags(), length: nil, artURL: nil, hasGivenLength: false)
                model[id] = nil
            default:
                table[id] = nil
                model[id] = nil
            }
            #expect(table[id] == model[id], "step \(step), id \(id)")
        }
        for (id, value) in model { #expect(table[id] == value, "id \(id)") }
        #expect(table.count == model.count)
        // Entries share their tag sets and covers: never more of them than distinct tags and
        // covers among the entries.
        let distinct = Set(model.values.map(\.tags)).count + Set(model.values.compactMap(\.artURL)).count
        #expect(table.sharedValues <= distinct)
        for id in model.keys { table[id] = nil }
        #expect(table.count == 0)
        #expect(table.sharedValues == 0, "every shared value is let go with its last entry")
    }

    @Test("an album's 10 000 tracks hold one tag set and one cover between them")
    func albumShares() {
        var table = EntryDetailsTable()
        for track in 1...10_000 {
            var tags = QueueEntry.Tags(artists: ["Artist"], album: "Album")
            tags.trackNumber = track
            tags.genres = ["Genre"]
            table[Int64(track)] = Details(tags: tags, length: .seconds(track), artURL: "file:///music/cover.jpg", hasGivenLength: false)
        }
        #expect(table.sharedValues == 2)
        #expect(table[77]?.tags.trackNumber == 77)
        #expect(table[77]?.length == .seconds(77))
    }

    @Test("a number let go is used again, and a value held twice is one number")
    func internTableCounts() {
        var table = InternTable<String>()
        let a = table.use("a")
        #expect(table.use("a") == a)
        let b = table.use("b")
        table.release(a)
        #expect(table[a] == "a", "still held once")
        table.release(a)
        #expect(table.count == 1)
        #expect(table.use("c") == a, "a's number, free again")
        #expect(table[b] == "b")
    }
}
