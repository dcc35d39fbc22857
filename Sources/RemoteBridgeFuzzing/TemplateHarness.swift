// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeCtl
import RemoteBridgeDBus

extension FuzzHarness {
    /// remotectl's playerctl-style templates (`--format`): the template up to the first NUL, then
    /// the bytes after it make the metadata of a player (any D-Bus values) and its facts. A
    /// template that parses expands without trapping; every value prints, as playerctl prints
    /// it; every error is within `maximumMessageBytes`.
    static let template = FuzzHarness(
        name: "template", summary: "remotectl --format templates, expanded over any metadata; value printing"
    ) { bytes throws(PropertyViolation) in
        var input = FuzzBytes(bytes)
        let source = input.text(upTo: 0)
        var metadata: [String: DBusValue] = [:]
        let keys = ["xesam:title", "xesam:artist", "xesam:album", "mpris:length", "mpris:trackid", "xesam:url", "playerName", "status", "volume", "position"]
        for _ in 0..<Int(input.byte() % 6) {
            let key = input.byte() & 0x80 == 0 ? keys[Int(input.byte()) % keys.count] : input.text(upTo: 0)
            metadata[key] = input.value()
        }
        let facts = TemplatePlayerFacts(
            name: "fuzz", instance: "fuzz.instance", shuffle: input.byte() & 1 == 1, status: "Playing",
            volume: Double(bitPattern: input.bits()), position: Int64(bitPattern: input.bits()))
        let context = Template.context(metadata: metadata, player: facts)
        for value in context.values {
            _ = PlayerctlText.value(value)
        }
        do throws(Template.Error) {
            let template = try Template(source)
            _ = try template.render(context)
        } catch {
            try requireBounded(error.description, "the template")
        }
    }
}
