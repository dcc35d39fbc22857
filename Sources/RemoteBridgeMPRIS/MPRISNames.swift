import RemoteBridgeDBus

/// The names MPRIS and RemoteBridge use on the bus.
public enum MPRISNames {
    /// Every MPRIS player's bus name starts with this.
    public static let busNamePrefix = "org.mpris.MediaPlayer2."
    /// remote-playerd's bus name under its default name: the one its D-Bus activation file
    /// (`dbus/services/`) starts it for, which headsetd and remotectl resume.
    public static let remotePlayerd = busNamePrefix + "remotebridge"
    /// The object path of every MPRIS player.
    public static let objectPath = "/org/mpris/MediaPlayer2"
    /// The prefix of RemoteBridge's own error names.
    public static let errorPrefix = "io.github.remotebridge.Error."
}
