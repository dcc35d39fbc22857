// swift-tools-version: 6.1
// The RemoteBridge package: the iOS remote-control event model on Linux. See ../shared/DESIGN.md §2.

import PackageDescription

let package = Package(
    name: "RemoteBridge",
    products: [
        .library(name: "RemoteControl", targets: ["RemoteControl"]),
        .library(name: "ButtonGestures", targets: ["ButtonGestures"]),
    ],
    targets: [
        // The core model: events, responders, the application. Pure Swift, no I/O.
        .target(name: "RemoteControl"),
        .testTarget(name: "RemoteControlTests", dependencies: ["RemoteControl"]),
        // Button gesture recognizers (click patterns) on an injectable clock.
        .target(name: "ButtonGestures", dependencies: ["RemoteControl"]),
        .testTarget(name: "ButtonGesturesTests", dependencies: ["ButtonGestures"]),
    ],
    swiftLanguageModes: [.v6]
)
