// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeDurations
import RemoteBridgeMPRIS
import RemoteBridgePlayer
import RemoteBridgeText

/// `io.github.remotebridge.Playback1` served for remote-playerd's player, on the MPRIS object:
/// the current entry's chapters, stepping through them, and the sleep timer. The player's
/// `chapters` and `sleepTimer` changes are announced through `announce(_:)`.
@MainActor
enum Playback1Service {
    /// The interface, its members reading and driving `player`.
    static func interface(for player: MPVPlayer) -> DBusInterface {
        DBusInterface(
            Playback1Interface.declaration,
            methods: [
                DBusMethod(Playback1Interface.goToChapter) { [weak player] call throws(DBusError) in
                    guard let player else { return [] }
                    let index = try call.int64("index")
                    try refusing { () throws(PlayerError) in try player.goToChapter(Int(index)) }
                    return []
                },
                DBusMethod(Playback1Interface.nextChapter) { [weak player] _ throws(DBusError) in
                    guard let player else { return [] }
                    try refusing { () throws(PlayerError) in try player.nextChapter() }
                    return []
                },
                DBusMethod(Playback1Interface.previousChapter) { [weak player] _ throws(DBusError) in
                    guard let player else { return [] }
                    try refusing { () throws(PlayerError) in try player.previousChapter() }
                    return []
                },
                DBusMethod(Playback1Interface.setSleepTimer) { [weak player] call throws(DBusError) in
                    guard let player else { return [] }
                    let request: SleepTimer.Request
                    let when = try call.string("when")
                    do throws(SleepTimer.Refusal) {
                        request = try SleepTimer.Request.parse(when)
                    } catch {
                        throw .invalidArgs(error.description)
                    }
                    if request == .endOfChapter, player.chapters.isEmpty, player.current?.length == nil {
                        throw .failed("the current entry has no chapters and no known length: nothing to wait for the end of")
                    }
                    player.setSleepTimer(request)
                    return []
                },
            ],
            properties: [
                DBusProperty(Playback1Interface.chapters) { [weak player] in
                    .array(
                        elementSignature: "(xs)",
                        (player?.chapters ?? []).map { .structure([.int64($0.start.microseconds), .string(($0.title ?? "").dbusSafe)]) })
                },
                DBusProperty(Playback1Interface.chapter) { [weak player] in .int32(Int32(player?.currentChapterIndex ?? -1)) },
                DBusProperty(Playback1Interface.chapterTitle) { [weak player] in
                    guard let player, let index = player.currentChapterIndex else { return .string("") }
                    return .string((player.chapters[index].title ?? "").dbusSafe)
                },
                DBusProperty(Playback1Interface.sleepTimer) { [weak player] in .string(player?.sleepTimer.mode.rawValue ?? "off") },
                DBusProperty(Playback1Interface.sleepRemaining) { [weak player] in .int64(player?.sleepRemaining?.microseconds ?? -1) },
            ])
    }

    /// Announces a change of the player's on `object`: the properties, and `ChapterChanged`
    /// when another chapter plays.
    static func announce(_ change: MPVPlayer.Change, of player: MPVPlayer, on object: ExportedObject?, lastChapter: inout (id: Int64?, index: Int?)) {
        guard let object else { return }
        switch change {
        case .chapters:
            object.invalidateProperties(of: Playback1Interface.name)
            let now = (player.currentID, player.currentChapterIndex)
            guard now.0 != lastChapter.id || now.1 != lastChapter.index else { return }
            lastChapter = now
            let chapter = now.1.map { player.chapters[$0] }
            object.send(
                Playback1Interface.chapterChanged,
                [.int32(Int32(now.1 ?? -1)), .string((chapter?.title ?? "").dbusSafe), .int64(chapter?.start.microseconds ?? -1)])
        case .sleepTimer, .state:
            object.invalidateProperties(of: Playback1Interface.name)
        default: break
        }
    }

    /// Runs `body`, a player's command, turning its refusal into a D-Bus error that says why.
    private static func refusing(_ body: () throws(PlayerError) -> Void) throws(DBusError) {
        do throws(PlayerError) {
            try body()
        } catch {
            throw .failed(error.description)
        }
    }
}
