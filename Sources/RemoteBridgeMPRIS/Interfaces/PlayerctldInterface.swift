// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus

/// `com.github.altdesktop.playerctld`, served by playerctl's daemon beside its MPRIS proxy
/// player. When it runs, its `PlayerNames` lists the players by most recent activity, and
/// playerctl takes that order over the bus's; so does remotectl.
public enum PlayerctldInterface {
    /// The interface name.
    public static let name = "com.github.altdesktop.playerctld"
    /// playerctld's bus name: it is an MPRIS player itself.
    public static let busName = MPRISNames.busNamePrefix + "playerctld"

    /// `PlayerNames`: the MPRIS bus names, the most recently active first.
    public static let playerNames = DBusPropertyDeclaration(name, "PlayerNames", "as")
    /// `Shift`: makes the next player the active one (the first of `PlayerNames`), and returns its
    /// bus name; what `playerctld shift` does.
    public static let shift = DBusMethodDeclaration(name, "Shift", outputs: [DBusArgument("Player", "s")])
}
