// SPDX-License-Identifier: Apache-2.0
import CRemoteBridgeMPV
import Glibc
import RemoteBridgeEngineProtocol
import RemoteBridgeProcess
import RemoteBridgeText
import Synchronization

/// Owns one `mpv_handle`: its options, commands, properties and event thread.
///
/// Lifetime: every call into mpv holds `live` for its whole duration, and the event thread frees
/// the handle while holding it too (after mpv reports shutdown), setting it to nil. So no call
/// can run on a freed handle: a call that comes later finds nil and fails cleanly.
///
/// `@unchecked Sendable`: libmpv's client API is thread-safe; the handle pointer is only used
/// under `live`'s lock, except by the event thread in `mpv_wait_event`, and that thread is the
/// one that frees it, afterwards. Commands always go through `mpv_command` with an argv array,
/// never the string form that mpv parses, so no string from outside can become an mpv command.
final class MPVHandle: @unchecked Sendable {
    /// The handle for the event thread's `mpv_wait_event`; that thread alone frees it.
    private let eventHandle: OpaquePointer
    /// The handle while it lives; nil once freed. Held across every call into mpv.
    private let live: Mutex<LiveHandle?>
    /// Creates and initializes mpv with `options` (applied in order, before initialization).
    init(options: [(String, String)]) throws(MPVError) {
        setlocale(LC_NUMERIC, "C")  // libmpv refuses to start otherwise
        guard let handle = mpv_create() else { throw MPVError(operation: "mpv_create", reason: "out of memory") }
        for (name, value) in options {
            let status = mpv_set_option_string(handle, name, value)
            guard status >= 0 else {
                mpv_terminate_destroy(handle)
                throw MPVError(operation: "option \(name)=\(OutsideText.quoted(value))", reason: Self.describe(status))
            }
        }
        let status = mpv_initialize(handle)
        guard status >= 0 else {
            mpv_terminate_destroy(handle)
            throw MPVError(operation: "mpv_initialize", reason: Self.describe(status))
        }
        // Warnings and errors (an audio output's reason for failing), and `print-text` (info), as events.
        mpv_request_log_messages(handle, "info")
        // The core thread starts its play loop after mpv_initialize returns, and on entering it
        // makes the first playlist entry current: a queue loaded before then starts at entry 0,
        // whatever was asked. So wait until the loop has gone idle (MPV_EVENT_IDLE), briefly.
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline, let event = mpv_wait_event(handle, 0.5), event.pointee.event_id != MPV_EVENT_IDLE {}
        self.eventHandle = handle
        self.live = Mutex(LiveHandle(pointer: handle))
    }

    static func describe(_ status: Int32) -> String {
        mpv_error_string(status).map { String(cString: $0) } ?? "error \(status)"
    }

    /// Runs `body` with the handle, holding the lock so that the handle cannot be freed meanwhile;
    /// nil once it has been freed.
    private func withHandle<Result: Sendable>(_ body: (OpaquePointer) -> Result) -> Result? {
        live.withLock { live in live.map { body($0.pointer) } }
    }

    // MARK: Commands and properties

    /// Runs a command given as an argv array. Arguments with NUL are refused.
    func command(_ arguments: [String]) throws(MPVError) {
        _ = try commandResult(arguments)
    }

    /// Runs a command given as an argv array and returns mpv's result node (`loadfile` answers
    /// with the new entry's `playlist_entry_id`). Arguments with NUL are refused.
    func commandResult(_ arguments: [String]) throws(MPVError) -> MPVNode {
        let result = try withArguments(arguments) { handle, argv -> (Int32, MPVNode) in
            var node = mpv_node()
            let status = mpv_command_ret(handle, argv, &node)
            guard status >= 0 else { return (status, .none) }
            defer { mpv_free_node_contents(&node) }
            return (status, Self.convert(node).bounded())
        }
        guard result.0 >= 0 else { throw Self.failure(arguments, result.0) }
        return result.1
    }

    /// Hands mpv a command given as an argv array, to run on its own loop. mpv says it is done
    /// with a reply event, given to `startEvents`' `replies` with `serial`, in its place among
    /// mpv's events: an event mpv made before the command ran comes before it, one made after
    /// comes after. Throws, and no reply comes, if mpv would not take it (a NUL in an argument,
    /// an unknown command).
    func queueCommand(_ arguments: [String], serial: UInt64) throws(MPVError) {
        let status = try withArguments(arguments) { handle, argv in mpv_command_async(handle, serial, argv) }
        guard status >= 0 else { throw Self.failure(arguments, status) }
    }

