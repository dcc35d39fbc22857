// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations
import Testing

/// Lengths of time as people write them, read in one place for the config file, the command
/// line and D-Bus.
@Suite("DurationText")
struct DurationTextTests {
    @Test(
        "numbers of seconds, and numbers each with a unit, largest first",
        arguments: [
            ("45", 45_000), ("2.5", 2_500), ("90s", 90_000), ("20m", 1_200_000), ("20min", 1_200_000), ("1h30m", 5_400_000), ("1.5h", 5_400_000),
            ("3d", 259_200_000), ("1h30m15s", 5_415_000), ("0", 0), ("0.0005", 1),
        ] as [(String, Int64)])
    func parses(text: String, milliseconds: Int64) {
        #expect(DurationText.parse(text) == .milliseconds(milliseconds))
    }

    @Test(
        "anything else is nil: no units out of order, signs, exponents, hexadecimal, bare points",
        arguments: [
            "", "m", "h1", "30m1h", "1m1min", "-5", "5x", "1h 30m", " 5", "1e300", "nan", "inf", "1..5s", String(repeating: "9", count: 100_000) + "s",
            "0x10", "1e3", "1e3s", "+5", "-0", ".5", "1.", "5m3", "1h.5m",
        ])
    func refuses(text: String) {
        #expect(DurationText.parse(text) == nil)
    }

    @Test("written back in the largest units, and read back the same")
    func format() {
        for milliseconds: Int64 in [0, 2_500, 45_000, 1_200_000, 5_400_000, 5_415_000, 90_061_500] {
            let text = DurationText.format(.milliseconds(milliseconds))
            #expect(DurationText.parse(text) == .milliseconds(milliseconds), "\(text)")
        }
        #expect(DurationText.format(.seconds(5400)) == "1h30m")
        #expect(DurationText.format(.milliseconds(2500)) == "2.5s")
    }
}
