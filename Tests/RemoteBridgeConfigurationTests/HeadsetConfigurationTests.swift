// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeGestures
import RemoteBridgeConfiguration
import RemoteBridgeCore
import Testing

@Suite("headsetd configuration")
struct HeadsetConfigurationTests {
    @Test("timings, devices, grab and gesture bindings")
    func parse() throws {
        let configuration = try HeadsetConfiguration.parse(
            """
            [headset]
            click-interval = 0.25
            hold-duration = 0.6
            devices = ["/dev/input/event7"]
            grab = true
            [headset.gestures]
            hold = "stop"
            triple-click = "none"
            """, file: "c.toml")
        #expect(configuration.clickInterval == .milliseconds(250))
        #expect(configuration.holdDuration == .milliseconds(600))
        #expect(configuration.devices == ["/dev/input/event7"])
        #expect(configuration.grab)
        #expect(configuration.gestures[.hold] == .some(.stop))
        #expect(configuration.gestures[.tripleClick] == .some(nil))
    }

    @Test("unknown gestures, subtypes and keys are refused with the line named")
    func errors() {
        for (text, line, fragment) in [
            ("[headset.gestures]\nquadruple-click = \"stop\"", 2, "unknown gesture"),
            ("[headset.gestures]\nclick = \"explode\"", 2, "is not one of"),
            ("[headset]\nclicks = 1", 2, "unknown key"),
            ("[headset]\nhold-duration = 99", 2, "outside"),
        ] {
            do {
                _ = try HeadsetConfiguration.parse(text, file: "c.toml")
                Issue.record("accepted \(text)")
            } catch {
                #expect(error.line == line)
                #expect(error.message.contains(fragment), "\(error.message)")
            }
        }
    }
}
