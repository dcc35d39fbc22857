// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeConfiguration
import RemoteBridgeMPRIS
import RemoteBridgePlayer

/// Who remote-playerd says it is, to MPRIS clients and to the sound server: the names, once.
///
/// `--name` (or `[player] name`) names the instance: its bus name, its stream's
/// `application.id`, and, after the program's name, its Identity and the stream's
/// `application.name` ("RemoteBridge (kitchen)"), so that two instances are told apart in a
/// mixer and a shell's media controls. The default instance is plain "RemoteBridge". The desktop
/// entry and its icon stay the program's, one for every instance.
enum PlayerIdentity {
    /// The program's name: the desktop entry's Name, and the default instance's Identity.
    static let name = "RemoteBridge"
    /// MPRIS `DesktopEntry`: remotebridge.desktop (`PlayerDesktopEntry`, which the doctor looks for too).
    static let desktopEntry = PlayerDesktopEntry.name
    /// The icon (hicolor `remotebridge`), which the desktop entry names: the stream's icon.
    static let iconName = PlayerDesktopEntry.iconName

    /// The name the instance named `playerName` (the bus name's last part) shows: the program's,
    /// with the instance's after it unless it is the default one.
    static func name(playerName: String) -> String {
        playerName == PlayerConfiguration().name ? name : "\(name) (\(playerName))"
    }

    /// What the MPRIS root interface says, for the instance named `playerName`.
    static func mpris(playerName: String) -> MPRISServer.Identity {
        MPRISServer.Identity(name: name(playerName: playerName), desktopEntry: desktopEntry)
    }

    /// What the audio output stream says, for the player named `playerName` (the bus name's last part).
    static func audioStream(playerName: String) -> AudioStreamIdentity {
        AudioStreamIdentity(applicationName: name(playerName: playerName), applicationID: playerName, iconName: iconName)
    }
}
