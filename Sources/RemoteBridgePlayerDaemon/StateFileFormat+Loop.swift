// SPDX-License-Identifier: Apache-2.0
import RemoteBridgePlayer
import RemoteBridgeStateFile

extension StateFileFormat {
    /// The loop mode's byte.
    static func byte(for loop: MPVPlayer.Loop) -> UInt8 {
        switch loop {
        case .none: 0
        case .track: 1
        case .playlist: 2
        }
    }

    /// The loop mode of a byte, or nil for a byte that names none.
    static func loop(for byte: UInt8) -> MPVPlayer.Loop? {
        switch byte {
        case 0: MPVPlayer.Loop.none
        case 1: .track
        case 2: .playlist
        default: nil
        }
    }
}
