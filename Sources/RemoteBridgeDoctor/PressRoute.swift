// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeText

/// Where the next headset press goes and why: the one source of that sentence, for
/// `remotectl headset status` and `remotectl doctor` alike. It is headsetd's now-playing
/// tracker's decision (`Headset1.Target` and `TargetReason`), in words.
public struct PressRoute: Sendable, Equatable {
    /// The player's bus name; nil when there is none.
    public var target: String?
    /// The tracker's reason (`NowPlayingTracker.targetReason`).
    public var reason: String

    /// Makes a route.
    public init(target: String?, reason: String) {
        self.target = target
        self.reason = reason
    }

    /// The route `Headset1`'s Target and TargetReason give.
    public init(properties: [String: DBusValue]) {
        let target = properties[Headset1Interface.target.name]?.stringValue ?? ""
        self.init(target: target.isEmpty ? nil : target, reason: properties[Headset1Interface.targetReason.name]?.stringValue ?? "")
    }

    /// The sentence: "the next press goes to vlc because it is playing"; with no player, what
    /// resumption would do (`resume`, words that follow "the next press", such as "would start
    /// remote-playerd and resume (saved 2 h ago, 14 tracks)"), or that the press is dropped.
    public func sentence(resume: String? = nil) -> String {
        guard let target else {
            return "the next press \(resume ?? "is dropped"): \(reason.isEmpty ? "no MPRIS player on the bus" : reason)"
        }
        let name = target.hasPrefix(MPRISNames.busNamePrefix) ? String(target.dropFirst(MPRISNames.busNamePrefix.count)) : target
        return "the next press goes to \(OutsideText.bareOrQuoted(name)) because \(reason)"
    }
}
