// SPDX-License-Identifier: Apache-2.0
/// An event from mpv, converted on the engine's event thread and sent to the daemon.
package enum MPVEvent: Sendable, Equatable {
    /// Why a file stopped playing.
    package enum EndReason: Sendable, Equatable {
        case endOfFile, stopped, quit, redirect
        case error(String)
        /// No audio output could be opened (MPV_ERROR_AO_INIT_FAILED): the output's fault, not the file's.
        case audioOutputFailed(String)
    }

    case shutdown
    case propertyChange(String, MPVNode)
    /// A file starts opening. `entryID` is the key the daemon gave the entry with
    /// `EngineRequest.load` (0: an entry mpv added by itself), never mpv's own id.
    case startFile(entryID: Int64)
    /// A file stopped playing; `entryID` as for `startFile`.
    case endFile(entryID: Int64, reason: EndReason)
    /// A file finished opening; its duration and tags as read right then.
    case fileLoaded(duration: Double?, metadata: MPVNode)
    case seek
    case playbackRestart
    /// mpv waits at a hook added with `addHook(_:)` until `continueHook(id)`; what it is about
    /// to open (`stream-open-filename`, read while it waits).
    case hook(name: String, id: UInt64, streamOpenFilename: String)
    /// The audio output was closed, reopened or replaced (`current-ao` may have changed).
    case audioReconfig
    /// A line of mpv's log: its module (`ao/pulse`), level (`warn`) and text.
    case logMessage(prefix: String, level: String, text: String)
}
