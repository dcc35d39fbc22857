// SPDX-License-Identifier: Apache-2.0
/// How the player evens out loudness from the ReplayGain tags a file carries (`[player]
/// replay-gain`): not at all, each track to the reference level, or each album, keeping the
/// differences between its tracks. mpv applies it (`--replaygain`).
public enum ReplayGainMode: String, CaseIterable, Sendable {
    case off
    case track
    case album

    /// mpv's name for it (mpv says `no` for off).
    public var mpvValue: String { self == .off ? "no" : rawValue }

    /// The range `[player] replay-gain-preamp` takes, in dB (mpv's own is ±150, far past use).
    public static let preampRange: ClosedRange<Double> = -15...15
}
