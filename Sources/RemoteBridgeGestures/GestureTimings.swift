// SPDX-License-Identifier: Apache-2.0
/// The default timings of a click pattern, written once: the recognizers, the headset gesture
/// map and `config.toml`'s `[headset]` section (`click-interval`, `hold-duration`) start from them.
public enum GestureTimings {
    /// The longest gap between a release and the next press that still continues a pattern: 300 ms.
    public static let maximumClickInterval: Duration = .milliseconds(300)
    /// The shortest press that counts as a hold: 500 ms.
    public static let minimumHoldDuration: Duration = .milliseconds(500)
}
