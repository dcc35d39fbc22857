// SPDX-License-Identifier: Apache-2.0
import CRemoteBridgeMPV
import RemoteBridgeDurations
import RemoteBridgeEngineProtocol

/// mpv's `loadfile` for `EngineRequest.load`: the file, the mode, and where to start as a per-file
/// option, so that a file handed over at a position opens there (no moment at 0, no seek after).
enum LoadCommand {
    /// mpv's client API from which `loadfile` takes an index before the options (mpv 0.38).
    static let indexedAPI: UInt = 0x0002_0003

    /// The argv of `loadfile url mode [start=seconds]`.
    static func arguments(url: String, mode: EngineLoadMode, start: Double?) -> [String] {
        var arguments = ["loadfile", url, mode.word]
        guard let start, start > 0, start <= EngineLimits.maximumSeconds, let offset = Duration.milliseconds(rounding: start) else { return arguments }
        if mpv_client_api_version() >= indexedAPI { arguments.append("-1") }
        arguments.append("start=\(offset.decimalSeconds)")
        return arguments
    }
}
