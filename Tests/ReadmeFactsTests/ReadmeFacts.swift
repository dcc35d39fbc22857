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

/// Every number README.md states about what the programs do, each beside the constant it comes
/// from, in README's order. README's measured figures (benchmark results, the exposure scores
/// systemd-analyze gives the units) are results, not constants, and are not here; nor are the
/// config block and the gesture table, which `ConfigurationDocumentsTests` renders from the schema.
enum ReadmeFacts {
    typealias Constant = ReadmeFact.Constant

    /// The facts of the program's behaviour, held by constants in this package.
    static let behaviour: [ReadmeFact] = [
        // The introduction.
        ReadmeFact(
            "subtypes (`play` {} … `endSeekingForward` {})",
            Constant("RemoteControlSubtype.play", String(RemoteControlSubtype.play.rawValue)),
            Constant("RemoteControlSubtype.endSeekingForward", String(RemoteControlSubtype.endSeekingForward.rawValue))),

        // remote-playerd: the state file.
        ReadmeFact(
            "is on disk within {} ms",
            Constant("StatePersistence.defaultDebounce", ReadmeWords.milliseconds(StatePersistence.defaultDebounce))),
        ReadmeFact(
            "the position every {} s while playing",
            Constant("RemotePlayerDaemon.Options.defaultStateSaveInterval", ReadmeWords.seconds(RemotePlayerDaemon.Options.defaultStateSaveInterval))),
        ReadmeFact(
            "grown past the snapshot's size (or {} MiB)",
            Constant("StateStore.minimumJournalBound", ReadmeWords.mebibytes(StateStore.minimumJournalBound))),
        ReadmeFact(
            "loses at most {} s of position",
            Constant("RemotePlayerDaemon.Options.defaultStateSaveInterval", ReadmeWords.seconds(RemotePlayerDaemon.Options.defaultStateSaveInterval))),
        ReadmeFact(
            "a folder, over {} MiB, a newer version",
            Constant("StateFileBytes.maximumSize", ReadmeWords.mebibytes(StateFileBytes.maximumSize))),

        // remote-playerd: limits.
        ReadmeFact(
            "at most {} queue entries",
            Constant("QueueLimits.maximumEntries", ReadmeWords.count(QueueLimits.maximumEntries))),
        ReadmeFact(
            "URIs and paths of at most {} KiB",
            Constant("QueueLimits.maximumURILength", ReadmeWords.kibibytes(QueueLimits.maximumURILength))),
        ReadmeFact(
            "tag values cut to {} KiB ({} values per list)",
            Constant("QueueLimits.maximumTagLength", ReadmeWords.kibibytes(QueueLimits.maximumTagLength)),
            Constant("QueueLimits.maximumTagValues", ReadmeWords.count(QueueLimits.maximumTagValues))),
        ReadmeFact(
            "errors and logs quote at most {} bytes of",
            Constant("OutsideText.quotedBytes", ReadmeWords.count(OutsideText.quotedBytes))),
        ReadmeFact(
            "error message, sent or received, is at most {} KiB",
            Constant("OutsideText.messageBytes", ReadmeWords.kibibytes(OutsideText.messageBytes))),

        // remote-playerd: a large queue.
        ReadmeFact(
            "A library of {} tracks is an ordinary queue",
            Constant("QueueLimits.maximumEntries", ReadmeWords.count(QueueLimits.maximumEntries))),
        ReadmeFact(
            "handed to the player in parts of {} entries",
            Constant("QueueFill.chunkSize", ReadmeWords.count(QueueFill.chunkSize))),
        ReadmeFact(
            "and the log every {};",
            Constant("QueueFill.logInterval", ReadmeWords.interval(QueueFill.logInterval))),
        ReadmeFact(
            "`GetTracksMetadata` (up to {} a call",
            Constant("MPVPlayer.mostTagReadsAtOnce", ReadmeWords.count(MPVPlayer.mostTagReadsAtOnce))),

        // remote-playerd: tracks, art, the sound server.
        ReadmeFact(
            "(waiting for them at most {} s)",
            Constant("TrackAnnouncement.wait", ReadmeWords.seconds(TrackAnnouncement.wait))),
        ReadmeFact(
            "kept under {} MiB (least recently used go first)",
            Constant("MPVPlayer.Configuration.artCacheLimit", ReadmeWords.mebibytes(MPVPlayer.Configuration().artCacheLimit))),
        ReadmeFact(
            "(tried after {} s, then at doubling waits up to {} s)",
            Constant("AudioOutputState.firstRetryDelay", ReadmeWords.seconds(AudioOutputState.firstRetryDelay)),
            Constant("AudioOutputState.longestRetryDelay", ReadmeWords.seconds(AudioOutputState.longestRetryDelay))),
        ReadmeFact(
            "OpenUri accepts {} unless configured otherwise",
            Constant("TransportDefaults.uriSchemes", ReadmeWords.list(TransportDefaults.uriSchemes))),

        // headsetd.
        ReadmeFact(
            "only within `resume-within` seconds ({})",
            Constant("HeadsetConfiguration.resumeWithin", ReadmeWords.seconds(HeadsetConfiguration().resumeWithin))),
        ReadmeFact(
            "`resume-after-exit-within` (`{}`; `0` turns it off)",
            Constant(
                "HeadsetConfiguration.resumeAfterExitWithin, as ConfigurationSchema writes it",
                ConfigurationSchema.defaultValue("headset", "resume-after-exit-within") ?? "(not in the schema)")),
        ReadmeFact(
            "A BlueZ that does not answer within {} s",
            Constant("HeadsetHandler.Options.blueZCallTimeout", ReadmeWords.seconds(HeadsetHandler.Options().blueZCallTimeout))),
        ReadmeFact(
            "is asked again after {} s, {} s, {} s … at most {} s apart",
            Constant("RetryBackoff.first", ReadmeWords.seconds(RetryBackoff().delay(before: 1))),
            Constant("RetryBackoff.delay(before: 2)", ReadmeWords.seconds(RetryBackoff().delay(before: 2))),
            Constant("RetryBackoff.delay(before: 3)", ReadmeWords.seconds(RetryBackoff().delay(before: 3))),
            Constant("RetryBackoff.cap", ReadmeWords.seconds(RetryBackoff().cap))),
        ReadmeFact(
            "a press waits at most {} s for its answer",
            Constant("PlayerOutput.defaultPressTimeout", ReadmeWords.seconds(PlayerOutput.defaultPressTimeout))),

        // remotectl.
        ReadmeFact(
            "within `--timeout` seconds (default {})",
            Constant("RemoteCtl.defaultTimeout", ReadmeWords.seconds(RemoteCtl.defaultTimeout))),
        ReadmeFact(
            "playerctl waits {} s for it",
            Constant("RemoteCtl.playerctlTimeout", ReadmeWords.seconds(RemoteCtl.playerctlTimeout))),

        // Headset gestures.
        ReadmeFact(
            "A new click must come within {} ms of the last release, and a hold is a press of {} ms or more",
            Constant("GestureTimings.maximumClickInterval", ReadmeWords.milliseconds(GestureTimings.maximumClickInterval)),
            Constant("GestureTimings.minimumHoldDuration", ReadmeWords.milliseconds(GestureTimings.minimumHoldDuration))),
        ReadmeFact(
            "a click is certain only {} ms after its release",
            Constant("GestureTimings.maximumClickInterval", ReadmeWords.milliseconds(GestureTimings.maximumClickInterval))),
    ]

