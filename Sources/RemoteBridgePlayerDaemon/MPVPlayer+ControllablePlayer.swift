// SPDX-License-Identifier: Apache-2.0
import RemoteBridgePlayer
import RemoteBridgeCore

/// mpv, as `PlayerController` drives it.
extension MPVPlayer: ControllablePlayer {
    /// Whether mpv is playing.
    public var isPlaying: Bool { status == .playing }
    /// The current entry's length, once mpv knows it.
    public var currentLength: Duration? { current?.length }
}
