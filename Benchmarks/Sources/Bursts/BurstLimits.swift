// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport

/// What `Bursts --check` (`make burst-check`) holds remote-playerd to: memory a burst of calls
/// took is given back soon after, and a steady load does not keep piling it up. mpv +
/// mpv-mpris is measured beside it, never checked.
enum BurstLimits {
    /// How far above its idle RSS remote-playerd may be BurstLimits.recovery after a burst's
    /// last call, and its steady state under the mixed load (the median RSS under load), in KiB
    /// (16 MiB).
    static let aboveIdleKilobytes = 16 * 1024
    /// How soon after the last call, with no client calling, RSS must be back within
    /// aboveIdleKilobytes of idle.
    static let recovery: Duration = .seconds(5)

    /// The limit as the report words it: "16 MiB".
    static var aboveIdleText: String { "\(aboveIdleKilobytes / 1024) MiB" }
    /// The watch as the report words it: "5 s".
    static var recoveryText: String { "\(recovery.components.seconds) s" }

    /// The limits remote-playerd's `results` break, one sentence each (naming the burst and the
    /// figures); empty when all hold. A burst that could not be measured breaks them too.
    static func broken(by results: [BurstResult]) -> [String] {
        var broken: [String] = []
        for result in results where result.contender == .remotePlayerd && result.burst.isChecked {
            let name = result.burst.rawValue
            if let failure = result.failure {
                broken.append("\(name): not measured to the end: \(failure)")
                continue
            }
            guard let idle = result.idle?.kilobytes else { continue }
            if result.processVanished {
                broken.append("\(name): remote-playerd exited during the burst or the watch after it")
                continue
            }
            for (index, round) in result.rounds.enumerated() {
                guard let end = round.atEnd, end.kilobytes > idle + aboveIdleKilobytes else { continue }
                let which = result.rounds.count > 1 ? "\(name), round \(index + 1)" : name
                broken.append(
                    "\(which): RSS \(recoveryText) after the last call is \(mebibytes(end.kilobytes)), "
                        + "\(mebibytes(end.kilobytes - idle)) above its idle \(mebibytes(idle)) (right after the last call: "
                        + "\(mebibytes(round.rightAfter?.kilobytes ?? 0))); the limit is idle + \(aboveIdleText)")
            }
            if result.burst == .mixed, let steady = result.medianUnderLoad, steady > idle + aboveIdleKilobytes {
                broken.append(
                    "\(name): the steady state under load (median RSS of \(result.underLoad.count) samples) is \(mebibytes(steady)), "
                        + "\(mebibytes(steady - idle)) above its idle \(mebibytes(idle)) (peak \(mebibytes(result.peakUnderLoad ?? 0))); "
                        + "the limit is idle + \(aboveIdleText)")
            }
        }
        return broken
    }

    /// KiB as "12.3 MiB".
    static func mebibytes(_ kilobytes: Int) -> String {
        FigureUnit.mebibytes.format(Double(kilobytes) / 1024)
    }
}