    /// The facts whose home is a file this package's tests cannot import: the manifest, the
    /// Makefile, the units, and the benchmark package's settings (`PackageFile`).
    static let files: [ReadmeFact] = [
        // Set up.
        ReadmeFact(
            "On Debian 12 with Swift {} or later",
            Constant("Package.swift's swift-tools-version", try PackageFile("Package.swift").value("^// swift-tools-version: *([0-9.]+)$"))),
        ReadmeFact(
            "passes\n{} MiB before its first Play or once its engine is released, {} while paused, it maps libmpv,\nit and its engine together pass {}× the C floor playing, or headsetd passes {} MiB",
            Constant(
                "FootprintLimits.playerIdleKilobytes (Benchmarks)",
                try kibibytesAsMebibytes(footprintLimits.swiftConstant("playerIdleKilobytes"))),
            Constant(
                "FootprintLimits.playerWakeupsPerSecond (Benchmarks)",
                try wakes(footprintLimits.swiftConstant("playerWakeupsPerSecond"))),
            Constant(
                "FootprintLimits.playingToFloor (Benchmarks)",
                try footprintLimits.swiftConstant("playingToFloor")),
            Constant(
                "FootprintLimits.headsetKilobytes (Benchmarks)",
                try kibibytesAsMebibytes(footprintLimits.swiftConstant("headsetKilobytes")))),
        ReadmeFact(
            "On glibc older than {} release builds link without DT_RELR",
            Constant("RELR_GLIBC (Makefile)", try PackageFile("Makefile").makeVariable("RELR_GLIBC"))),

        // The units.
        ReadmeFact(
            "at most {} restarts {}), and",
            Constant("StartLimitBurst (dist/systemd/remote-playerd.service)", try playerUnit.unitSetting("StartLimitBurst")),
            Constant(
                "StartLimitIntervalSec (dist/systemd/remote-playerd.service)",
                try period(playerUnit.unitSetting("StartLimitIntervalSec")))),
        ReadmeFact(
            "at most {} restarts {}), and",
            Constant("StartLimitBurst (dist/systemd/headsetd.service)", try headsetUnit.unitSetting("StartLimitBurst")),
            Constant(
                "StartLimitIntervalSec (dist/systemd/headsetd.service)",
                try period(headsetUnit.unitSetting("StartLimitIntervalSec")))),

        // Benchmarks: make footprint.
        ReadmeFact(
            "wakeups over {} s of idling",
            Constant(
                "FOOTPRINT_SECONDS's default (Benchmarks/Sources/Footprint/main.swift)",
                try footprint.value(#"\["FOOTPRINT_SECONDS"\] \?\? ""\) \?\? \(check \? [0-9]+ : ([0-9]+)\)"#))),
        ReadmeFact(
            "each program alone, median of {})",
            Constant(
                "FOOTPRINT_STARTS's default (Benchmarks/Sources/Footprint/main.swift)",
                try footprint.value(#"\["FOOTPRINT_STARTS"\] \?\? ""\) \?\? ([0-9]+)"#))),
        ReadmeFact(
            "(`make resume-bench`, medians of {}, a {}-entry saved queue)",
            Constant(
                "RESUME_RUNS's default (Benchmarks/Sources/Resumption/main.swift)",
                try resumption.value(#"\["RESUME_RUNS"\] \?\? ""\) \?\? ([0-9]+)"#)),
            Constant(
                "the saved queue's TestMedia count (Benchmarks/Sources/Resumption/main.swift)",
                try resumption.value(#"TestMedia\.make\(count: ([0-9]+),"#))),
        ReadmeFact(
            "(RSS holding {} entries − RSS holding 1) / {}, both",
            Constant("MemoryPerEntry.entries (Benchmarks)", try count(memoryPerEntry.swiftConstant("entries"))),
            Constant("MemoryPerEntry.entries (Benchmarks)", try count(memoryPerEntry.swiftConstant("entries")))),
        ReadmeFact(
            "Past {} bytes (what lets",
            Constant("MemoryPerEntry.limitBytes (Benchmarks)", try count(memoryPerEntry.swiftConstant("limitBytes")))),

        // Benchmarks: make scale.
        ReadmeFact(
            "It prints a table for each size ({} entries)",
            Constant("SCALE_SIZES's default (ScaleSettings)", try counts(scaleSettings.environmentSetting("SCALE_SIZES").default))),
        ReadmeFact(
            "three short tones, in folders of {})",
            Constant("ToneLibrary.filesPerFolder (Benchmarks)", try count(PackageFile("Benchmarks/Sources/BenchmarkSupport/ToneLibrary.swift").swiftConstant("filesPerFolder")))),
        ReadmeFact(
            "Median of `SCALE_STARTS` ({}) starts",
            Constant("SCALE_STARTS's default (ScaleSettings)", try count(scaleSettings.environmentSetting("SCALE_STARTS").default))),
        ReadmeFact(
            "after the queue is whole and {} s of quiet",
            Constant(
                "SCALE_SETTLE_SECONDS's default (ScaleSettings)",
                try count(scaleSettings.environmentSetting("SCALE_SETTLE_SECONDS").default))),
        ReadmeFact(
            "Medians of `SCALE_RUNS` ({}) calls",
            Constant("SCALE_RUNS's default (ScaleSettings)", try count(scaleSettings.environmentSetting("SCALE_RUNS").default))),
        ReadmeFact(
            "has been quiet for {} s after the write it caused",
            Constant("StateSaving.quiet (Benchmarks)", try seconds(PackageFile("Benchmarks/Sources/Scale/StateSaving.swift").swiftConstant("quiet")))),
        ReadmeFact(
            "| concurrent load | {} clients, each on a connection of its own, calling back to back for `SCALE_LOAD_SECONDS` ({}) at {} entries and each size",
            Constant("ScaleSettings.loadClients (Benchmarks)", try count(scaleSettings.swiftConstant("loadClients"))),
            Constant(
                "SCALE_LOAD_SECONDS's default (ScaleSettings)",
                try count(scaleSettings.environmentSetting("SCALE_LOAD_SECONDS").default)),
            Constant(
                "SCALE_LOAD_SIZES's default, its first size (ScaleSettings)",
                try counts(scaleSettings.environmentSetting("SCALE_LOAD_SIZES").default))),
        ReadmeFact(
            "`SCALE_RUNS` (at least {})",
            Constant("SCALE_RUNS's minimum (ScaleSettings)", try count(scaleSettings.environmentSetting("SCALE_RUNS").minimum))),
        ReadmeFact(
            "(seconds a start may take before its figures read n/a, {})",
            Constant(
                "SCALE_START_LIMIT's default (ScaleSettings)",
                try count(scaleSettings.environmentSetting("SCALE_START_LIMIT").default))),

        // Benchmarks: make burst-bench.
        ReadmeFact(
            "a looping queue (LoopStatus Playlist) of {} tagged FLAC tones of {} s",
            Constant("BurstSettings.smallQueue (Benchmarks)", try count(burstSettings.swiftConstant("smallQueue"))),
            Constant("BurstSettings.toneSeconds (Benchmarks)", try count(burstSettings.swiftConstant("toneSeconds")))),
        ReadmeFact(
            "`BURST_CLIENTS` ({}) clients, each on a connection of its own, back to back for `BURST_SECONDS` ({})",
            Constant("BURST_CLIENTS's default (BurstSettings)", try count(burstSettings.environmentSetting("BURST_CLIENTS").default)),
            Constant("BURST_SECONDS's default (BurstSettings)", try count(burstSettings.environmentSetting("BURST_SECONDS").default))),
        ReadmeFact(
            "`MIXED_ROUNDS` ({}) rounds of `MIXED_SECONDS` ({})",
            Constant("MIXED_ROUNDS's default (BurstSettings)", try count(burstSettings.environmentSetting("MIXED_ROUNDS").default)),
            Constant("MIXED_SECONDS's default (BurstSettings)", try count(burstSettings.environmentSetting("MIXED_SECONDS").default))),
        ReadmeFact(
            "RSS more than {} MiB above its idle {} s after the last call",
            Constant("BurstLimits.aboveIdleKilobytes (Benchmarks)", try kibibytesAsMebibytes(burstLimits.swiftConstant("aboveIdleKilobytes"))),
            Constant("BurstLimits.recovery (Benchmarks)", try seconds(burstLimits.swiftConstant("recovery")))),
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

    // Swift literals read from a file, written as README writes them.

    private static func count(_ literal: String) throws -> String {
        guard let value = literal.swiftInteger else { throw PackageFile.Missing(description: "\(literal.debugDescription) is not an integer") }
        return ReadmeWords.count(value)
    }

    /// An array literal's values; `[10] + sizes` gives the first, `10`.
    private static func counts(_ literal: String) throws -> String {
        guard let values = literal.swiftIntegers else { throw PackageFile.Missing(description: "\(literal.debugDescription) is not an array of integers") }
        return ReadmeWords.counts(values)
    }

    private static func seconds(_ literal: String) throws -> String {
        guard let value = literal.swiftDuration else { throw PackageFile.Missing(description: "\(literal.debugDescription) is not a Duration") }
        return ReadmeWords.seconds(value)
    }

    private static func kibibytesAsMebibytes(_ literal: String) throws -> String {
        guard let value = literal.swiftInteger else { throw PackageFile.Missing(description: "\(literal.debugDescription) is not an integer") }
        return ReadmeWords.mebibytes(value * 1024)
    }

    /// A unit's `StartLimitIntervalSec=`, as README says it.
    private static func period(_ setting: String) throws -> String {
        guard let value = Int(setting) else { throw PackageFile.Missing(description: "StartLimitIntervalSec=\(setting) is not whole seconds") }
        return ReadmeWords.period(seconds: value)
    }

    /// The wakeups a second allowed while paused, as README's sentence says it: none allowed is
    /// "it wakes".
    private static func wakes(_ literal: String) throws -> String {
        guard let value = Double(literal) else { throw PackageFile.Missing(description: "\(literal.debugDescription) is not a number") }
        return value == 0 ? "it wakes" : "it wakes more than \(ReadmeWords.number(value)) times a second"
    }
}
