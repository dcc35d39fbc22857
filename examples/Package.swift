// swift-tools-version: 6.2
// SPDX-License-Identifier: Apache-2.0
// Example programs that use RemoteBridge the way the iOS Event Handling Guide's sample code
// uses UIKit. This is a separate package that depends on RemoteBridge by path, exactly as an
// outside project would, so building it also checks the public API.

import PackageDescription

let package = Package(
    name: "RemoteBridgeExamples",
    dependencies: [
        .package(name: "RemoteBridge", path: ".."),
    ],
    targets: [
        // Listings 5-1 to 5-3: a player view controller that receives remote-control events.
        .executableTarget(
            name: "PlayerViewController",
            dependencies: [.product(name: "RemoteBridgeCore", package: "RemoteBridge")]
        ),
        // A custom button gesture recognizer: long-short-long toggles a secret mode.
        .executableTarget(
            name: "SecretKnock",
            dependencies: [.product(name: "RemoteBridgeGestures", package: "RemoteBridge")]
        ),
        // Podcast mode: a responder in front of the player turns next/previous into ±30 s skips.
        .executableTarget(
            name: "PodcastMode",
            dependencies: [.product(name: "RemoteBridgeCore", package: "RemoteBridge")]
        ),
        // The RemoteBridgeCore contract's public API, used exactly as written, from outside the package.
        .executableTarget(
            name: "APIContract",
            dependencies: [.product(name: "RemoteBridgeCore", package: "RemoteBridge"), .product(name: "RemoteBridgeListeners", package: "RemoteBridge")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
