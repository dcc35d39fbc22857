// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus

/// `io.github.remotebridge.Playback1`, RemoteBridge's own interface on remote-playerd's MPRIS
/// object for what MPRIS has no words for: the current file's chapters and the sleep timer.
/// Declared here, beside the MPRIS interfaces, so that remotectl and headsetd call it without
/// linking the player.
public enum Playback1Interface {
    /// The interface name.
    public static let name = "io.github.remotebridge.Playback1"

    /// `Chapters`: the current entry's chapters, each its start in microseconds and its title
    /// (empty when the file gives none), in order. Empty when it has none.
    public static let chapters = DBusPropertyDeclaration(name, "Chapters", "a(xs)", changeSignal: .invalidates)
    /// `Chapter`: the index in `Chapters` of the chapter playing now; -1 when there is none.
    public static let chapter = DBusPropertyDeclaration(name, "Chapter", "i")
    /// `ChapterTitle`: the title of the chapter playing now; empty when there is none.
    public static let chapterTitle = DBusPropertyDeclaration(name, "ChapterTitle", "s")
    /// `GoToChapter(i index)`: plays the current entry from that chapter's start.
    public static let goToChapter = DBusMethodDeclaration(name, "GoToChapter", inputs: [DBusArgument("index", "i")])
    /// `NextChapter()`: the next chapter's start; past the last, the next entry.
    public static let nextChapter = DBusMethodDeclaration(name, "NextChapter")
    /// `PreviousChapter()`: the current chapter's start when more than `previous-restarts-after`
    /// of it has played, else the previous chapter's; before the first, the previous entry.
    public static let previousChapter = DBusMethodDeclaration(name, "PreviousChapter")
    /// `ChapterChanged(i index, s title, x start_us)`: another chapter plays (by playback, a
    /// seek or a change of entry); index -1 when none does.
    public static let chapterChanged = DBusSignalDeclaration(
        name, "ChapterChanged", [DBusArgument("index", "i"), DBusArgument("title", "s"), DBusArgument("start_us", "x")])

    /// `SleepTimer`: `off`, `time` (a length of playing time), `end-of-track` or `end-of-chapter`.
    public static let sleepTimer = DBusPropertyDeclaration(name, "SleepTimer", "s")
    /// `SleepRemaining`: microseconds of playing left before the timer pauses (its fade
    /// included); -1 when off. It does not count down while paused, and is not announced: Get it.
    public static let sleepRemaining = DBusPropertyDeclaration(name, "SleepRemaining", "x", changeSignal: .none)
    /// `SetSleepTimer(s when)`: `off`, `end-of-track`, `end-of-chapter`, a length of playing time
    /// (`20m`, `1h30m`, `90s`, `45`: seconds), or one added to the time left (`+15m`).
    public static let setSleepTimer = DBusMethodDeclaration(name, "SetSleepTimer", inputs: [DBusArgument("when", "s")])

    /// The whole interface.
    public static let declaration = DBusInterfaceDeclaration(
        name, methods: [goToChapter, nextChapter, previousChapter, setSleepTimer],
        properties: [chapters, chapter, chapterTitle, sleepTimer, sleepRemaining], signals: [chapterChanged])
}
