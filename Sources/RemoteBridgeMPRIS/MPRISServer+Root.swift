// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus

extension MPRISServer {
    /// `org.mpris.MediaPlayer2`: identity, Quit and Raise.
    func rootInterface() -> DBusInterface {
        DBusInterface(
            MediaPlayer2Interface.declaration,
            methods: [
                DBusMethod(MediaPlayer2Interface.raise) { _ in [] },  // a headless player has nothing to raise (CanRaise is false)
                DBusMethod(MediaPlayer2Interface.quit) { [weak self] call throws(DBusError) in
                    guard let self, self.identity.canQuit else { throw .notSupported("this player cannot be asked to quit") }
                    // Reply first, and quit only once the reply is on the bus: quitting closes
                    // the connection, and the caller would get NoReply instead.
                    call.afterReply { [weak self] in self?.listeners.announce(.quitRequested) }
                    return []
                },
            ],
            properties: [
                DBusProperty(MediaPlayer2Interface.canQuit) { [identity] in .bool(identity.canQuit) },
                DBusProperty(MediaPlayer2Interface.canRaise) { .bool(false) },
                DBusProperty(MediaPlayer2Interface.hasTrackList) { .bool(true) },
                DBusProperty(MediaPlayer2Interface.identity) { [identity] in .string(identity.name.dbusSafe) },
                DBusProperty(MediaPlayer2Interface.desktopEntry) { [identity] in .string(identity.desktopEntry?.dbusSafe ?? "") },
                DBusProperty(MediaPlayer2Interface.supportedURISchemes) { [player] in
                    .strings(player.supportedURISchemes.map(\.dbusSafe))
                },
                DBusProperty(MediaPlayer2Interface.supportedMIMETypes) { [player] in
                    .strings(player.supportedMIMETypes.map(\.dbusSafe))
                },
            ])
    }
}
