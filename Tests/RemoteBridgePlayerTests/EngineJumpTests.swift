// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeEngineProtocol
import Testing

@testable import RemoteBridgePlayer

/// Which position reports a seek holds back: those mpv made before it ran. On instants given.
@Suite("EngineJump: the reports read while a seek is under way")
struct EngineJumpTests {
    let start = ContinuousClock.now
    func report(_ seconds: Double, after milliseconds: Int) -> EnginePosition {
        EnginePosition(timePos: seconds, heard: seconds, at: start + .milliseconds(milliseconds))
    }

    @Test("a seek to 42 s: held until a playback-restart after the answer with the report before it at 42 s; an earlier seek's restart, before or after the answer, is not it")
    func seekDone() {
        var jump = EngineJump(askedAt: start, cause: .seek(serial: 7, target: 42))
        let step1 = jump.holds(report(3.0, after: 1))
        #expect(step1, "made before the seek ran")
        let step2 = jump.take(.seek)
        let step3 = jump.holds(report(42.0, after: 2))
        let step4 = jump.take(.playbackRestart)
        #expect(step2 == .underWay && step3 && step4 == .underWay, "before the answer: an earlier seek's, whatever it says")
        jump.answer(6)
        #expect(!jump.answered, "another request's answer")
        jump.answer(7)
        let step5 = jump.holds(report(41.9, after: 3))
        let step6 = jump.take(.playbackRestart)
        #expect(step5 && step6 == .underWay, "after the answer, an earlier seek's restart: not at the target")
        let step7 = jump.take(.seek)
        #expect(step7 == .underWay)
        #expect(jump.held == nil, "what was held before mpv jumped again is dropped")
        let step8 = jump.holds(report(42.0 - EngineJump.tolerance / 2, after: 5))
        let step9 = jump.take(.playbackRestart)
        #expect(step8 && step9 == .done(report(42.0 - EngineJump.tolerance / 2, after: 5)))
    }

    @Test("a seek mpv folds into one under way (no seek event of its own): its restart, at the target, ends it")
    func foldedSeek() {
        var jump = EngineJump(askedAt: start, cause: .seek(serial: 2, target: 9))
        jump.answer(2)
        let held = jump.holds(report(9.0, after: 1))
        let outcome = jump.take(.playbackRestart)
        #expect(held && outcome == .done(report(9.0, after: 1)))
    }

    @Test("a file handed over at a position: done at its own entry's start-file then playback-restart; another entry's start, a seek or an answer do not count")
    func fileStarted() {
        var jump = EngineJump(askedAt: start, cause: .load(key: 4))
        jump.answer(1)
        #expect(!jump.answered, "a load is not waited for by its answer")
        let step9 = jump.holds(report(7.0, after: 1))
        #expect(step9)
        let others: [MPVEvent] = [.startFile(entryID: 3), .fileLoaded(duration: 30, metadata: .none), .seek, .playbackRestart]
        for event in others {
            let step = jump.take(event)
            #expect(step == .underWay, "\(event) is the old file's")
        }
        let step10 = jump.take(.startFile(entryID: 4))
        #expect(step10 == .underWay)
        #expect(jump.held == nil, "the old file's report is dropped")
        let step11 = jump.take(.playbackRestart)
        #expect(step11 == .done(nil), "no report after it jumped: nothing to take")
    }

    @Test("past the limit the next report is taken whatever it says (a seek mpv refused, a file that did not open)")
    func limit() {
        var jump = EngineJump(askedAt: start, cause: .seek(serial: 1, target: 1))
        let last = Int(EngineJump.limit.components.seconds * 1000)
        let step12 = jump.holds(report(1.0, after: last - 1))
        #expect(step12)
        let step13 = jump.holds(report(1.2, after: last))
        #expect(!step13)
    }
}
