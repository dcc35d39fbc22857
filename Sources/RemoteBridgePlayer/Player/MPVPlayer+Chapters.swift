// SPDX-License-Identifier: Apache-2.0
import Dispatch
import RemoteBridgeDurations
import RemoteBridgeEngineProtocol

/// The current entry's chapters: read from its file without an engine (`FileChapters`), or
/// from mpv's `chapter-list` when the file's own reading finds none; the chapter playing, its
/// change announced as it happens; and stepping through them.
extension MPVPlayer {
    /// Whose chapters the player holds, and where they came from.
    struct ChapterBook {
        /// Where a list came from: the file's own reading wins over mpv's.
        enum Source { case none, file, mpv }
        var id: Int64?
        var chapters: [Chapter] = []
        var source = Source.none
        /// The chapter last announced as playing, for `id`.
        var announced: Int?
        /// When to look again: at the next chapter's start, while playing.
        var timer: (any DispatchSourceTimer)?
        /// mpv's lists of the files it opened last (the current one and the next, which mpv
        /// opens before it is current, and reports only then), by entry.
        var fromMPV: [(id: Int64, chapters: [Chapter])] = []
    }

    /// The current entry's chapters, ordered by start; empty when it has none (or they are not
    /// read yet).
    public var chapters: [Chapter] { chapterBook.id == currentID ? chapterBook.chapters : [] }

    /// The index in `chapters` of the chapter playing; nil when none is (no chapters, or before
    /// the first).
    public var currentChapterIndex: Int? {
        let chapters = self.chapters
        return chapters.isEmpty ? nil : Chapter.index(in: chapters, at: position)
    }

    /// Whether Next and Previous step through the current entry's chapters
    /// (`configuration.chapterStepsFrom`).
    var stepsThroughChapters: Bool {
        guard let from = configuration.chapterStepsFrom, chapters.count > 1, let length = current?.length else { return false }
        return length >= from
    }

    /// A new entry is current: its file's chapters are read, off the main actor.
    func currentEntryChangedForChapters() {
        guard chapterBook.id != currentID else { return }
        chapterBook.timer?.cancel()
        let hadChapters = !chapterBook.chapters.isEmpty
        var book = ChapterBook(id: currentID)
        book.fromMPV = chapterBook.fromMPV
        if let listed = book.fromMPV.last(where: { $0.id == currentID }) {
            book.chapters = listed.chapters
            book.source = .mpv
        }
        chapterBook = book
        // From chapters to none: `ChapterChanged(-1)` says so.
        if hadChapters, book.chapters.isEmpty { changed(.chapters) }
        chapterMayHaveChanged()
        guard let id = currentID, let url = current?.url, let path = FolderArt.localPath(url) else { return }
        tagReader.async { [weak self] in
            let found = FileChapters.read(path: path)
            DispatchQueue.main.async {
                MainActor.assumeIsolated { self?.chaptersFound(found, for: id, source: .file) }
            }
        }
    }

    /// mpv's `chapter-list` for the file it has loaded.
    func mpvChaptersChanged(_ value: MPVNode) {
        guard let id = loadedFile.owner.flatMap(window.entry(forMPV:)) else { return }
        let chapters = Chapter.fromMPV(value, length: entries.entry(id: id)?.length)
        chapterBook.fromMPV.removeAll { $0.id == id }
        chapterBook.fromMPV.append((id, chapters))
        if chapterBook.fromMPV.count > 2 { chapterBook.fromMPV.removeFirst() }
        chaptersFound(chapters, for: id, source: .mpv)
    }

    private func chaptersFound(_ found: [Chapter], for id: Int64, source: ChapterBook.Source) {
        guard chapterBook.id == id, !found.isEmpty, !(source == .mpv && chapterBook.source == .file) else { return }
        guard found != chapterBook.chapters else { return }
        chapterBook.chapters = found
        chapterBook.source = source
        chapterBook.announced = nil
        changed(.chapters)
        chapterMayHaveChanged()
    }

    /// The position or the status may have moved to another chapter: announces it, and looks
    /// again at the next chapter's start while playing.
    func chapterMayHaveChanged() {
        chapterBook.timer?.cancel()
        chapterBook.timer = nil
        let chapters = self.chapters
        guard !chapters.isEmpty else { return }
        let position = self.position
        let index = Chapter.index(in: chapters, at: position)
        if index != chapterBook.announced {
            chapterBook.announced = index
            changed(.chapters)
        }
        guard status == .playing, !isScanning else { return }
        let next = index.map { $0 + 1 } ?? 0
        guard next < chapters.count else { return }
        let wait = (chapters[next].start - position).inSeconds / max(speed, 0.01)
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + .milliseconds(Int(max(0, wait) * 1000) + 20), leeway: .milliseconds(5))
        timer.setEventHandler {
            MainActor.assumeIsolated { [weak self] in self?.chapterMayHaveChanged() }
        }
        chapterBook.timer = timer
        timer.resume()
    }

    /// Plays the current entry from chapter `index`'s start.
    public func goToChapter(_ index: Int) throws(PlayerError) {
        let chapters = self.chapters
        guard !chapters.isEmpty else { throw PlayerError(operation: "go to chapter \(index)", reason: "the current entry has no chapters") }
        guard chapters.indices.contains(index) else {
            throw PlayerError(operation: "go to chapter \(index)", reason: "the current entry's chapters are 0 to \(chapters.count - 1)")
        }
        seek(to: chapters[index].start)
        chapterMayHaveChanged()
    }

    /// The next chapter's start; past the last chapter, the next entry.
    public func nextChapter() throws(PlayerError) {
        let chapters = self.chapters
        guard !chapters.isEmpty else { throw PlayerError(operation: "next chapter", reason: "the current entry has no chapters") }
        let next = currentChapterIndex.map { $0 + 1 } ?? 0
        if next < chapters.count { try goToChapter(next) } else { nextEntry() }
    }

    /// The current chapter's start when more than `previousRestartThreshold` of it has played,
    /// else the previous chapter's; before the first chapter, the previous entry.
    public func previousChapter() throws(PlayerError) {
        let chapters = self.chapters
        guard !chapters.isEmpty else { throw PlayerError(operation: "previous chapter", reason: "the current entry has no chapters") }
        guard let index = currentChapterIndex else { return previousEntry() }
        let threshold = configuration.previousRestartThreshold
        if threshold > .zero, position - chapters[index].start > threshold {
            try goToChapter(index)
        } else if index > 0 {
            try goToChapter(index - 1)
        } else {
            previousEntry()
        }
    }
}
