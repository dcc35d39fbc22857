// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeConfiguration
import RemoteBridgeCore
import RemoteBridgeGestures
import RemoteBridgeResume
import RemoteBridgeStateFile
import RemoteBridgeText
@testable import RemoteBridgeCtl
@testable import RemoteBridgeHeadsetDaemon
@testable import RemoteBridgePlayer
@testable import RemoteBridgePlayerDaemon

/// Every number README.md and the pages in `docs/` state about what the programs do, each with
/// the file it is in and the constant it comes from, file by file in the docs' order. Measured
/// figures (benchmark results, the exposure scores systemd-analyze gives the units) are results,
/// not constants, and are not here; nor are the config block and the gesture table of
/// docs/configuration.md, which `ConfigurationDocumentsTests` renders from the schema, or its
/// key table, which `KeyMapTests` reads.
enum ReadmeFacts {
    typealias Constant = ReadmeFact.Constant

    /// The facts of the program's behaviour, held by constants in this package.
    static let behaviour: [ReadmeFact] = [
        // README.md: the introduction.
        ReadmeFact(
            "README.md", "subtypes (`play` {} … `endSeekingForward` {})",
            Constant("RemoteControlSubtype.play", String(RemoteControlSubtype.play.rawValue)),
            Constant("RemoteControlSubtype.endSeekingForward", String(RemoteControlSubtype.endSeekingForward.rawValue))),

        // docs/state-file.md.
        ReadmeFact(
            "docs/state-file.md", "is on disk within {} ms",
            Constant("StatePersistence.defaultDebounce", ReadmeWords.milliseconds(StatePersistence.defaultDebounce))),
        ReadmeFact(
            "docs/state-file.md", "the position every {} s while playing",
            Constant("RemotePlayerDaemon.Options.defaultStateSaveInterval", ReadmeWords.seconds(RemotePlayerDaemon.Options.defaultStateSaveInterval))),
        ReadmeFact(
            "docs/state-file.md", "grown past the snapshot's size (or {} MiB)",
            Constant("StateStore.minimumJournalBound", ReadmeWords.mebibytes(StateStore.minimumJournalBound))),
        ReadmeFact(
            "docs/state-file.md", "loses at most {} s of position",
            Constant("RemotePlayerDaemon.Options.defaultStateSaveInterval", ReadmeWords.seconds(RemotePlayerDaemon.Options.defaultStateSaveInterval))),
        ReadmeFact(
            "docs/state-file.md", "a folder, over {} MiB, a newer version",
            Constant("StateFileBytes.maximumSize", ReadmeWords.mebibytes(StateFileBytes.maximumSize))),

        // docs/remote-playerd.md: limits.
        ReadmeFact(
            "docs/remote-playerd.md", "at most {} queue entries",
            Constant("QueueLimits.maximumEntries", ReadmeWords.count(QueueLimits.maximumEntries))),
        ReadmeFact(
            "docs/remote-playerd.md", "URIs and paths of at most {} KiB",
            Constant("QueueLimits.maximumURILength", ReadmeWords.kibibytes(QueueLimits.maximumURILength))),
        ReadmeFact(
            "docs/remote-playerd.md", "tag values cut to {} KiB ({} values per list)",
            Constant("QueueLimits.maximumTagLength", ReadmeWords.kibibytes(QueueLimits.maximumTagLength)),
            Constant("QueueLimits.maximumTagValues", ReadmeWords.count(QueueLimits.maximumTagValues))),
        ReadmeFact(
            "docs/remote-playerd.md", "errors and logs quote at most {} bytes of",
            Constant("OutsideText.quotedBytes", ReadmeWords.count(OutsideText.quotedBytes))),
        ReadmeFact(
            "docs/remote-playerd.md", "error message, sent or received, is at most {} KiB",
            Constant("OutsideText.messageBytes", ReadmeWords.kibibytes(OutsideText.messageBytes))),

        // docs/remote-playerd.md: a large queue.
        ReadmeFact(
            "docs/remote-playerd.md", "A library of {} tracks is an ordinary queue",
            Constant("QueueLimits.maximumEntries", ReadmeWords.count(QueueLimits.maximumEntries))),
        ReadmeFact(
            "docs/remote-playerd.md", "handed to the player in parts of {} entries",
            Constant("QueueFill.chunkSize", ReadmeWords.count(QueueFill.chunkSize))),
        ReadmeFact(
            "docs/remote-playerd.md", "and the log every {};",
            Constant("QueueFill.logInterval", ReadmeWords.interval(QueueFill.logInterval))),
        ReadmeFact(
            "docs/remote-playerd.md", "`GetTracksMetadata` (up to {} a call",
            Constant("MPVPlayer.mostTagReadsAtOnce", ReadmeWords.count(MPVPlayer.mostTagReadsAtOnce))),

        // docs/remote-playerd.md: tracks, art, the sound server.
        ReadmeFact(
            "docs/remote-playerd.md", "(waiting for them at most {} s)",
            Constant("TrackAnnouncement.wait", ReadmeWords.seconds(TrackAnnouncement.wait))),
        ReadmeFact(
            "docs/remote-playerd.md", "kept under {} MiB (least recently used go first)",
            Constant("MPVPlayer.Configuration.artCacheLimit", ReadmeWords.mebibytes(MPVPlayer.Configuration().artCacheLimit))),
        ReadmeFact(
            "docs/remote-playerd.md", "(tried after {} s, then at doubling waits up to {} s)",
            Constant("AudioOutputState.firstRetryDelay", ReadmeWords.seconds(AudioOutputState.firstRetryDelay)),
            Constant("AudioOutputState.longestRetryDelay", ReadmeWords.seconds(AudioOutputState.longestRetryDelay))),
        ReadmeFact(
            "docs/remote-playerd.md", "OpenUri accepts {} unless configured otherwise",
            Constant("TransportDefaults.uriSchemes", ReadmeWords.list(TransportDefaults.uriSchemes))),

        // docs/remote-playerd.md and docs/engine.md: the engine's release and its deadline.
        ReadmeFact(
            "docs/remote-playerd.md", "ends after `release-engine-after` ({} minutes) paused or stopped",
            Constant("TransportDefaults.releaseEngineAfter", ReadmeWords.minutes(TransportDefaults.releaseEngineAfter))),
        ReadmeFact(
            "docs/remote-playerd.md", "A hung engine is found by a {} s deadline on its replies",
            Constant("EngineConnection.replyDeadline", ReadmeWords.seconds(EngineConnection.replyDeadline))),
        ReadmeFact(
            "docs/engine.md", "`[player] release-engine-after` ({} minutes by default",
            Constant("TransportDefaults.releaseEngineAfter", ReadmeWords.minutes(TransportDefaults.releaseEngineAfter))),
        ReadmeFact(
            "docs/engine.md", "`EngineConnection.replyDeadline` ({} s: a hung engine",
            Constant("EngineConnection.replyDeadline", ReadmeWords.seconds(EngineConnection.replyDeadline))),

        // docs/headsetd.md.
        ReadmeFact(
            "docs/headsetd.md", "only within `resume-within` seconds ({})",
            Constant("HeadsetConfiguration.resumeWithin", ReadmeWords.seconds(HeadsetConfiguration().resumeWithin))),
        ReadmeFact(
            "docs/headsetd.md", "`resume-after-exit-within` (`{}`; `0` turns it off)",
            Constant(
                "HeadsetConfiguration.resumeAfterExitWithin, as ConfigurationSchema writes it",
                ConfigurationSchema.defaultValue("headset", "resume-after-exit-within") ?? "(not in the schema)")),
        ReadmeFact(
            "docs/headsetd.md", "A BlueZ that does not answer within {} s",
            Constant("HeadsetHandler.Options.blueZCallTimeout", ReadmeWords.seconds(HeadsetHandler.Options().blueZCallTimeout))),
        ReadmeFact(
            "docs/headsetd.md", "is asked again after {} s, {} s, {} s … at most {} s apart",
            Constant("RetryBackoff.first", ReadmeWords.seconds(RetryBackoff().delay(before: 1))),
            Constant("RetryBackoff.delay(before: 2)", ReadmeWords.seconds(RetryBackoff().delay(before: 2))),
            Constant("RetryBackoff.delay(before: 3)", ReadmeWords.seconds(RetryBackoff().delay(before: 3))),
            Constant("RetryBackoff.cap", ReadmeWords.seconds(RetryBackoff().cap))),
        ReadmeFact(
            "docs/headsetd.md", "a press waits at most {} s for its answer",
            Constant("PlayerOutput.defaultPressTimeout", ReadmeWords.seconds(PlayerOutput.defaultPressTimeout))),

        // docs/remotectl.md.
        ReadmeFact(
            "docs/remotectl.md", "within `--timeout` seconds (default {})",
            Constant("RemoteCtl.defaultTimeout", ReadmeWords.seconds(RemoteCtl.defaultTimeout))),
        ReadmeFact(
            "docs/remotectl.md", "playerctl waits {} s for it",
            Constant("RemoteCtl.playerctlTimeout", ReadmeWords.seconds(RemoteCtl.playerctlTimeout))),

        // docs/configuration.md: headset gestures.
        ReadmeFact(
            "docs/configuration.md", "A new click must come within {} ms of the last release, and a hold is a press of {} ms or more",
            Constant("GestureTimings.maximumClickInterval", ReadmeWords.milliseconds(GestureTimings.maximumClickInterval)),
            Constant("GestureTimings.minimumHoldDuration", ReadmeWords.milliseconds(GestureTimings.minimumHoldDuration))),
        ReadmeFact(
            "docs/configuration.md", "a click is certain only {} ms after its release",
            Constant("GestureTimings.maximumClickInterval", ReadmeWords.milliseconds(GestureTimings.maximumClickInterval))),
    ]

