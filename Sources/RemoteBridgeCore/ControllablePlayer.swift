// SPDX-License-Identifier: Apache-2.0
/// What a player offers for `PlayerController` to drive it: transport, seeking and scanning.
/// remote-playerd's mpv player and the tests' in-memory player both conform.
@MainActor
public protocol ControllablePlayer: AnyObject {
    /// Whether it is playing now (so a toggle pauses).
    var isPlaying: Bool { get }
    /// The current track's length, when known (a position beyond it is refused).
    var currentLength: Duration? { get }

    /// Starts or resumes playback.
    func play()
    /// Pauses.
    func pause()
    /// Stops.
    func stop()
    /// Goes to the next track.
    func next()
    /// Goes to the previous track (or the start of this one).
    func previous()
    /// Moves by a signed offset.
    func seek(by offset: Duration)
    /// Moves to a position in the current track.
    func seek(to position: Duration)
    /// Starts scanning while a seek button is held.
    func beginScanning(forward: Bool)
    /// Stops scanning.
    func endScanning()
}
