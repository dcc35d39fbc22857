// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeMPRIS
import RemoteBridgePlayer

/// Who remote-playerd says it is, to MPRIS clients and to the sound server: the names, once.
///
/// `--name` (or `[player] name`) changes the bus name only: the Identity, and so the application
/// name mixers show, stays the program's; the name becomes the stream's `application.id`, which
/// tells two players apart.
enum PlayerIdentity {
    /// MPRIS `Identity`, and the stream's `application.name`.
    static let name = "RemoteBridge"
    /// MPRIS `DesktopEntry`: remotebridge.desktop.
    static let desktopEntry = "remotebridge"
    /// The icon (hicolor `remotebridge`), which the desktop entry names: the stream's icon.
    static let iconName = desktopEntry

    /// What the MPRIS root interface says.
    static let mpris = MPRISServer.Identity(name: name, desktopEntry: desktopEntry)

    /// What the audio output stream says, for the player named `playerName` (the bus name's last part).
    static func audioStream(playerName: String) -> AudioStreamIdentity {
        AudioStreamIdentity(applicationName: name, applicationID: playerName, iconName: iconName)
    }
}