    /// Runs `body` with the handle and `arguments` as a NULL-terminated argv; refuses arguments
    /// with NUL, and a handle already freed.
    private func withArguments<Result: Sendable>(
        _ arguments: [String], _ body: (OpaquePointer, UnsafeMutablePointer<UnsafePointer<CChar>?>) -> Result
    ) throws(MPVError) -> Result {
        let name = arguments.first ?? "(empty)"
        guard !arguments.isEmpty, arguments.allSatisfy({ !$0.utf8.contains(0) }) else {
            throw MPVError(operation: name, reason: "an argument contains a NUL character")
        }
        var cStrings = arguments.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        cStrings.append(nil)
        let result = withHandle { handle in
            cStrings.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { argv in body(handle, argv) }
            }
        }
        guard let result else { throw MPVError(operation: name, reason: "mpv has shut down") }
        return result
    }

    private static func failure(_ arguments: [String], _ status: Int32) -> MPVError {
        MPVError(operation: arguments.map(OutsideText.bareOrQuoted).joined(separator: " "), reason: describe(status))
    }

    /// Sets a property from a string (mpv converts it).
    func set(_ name: String, _ value: String) throws(MPVError) {
        guard !value.utf8.contains(0) else { throw MPVError(operation: "set \(name)", reason: "value contains NUL") }
        guard let status = withHandle({ mpv_set_property_string($0, name, value) }) else {
            throw MPVError(operation: "set \(name)", reason: "mpv has shut down")
        }
        guard status >= 0 else { throw MPVError(operation: "set \(name)=\(OutsideText.quoted(value))", reason: Self.describe(status)) }
    }

    /// Sets a property from a string without waiting for mpv to take it (the reply, an event,
    /// is ignored); a value with NUL is not set.
    func setAsynchronously(_ name: String, _ value: String) {
        guard !value.utf8.contains(0) else { return }
        _ = withHandle { handle in
            value.withCString { text in
                var pointer: UnsafePointer<CChar>? = text
                // mpv copies the string before mpv_set_property_async returns.
                return mpv_set_property_async(handle, 0, name, MPV_FORMAT_STRING, &pointer)
            }
        }
    }

    /// Sets a number property.
    func set(_ name: String, _ value: Double) throws(MPVError) {
        let status = withHandle { handle in
            var number = value
            return mpv_set_property(handle, name, MPV_FORMAT_DOUBLE, &number)
        }
        guard let status else { throw MPVError(operation: "set \(name)", reason: "mpv has shut down") }
        guard status >= 0 else { throw MPVError(operation: "set \(name)=\(value)", reason: Self.describe(status)) }
    }

    /// Reads a property as a node; `.none` if unavailable.
    func get(_ name: String) -> MPVNode {
        let value = withHandle { handle -> MPVNode in
            var node = mpv_node()
            guard mpv_get_property(handle, name, MPV_FORMAT_NODE, &node) >= 0 else { return .none }
            defer { mpv_free_node_contents(&node) }
            return Self.convert(node).bounded()
        }
        return value ?? .none
    }

    /// Reads a number property.
    func getDouble(_ name: String) -> Double? {
        let value = withHandle { handle -> Double? in
            var value = 0.0
            guard mpv_get_property(handle, name, MPV_FORMAT_DOUBLE, &value) >= 0, value.isFinite else { return nil }
            return value
        }
        return value ?? nil
    }

    /// Asks for change events of `name`, delivered as nodes.
    func observe(_ name: String) {
        _ = withHandle { mpv_observe_property($0, 0, name, MPV_FORMAT_NODE) }
    }

    /// Asks for `time-pos` as a number, delivered to `startEvents`' `positions` (the engine's
    /// position reports), apart from the events the daemon asked for.
    func observePosition() {
        _ = withHandle { mpv_observe_property($0, Self.positionUserData, "time-pos", MPV_FORMAT_DOUBLE) }
    }

    /// Marks the position observation's events.
    private static let positionUserData: UInt64 = 1

    /// Asks mpv to stop at hook `name` (such as `on_load`, just before a file is opened) and wait
    /// there until `continueHook(_:)` is called with the id of the `.hook` event.
    func addHook(_ name: String) {
        _ = withHandle { mpv_hook_add($0, 0, name, 0) }
    }

    /// Lets mpv go on from the hook whose event carried `id`.
    func continueHook(_ id: UInt64) {
        _ = withHandle { mpv_hook_continue($0, id) }
    }

    // MARK: Events

    /// Starts the event thread. It blocks in `mpv_wait_event` (no polling) and hands each event
    /// to `deliver`, on that thread. After the shutdown event it destroys the handle.
    ///
    /// A file's duration and tags are read here, as its `file-loaded` event is taken, so they
    /// describe that file even if the main actor has asked mpv for another one by the time it
    /// handles the event.
    /// When no thread can be made (the system's or the user's thread limit), the handle is
    /// destroyed and the error thrown. `stackSize` overrides the system's default thread stack.
    /// `positions` gets each `time-pos` asked for by `observePosition()`; `replies` gets each
    /// command's end (`queueCommand`): its serial, mpv's status and its result.
    func startEvents(
        stackSize: Int? = nil, positions: @escaping @Sendable (Double) -> Void, replies: @escaping Replies = { _, _, _ in }, quiet: Quiet = Quiet(),
        _ deliver: @escaping @Sendable (MPVEvent) -> Void
    ) throws(MPVError) {
        do throws(DetachedThread.StartError) {
            try startEventThread(stackSize: stackSize, positions: positions, replies: replies, quiet: quiet, deliver)
        } catch {
            live.withLock { live in
                live = nil
                mpv_terminate_destroy(eventHandle)
            }
            throw MPVError(operation: error.operation, reason: error.reason)
        }
    }

    /// Takes a queued command's end: its serial, mpv's status (negative: it failed) and its result.
    typealias Replies = @Sendable (_ serial: UInt64, _ status: Int32, _ result: MPVNode) -> Void

    /// Work the event thread does when it is due: `after` says in how many seconds (nil: nothing is
    /// due, so it waits for an event however long), `then` does it. It is done once due, whether
    /// the wait for an event ran out or events kept coming.
    struct Quiet: Sendable {
        var after: @Sendable () -> Double? = { nil }
        var then: @Sendable () -> Void = {}
    }

    private func startEventThread(
        stackSize: Int?, positions: @escaping @Sendable (Double) -> Void, replies: @escaping Replies, quiet: Quiet,
        _ deliver: @escaping @Sendable (MPVEvent) -> Void
    ) throws(DetachedThread.StartError) {
        try DetachedThread.start(named: "mpv events", stackSize: stackSize) { [self] in
            while true {
                let wait = quiet.after()
                if wait == 0 {
                    quiet.then()
                    continue
                }
                guard let raw = mpv_wait_event(eventHandle, wait ?? -1) else { continue }
                if raw.pointee.event_id == MPV_EVENT_NONE {
                    quiet.then()
                    continue
                }
                if raw.pointee.event_id == MPV_EVENT_PROPERTY_CHANGE, raw.pointee.reply_userdata == Self.positionUserData {
                    if let data = raw.pointee.data?.assumingMemoryBound(to: mpv_event_property.self).pointee,
                       data.format == MPV_FORMAT_DOUBLE, let value = data.data?.assumingMemoryBound(to: Double.self).pointee {
                        positions(value)
                    }
                    continue
                }
                if raw.pointee.event_id == MPV_EVENT_COMMAND_REPLY {
                    var result = MPVNode.none
                    if raw.pointee.error >= 0, let data = raw.pointee.data {
                        result = Self.convert(data.assumingMemoryBound(to: mpv_event_command.self).pointee.result).bounded()
                    }
                    replies(raw.pointee.reply_userdata, raw.pointee.error, result)
                    continue
                }
                if raw.pointee.event_id == MPV_EVENT_FILE_LOADED {
                    let duration = getDouble("duration").flatMap { $0 >= 0 && EngineLimits.isTime($0) ? $0 : nil }
                    deliver(.fileLoaded(duration: duration, metadata: get("metadata")))
                } else if raw.pointee.event_id == MPV_EVENT_HOOK, let data = raw.pointee.data {
                    // What mpv is about to open, read while it waits at the hook.
                    let hook = data.assumingMemoryBound(to: mpv_event_hook.self).pointee
                    let location = get("stream-open-filename").string ?? ""
                    deliver(.hook(name: EngineLimits.bounded(String(cString: hook.name)), id: hook.id, streamOpenFilename: location))
                } else if let event = Self.convert(raw.pointee) {
                    deliver(event)
                }
                if raw.pointee.event_id == MPV_EVENT_SHUTDOWN { break }
            }
            live.withLock { live in
                live = nil
                mpv_terminate_destroy(eventHandle)
            }
        }
    }

    // MARK: Conversion

    private static func convert(_ event: mpv_event) -> MPVEvent? {
        switch event.event_id {
        case MPV_EVENT_SHUTDOWN:
            return .shutdown
        case MPV_EVENT_PROPERTY_CHANGE:
            guard let data = event.data else { return nil }
            let property = data.assumingMemoryBound(to: mpv_event_property.self).pointee
            let name = String(cString: property.name)
            guard property.format == MPV_FORMAT_NODE, let value = property.data else { return .propertyChange(name, .none) }
            return .propertyChange(name, convert(value.assumingMemoryBound(to: mpv_node.self).pointee).bounded())
        case MPV_EVENT_START_FILE:
            let id = event.data.map { $0.assumingMemoryBound(to: mpv_event_start_file.self).pointee.playlist_entry_id } ?? 0
            return .startFile(entryID: id)
        case MPV_EVENT_END_FILE:
            guard let data = event.data else { return nil }
            let end = data.assumingMemoryBound(to: mpv_event_end_file.self).pointee
            let reason: MPVEvent.EndReason =
                switch end.reason {
                case MPV_END_FILE_REASON_EOF: .endOfFile
                case MPV_END_FILE_REASON_STOP: .stopped
                case MPV_END_FILE_REASON_QUIT: .quit
                case MPV_END_FILE_REASON_ERROR where end.error == MPV_ERROR_AO_INIT_FAILED.rawValue: .audioOutputFailed(EngineLimits.bounded(describe(end.error)))
                case MPV_END_FILE_REASON_ERROR: .error(EngineLimits.bounded(describe(end.error)))
                default: .redirect
                }
            return .endFile(entryID: end.playlist_entry_id, reason: reason)
        case MPV_EVENT_SEEK:
            return .seek
        case MPV_EVENT_PLAYBACK_RESTART:
            return .playbackRestart
        case MPV_EVENT_AUDIO_RECONFIG:
            return .audioReconfig
        case MPV_EVENT_LOG_MESSAGE:
            guard let data = event.data else { return nil }
            let message = data.assumingMemoryBound(to: mpv_event_log_message.self).pointee
            var text = String(cString: message.text)
            while text.last?.isNewline == true { text.removeLast() }
            return .logMessage(
                prefix: EngineLimits.bounded(String(cString: message.prefix)), level: EngineLimits.bounded(String(cString: message.level)),
                text: EngineLimits.bounded(text))
        default:
            return nil
        }
    }

    private static func convert(_ node: mpv_node) -> MPVNode {
        switch node.format {
        case MPV_FORMAT_STRING, MPV_FORMAT_OSD_STRING:
            return node.u.string.map { .string(String(cString: $0)) } ?? .none
        case MPV_FORMAT_FLAG:
            return .flag(node.u.flag != 0)
        case MPV_FORMAT_INT64:
            return .int64(node.u.int64)
        case MPV_FORMAT_DOUBLE:
            return .double(node.u.double_)
        case MPV_FORMAT_NODE_ARRAY:
            guard let list = node.u.list?.pointee else { return .array([]) }
            return .array((0..<Int(list.num)).map { convert(list.values[$0]) })
        case MPV_FORMAT_NODE_MAP:
            guard let list = node.u.list?.pointee else { return .map([]) }
            return .map((0..<Int(list.num)).map { (String(cString: list.keys[$0]!), convert(list.values[$0])) })
        default:
            return .none
        }
    }
}

/// The raw handle, as the value `MPVHandle.live` guards.
private struct LiveHandle: @unchecked Sendable {
    // @unchecked: only ever used while `MPVHandle.live`'s lock is held.
    let pointer: OpaquePointer
}
