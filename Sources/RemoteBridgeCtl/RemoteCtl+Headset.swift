// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations
import RemoteBridgeDBus
import RemoteBridgeResume
import RemoteBridgeDoctor
import RemoteBridgeMPRIS
import RemoteBridgeCore
import RemoteBridgeText

extension RemoteCtl {
    /// click [--count N] [--hold S]: asks headsetd to make the pattern (Headset1.Click), so its
    /// timing is exact whatever the bus does.
    public func click(count: Int, hold: Double) async -> Int32 {
        guard (1...10).contains(count), hold.isFinite, (0...30).contains(hold) else {
            errors("remotectl: --count must be 1 to 10 and --hold 0 to 30 seconds")
            return 2
        }
        do throws(DBusError) {
            _ = try await connection.call(
                Headset1Interface.busName, Headset1Interface.objectPath, Headset1Interface.click, [.uint32(UInt32(count)), .double(hold)])
            return 0
        } catch {
            errors("remotectl: headsetd did not take the click (is it running?): \(error)")
            return 1
        }
    }

    /// seek-forward/seek-backward --hold S: begin scanning, hold S seconds, end. A RemoteBridge
    /// player gets the begin and end events (`RemoteControl1`); any other player gets a
    /// `SeekScan`, repeated Seeks for the hold, as headsetd gives it for a held button.
    public func scan(forward: Bool, hold: Duration) async -> Int32 {
        guard let players = await players() else { return 1 }
        let (begin, end): (RemoteControlSubtype, RemoteControlSubtype) =
            forward ? (.beginSeekingForward, .endSeekingForward) : (.beginSeekingBackward, .endSeekingBackward)
        var status: Int32 = 0
        var scans: [(player: String, scan: SeekScan)] = []
        var scanning: [MPRISClient] = []
        for player in players {
            let client = MPRISClient(connection: connection, busName: player)
            if await client.hasRemoteControl() {
                do throws(DBusError) {
                    let (outcome, responder) = try await client.sendEvent(begin)
                    output("\(PlayerSelection.short(player)): \(begin.name) \(responder.isEmpty ? outcome : "\(outcome) by \(responder)")")
                    scanning.append(client)
                } catch {
                    errors("remotectl: \(PlayerSelection.short(player)): \(begin.name) failed: \(error)")
                    status = 1
                }
            } else {
                scans.append((player, SeekScan(client: client, forward: forward, sleep: sleep)))
                output("\(PlayerSelection.short(player)): scanning with Seek, \(forward ? "+" : "-")\(SeekScan.step.secondsText) s every \(SeekScan.period.milliseconds) ms")
            }
        }
        try? await sleep(hold)
        for (player, scan) in scans {
            scan.stop()
            if let failure = scan.failure {
                errors("remotectl: \(PlayerSelection.short(player)): Seek failed: \(failure)")
                status = 1
            }
        }
        for client in scanning {
            do throws(DBusError) {
                _ = try await client.sendEvent(end)
            } catch {
                errors("remotectl: \(PlayerSelection.short(client.busName)): \(end.name) failed: \(error)")
                status = 1
            }
        }
        return status
    }
}

extension RemoteCtl {
    /// headset status: what headsetd reads, where a press goes and why, the gesture map, and
    /// the unplug and Bluetooth settings, from `Headset1`'s properties.
    public func headsetStatus() async -> Int32 {
        let properties: [String: DBusValue]
        do throws(DBusError) {
            properties = try await connection.getAllProperties(Headset1Interface.busName, Headset1Interface.objectPath, Headset1Interface.declaration)
        } catch {
            errors("remotectl: headsetd did not answer (is it running?): \(error)")
            return 1
        }
        let report = HeadsetReport(properties: properties)
        output(printable(report.route.sentence()))
        output(report.devices.isEmpty ? "devices: none" : "devices:")
        for device in report.devices {
            let traits = [device.headsetLike ? "headset-like" : "keyboard map only", device.grabbed ? "grabbed" : nil]
            output(printable("  \(OutsideText.bareOrQuoted(device.path))  \(OutsideText.quoted(device.name))  \(traits.compactMap { $0 }.joined(separator: ", "))"))
        }
        output("gestures:")
        let gestures = properties["Gestures"]?.stringDictionaryValue ?? [:]
        for (gesture, subtype) in gestures.sorted(by: { $0.key < $1.key }) {
            output("  \(gesture) → \(subtype.stringValue ?? "")")
        }
        let settings = properties["Settings"]?.stringDictionaryValue ?? [:]
        func on(_ key: String) -> Bool { settings[key]?.boolValue ?? false }
        output(
            on("sync-play-pause")
                ? "keys: KEY_PLAYCD/KEY_PAUSECD from a headset follow the player's state (sync-play-pause = true)"
                : "keys: KEY_PLAYCD plays, KEY_PAUSECD pauses (sync-play-pause = false)")
        let within = Int(settings["resume-within"]?.doubleValue ?? 0)
        output(
            "unplug: " + (on("pause-on-unplug") ? "pauses" : "does nothing (pause-on-unplug = false)") + "; "
                + (on("resume-on-reconnect") ? "plugging back in within \(within) s resumes" : "plugging back in does not resume"))
        let afterExit = Duration.seconds(settings["resume-after-exit-within"]?.doubleValue ?? 0)
        output(
            afterExit > .zero
                ? "no player: play or play/pause starts remote-playerd and resumes its queue if it was saved within \(ResumeVerdict.age(afterExit))"
                : "no player: a press does nothing (resume-after-exit-within = 0)")
        output(printable("bluetooth: \(report.bluetooth)"))
        return 0
    }
}
