// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations
import Testing

@testable import RemoteBridgePlayer

/// The sleep timer's rules on a virtual clock: instants are made, never waited for.
@Suite("SleepTimer")
struct SleepTimerTests {
    let start = ContinuousClock.now

    @Test(
        "requests as people write them",
        arguments: [
            ("off", SleepTimer.Request.off), ("end-of-track", .endOfTrack), ("end-of-chapter", .endOfChapter), ("20m", .after(.seconds(1200))),
            ("1h30m", .after(.seconds(5400))), ("45", .after(.seconds(45))), ("90s", .after(.seconds(90))), ("+15m", .extend(.seconds(900))),
            ("24h", .after(.seconds(86_400))),
        ] as [(String, SleepTimer.Request)])
    func parses(text: String, request: SleepTimer.Request) throws {
        #expect(try SleepTimer.Request.parse(text) == request)
    }

    @Test("a mistyped request is refused, naming it and the forms taken", arguments: ["soon", "+", "-5m", "20m10h", "0", "25h", "end-of-book", ""])
    func refuses(text: String) {
        #expect(throws: SleepTimer.Refusal.self) { try SleepTimer.Request.parse(text) }
        do {
            _ = try SleepTimer.Request.parse(text)
        } catch {
            #expect(error.description.contains("off, end-of-track") || error.description.contains("outside 1s…24h"), "\(error)")
        }
    }

    @Test("time counts only while playing: 20 minutes set, 5 played, 25 paused, 10 played: 5 left; then none")
    func countsPlayingTime() {
        var timer = SleepTimer()
        timer.set(.after(.seconds(1200)), now: start, playing: true, target: nil)
        #expect(timer.remaining(now: start + .seconds(300), position: nil, speed: 1) == .seconds(900))
        timer.playingChanged(false, now: start + .seconds(300))
        #expect(timer.remaining(now: start + .seconds(1800), position: nil, speed: 1) == .seconds(900))
        timer.playingChanged(true, now: start + .seconds(1800))
        #expect(timer.remaining(now: start + .seconds(2400), position: nil, speed: 1) == .seconds(300))
        #expect(timer.remaining(now: start + .seconds(9999), position: nil, speed: 1) == .zero)
        #expect(timer.mode == .time)
    }

    @Test("+15m starts a timer when none runs, adds to one that does, and stops at 24 h")
    func extends() {
        var timer = SleepTimer()
        timer.set(.extend(.seconds(900)), now: start, playing: false, target: nil)
        #expect(timer.remaining(now: start, position: nil, speed: 1) == .seconds(900))
        timer.set(.extend(.seconds(900)), now: start, playing: false, target: nil)
        #expect(timer.remaining(now: start, position: nil, speed: 1) == .seconds(1800))
        for _ in 0..<200 { timer.set(.extend(.seconds(900)), now: start, playing: false, target: nil) }
        #expect(timer.remaining(now: start, position: nil, speed: 1) == SleepTimer.Request.longest)
    }

    @Test("the end of a track or chapter: what is left of it at the rate; none while its end is unknown; another target when it moves")
    func targets() {
        var timer = SleepTimer()
        timer.set(.endOfTrack, now: start, playing: true, target: SleepTimer.Target(id: 4, from: .zero, end: .seconds(1200)))
        #expect(timer.mode == .endOfTrack)
        #expect(timer.remaining(now: start, position: .seconds(1000), speed: 2) == .seconds(100))
        #expect(timer.remaining(now: start + .seconds(60), position: .seconds(1000), speed: 1) == .seconds(200), "by the position, not the clock")
        timer.retarget(SleepTimer.Target(id: 5, from: .zero, end: nil))
        #expect(timer.remaining(now: start, position: .seconds(10), speed: 1) == nil)
        timer.set(.off, now: start, playing: true, target: nil)
        #expect(timer.mode == .off && timer.remaining(now: start, position: .zero, speed: 1) == nil)
    }
}

/// Where an entry is kept when it is left.
@Suite("PositionMemory")
struct PositionMemoryTests {
    let memory = PositionMemory(after: .seconds(60))
    let episode: Duration = .seconds(1200)

    @Test("part-way past a minute: kept; before it: forgotten; in its last 10 s or at its end: finished; a song, or a stream of unknown length, never marked; spoken word of any length is")
    func places() {
        func place(_ at: Int, _ length: Int?, spoken: Bool = false, ended: Bool = false) -> EntryProgress.Place? {
            memory.place(leavingAt: .seconds(at), length: length.map { .seconds($0) }, spokenWord: spoken, ended: ended)
        }
        #expect(place(450, 1200) == .at(.seconds(450)))
        #expect(place(30, 1200) == nil)
        #expect(place(1195, 1200) == .finished)
        #expect(place(3, 1200, ended: true) == .finished)
        #expect(place(100, 180) == nil, "a 3-minute song")
        #expect(place(170, 180, ended: true) == nil)
        #expect(place(100, 300, spoken: true) == .at(.seconds(100)), "a 5-minute news podcast")
        #expect(place(295, 300, spoken: true) == .finished)
        #expect(place(100, nil) == nil, "a stream of unknown length")
        #expect(PositionMemory(after: nil).place(leavingAt: .seconds(450), length: episode, spokenWord: true, ended: false) == nil, "off")
    }
}
