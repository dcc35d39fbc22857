/// The names MPRIS and RemoteBridge use on the bus.
public enum MPRISNames {
    /// Every MPRIS player's bus name starts with this.
    public static let busNamePrefix = "org.mpris.MediaPlayer2."
    /// The object path of every MPRIS player.
    public static let objectPath = "/org/mpris/MediaPlayer2"
    /// The root interface.
    public static let root = "org.mpris.MediaPlayer2"
    /// The Player interface.
    public static let player = "org.mpris.MediaPlayer2.Player"
    /// The TrackList interface.
    public static let trackList = "org.mpris.MediaPlayer2.TrackList"
    /// RemoteBridge's own interface, on the same object.
    public static let remoteControl = "io.github.remotebridge.RemoteControl1"
    /// The standard properties interface.
    public static let properties = "org.freedesktop.DBus.Properties"
    /// The prefix of RemoteBridge's own error names.
    public static let errorPrefix = "io.github.remotebridge.Error."
}
