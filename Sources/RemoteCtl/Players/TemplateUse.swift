import RemoteBridgeDBus
import RemoteBridgeMPRIS

/// Fills a `--format` template for one player, from its cached properties, as playerctl's
/// default template context does.
enum TemplateUse {
    /// `template` filled in for `player`; with `withMetadata`, the track's metadata keys too.
    @MainActor
    static func render(_ template: Template, player: CachedPlayer, withMetadata: Bool) throws(Template.Error) -> String {
        var context: [String: DBusValue] = [:]
        if withMetadata { context = player.metadata?.stringDictionaryValue ?? [:] }
        for (short, key) in ["artist": "xesam:artist", "album": "xesam:album", "title": "xesam:title"] where context[short] == nil {
            context[short] = context[key]
        }
        context["playerName"] = context["playerName"] ?? .string(player.name.name)
        context["playerInstance"] = context["playerInstance"] ?? .string(player.name.instance)
        context["shuffle"] = context["shuffle"] ?? .bool(player.shuffle)
        context["status"] = context["status"] ?? .string(player.statusText)
        context["loop"] = context["loop"] ?? .string(player.loop)
        context["volume"] = context["volume"] ?? .double(player.volume)
        context["position"] = context["position"] ?? .int64(player.currentPosition)
        return template.render(context)
    }

    /// A value as playerctl prints it.
    static func text(_ value: DBusValue) -> String {
        Template.text(value)
    }
}

extension Template {
    /// Whether the template names `variable` anywhere.
    func mentions(_ variable: String) -> Bool {
        func uses(_ expression: Expression) -> Bool {
            switch expression {
            case .variable(let name): name == variable
            case .call(_, let arguments): arguments.contains(where: uses)
            default: false
            }
        }
        return pieces.contains { if case .expression(let expression) = $0 { uses(expression) } else { false } }
    }
}
