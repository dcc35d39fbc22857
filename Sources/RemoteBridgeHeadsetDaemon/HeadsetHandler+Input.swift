// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeGestures
import RemoteBridgeDBus
import RemoteBridgeEvdev
import RemoteBridgeMPRIS
import RemoteBridgeCore
import RemoteBridgeText

extension HeadsetHandler {
    /// One key edge from a device (or from `Press`/`Release`), which happened at `instant` on the
    /// gesture clock: a device's edge by its own stamp, however late it was read.
    func key(_ code: UInt16, pressed: Bool, at instant: ContinuousClock.Instant, headsetLike: Bool, device: String) {
        if KeyMap.isSingleButton(code), headsetLike {
            logger.debug("input: \(OutsideText.bareOrQuoted(device)): \(Self.keyName(code)) \(pressed ? "down" : "up") → gesture recognizer")
            gestures.handle(ButtonEvent(button: Button(mediaKeyCode: code) ?? .headset, phase: pressed ? .down : .up, timestamp: instant))
        } else if let subtype = subtype(for: code, pressed: pressed, headsetLike: headsetLike) {
            logger.debug("input: \(OutsideText.bareOrQuoted(device)): \(Self.keyName(code)) \(pressed ? "down" : "up") → \(subtype.name)")
            deliver(RemoteControlEvent(subtype: subtype, source: .inputDevice(device), timestamp: instant))
        }
        listeners.announce(.input(code: code, pressed: pressed))
    }

    /// The key map, with KEY_PLAYCD and KEY_PAUSECD from a headset read against the player's
    /// state (`sync-play-pause`): a headset keeps its own idea of play and pause, so after the
    /// player was paused or resumed some other way it asks for the state the player already
    /// has. Then the key toggles, so one press always does something.
    func subtype(for code: UInt16, pressed: Bool, headsetLike: Bool) -> RemoteControlSubtype? {
        guard let mapped = KeyMap.subtype(for: code, pressed: pressed) else { return nil }
        guard configuration.syncPlayPause, headsetLike else { return mapped }
        switch (code, targetStatus) {
        case (KeyMap.keyPlayCD, .playing?): return .pause
        case (KeyMap.keyPauseCD, .paused?), (KeyMap.keyPauseCD, .stopped?): return .play
        default: return mapped
        }
    }

    /// A switch edge: a jack switch turned off is an unplug, on a plug.
    func switchChanged(_ code: UInt16, on: Bool, device: String) {
        defer { listeners.announce(.switch(code: code, on: on)) }
        guard InputEvent.jackSwitches.contains(code) else { return }
        logger.debug("input: \(OutsideText.bareOrQuoted(device)): jack switch \(code) \(on ? "on (plugged in)" : "off (unplugged)")")
        let name = OutsideText.bareOrQuoted(device)
        if on { plugged(name) } else { unplugged(name) }
    }

    /// Headphones were unplugged, or a Bluetooth headset went away; `what` is written as the log
    /// shows it (a device name already bounded by `OutsideText`).
    func unplugged(_ what: String) {
        act(on: unplugGuard.unplugged(target: tracker.target, status: targetStatus, at: clock.now), because: "\(what) unplugged")
    }

    /// Headphones were plugged in, or a Bluetooth headset came back; `what` as for `unplugged`.
    func plugged(_ what: String) {
        act(on: unplugGuard.plugged(target: tracker.target, status: targetStatus, at: clock.now), because: "\(what) plugged back in")
    }

    private func act(on action: UnplugGuard.Action, because reason: String) {
        switch action {
        case .none:
            logger.debug("unplug: \(reason); nothing to do (\(tracker.target ?? "no player") is \(targetStatus?.rawValue ?? "unknown"))")
        case .pause(let player):
            logger.info("\(reason): pausing \(player)")
            output.send(RemoteControlEvent(subtype: .pause, source: .inputDevice(reason), timestamp: clock.now), to: player)
        case .resume(let player):
            logger.info("\(reason): resuming \(player), which the unplug paused")
            output.send(RemoteControlEvent(subtype: .play, source: .inputDevice(reason), timestamp: clock.now), to: player)
        }
    }

    /// Sends an event to the now-playing player, and announces recognized gestures.
    func deliver(_ event: RemoteControlEvent) {
        let target = tracker.target
        if case .headset(let gesture) = event.source {
            let name = HeadsetGesture(rawValue: gesture)?.name ?? gesture
            logger.debug("gesture: \(name) → \(event.subtype.name)")
            object?.send(Headset1Interface.gestureRecognized, [.string(name), .string(event.subtype.name), .string(target ?? "")])
        }
        if resumeIfNoPlayer(event, target: target) { return }
        guard let target else {
            logger.notice("\(event.subtype.name): no MPRIS player to send it to")
            return
        }
        logger.debug("target: \(target) (\(tracker.targetReason))")
        output.send(event, to: target)
    }

    /// `Press`/`Release`: a button by name (`headset`, `KEY_NEXTSONG`, …) or key code.
    func inject(_ name: String, pressed: Bool) throws(DBusError) {
        let code: UInt16
        if name == "headset" {
            code = KeyMap.keyMedia
        } else if let button = Button.mediaButtons.first(where: { $0.name == name }) {
            code = button.code
        } else if let number = UInt16(name), KeyMap.mediaKeyCodes.contains(number) {
            code = number
        } else {
            let names = ["headset"] + Button.mediaButtons.map(\.name)
            throw .invalidArgs("unknown button \(OutsideText.quoted(name)); use one of: \(names.joined(separator: ", ")) or a key code")
        }
        key(code, pressed: pressed, at: clock.now, headsetLike: true, device: "Headset1")
    }

    /// `Click`: a timed pattern made here on the gesture clock, so bus jitter cannot change it.
    /// Each click is 60 ms down and 120 ms up; with `hold`, the last press is held that long.
    func click(count: Int, hold: Duration) {
        var at = clock.now
        for index in 0..<count {
            let last = index == count - 1
            let down = at
            let up = down + (last && hold > .zero ? hold : .milliseconds(60))
            schedule(at: down, pressed: true)
            schedule(at: up, pressed: false)
            at = up + .milliseconds(120)
        }
    }

    private func schedule(at instant: ContinuousClock.Instant, pressed: Bool) {
        _ = clock.schedule(at: instant) { [weak self] in
            self?.gestures.handle(ButtonEvent(button: .headset, phase: pressed ? .down : .up, timestamp: instant))
        }
    }

    /// A key's name for the log (`KEY_PLAYCD`), or its number.
    static func keyName(_ code: UInt16) -> String {
        Button(mediaKeyCode: code)?.name ?? "key \(code)"
    }
}

extension HeadsetHandler: ButtonEdgeSource {
    /// Reads what every device holds now, before a gesture deadline is decided: edges that
    /// waited while the main actor was busy count at the times they happened.
    public func takeInPendingEdges() {
        for reader in readers { reader.readPending() }
    }
}
