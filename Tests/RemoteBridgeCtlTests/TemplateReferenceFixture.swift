// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeTesting
import RemoteBridgeCtl

/// Players on a private bus that `/usr/bin/playerctl` (2.4.1) and remotectl's `Template` are
/// both shown, so each template's outcome is taken from playerctl itself, never remembered.
@MainActor
final class TemplateReferenceFixture {
    /// What running a template gave: stdout, stderr without GLib's warnings, exit status.
    struct Outcome: Equatable, CustomStringConvertible {
        /// Everything on stdout.
        var output: String
        /// stderr, GLib's warnings left out.
        var error: String
        /// The exit status.
        var status: Int32

        /// What it prints when a comparison fails.
        var description: String { "status \(status), stdout \(String(reflecting: output)), stderr \(String(reflecting: error))" }
    }

    /// The private bus.
    let bus: PrivateBus
    /// Paused at 75.5 s, with metadata of every D-Bus type and awkward text.
    let reference: TemplateReferencePlayer
    /// Playing, volume 0.3333, little metadata.
    let playing: TemplateReferencePlayer
    /// Stopped; its metadata has keys named like the shortcuts (`status`, `title`, `volume`).
    let overriding: TemplateReferencePlayer
    /// Stopped, with a 1 MiB title.
    let big: TemplateReferencePlayer

    /// A title of 1 MiB (1 048 576 bytes): ASCII, a two-byte letter and markup.
    static let bigTitle = String(repeating: "añ<", count: 1 << 18)

    /// Starts the bus and the four players.
    init() async throws {
        bus = try PrivateBus()
        reference = try await TemplateReferencePlayer(
            bus: bus, name: "templateref", metadata: Self.referenceMetadata,
            facts: TemplatePlayerFacts(name: "templateref", instance: "templateref", shuffle: true, status: "Paused", loop: "Playlist", volume: 0.25, position: 75_500_000))
        playing = try await TemplateReferencePlayer(
            bus: bus, name: "templateplaying",
            metadata: .stringVariantDictionary([("xesam:title", .string("Now")), ("mpris:length", .int64(59_000_000))]),
            facts: TemplatePlayerFacts(name: "templateplaying", instance: "templateplaying", status: "Playing", loop: "Track", volume: 0.3333, position: 0))
        overriding = try await TemplateReferencePlayer(
            bus: bus, name: "templateown",
            metadata: .stringVariantDictionary([
                ("status", .string("pLaYiNg")), ("title", .string("own title")), ("xesam:title", .string("xesam title")),
                ("volume", .string("loud")), ("playerName", .int32(7)), ("shuffle", .strings(["a", "b"])),
            ]),
            facts: TemplatePlayerFacts(name: "templateown", instance: "templateown", status: "Stopped", volume: 0.5))
        big = try await TemplateReferencePlayer(
            bus: bus, name: "templatebig",
            metadata: .stringVariantDictionary([("xesam:title", .string(Self.bigTitle)), ("mpris:length", .int64(7_200_000_000))]),
            facts: TemplatePlayerFacts(name: "templatebig", instance: "templatebig", status: "Stopped", volume: 0.6666))
    }

    deinit {
        bus.stop()
    }

