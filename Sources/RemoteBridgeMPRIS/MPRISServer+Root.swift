import RemoteBridgeDBus

extension MPRISServer {
    /// `org.mpris.MediaPlayer2`: identity, Quit and Raise.
    func rootInterface() -> DBusInterface {
        DBusInterface(
            MPRISNames.root,
            methods: [
                DBusMethod("Raise") { _ in [] },  // a headless player has nothing to raise (CanRaise is false)
                DBusMethod("Quit") { [weak self] _ throws(DBusError) in
                    guard let self, self.identity.canQuit else { throw .notSupported("this player cannot be asked to quit") }
                    // Reply first, then quit on the next turn.
                    Task { @MainActor [weak self] in self?.onQuit?() }
                    return []
                },
            ],
            properties: [
                DBusProperty("CanQuit", "b", changeSignal: .constant) { [identity] in .bool(identity.canQuit) },
                DBusProperty("CanRaise", "b", changeSignal: .constant) { .bool(false) },
                DBusProperty("HasTrackList", "b", changeSignal: .constant) { .bool(true) },
                DBusProperty("Identity", "s", changeSignal: .constant) { [identity] in .string(identity.name.dbusSafe) },
                DBusProperty("DesktopEntry", "s", changeSignal: .constant) { [identity] in .string(identity.desktopEntry?.dbusSafe ?? "") },
                DBusProperty("SupportedUriSchemes", "as", changeSignal: .constant) { [player] in
                    .strings(player.supportedURISchemes.map(\.dbusSafe))
                },
                DBusProperty("SupportedMimeTypes", "as", changeSignal: .constant) { [player] in
                    .strings(player.supportedMIMETypes.map(\.dbusSafe))
                },
            ])
    }
}
