// SPDX-License-Identifier: Apache-2.0
/// What became of one event sent with `RemoteApplication.sendEvent(_:)`.
public enum DeliveryOutcome: Sendable {
    /// A responder handled the event (it did not call `super`).
    case handled(by: Responder)
    /// The event went up the whole chain and nobody handled it.
    case discarded
    /// The application was not receiving remote-control events.
    case notReceiving
    /// The event came from a broadcast source and the application is not the now-playing app.
    case notNowPlaying

    /// The kebab-case name used on D-Bus and in logs: `handled`, `discarded`,
    /// `not-receiving` or `not-now-playing`.
    public var name: String {
        switch self {
        case .handled: "handled"
        case .discarded: "discarded"
        case .notReceiving: "not-receiving"
        case .notNowPlaying: "not-now-playing"
        }
    }

    /// The responder that handled the event, if one did.
    public var responder: Responder? {
        if case .handled(let responder) = self { responder } else { nil }
    }
}

extension DeliveryOutcome: Equatable {
    /// Outcomes are equal when their cases match and, for `handled`, the responder is the same object.
    public static func == (lhs: DeliveryOutcome, rhs: DeliveryOutcome) -> Bool {
        switch (lhs, rhs) {
        case (.handled(let a), .handled(let b)): a === b
        case (.discarded, .discarded), (.notReceiving, .notReceiving), (.notNowPlaying, .notNowPlaying): true
        default: false
        }
    }
}
