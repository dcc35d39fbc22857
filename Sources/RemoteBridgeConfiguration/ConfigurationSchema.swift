/// Every section and key of `config.toml`, in one place. remote-playerd reads `player`,
/// `media-keys` and `input`; headsetd reads `headset`; each refuses a key or section that is
/// not here, naming its line, and `dist/config.example.toml` is checked against this table.
public enum ConfigurationSchema {
    /// The sections, in the order the example file has them, with their keys.
    public static let sections: [(name: String, keys: [String])] = [
        ("player", ["name", "audio-output", "supported-uri-schemes", "previous-restarts-after", "autoplay"]),
        ("media-keys", ["skip-forward", "skip-backward"]),
        ("input", ["devices"]),
        (
            "headset",
            [
                "click-interval", "hold-duration", "devices", "grab", "sync-play-pause", "pause-on-unplug", "resume-on-reconnect",
                "resume-within", "resume-after-exit-within", "bluetooth", "gestures",
            ]
        ),
    ]

    /// The section names.
    public static var sectionNames: [String] { sections.map(\.name) }

    /// The keys of `section`; empty for a section that is not in the file.
    public static func keys(of section: String) -> [String] {
        sections.first { $0.name == section }?.keys ?? []
    }
}
