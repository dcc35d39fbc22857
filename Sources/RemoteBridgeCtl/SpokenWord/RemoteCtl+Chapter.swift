// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeText

extension RemoteCtl {
    /// `chapter [next|previous|list|N]` on remote-playerd (`Playback1`): with nothing, the
    /// current chapter's index and title (`2 Morning`); `list`, a line per chapter (`*` on the
    /// current one, its index, its start as `H:MM:SS`, its title); `N`, that chapter, numbered
    /// as `list` numbers them (from 0, as `Playback1.Chapter` counts); `next`, `previous`.
    public func chapter(_ arguments: [String], json: Bool) async -> Int32 {
        guard let argument = ChapterArgument(arguments) else {
            errors("remotectl: chapter takes \(ChapterArgument.forms); got \(arguments.map { OutsideText.quoted($0) }.joined(separator: " "))")
            return 2
        }
        return await eachPlayback1Player(for: "chapters need", doing: "chapter") { player throws(DBusError) in
            switch argument {
            case .next:
                _ = try await player.client.call(Playback1Interface.nextChapter)
                return 0
            case .previous:
                _ = try await player.client.call(Playback1Interface.previousChapter)
                return 0
            case .index(let index):
                let chapters = Self.chapters(in: try await player.properties())
                guard index < chapters.count else {
                    errors("remotectl: \(player.name): no chapter \(index); "
                        + (chapters.isEmpty ? "the current entry has none" : "its chapters are 0 to \(chapters.count - 1) (remotectl chapter list)"))
                    return 1
                }
                _ = try await player.client.call(Playback1Interface.goToChapter, [.int32(index)])
                return 0
            case .current, .list:
                let properties = try await player.properties()
                let chapters = Self.chapters(in: properties)
                let current = Int(properties[Playback1Interface.chapter.name]?.int64Value ?? -1)
                if argument == .list { return listChapters(chapters, current: current, of: player.name, json: json) }
                guard chapters.indices.contains(current) else {
                    errors("remotectl: \(player.name): " + (chapters.isEmpty ? "the current entry has no chapters" : "no chapter is playing"))
                    return 1
                }
                let title = properties[Playback1Interface.chapterTitle.name]?.stringValue ?? chapters[current].title
                if json {
                    output(#"{"player":"\#(player.name.jsonEscaped)","chapter":\#(current),"title":"\#(title.jsonEscaped)","start":\#(Self.seconds(chapters[current].start))}"#)
                } else {
                    output(printable(title.isEmpty ? "\(current)" : "\(current) \(title)"))
                }
                return 0
            }
        }
    }

    private func listChapters(_ chapters: [(start: Int64, title: String)], current: Int, of name: String, json: Bool) -> Int32 {
        guard !chapters.isEmpty else {
            errors("remotectl: \(name): the current entry has no chapters")
            return 1
        }
        for (index, chapter) in chapters.enumerated() {
            if json {
                output(#"{"player":"\#(name.jsonEscaped)","index":\#(index),"start":\#(Self.seconds(chapter.start)),"title":"\#(chapter.title.jsonEscaped)","current":\#(index == current)}"#)
            } else {
                let line = "\(index == current ? "*" : " ") \(index)  \(Self.clock(microseconds: chapter.start, hours: true))  \(chapter.title)"
                output(printable(line))
            }
        }
        return 0
    }

    /// `Chapters` (`a(xs)`) read: each start in microseconds and its title.
    static func chapters(in properties: [String: DBusValue]) -> [(start: Int64, title: String)] {
        (properties[Playback1Interface.chapters.name]?.arrayValue ?? []).compactMap { element in
            guard let fields = element.structureValue, fields.count == 2, let start = fields[0].int64Value else { return nil }
            return (start, fields[1].stringValue ?? "")
        }
    }

    /// Microseconds as JSON seconds, as `position --json` writes them (`%f`).
    nonisolated static func seconds(_ microseconds: Int64) -> String {
        String(printf: "%f", Double(microseconds) / 1_000_000)
    }
}
