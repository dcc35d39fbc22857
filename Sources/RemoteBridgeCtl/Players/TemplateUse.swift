// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeMPRIS

/// Fills a `--format` template for one player, from its cached properties, as playerctl's
/// default template context does.
@MainActor
enum TemplateUse {
    /// `template` filled in for `player`; with `withMetadata`, the track's metadata keys too.
    static func render(_ template: Template, player: CachedPlayer, withMetadata: Bool) throws(Template.Error) -> String {
        let facts = TemplatePlayerFacts(
            name: player.name.name, instance: player.name.instance, shuffle: player.shuffle, status: player.statusText, loop: player.loop,
            volume: player.volume, position: player.currentPosition)
        let metadata = withMetadata ? player.metadata?.stringDictionaryValue : nil
        return try template.render(Template.context(metadata: metadata, player: facts))
    }
}
