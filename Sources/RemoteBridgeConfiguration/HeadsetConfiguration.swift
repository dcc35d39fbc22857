// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeGestures
import FoundationEssentials
import RemoteBridgeCore
import RemoteBridgeText

/// `headsetd`'s settings: the `[headset]` section of `config.toml`. The defaults below are the
/// file's defaults: `ConfigurationSchema` lists every key with them, and `dist/config.example.toml`
/// is rendered from it.
public struct HeadsetConfiguration: ConfigurationSettings, Sendable, Equatable {
    /// The longest gap between a release and the next press within one pattern.
    public var clickInterval: Duration = GestureTimings.maximumClickInterval
    /// The shortest press that counts as a hold.
    public var holdDuration: Duration = GestureTimings.minimumHoldDuration
    /// Gesture bindings that differ from the defaults; nil unbinds.
    public var gestures: [HeadsetGesture: GestureBinding?] = [:]
    /// Devices to read; empty means discover headset-like devices.
    public var devices: [String] = []
    /// Whether to grab the headset-like devices read (never keyboards).
    public var grab = true
    /// Whether KEY_PLAYCD and KEY_PAUSECD from a headset-like device follow the player's
    /// state: Play while playing pauses, Pause while paused plays.
    public var syncPlayPause = true
    /// Whether unplugging headphones (a jack switch, a Bluetooth disconnect) pauses.
    public var pauseOnUnplug = true
    /// Whether plugging back in resumes what the unplug paused.
    public var resumeOnReconnect = false
    /// How long after the unplug plugging back in still resumes.
    public var resumeWithin: Duration = .seconds(30)
    /// Whether to use BlueZ on the system bus: the AVRCP player, and disconnects.
    public var bluetooth = true
    /// How recent remote-playerd's saved state must be for a press with no player to take it
    /// to start remote-playerd and resume (media-button resumption); zero turns that off.
    public var resumeAfterExitWithin: Duration = .seconds(3 * 86_400)

    /// The defaults.
    public init() {}

    /// The value in `[headset.gestures]` that unbinds a gesture.
    public static let unbound = "none"

    /// Every value a gesture takes, as the schema, errors and docs list them.
    public static var gestureValues: [String] { GestureBinding.forms + [unbound] }

    /// Why `value` is not a gesture's binding, with the values that are.
    static func badBinding(_ value: String) -> String {
        let sleep = value.hasPrefix(GestureBinding.sleepTimerPrefix)
            ? "; after \"\(GestureBinding.sleepTimerPrefix)\" comes a length of time more than 0, such as 15m, 1h or 90s" : ""
        return "\(OutsideText.quoted(value)) is not one of: \(gestureValues.joined(separator: ", "))\(sleep)"
    }

    /// Parses configuration text, checking the whole `[headset]` section.
    public static func parse(_ text: String, file: String) throws(ConfigurationError) -> HeadsetConfiguration {
        var root = try ConfigurationSection.parse(text, file: file)
        var configuration = HeadsetConfiguration()
        guard var headset = try root.section("headset") else {
            try ConfigurationFile.rejectUnknownSections(in: &root)
            return configuration
        }
        if let interval = try headset.seconds("click-interval", in: 0.05...5) { configuration.clickInterval = interval }
        if let hold = try headset.seconds("hold-duration", in: 0.1...10) { configuration.holdDuration = hold }
        if let devices = try headset.strings("devices") { configuration.devices = devices }
        if let grab = try headset.bool("grab") { configuration.grab = grab }
        if let sync = try headset.bool("sync-play-pause") { configuration.syncPlayPause = sync }
        if let pause = try headset.bool("pause-on-unplug") { configuration.pauseOnUnplug = pause }
        if let resume = try headset.bool("resume-on-reconnect") { configuration.resumeOnReconnect = resume }
        if let within = try headset.seconds("resume-within", in: 1...3600) { configuration.resumeWithin = within }
        if let bluetooth = try headset.bool("bluetooth") { configuration.bluetooth = bluetooth }
        if let within = try headset.duration("resume-after-exit-within", in: .zero...(.seconds(365 * 86_400))) {
            configuration.resumeAfterExitWithin = within
        }
        if var gestures = try headset.section("gestures") {
            for key in gestures.keys {
                let label = "[headset.gestures] \(OutsideText.bareOrQuoted(key))"
                guard let gesture = HeadsetGesture(name: key) else {
                    throw ConfigurationError(
                        file: file, line: gestures.line(of: key), key: label,
                        message: "unknown gesture; the gestures are: \(HeadsetGesture.allCases.map(\.name).joined(separator: ", "))")
                }
                let value = try gestures.string(key) ?? Self.unbound
                guard value != Self.unbound else {
                    configuration.gestures[gesture] = .some(nil)
                    continue
                }
                guard let binding = GestureBinding(name: value) else {
                    throw ConfigurationError(file: file, line: gestures.line(of: key), key: label, message: Self.badBinding(value))
                }
                configuration.gestures[gesture] = binding
            }
        }
        try headset.rejectUnknownKeys(known: ConfigurationSchema.keys(of: "headset"))
        // remote-playerd reads the other sections of the same file; anything else is a mistake.
        try ConfigurationFile.rejectUnknownSections(in: &root)
        return configuration
    }
}
