// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport

/// Prints the BusWaits table (both programs side by side, remote-playerd's limit and whether it
/// met it), then what each row did for each program and anything that went wrong.
@MainActor
enum WaitReport {
    static func print(_ results: [Contender: WaitFigures], settings: WaitSettings) {
        let ours = results[.remotePlayerd]
        let peer = results[.mpv]
        func each<Value>(_ figure: (WaitFigures) -> Value?) -> [Contender: Value?] { results.mapValues(figure) }
        let runs = settings.coldRuns
        var lines: [ReportLine] = [
            .milliseconds(
                "a. slowest Get while an engine starts cold: worst of \(runs) runs", each(\.coldStartWorst), limit: "≤ \(ms(WaitLimits.coldStart))",
                met: WaitLimits.atMost(ours?.coldStartWorst, WaitLimits.coldStart)),
            .milliseconds("a. the same, median of the \(runs) runs' maxima", each(\.coldStartMedian)),
            .milliseconds(
                "b. slowest Get while the engine hangs \(settings.hangSeconds) s", each(\.hangMax), limit: "≤ \(ms(WaitLimits.hang))",
                met: WaitLimits.atMost(ours?.hangMax, WaitLimits.hang)),
        ]
        var again = ReportLine(
            label: "b. plays again within \(WaitSettings.playsAgainWithin.components.seconds) s of SIGCONT",
            cells: results.mapValues { figures in
                figures.playsAgain.map { again in again.after.map { "yes, after \(FigureUnit.seconds.format(FigureText.seconds($0) ?? 0))" } ?? "NO" } ?? "n/a"
            }, limit: "yes", met: ours?.playsAgain.map { $0.after != nil })
        again.failsRun = true
        lines.append(again)

        var calls = ReportLine(
            label: "c. \(WaitSettings.loadClients) concurrent clients, \(settings.loadSeconds) s: calls/s",
            cells: results.mapValues { $0.load.map { FigureText.grouped(Int($0.callsPerSecond.rounded())) } ?? "n/a" },
            values: results.compactMapValues { $0.load?.callsPerSecond }, limit: "≥ \(WaitLimits.loadCallsToPeer)× the peer's")
        if let mine = ours?.load?.callsPerSecond, let theirs = peer?.load?.callsPerSecond, theirs > 0 {
            calls.met = mine / theirs >= WaitLimits.loadCallsToPeer
        }
        lines.append(calls)
        var p99 = ReportLine.milliseconds("c. the probe's p99 (a Get every 10 ms)", each { $0.load?.probeP99 }, limit: "≤ the peer's")
        if let mine = ours?.load?.probeP99, let theirs = peer?.load?.probeP99 { p99.met = mine <= theirs }
        lines.append(p99)
        lines.append(
            .milliseconds(
                "c. the probe's slowest", each { $0.load?.probeMax }, limit: "≤ \(ms(WaitLimits.loadProbeMax))",
                met: WaitLimits.atMost(ours?.load?.probeMax, WaitLimits.loadProbeMax)))
        lines.append(
            .milliseconds(
                "d. PlayPause → PropertiesChanged p50, engine running", each(\.notificationMedian), limit: "≤ \(ms(WaitLimits.notification))",
                met: WaitLimits.atMost(ours?.notificationMedian, WaitLimits.notification)))

        let programs = Contender.allCases.map(\.rawValue).joined(separator: " | ")
        Swift.print("\n| row | \(programs) | remote-playerd ÷ mpv | limit (remote-playerd) | pass/miss |")
        Swift.print("|---|---|---|---|---|---|")
        for line in lines { Swift.print(line.row) }
        Swift.print("")
        for line in method(settings) { Swift.print("- \(line)") }
        for contender in Contender.allCases {
            guard let figures = results[contender] else { continue }
            for line in details(figures) { Swift.print("- \(contender.rawValue): \(line)") }
        }
    }

    /// What each row does, and what the peer does instead where it cannot do the same.
    private static func method(_ settings: WaitSettings) -> [String] {
        [
            "a: remote-playerd paused with its engine gone (`release-engine-after = \(WaitSettings.releaseEngineAfterSeconds)`), "
                + "then Play from another client; "
                + "mpv + mpv-mpris: Play of a paused mpv, the nearest equivalent (its player always runs: nothing starts cold). The probe calls "
                + "Get(PlaybackStatus) back to back; its slowest call from the Play to the later of the Play's reply and the first Get reading Playing, "
                + "+ \(ms(WaitSettings.afterPlaying)). \(settings.coldRuns) runs; the limit holds the worst.",
            "b: remote-playerd playing, its engine SIGSTOPped; Set(Volume, 0.5) and Seek(+1 s) sent at once from another client, replies not awaited; "
                + "the probe calls back to back for \(settings.hangSeconds) s, then SIGCONT. mpv + mpv-mpris: the same calls without a freeze "
                + "(mpv's audio cannot be frozen apart from its bus side). Plays again: Playing, and the position moving at two reads in a row "
                + "(\(ms(PlaysAgainCheck.interval)) apart; for remote-playerd an engine running, not stopped). "
                + "remote-playerd may kill and replace the hung engine.",
            "c: the Bursts benchmark's mixed load (ConcurrentLoad, LoadMix.scale; RemoveTrack + AddTrack pairs for remote-playerd only: mpv-mpris has "
                + "no TrackList) on the playing, looping queue of \(WaitSettings.queueEntries) entries.",
            "d: MPRISProbe.playPauseToNotification, \(settings.toggles) toggles after \(NotificationRow.warmUp) not counted, the player playing "
                + "(remote-playerd's engine running); mpv-mpris sends PropertiesChanged on a 100 ms timer.",
        ]
    }

    /// One program's per-run figures and notes.
    private static func details(_ figures: WaitFigures) -> [String] {
        var lines: [String] = []
        if !figures.coldStartMaxima.isEmpty {
            lines.append(
                "a: the runs' maxima " + figures.coldStartMaxima.map(ms).joined(separator: ", ") + "; Play answered after "
                    + figures.coldStartPlayReplies.map(ms).joined(separator: ", "))
        }
        if figures.hangMax != nil { lines.append("b: \(figures.hangCalls) probe calls during the freeze") }
        if let again = figures.playsAgain { lines.append("b: \(again.detail)") }
        if let load = figures.load {
            lines.append("c: \(FigureText.grouped(load.answeredCalls)) calls answered; probe median \(ms(load.probeMedian))")
        }
        if !figures.notifications.isEmpty {
            lines.append("d: min \(ms(figures.notifications.min())), max \(ms(figures.notifications.max()))")
        }
        return lines + figures.notes
    }

    /// A duration as the table shows it: "2.3 ms", "0.412 ms".
    static func ms(_ duration: Duration?) -> String {
        FigureText.show(FigureText.milliseconds(duration), .milliseconds)
    }
}
