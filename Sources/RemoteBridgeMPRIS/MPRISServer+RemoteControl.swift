// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeCore
import RemoteBridgeText

extension MPRISServer {
    /// `io.github.remotebridge.RemoteControl1`: send any event, and watch the responder chain.
    func remoteControlInterface() -> DBusInterface {
        DBusInterface(
            RemoteControl1Interface.declaration,
            methods: [
                DBusMethod(RemoteControl1Interface.sendEvent) { [weak self] call throws(DBusError) in
                    guard let self else { return [.string("discarded"), .string("")] }
                    let event = try Self.event(subtype: call.string("subtype"), options: call.argument("options"))
                    let outcome = self.application.sendEvent(event)
                    return [.string(outcome.name), .string(outcome.responder?.responderName.dbusSafe ?? "")]
                }
            ],
            properties: [
                DBusProperty(RemoteControl1Interface.receiving) { [application] in .bool(application.isReceivingRemoteControlEvents) },
                DBusProperty(RemoteControl1Interface.nowPlaying) { [application] in .bool(application.isNowPlaying) },
                DBusProperty(RemoteControl1Interface.firstResponder) { [application] in .string(application.firstResponder?.responderName.dbusSafe ?? "") },
                DBusProperty(RemoteControl1Interface.responderChain) { [application] in .strings(application.responderChainNames.map(\.dbusSafe)) },
                DBusProperty(RemoteControl1Interface.queueLoading) { [weak self] in .string(self?.queueLoading.dbusSafe ?? "") },
            ])
    }

    /// Builds the event of a `SendEvent` call, or says exactly what is wrong with it.
    static func event(subtype name: String, options: DBusValue) throws(DBusError) -> RemoteControlEvent {
        guard let subtype = RemoteControlSubtype(name: name) else {
            let known = RemoteControlSubtype.allCases.map(\.name).joined(separator: ", ")
            throw .invalidArgs("unknown subtype \(OutsideText.quoted(name)); use a number or one of: \(known)")
        }
        var interval: Duration?
        var position: Duration?
        guard case .dictionary(_, _, let entries) = options else { throw .invalidArgs("options must be a{sv}") }
        for entry in entries {
            let key = entry.key.stringValue ?? ""
            let value = entry.value.unwrapped
            guard case .int64(let microseconds) = value else {
                throw .invalidArgs("option \(OutsideText.quoted(key)) must be an x (int64 microseconds), not \(value.signature)")
            }
            switch key {
            case "interval":
                guard microseconds >= 0 else { throw .invalidArgs("interval must not be negative") }
                interval = .microseconds(microseconds)
            case "position":
                guard microseconds >= 0 else { throw .invalidArgs("position must not be negative") }
                position = .microseconds(microseconds)
            default:
                throw .invalidArgs("unknown option \(OutsideText.quoted(key)); the options are interval and position")
            }
        }
        if subtype.takesInterval, interval == nil { interval = TransportDefaults.skipInterval(for: subtype) }
        if subtype.takesPosition, position == nil { throw .invalidArgs("\(subtype.name) needs a position option") }
        return RemoteControlEvent(subtype: subtype, source: .test, interval: interval, position: position)
    }
}
