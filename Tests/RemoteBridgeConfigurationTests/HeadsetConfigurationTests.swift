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
        #expect(configuration.gestures[.hold] == .some(.event(.stop)))
        #expect(configuration.gestures[.tripleClick] == .some(nil))
    }

    @Test("unknown gestures, subtypes and keys are refused with the line named")
    func errors() {
        for (text, line, fragment) in [
            ("[headset.gestures]\nquadruple-click = \"stop\"", 2, "unknown gesture"),
            ("[headset.gestures]\nclick = \"explode\"", 2, "is not one of"),
            ("[headset.gestures]\nclick = \"103\"", 2, "is not one of"),
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

    @Test("a gesture bound to the sleep timer: sleep-timer + any length DurationText reads, written back as it reads")
    func sleepTimerBinding() throws {
        for (text, duration, name) in [
            ("sleep-timer +15m", Duration.seconds(900), "sleep-timer +15m"), ("sleep-timer +1h30m", .seconds(5400), "sleep-timer +1h30m"),
            ("sleep-timer +90", .seconds(90), "sleep-timer +1m30s"), ("sleep-timer +20min", .seconds(1200), "sleep-timer +20m"),
        ] {
            let configuration = try HeadsetConfiguration.parse("[headset.gestures]\nhold = \"\(text)\"\n", file: "c.toml")
            #expect(configuration.gestures[.hold] == .some(.sleepTimer(adding: duration)), "\(text)")
            #expect(GestureBinding(name: text)?.name == name)
            #expect(GestureBinding(name: text)?.sleepTimerRequest == "+" + name.dropFirst("sleep-timer +".count))
        }
        // Every event still binds as before, and none unbinds.
        for subtype in RemoteControlSubtype.allCases {
            let configuration = try HeadsetConfiguration.parse("[headset.gestures]\nclick = \"\(subtype.name)\"\n", file: "c.toml")
            #expect(configuration.gestures[.click] == .some(.event(subtype)))
        }
    }

    @Test("a bad binding names the key, its line and every accepted value; a bad sleep timer says what goes after the +")
    func badBindings() {
        let accepted = (RemoteControlSubtype.allCases.map(\.name) + ["sleep-timer +DURATION", "none"]).joined(separator: ", ")
        for (value, extra) in [
            ("sleep-timer", ""), ("sleep-timer 15m", ""), ("sleep-timer +", "; after"), ("sleep-timer +soon", "; after"), ("sleep-timer +0", "; after"),
            ("sleep-timer +-5m", "; after"), ("sleep timer +15m", ""), ("+15m", ""),
        ] {
            do {
                _ = try HeadsetConfiguration.parse("[headset]\n[headset.gestures]\nhold = \"\(value)\"\n", file: "c.toml")
                Issue.record("accepted \(value)")
            } catch {
                #expect(error.line == 3)
                #expect(error.key == "[headset.gestures] hold")
                #expect(error.message.hasPrefix("\"\(value)\" is not one of: \(accepted)\(extra)"), "\(error.message)")
            }
        }
    }
}
