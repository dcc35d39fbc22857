// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeEvdev
import RemoteBridgeText

extension DoctorContext {
    /// The udev rule (`udevRuleFinding`, in Doctor+Installation), and each input device that looks
    /// like a headset or has media keys: whether headsetd reads it, grabs it, or leaves it alone and why.
    func inputFindings() -> [DoctorFinding] {
        var findings = [udevRuleFinding()]
        let reading = Dictionary(report?.devices.map { ($0.path, $0) } ?? [], uniquingKeysWith: { first, _ in first })
        let nodes = InputDiscovery.eventNodes(in: environment.inputDirectory)
        let examined = nodes.map { ($0, InputNode(path: $0)) }
        for (path, node) in examined {
            if let finding = deviceFinding(path, node, reading: reading[path]) { findings.append(finding) }
        }
        // Devices named in the configuration or on headsetd's command line, outside the folder.
        for device in report?.devices ?? [] where !nodes.contains(device.path) {
            findings.append(.ok(.input, "\(shown(device.path)) (\(OutsideText.quoted(device.name))): headsetd reads it, as named\(device.grabbed ? ", grabbed" : "")"))
        }
        if !examined.contains(where: { isHeadset($0.1) }), report?.devices.isEmpty ?? true {
            findings.append(.note(.input, "no headset-like device in \(shown(environment.inputDirectory)) now; connect a headset (a Bluetooth one appears as \"… (AVRCP)\")"))
        }
        return findings
    }

    /// One device; nil for one with no media key and no jack switch, which headsetd has no use for.
    private func deviceFinding(_ path: String, _ node: InputNode, reading: HeadsetReport.Device?) -> DoctorFinding? {
        let name = shown(path)
        switch node {
        case .unopenable(let reason, let permission):
            return .failed(
                .input, "\(name) cannot be opened: \(reason)",
                fix: permission
                    ? "install the udev rule (see above), then unplug and plug the headset in again, or: sudo udevadm trigger --subsystem-match=input"
                    : "check \(name): ls -l \(path) (a dangling link or a node that is gone; replugging the device makes it again)")
        case .notInput(let what):
            return .note(.input, "\(name) \(what); headsetd leaves it alone")
        case .fifo:
            guard environment.discoversFIFOs else { return .note(.input, "\(name) is a FIFO; headsetd reads one only when named with --device") }
            return readingFinding(name, "a FIFO", reading: reading)
        case .device(let identity):
            guard identity.hasMediaKeysOrJack else { return nil }
            let described = "\(name) (\(OutsideText.quoted(identity.name)))"
            if identity.isKeyboard {
                return .note(.input, "\(described) is a keyboard: headsetd never reads one by itself; its media keys go to the desktop")
            }
            guard identity.isHeadsetLike else {
                return .note(.input, "\(described) has media keys but is not headset-like (not Bluetooth, not a jack, no \"Headset\" or \"Headphone\" in its name): headsetd leaves it alone; name it in devices = [...] under [headset] to have it read")
            }
            return readingFinding(described, "headset-like", reading: reading)
        }
    }

    /// A device headsetd should read: whether it does.
    private func readingFinding(_ described: String, _ kind: String, reading: HeadsetReport.Device?) -> DoctorFinding {
        guard let report else {
            return .note(.input, "\(described) is \(kind); headsetd would read it, but it is not running")
        }
        guard let reading else {
            let why = configuration.devices.isEmpty ? "" : " (devices = [...] under [headset] names others, so it reads only those)"
            return .failed(
                .input, "\(described) is \(kind), but headsetd does not read it\(why)",
                fix: configuration.devices.isEmpty
                    ? "systemctl --user restart headsetd (it reads headset-like devices it finds at start and as they appear)"
                    : "add it to devices = [...] under [headset] in \(configPath), or remove that line to read every headset-like device")
        }
        if report.grabs, !reading.grabbed, kind != "a FIFO" {
            return .failed(
                .input, "\(described): headsetd reads it but could not grab it, so another program sees its presses too",
                fix: "find the program that holds it: sudo fuser -v \(reading.path); stop it, then systemctl --user restart headsetd")
        }
        return .ok(.input, "\(described): headsetd reads it\(reading.grabbed ? " and grabs it" : "")")
    }

    /// Whether headsetd reads `node` by itself.
    private func isHeadset(_ node: InputNode) -> Bool {
        switch node {
        case .fifo: environment.discoversFIFOs
        case .device(let identity): identity.isHeadsetLike && identity.hasMediaKeysOrJack
        default: false
        }
    }

    /// A path as findings show it.
    func shown(_ path: String) -> String { OutsideText.bareOrQuoted(path) }
}
