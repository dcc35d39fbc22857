import RemoteBridgeDBus

/// The names MPRIS and RemoteBridge use on the bus.
public enum MPRISNames {
    /// Every MPRIS player's bus name starts with this.
    public static let busNamePrefix = "org.mpris.MediaPlayer2."
    /// The object path of every MPRIS player.
    public static let objectPath = "/org/mpris/MediaPlayer2"
    /// The prefix of RemoteBridge's own error names.
    public static let errorPrefix = "io.github.remotebridge.Error."
}
