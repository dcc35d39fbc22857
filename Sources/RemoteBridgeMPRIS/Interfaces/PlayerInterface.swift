// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus

/// `org.mpris.MediaPlayer2.Player`, declared once for the server, the Bluetooth mirror and the clients.
public enum PlayerInterface {
    /// The interface name.
    public static let name = "org.mpris.MediaPlayer2.Player"

    /// `Next`.
    public static let next = DBusMethodDeclaration(name, "Next")
    /// `Previous`.
    public static let previous = DBusMethodDeclaration(name, "Previous")
    /// `Pause`.
    public static let pause = DBusMethodDeclaration(name, "Pause")
    /// `PlayPause`.
    public static let playPause = DBusMethodDeclaration(name, "PlayPause")
    /// `Stop`.
    public static let stop = DBusMethodDeclaration(name, "Stop")
    /// `Play`.
    public static let play = DBusMethodDeclaration(name, "Play")
    /// `Seek(x Offset)`: microseconds, signed.
    public static let seek = DBusMethodDeclaration(name, "Seek", inputs: [DBusArgument("Offset", "x")])
    /// `SetPosition(o TrackId, x Position)`.
    public static let setPosition = DBusMethodDeclaration(
        name, "SetPosition", inputs: [DBusArgument("TrackId", "o"), DBusArgument("Position", "x")])
    /// `OpenUri(s Uri)`.
    public static let openURI = DBusMethodDeclaration(name, "OpenUri", inputs: [DBusArgument("Uri", "s")])

    /// The argument-less transport methods, in declaration order.
    public static let transport = [next, previous, pause, playPause, stop, play]

    /// `PlaybackStatus`.
    public static let playbackStatus = DBusPropertyDeclaration(name, "PlaybackStatus", "s")
    /// `LoopStatus`.
    public static let loopStatus = DBusPropertyDeclaration(name, "LoopStatus", "s", access: .readWrite)
    /// `Rate`.
    public static let rate = DBusPropertyDeclaration(name, "Rate", "d", access: .readWrite)
    /// `Shuffle`.
    public static let shuffle = DBusPropertyDeclaration(name, "Shuffle", "b", access: .readWrite)
    /// `Metadata`.
    public static let metadata = DBusPropertyDeclaration(name, "Metadata", "a{sv}")
    /// `Volume`.
    public static let volume = DBusPropertyDeclaration(name, "Volume", "d", access: .readWrite)
    /// `Position`: never signalled; clients Get it.
    public static let position = DBusPropertyDeclaration(name, "Position", "x", changeSignal: .none)
    /// `MinimumRate`.
    public static let minimumRate = DBusPropertyDeclaration(name, "MinimumRate", "d")
    /// `MaximumRate`.
    public static let maximumRate = DBusPropertyDeclaration(name, "MaximumRate", "d")
    /// `CanGoNext`.
    public static let canGoNext = DBusPropertyDeclaration(name, "CanGoNext", "b")
    /// `CanGoPrevious`.
    public static let canGoPrevious = DBusPropertyDeclaration(name, "CanGoPrevious", "b")
    /// `CanPlay`.
    public static let canPlay = DBusPropertyDeclaration(name, "CanPlay", "b")
    /// `CanPause`.
    public static let canPause = DBusPropertyDeclaration(name, "CanPause", "b")
    /// `CanSeek`.
    public static let canSeek = DBusPropertyDeclaration(name, "CanSeek", "b")
    /// `CanControl`.
    public static let canControl = DBusPropertyDeclaration(name, "CanControl", "b", changeSignal: .constant)

    /// `Seeked(x Position)`.
    public static let seeked = DBusSignalDeclaration(name, "Seeked", [DBusArgument("Position", "x")])

    /// The whole interface.
    public static let declaration = DBusInterfaceDeclaration(
        name, methods: transport + [seek, setPosition, openURI],
        properties: [
            playbackStatus, loopStatus, rate, shuffle, metadata, volume, position, minimumRate, maximumRate,
            canGoNext, canGoPrevious, canPlay, canPause, canSeek, canControl,
        ],
        signals: [seeked])
}
