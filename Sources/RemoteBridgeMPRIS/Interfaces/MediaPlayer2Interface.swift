// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus

/// `org.mpris.MediaPlayer2`, the MPRIS root interface, declared once for the server and its clients.
public enum MediaPlayer2Interface {
    /// The interface name.
    public static let name = "org.mpris.MediaPlayer2"

    /// `Raise`.
    public static let raise = DBusMethodDeclaration(name, "Raise")
    /// `Quit`.
    public static let quit = DBusMethodDeclaration(name, "Quit")

    /// `CanQuit`.
    public static let canQuit = DBusPropertyDeclaration(name, "CanQuit", "b", changeSignal: .constant)
    /// `CanRaise`.
    public static let canRaise = DBusPropertyDeclaration(name, "CanRaise", "b", changeSignal: .constant)
    /// `HasTrackList`.
    public static let hasTrackList = DBusPropertyDeclaration(name, "HasTrackList", "b", changeSignal: .constant)
    /// `Identity`.
    public static let identity = DBusPropertyDeclaration(name, "Identity", "s", changeSignal: .constant)
    /// `DesktopEntry`.
    public static let desktopEntry = DBusPropertyDeclaration(name, "DesktopEntry", "s", changeSignal: .constant)
    /// `SupportedUriSchemes`.
    public static let supportedURISchemes = DBusPropertyDeclaration(name, "SupportedUriSchemes", "as", changeSignal: .constant)
    /// `SupportedMimeTypes`.
    public static let supportedMIMETypes = DBusPropertyDeclaration(name, "SupportedMimeTypes", "as", changeSignal: .constant)

    /// The whole interface.
    public static let declaration = DBusInterfaceDeclaration(
        name, methods: [raise, quit],
        properties: [canQuit, canRaise, hasTrackList, identity, desktopEntry, supportedURISchemes, supportedMIMETypes])
}
