// SPDX-License-Identifier: Apache-2.0
// A custom button gesture: long-short-long toggles a secret mode, while ordinary clicks still
// work. The button is driven on a VirtualClock so the run is instant and always the same.
import RemoteBridgeGestures

let clock = VirtualClock()
let start = clock.now
let environment = ButtonGestureEnvironment(clock: clock)
var secretMode = false

@MainActor
func stamp() -> String {
    let ms = (clock.now - start) / .milliseconds(1)
    return "[\(Int(ms)) ms]".padding(to: 10)
}

let secret = LongShortLongGestureRecognizer { recognizer in
    secretMode.toggle()
    print("\(stamp()) \(recognizer.name) recognized → secret mode \(secretMode ? "ON  ★" : "off")")
}
// Ordinary clicks still work. The short press inside the secret pattern is not a click: the
// click recognizer failed on the pattern's long first press, and stays failed until the whole
// pattern is over, because the secret recognizer keeps a deadline between presses.
let click = ClickGestureRecognizer(numberOfClicks: 1)
click.addTarget { _ in print("\(stamp()) click recognized → play/pause") }
environment.add(secret)
environment.add(click)

/// Presses the headset button for `held` ms, then waits `gap` ms.
@MainActor
func press(held: Int, gap: Int = 150) {
    environment.handle(ButtonEvent(button: .headset, phase: .down, timestamp: clock.now))
    clock.advance(by: .milliseconds(held))
    environment.handle(ButtonEvent(button: .headset, phase: .up, timestamp: clock.now))
    clock.advance(by: .milliseconds(gap))
}

print("A click:")
press(held: 80, gap: 1000)
print("Long, short, long:")
press(held: 700)
press(held: 100)
press(held: 700, gap: 1000)
print("Long, long (wrong), then the right pattern again:")
press(held: 700)
press(held: 700, gap: 1000)
press(held: 600)
press(held: 120)
press(held: 650, gap: 1000)
print("Secret mode is \(secretMode ? "ON" : "off").")

extension String {
    func padding(to width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
