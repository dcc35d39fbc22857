// swift-tools-version: 6.1
// The RemoteBridge package: the iOS remote-control event model on Linux. See ../shared/DESIGN.md §2.

import PackageDescription

let package = Package(
    name: "RemoteBridge",
    products: [
        .library(name: "RemoteControl", targets: ["RemoteControl"]),
    ],
    targets: [
        // The core model: events, responders, the application. Pure Swift, no I/O.
        .target(name: "RemoteControl"),
        .testTarget(name: "RemoteControlTests", dependencies: ["RemoteControl"]),
    ],
    swiftLanguageModes: [.v6]
)
