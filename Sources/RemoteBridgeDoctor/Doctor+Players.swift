// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeText

extension DoctorContext {
    /// What one player answered, or that it did not.
    private struct PlayerAnswer {
        var busName: String
        var bus: String
        /// The unique name that owns it.
        var owner: String?
        /// Another of its names listed before it (VLC owns `vlc` and `vlc.instance<pid>`).
        var sameAs: String?
        var pid: Int64?
        /// The proxy program that owns it (`mpris-proxy`) when it is a Bluetooth device's own player.
        var proxy: String?
        var identity: String?
        var status: String?
        var hasTrack = false
        /// remote-playerd's sleep timer and chapter, in words; nil for another player.
        var playback: String?
        var error: DBusError?
    }

    /// Each MPRIS player on both buses (identity, status, whether it has a current track), and
    /// where the next press goes and why.
    func playerFindings() async -> [DoctorFinding] {
        guard session != nil else { return [] }
        var answers: [PlayerAnswer] = []
        for (bus, connection) in [("session bus", session), ("system bus", system)] {
            guard let connection, let names = try? await MPRISClient.players(on: connection) else { continue }
            let asked = names.map { name in Task { await ask(name, bus: bus, on: connection) } }
            for task in asked { answers.append(await task.value) }
        }
        for index in answers.indices {
            answers[index].sameAs = answers[..<index].first { $0.owner != nil && $0.owner == answers[index].owner && $0.bus == answers[index].bus }?.busName
        }
        var findings = answers.map(finding)
        if let session, let first = try? await MPRISClient.playersInPlayerctlOrder(on: session).first,
            let answer = answers.first(where: { $0.busName == first && $0.bus == "session bus" }), let keys = keysFinding(answer)
        {
            findings.append(keys)
        }
        findings.append(routeFinding(frozen: Set(answers.filter { $0.error?.isTimeout == true }.map(\.busName))))
        return findings
    }

    /// A Bluetooth device's own player that playerctl takes first while it does not play holds
    /// the keys bound to `playerctl play-pause` (and `remotectl` with no `-p`): they control the
    /// phone, not this computer. Nil for any other first player.
    private func keysFinding(_ answer: PlayerAnswer) -> DoctorFinding? {
        guard let proxy = answer.proxy, answer.status != "Playing" else { return nil }
        let name = Self.shortName(answer.busName)
        let process = answer.pid.map { RunningProcess(pid: $0) }
        let stop = process?.unit.map { "systemctl --user disable --now \($0)" }
            ?? answer.pid.map { "kill \($0), and take \(proxy) out of your session's autostart" } ?? "stop \(proxy)"
        return .failed(
            .players,
            "\(name) is a Bluetooth device's own player (put on the session bus by \(proxy)\(answer.pid.map { ", pid \($0)" } ?? "")), "
                + "and playerctl takes it first: keys bound to playerctl play-pause, or to remotectl with no -p, control that device, not this computer",
            fix: "bind the keys to remotectl click (headsetd's rule: a device's player only while it plays), or to playerctl -i \(name); "
                + "if you do not control the device from here, stop \(proxy): \(stop)")
    }

    /// A player's name without `org.mpris.MediaPlayer2.`, quoted if it needs to be.
    private static func shortName(_ busName: String) -> String {
        OutsideText.bareOrQuoted(String(busName.dropFirst(MPRISNames.busNamePrefix.count)))
    }

    /// Asks `name` for its identity, status and track, each within the call timeout.
    private func ask(_ name: String, bus: String, on connection: DBusConnection) async -> PlayerAnswer {
        var answer = PlayerAnswer(busName: name, bus: bus, owner: await connection.nameOwner(name), pid: await connection.processID(of: name))
        answer.proxy = answer.pid.flatMap { DevicePlayers.proxyProgram(ofProcess: $0) }
        do throws(DBusError) {
            let player = try await connection.getAllProperties(name, MPRISNames.objectPath, PlayerInterface.declaration, timeout: environment.callTimeout)
            answer.status = player["PlaybackStatus"]?.stringValue
            answer.hasTrack = player["Metadata"]?.stringDictionaryValue.map(TrackPresence.hasCurrentTrack) ?? false
            answer.identity = try? await connection.getProperty(name, MPRISNames.objectPath, MediaPlayer2Interface.identity, timeout: environment.callTimeout)
                .stringValue
            // Only remote-playerd serves Playback1; another player's error is no finding.
            if let playback = try? await connection.getAllProperties(name, MPRISNames.objectPath, Playback1Interface.declaration, timeout: environment.callTimeout) {
                answer.playback = Self.playbackWords(playback)
            }
        } catch {
            answer.error = error
        }
        return answer
    }

