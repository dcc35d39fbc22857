import RemoteBridgeDBus

/// The names MPRIS and RemoteBridge use on the bus.
public enum MPRISNames {
    /// Every MPRIS player's bus name starts with this.
    public static let busNamePrefix = "org.mpris.MediaPlayer2."
    /// The object path of every MPRIS player.
    public static let objectPath = "/org/mpris/MediaPlayer2"
    /// The root interface.
    public static let root = MediaPlayer2Interface.name
    /// The Player interface.
    public static let player = PlayerInterface.name
    /// The TrackList interface.
    public static let trackList = TrackListInterface.name
    /// RemoteBridge's own interface, on the same object.
    public static let remoteControl = RemoteControl1Interface.name
    /// The standard properties interface.
    public static let properties = StandardInterfaces.properties
    /// The prefix of RemoteBridge's own error names.
    public static let errorPrefix = "io.github.remotebridge.Error."
}
