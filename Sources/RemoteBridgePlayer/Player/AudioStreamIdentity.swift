// SPDX-License-Identifier: Apache-2.0
import Glibc

/// Who the player's audio output stream says it is: what mixers (GNOME Sound, pavucontrol) show
/// for it, and what the sound server's stream-restore remembers its volume by. Without it,
/// libmpv's stream calls itself mpv, and shares its remembered volume with every other mpv.
///
/// mpv 0.35 names the stream from one option, `audio-client-name`, and puts that one name
/// everywhere: `ao_pulse` names its context with it (`application.name`) and the stream's
/// `media.icon_name`; `ao_pipewire` makes it the node's name and description and its
/// `application.name`, `application.id` and `application.icon-name` (PipeWire's spelling of
/// `application.icon_name`, which pipewire-pulse translates). Mixers take a stream's
/// icon from `media.icon_name` first, which only that option reaches, so the option carries the
/// icon name; the rest is said through the environment the client libraries read as they
/// connect (`environment`): libpulse's `PULSE_PROP_OVERRIDE_<key>` and `PULSE_PROP_<key>` (its
/// `pa_init_proplist`, for the client, whose properties PulseAudio and pipewire-pulse give each of
/// its streams) and PipeWire's `PIPEWIRE_PROPS` (read by `pw_stream_new`, over what mpv passed).
/// `media.name` follows the track (`MPVPlayer+StreamTitle.swift`).
public struct AudioStreamIdentity: Sendable, Equatable {
    /// `application.name`: the name mixers show.
    public var applicationName: String
    /// `application.id`.
    public var applicationID: String
    /// `application.icon_name` and `media.icon_name`: an icon theme name.
    public var iconName: String

    /// `media.role` as PulseAudio names it; pipewire-pulse turns it into PipeWire's `Music`.
    static let pulseMediaRole = "music"
    /// `media.role` as PipeWire names it (and mpv's `ao_pipewire` sets it once playing).
    static let pipeWireMediaRole = "Music"

    /// Makes an identity.
    public init(applicationName: String, applicationID: String, iconName: String) {
        self.applicationName = applicationName
        self.applicationID = applicationID
        self.iconName = iconName
    }

    /// The mpv options it takes (see above for why the client name is the icon name), and the
    /// stream's name until a track is shown.
    var mpvOptions: [(String, String)] { [("audio-client-name", iconName), ("title", MPVPlayer.unexpanded(applicationName))] }

    /// The environment variables libpulse and libpipewire read when mpv's audio output connects.
    /// The `OVERRIDE` ones replace what mpv's client name put there; a `PIPEWIRE_PROPS` the user
    /// set is left as it is (theirs wins, as their `PULSE_PROP_OVERRIDE` does over these): the
    /// engine's environment is made with them (`EngineEnvironment.make`).
    public var environment: [(name: String, value: String)] {
        var variables = [
            ("PULSE_PROP_OVERRIDE_application.name", applicationName),
            ("PULSE_PROP_OVERRIDE_application.id", applicationID),
            ("PULSE_PROP_OVERRIDE_application.icon_name", iconName),
            ("PULSE_PROP_media.role", Self.pulseMediaRole),
        ]
        let properties = [
            ("application.name", applicationName), ("application.id", applicationID), ("application.icon-name", iconName),
            ("media.icon-name", iconName), ("node.description", applicationName), ("media.role", Self.pipeWireMediaRole),
        ]
        variables.append(("PIPEWIRE_PROPS", "{ " + properties.map { "\(Self.quoted($0)) = \(Self.quoted($1))" }.joined(separator: " ") + " }"))
        return variables.map { (name: $0.0, value: $0.1) }
    }

    /// `text` in double quotes with `"` and `\` escaped: a string as PipeWire's SPA JSON reads it.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for character in text {
            if character == "\"" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result + "\""
    }
}