    private func finding(_ answer: PlayerAnswer) -> DoctorFinding {
        let name = Self.shortName(answer.busName)
        guard let error = answer.error else {
            let identity = answer.identity.map { " (\(OutsideText.quoted($0)))" } ?? ""
            let device = answer.proxy.map {
                "; a Bluetooth device's own player, put here by \($0)\(answer.pid.map { " (pid \($0))" } ?? ""): headsetd sends it presses only while it plays"
            }
            return .ok(
                .players,
                "\(name)\(identity) on the \(answer.bus): \(answer.status ?? "no PlaybackStatus"), \(answer.hasTrack ? "with a current track" : "no current track")"
                    + (answer.playback.map { "; \($0)" } ?? "") + (device ?? "")
                    + (answer.sameAs.map { "; the same player as \(Self.shortName($0)) (one connection owns both names)" } ?? ""))
        }
        let process = answer.pid.map { RunningProcess(pid: $0) }
        guard error.isTimeout else {
            return .failed(
                .players, "\(name) on the \(answer.bus) does not answer as an MPRIS player: \(error.message)",
                fix: "update or restart \(name)\(process.map { " (\($0.description))" } ?? "")")
        }
        if let process, process.isStopped {
            return .failed(
                .players, "\(name) on the \(answer.bus) is frozen: its process is stopped (\(process.description)) and answered nothing within \(environment.timeoutText); a press sent to it is lost",
                fix: "kill -CONT \(process.pid) to let it run again, or end it: kill \(process.pid)")
        }
        return .failed(
            .players, "\(name) on the \(answer.bus) did not answer within \(environment.timeoutText) (stuck?); a press sent to it is lost",
            fix: process.map { "restart it: kill \($0.pid), then start it again" } ?? "restart \(name)")
    }

    /// Where the next press goes and why: headsetd's tracker's decision (`PressRoute`).
    private func routeFinding(frozen: Set<String>) -> DoctorFinding {
        guard let report else {
            let why = if case .failure(let error) = headset, error.isTimeout { "headsetd does not answer" } else { "headsetd is not running" }
            return .note(.players, "no press is routed: \(why) (see daemons)")
        }
        let route = report.route
        let sentence = route.sentence(resume: route.target == nil ? environment.resumeVerdict() : nil)
        if let target = route.target, frozen.contains(target) {
            return .failed(.players, sentence + ", but it does not answer", fix: "see its line above")
        }
        return route.target == nil ? .note(.players, sentence) : .ok(.players, sentence)
    }

    /// Playback1's sleep timer and chapter in words: "sleep timer off", "sleep timer: time, 12:34
    /// left, chapter 3 of 12 (Third part)".
    static func playbackWords(_ properties: [String: DBusValue]) -> String {
        let mode = properties["SleepTimer"]?.stringValue ?? "off"
        var words = "sleep timer \(mode)"
        if mode != "off", let left = properties["SleepRemaining"]?.int64Value, left >= 0 {
            let minutes = left / 60_000_000
            let seconds = left / 1_000_000 % 60
            words += ", \(minutes):\(seconds < 10 ? "0" : "")\(seconds) left"
        }
        let count = properties["Chapters"]?.arrayValue?.count ?? 0
        if count > 0, let index = properties["Chapter"]?.int64Value, index >= 0 {
            let title = properties["ChapterTitle"]?.stringValue ?? ""
            words += ", chapter \(index + 1) of \(count)" + (title.isEmpty ? "" : " (\(OutsideText.quoted(title)))")
        }
        return words
    }
}
