// SPDX-License-Identifier: Apache-2.0
/// One line of `remotectl doctor`: a link of the chain a press travels, what works or does not,
/// and, when it does not, the exact fix.
public struct DoctorFinding: Sendable, Equatable {
    /// Whether the link works.
    public enum Status: String, Sendable, Equatable {
        /// It works.
        case ok
        /// It does not; `fix` says what to do.
        case failed
        /// Neither: something worth knowing that needs no fix (a keyboard headsetd leaves alone).
        case note
    }

    /// The part of the chain, as `DoctorArea` names it.
    public var area: DoctorArea
    /// Whether it works.
    public var status: Status
    /// What works, or what does not, in a sentence.
    public var text: String
    /// What to do, as a command or an edit; nil when nothing needs doing.
    public var fix: String?

    /// Makes a finding.
    public init(_ area: DoctorArea, _ status: Status, _ text: String, fix: String? = nil) {
        self.area = area
        self.status = status
        self.text = text
        self.fix = fix
    }

    /// A link that works.
    static func ok(_ area: DoctorArea, _ text: String) -> DoctorFinding { DoctorFinding(area, .ok, text) }
    /// A link that does not work, and its fix.
    static func failed(_ area: DoctorArea, _ text: String, fix: String) -> DoctorFinding { DoctorFinding(area, .failed, text, fix: fix) }
    /// Something worth knowing that needs no fix.
    static func note(_ area: DoctorArea, _ text: String) -> DoctorFinding { DoctorFinding(area, .note, text) }

    /// The finding as one line of text: `FAIL  area: text. Fix: fix`.
    public var line: String {
        let mark = switch status {
        case .ok: "ok  "
        case .failed: "FAIL"
        case .note: "--  "
        }
        return "\(mark)  \(area.rawValue): \(text)" + (fix.map { ". Fix: \($0)" } ?? "")
    }
}

/// The parts of the chain a press travels, in the order `remotectl doctor` walks them.
public enum DoctorArea: String, Sendable, CaseIterable, Comparable {
    /// The session bus, where players and the daemons meet.
    case sessionBus = "session bus"
    /// The system bus, where BlueZ is.
    case systemBus = "system bus"
    /// remote-playerd and headsetd: running, from where, and their installed files.
    case daemons
    /// The input devices headsetd reads, and the udev rule that lets it.
    case input
    /// The desktop's media-key grab (GNOME, MATE, Cinnamon).
    case desktopKeys = "desktop keys"
    /// BlueZ's adapters and the now-playing proxy registered with each.
    case bluetooth
    /// The MPRIS players, and where the next press goes.
    case players
    /// The config file.
    case configuration = "config"

    /// Walk order.
    public static func < (a: DoctorArea, b: DoctorArea) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