    /// Metadata of every type playerctl prints differently, and text that tests case mapping,
    /// escaping and counting.
    static let referenceMetadata = DBusValue.stringVariantDictionary([
        ("mpris:trackid", .objectPath("/org/remotebridge/Track/7")),
        ("mpris:length", .int64(3_725_000_000)),
        ("xesam:title", .string("Ωmega Straße ǅ ΣΑΣ Σ e\u{301}!")),
        ("xesam:artist", .strings(["Ann", "Bob O'Neil"])),
        ("xesam:album", .string("Album <One> & \"Two\" 'Three'")),
        ("xesam:trackNumber", .int32(4)),
        ("xesam:comment", .strings([])),
        ("rb:empty", .string("")),
        ("rb:zero", .int64(0)), ("rb:one", .int64(1)), ("rb:minusone", .int64(-1)),
        ("rb:count", .int64(6)), ("rb:seven", .int64(7)),
        ("rb:max", .int64(.max)), ("rb:min", .int64(.min)),
        ("rb:huge", .uint64(.max)), ("rb:half", .double(0.5)), ("rb:flag", .bool(true)),
        ("rb:small", .int16(-3)), ("rb:word", .uint32(9)), ("rb:byte", .byte(0x41)),
        ("rb:bytes", .array(elementSignature: "y", [0x61, 0x27, 0x09, 0xFF, 0x00].map(DBusValue.byte))),
        ("rb:rawbytes", .array(elementSignature: "y", [0x61, 0x00, 0x62].map(DBusValue.byte))),
        ("rb:nobytes", .array(elementSignature: "y", [])),
        ("rb:paths", .objectPaths(["/a", "/b"])),
        ("rb:numbers", .array(elementSignature: "x", [.int64(1), .int64(2)])),
        ("rb:doubles", .array(elementSignature: "d", [.double(1), .double(2.5)])),
        ("rb:dict", .stringVariantDictionary([("k", .string("v")), ("n", .int16(-3)), ("e", .strings([]))])),
        ("rb:nodict", .stringVariantDictionary([])),
        ("rb:pair", .structure([.int32(1), .string("it's"), .uint64(2)])),
        ("rb:single", .structure([.int64(1)])),
        ("rb:nested", .variant(.int64(5))),
        ("rb:quoted", .structure([.string("x\"y"), .string("tab\there\n"), .string("\u{1}\u{7}\u{85}\u{200B}\u{E0001}"), .string("back\\slash")])),
        ("rb:strings", .strings(["it's", "tab\there", "", "\u{1}"])),
        ("rb:quotes", .array(elementSignature: "v", [.variant(.string("it's \"both\"")), .variant(.string("a\u{378}\u{10FFFF}\u{2028}"))])),
        ("rb:control", .string("tab\there\u{1}\u{7F}\u{85}\u{86}")),
        ("rb:sig", .signature("a{sv}")),
        ("rb:long", .string(String(repeating: "x", count: 300))),
        ("rb:wide", .string(String(repeating: "é", count: 200))),
        ("rb:twice", .string("first")),
        ("rb:twice", .string("second")),
    ])

    /// Runs `/usr/bin/playerctl` on the private bus, in a UTF-8 locale.
    func playerctl(_ arguments: [String]) async throws -> ExternalProcess.Result {
        try await ExternalProcess.run(
            "/usr/bin/playerctl", arguments, environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address, "LC_ALL": "C.UTF-8"])
    }

    /// `playerctl --player=NAME metadata --format TEMPLATE`.
    func playerctl(_ template: String, on player: TemplateReferencePlayer) async throws -> Outcome {
        Self.outcome(try await playerctl(["--player=\(player.name)", "metadata", "--format", template]))
    }

    /// What remotectl's `Template` gives for `template` on `player`, as playerctl would print it.
    func remotectl(_ template: String, on player: TemplateReferencePlayer) -> Outcome {
        do throws(Template.Error) {
            return Outcome(output: try Template(template).render(player.context) + "\n", error: "", status: 0)
        } catch {
            return Outcome(output: "", error: "Could not execute command: \(error.description)\n", status: 1)
        }
    }

    /// A finished program's outcome, without GLib's CRITICAL and WARNING lines (and the blank
    /// lines GLib puts before them) in stderr.
    static func outcome(_ result: ExternalProcess.Result) -> Outcome {
        let lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false)
        let kept = lines.filter { !$0.contains("-CRITICAL **") && !$0.contains("-WARNING **") && !$0.isEmpty }
        return Outcome(output: result.standardOutput, error: kept.map { $0 + "\n" }.joined(), status: result.status)
    }
}
