// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeEngineProtocol
import Testing

@testable import RemoteBridgePlayer

/// The chapter playing at a position, and mpv's chapter list as the engine sends it.
@Suite("Chapters of the current entry")
struct ChapterTests {
    static let chapters = [0, 300, 600, 900].map { Chapter(start: .seconds($0), title: "at \($0)") }

    @Test("the chapter at a position: by start, from 50 ms before it; none before the first or with none")
    func index() {
        #expect(Chapter.index(in: Self.chapters, at: .zero) == 0)
        #expect(Chapter.index(in: Self.chapters, at: .milliseconds(299_900)) == 0)
        #expect(Chapter.index(in: Self.chapters, at: .milliseconds(299_960)) == 1, "a step that lands a hair short counts")
        #expect(Chapter.index(in: Self.chapters, at: .seconds(1000)) == 3)
        #expect(Chapter.index(in: [], at: .seconds(5)) == nil)
        #expect(Chapter.index(in: [Chapter(start: .seconds(10), title: nil)], at: .seconds(5)) == nil)
        let many = (0..<4096).map { Chapter(start: .seconds($0 * 10), title: nil) }
        #expect(Chapter.index(in: many, at: .seconds(12_345)) == 1234)
    }

    @Test("mpv's list as outside input: times not finite, negative or past the engine's limits, and non-numbers are left out; ordered, one a start, past the length dropped, titles trimmed, at most 4096")
    func fromMPV() {
        func item(_ time: MPVNode, _ title: String?) -> MPVNode {
            .map([("time", time)] + (title.map { [("title", MPVNode.string($0))] } ?? []))
        }
        let node = MPVNode.array([
            item(.double(600), "  Third  "), item(.double(0), "First"), item(.double(.nan), "nan"), item(.double(-1), "negative"),
            item(.double(1e12), "far"), item(.string("300"), "text"), item(.double(300), nil), item(.double(300), "again"),
            item(.double(1300), "past the end"), .string("not a map"),
        ])
        let chapters = Chapter.fromMPV(node, length: .seconds(1200))
        #expect(chapters == [Chapter(start: .zero, title: "First"), Chapter(start: .seconds(300), title: nil), Chapter(start: .seconds(600), title: "Third")])
        let flood = MPVNode.array((0..<5000).map { item(.double(Double($0)), nil) })
        #expect(Chapter.fromMPV(flood, length: nil).count == 4096)
        #expect(Chapter.fromMPV(.none, length: nil).isEmpty)
    }
}
