// SPDX-License-Identifier: Apache-2.0
/// One remote-control event: what to do, when it happened, and where it came from.
///
/// Events are values. A responder that wants to remember one keeps a copy; nobody holds a
/// live event the way UIKit's `UIEvent` objects are reused.
public struct RemoteControlEvent: Sendable, Equatable {
    /// What the event asks for.
    public var subtype: RemoteControlSubtype
    /// When the event happened, on `ContinuousClock` (which on Linux counts time suspended too:
    /// D-Bus shows it as CLOCK_MONOTONIC, converted at delivery).
    public var timestamp: ContinuousClock.Instant
    /// Where the event came from; decides whether it needs now-playing status.
    public var source: Source
    /// How far to skip, for `skipForward` and `skipBackward`.
    public var interval: Duration?
    /// Where to jump to, for `changePlaybackPosition`.
    public var position: Duration?

    /// Makes an event. The defaults suit a test event sent right now.
    public init(
        subtype: RemoteControlSubtype,
        source: Source = .test,
        interval: Duration? = nil,
        position: Duration? = nil,
        timestamp: ContinuousClock.Instant = .now
    ) {
        self.subtype = subtype
        self.source = source
        self.interval = interval
        self.position = position
        self.timestamp = timestamp
    }
}

extension RemoteControlEvent {
    /// Where an event came from.
    public enum Source: Sendable, Equatable {
        /// An MPRIS method call addressed to this player.
        case mpris
        /// The desktop's media-key daemon (GNOME, MATE, Cinnamon).
        case mediaKeys
        /// A key on an input device, named by the device.
        case inputDevice(String)
        /// A recognized headset gesture, named by the gesture.
        case headset(String)
        /// A test event, for example `RemoteControl1.SendEvent` or `remotectl send`.
        case test

        /// True for sources that reach every player at once (keys, devices, headsets).
        /// Their events are delivered only to the now-playing application.
        public var isBroadcast: Bool {
            switch self {
            case .mediaKeys, .inputDevice, .headset: true
            case .mpris, .test: false
            }
        }

        /// A short kebab-case name for logs and D-Bus, such as `input-device:kbd` or `mpris`.
        public var name: String {
            switch self {
            case .mpris: "mpris"
            case .mediaKeys: "media-keys"
            case .inputDevice(let device): "input-device:\(device)"
            case .headset(let gesture): "headset:\(gesture)"
            case .test: "test"
            }
        }
    }
}