    /// The facts whose home is a file this package's tests cannot import: the manifest, the
    /// Makefile, the units, and the benchmark package's settings (`PackageFile`).
    static let files: [ReadmeFact] = [
        // README.md: build and test.
        ReadmeFact(
            "README.md", "On Debian 12 with Swift {} or later",
            Constant("Package.swift's swift-tools-version", try PackageFile("Package.swift").value("^// swift-tools-version: *([0-9.]+)$"))),

        // docs/development.md: the release build.
        ReadmeFact(
            "docs/development.md", "On glibc older than {} release builds link without DT_RELR",
            Constant("RELR_GLIBC (Makefile)", try PackageFile("Makefile").makeVariable("RELR_GLIBC"))),

        // docs/remote-playerd.md: the units.
        ReadmeFact(
            "docs/remote-playerd.md", "at most {} restarts {}), and",
            Constant("StartLimitBurst (dist/systemd/remote-playerd.service)", try playerUnit.unitSetting("StartLimitBurst")),
            Constant(
                "StartLimitIntervalSec (dist/systemd/remote-playerd.service)",
                try period(playerUnit.unitSetting("StartLimitIntervalSec")))),
        ReadmeFact(
            "docs/remote-playerd.md", "at most {} restarts {}), and",
            Constant("StartLimitBurst (dist/systemd/headsetd.service)", try headsetUnit.unitSetting("StartLimitBurst")),
            Constant(
                "StartLimitIntervalSec (dist/systemd/headsetd.service)",
                try period(headsetUnit.unitSetting("StartLimitIntervalSec")))),

        // docs/development.md: make footprint.
        ReadmeFact(
            "docs/development.md", "wakeups over {} s of idling",
            Constant(
                "FOOTPRINT_SECONDS's default (Benchmarks/Sources/Footprint/main.swift)",
                try footprint.value(#"\["FOOTPRINT_SECONDS"\] \?\? ""\) \?\? \(check \? [0-9]+ : ([0-9]+)\)"#))),
        ReadmeFact(
            "docs/development.md", "each program alone, median of {})",
            Constant(
                "FOOTPRINT_STARTS's default (Benchmarks/Sources/Footprint/main.swift)",
                try footprint.value(#"\["FOOTPRINT_STARTS"\] \?\? ""\) \?\? ([0-9]+)"#))),
        ReadmeFact(
            "docs/development.md", "(RSS holding {} entries − RSS holding 1) / {}, both",
            Constant("MemoryPerEntry.entries (Benchmarks)", try count(memoryPerEntry.swiftConstant("entries"))),
            Constant("MemoryPerEntry.entries (Benchmarks)", try count(memoryPerEntry.swiftConstant("entries")))),
        ReadmeFact(
            "docs/development.md", "Past {} bytes (what lets",
            Constant("MemoryPerEntry.limitBytes (Benchmarks)", try count(memoryPerEntry.swiftConstant("limitBytes")))),

        // docs/development.md: make scale.
        ReadmeFact(
            "docs/development.md", "It prints a table for each size ({} entries)",
            Constant("SCALE_SIZES's default (ScaleSettings)", try counts(scaleSettings.environmentSetting("SCALE_SIZES").default))),
        ReadmeFact(
            "docs/development.md", "three short tones, in folders of {})",
            Constant("ToneLibrary.filesPerFolder (Benchmarks)", try count(PackageFile("Benchmarks/Sources/BenchmarkSupport/ToneLibrary.swift").swiftConstant("filesPerFolder")))),
        ReadmeFact(
            "docs/development.md", "Median of `SCALE_STARTS` ({}) starts",
            Constant("SCALE_STARTS's default (ScaleSettings)", try count(scaleSettings.environmentSetting("SCALE_STARTS").default))),
        ReadmeFact(
            "docs/development.md", "after the queue is whole and {} s of quiet",
            Constant(
                "SCALE_SETTLE_SECONDS's default (ScaleSettings)",
                try count(scaleSettings.environmentSetting("SCALE_SETTLE_SECONDS").default))),
        ReadmeFact(
            "docs/development.md", "Medians of `SCALE_RUNS` ({}) calls",
            Constant("SCALE_RUNS's default (ScaleSettings)", try count(scaleSettings.environmentSetting("SCALE_RUNS").default))),
        ReadmeFact(
            "docs/development.md", "has been quiet for {} s after the write it caused",
            Constant("StateSaving.quiet (Benchmarks)", try seconds(PackageFile("Benchmarks/Sources/Scale/StateSaving.swift").swiftConstant("quiet")))),
        ReadmeFact(
            "docs/development.md", "| concurrent load | {} clients, each on a connection of its own, calling back to back for `SCALE_LOAD_SECONDS` ({}) at {} entries and each size",
            Constant("ScaleSettings.loadClients (Benchmarks)", try count(scaleSettings.swiftConstant("loadClients"))),
            Constant(
                "SCALE_LOAD_SECONDS's default (ScaleSettings)",
                try count(scaleSettings.environmentSetting("SCALE_LOAD_SECONDS").default)),
            Constant(
                "SCALE_LOAD_SIZES's default, its first size (ScaleSettings)",
                try counts(scaleSettings.environmentSetting("SCALE_LOAD_SIZES").default))),
        ReadmeFact(
            "docs/development.md", "`SCALE_RUNS` (at least {})",
            Constant("SCALE_RUNS's minimum (ScaleSettings)", try count(scaleSettings.environmentSetting("SCALE_RUNS").minimum))),
        ReadmeFact(
            "docs/development.md", "(seconds a start may take before its figures read n/a, {})",
            Constant(
                "SCALE_START_LIMIT's default (ScaleSettings)",
                try count(scaleSettings.environmentSetting("SCALE_START_LIMIT").default))),

        // docs/development.md: make burst-bench and make burst-check.
        ReadmeFact(
            "docs/development.md", "a looping queue (LoopStatus Playlist) of {} tagged FLAC tones of {} s",
            Constant("BurstSettings.smallQueue (Benchmarks)", try count(burstSettings.swiftConstant("smallQueue"))),
            Constant("BurstSettings.toneSeconds (Benchmarks)", try count(burstSettings.swiftConstant("toneSeconds")))),
        ReadmeFact(
            "docs/development.md", "`BURST_CLIENTS` ({}) clients, each on a connection of its own, back to back for `BURST_SECONDS` ({})",
            Constant("BURST_CLIENTS's default (BurstSettings)", try count(burstSettings.environmentSetting("BURST_CLIENTS").default)),
            Constant("BURST_SECONDS's default (BurstSettings)", try count(burstSettings.environmentSetting("BURST_SECONDS").default))),
        ReadmeFact(
            "docs/development.md", "`MIXED_ROUNDS` ({}) rounds of `MIXED_SECONDS` ({})",
            Constant("MIXED_ROUNDS's default (BurstSettings)", try count(burstSettings.environmentSetting("MIXED_ROUNDS").default)),
            Constant("MIXED_SECONDS's default (BurstSettings)", try count(burstSettings.environmentSetting("MIXED_SECONDS").default))),
        ReadmeFact(
            "docs/development.md", "RSS more than {} MiB above its idle {} s after the last call",
            Constant("BurstLimits.aboveIdleKilobytes (Benchmarks)", try kibibytesAsMebibytes(burstLimits.swiftConstant("aboveIdleKilobytes"))),
            Constant("BurstLimits.recovery (Benchmarks)", try seconds(burstLimits.swiftConstant("recovery")))),

        // docs/performance.md: the targets, and the settings of the figures.
        ReadmeFact(
            "docs/performance.md",
            "its engine is released) ≤ {} MiB, {} wakeups, no libmpv mapped; playing, remote-playerd and its engine together within {}× of a C program",
            Constant(
                "FootprintLimits.playerIdleKilobytes (Benchmarks)",
                try kibibytesAsMebibytes(footprintLimits.swiftConstant("playerIdleKilobytes"))),
            Constant(
                "FootprintLimits.playerWakeupsPerSecond (Benchmarks)",
                try number(footprintLimits.swiftConstant("playerWakeupsPerSecond"))),
            Constant(
                "FootprintLimits.playingToFloor (Benchmarks)",
                try footprintLimits.swiftConstant("playingToFloor"))),
        ReadmeFact(
            "docs/performance.md", "headsetd ≤ {} MiB, 0 wakeups idle",
            Constant(
                "FootprintLimits.headsetKilobytes (Benchmarks)",
                try kibibytesAsMebibytes(footprintLimits.swiftConstant("headsetKilobytes")))),
        ReadmeFact(
            "docs/performance.md", "remote-playerd ≤ {} ms and ≤ {}× mpv",
            Constant(
                "FootprintLimits.startUpMilliseconds (Benchmarks)",
                try number(footprintLimits.swiftConstant("startUpMilliseconds"))),
            Constant(
                "FootprintLimits.startUpToPeer (Benchmarks)",
                try number(footprintLimits.swiftConstant("startUpToPeer")))),
        ReadmeFact(
            "docs/performance.md", "(`make footprint`, 1 against {} entries): at most {} bytes",
            Constant("MemoryPerEntry.entries (Benchmarks)", try count(memoryPerEntry.swiftConstant("entries"))),
            Constant("MemoryPerEntry.limitBytes (Benchmarks)", try count(memoryPerEntry.swiftConstant("limitBytes")))),
        ReadmeFact(
            "docs/performance.md", "RSS back within {} MiB of the idle figure within {} s of the last call",
            Constant("BurstLimits.aboveIdleKilobytes (Benchmarks)", try kibibytesAsMebibytes(burstLimits.swiftConstant("aboveIdleKilobytes"))),
            Constant("BurstLimits.recovery (Benchmarks)", try seconds(burstLimits.swiftConstant("recovery")))),
        ReadmeFact(
            "docs/performance.md", "(`make resume-bench`, medians of {}, a {}-entry saved queue)",
            Constant(
                "RESUME_RUNS's default (Benchmarks/Sources/Resumption/main.swift)",
                try resumption.value(#"\["RESUME_RUNS"\] \?\? ""\) \?\? ([0-9]+)"#)),
            Constant(
                "the saved queue's TestMedia count (Benchmarks/Sources/Resumption/main.swift)",
                try resumption.value(#"TestMedia\.make\(count: ([0-9]+),"#))),
    ]

    // The files read more than once.
    private static let burstSettings = PackageFile("Benchmarks/Sources/Bursts/BurstSettings.swift")
    private static let burstLimits = PackageFile("Benchmarks/Sources/Bursts/BurstLimits.swift")
    private static let scaleSettings = PackageFile("Benchmarks/Sources/Scale/ScaleSettings.swift")
    private static let footprintLimits = PackageFile("Benchmarks/Sources/Footprint/FootprintLimits.swift")
    private static let memoryPerEntry = PackageFile("Benchmarks/Sources/Footprint/MemoryPerEntry.swift")
    private static let footprint = PackageFile("Benchmarks/Sources/Footprint/main.swift")
    private static let resumption = PackageFile("Benchmarks/Sources/Resumption/main.swift")
    private static let playerUnit = PackageFile("dist/systemd/remote-playerd.service")
    private static let headsetUnit = PackageFile("dist/systemd/headsetd.service")

    // Swift literals read from a file, written as the docs write them.

    private static func count(_ literal: String) throws -> String {
        guard let value = literal.swiftInteger else { throw PackageFile.Missing(description: "\(literal.debugDescription) is not an integer") }
        return ReadmeWords.count(value)
    }

    /// An array literal's values; `[10] + sizes` gives the first, `10`.
    private static func counts(_ literal: String) throws -> String {
        guard let values = literal.swiftIntegers else { throw PackageFile.Missing(description: "\(literal.debugDescription) is not an array of integers") }
        return ReadmeWords.counts(values)
    }

    /// A number literal as the docs write it: `0` for `0.0`, `18` for `18.0`, `0.3`.
    private static func number(_ literal: String) throws -> String {
        guard let value = Double(literal) else { throw PackageFile.Missing(description: "\(literal.debugDescription) is not a number") }
        return ReadmeWords.number(value)
    }

    private static func seconds(_ literal: String) throws -> String {
        guard let value = literal.swiftDuration else { throw PackageFile.Missing(description: "\(literal.debugDescription) is not a Duration") }
        return ReadmeWords.seconds(value)
    }

    private static func kibibytesAsMebibytes(_ literal: String) throws -> String {
        guard let value = literal.swiftInteger else { throw PackageFile.Missing(description: "\(literal.debugDescription) is not an integer") }
        return ReadmeWords.mebibytes(value * 1024)
    }

    /// A unit's `StartLimitIntervalSec=`, as the docs say it.
    private static func period(_ setting: String) throws -> String {
        guard let value = Int(setting) else { throw PackageFile.Missing(description: "StartLimitIntervalSec=\(setting) is not whole seconds") }
        return ReadmeWords.period(seconds: value)
    }
}
