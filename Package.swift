// swift-tools-version: 6.1
// The RemoteBridge package: the iOS remote-control event model on Linux. See docs/ARCHITECTURE.md.

import PackageDescription

let package = Package(
    name: "RemoteBridge",
    products: [
        .executable(name: "remote-playerd", targets: ["remote-playerd"]),
        .executable(name: "headsetd", targets: ["headsetd"]),
        .executable(name: "remotectl", targets: ["remotectl"]),
        .library(name: "RemoteControl", targets: ["RemoteControl"]),
        .library(name: "ButtonGestures", targets: ["ButtonGestures"]),
        .library(name: "DBus", targets: ["DBus"]),
        .library(name: "MPRIS", targets: ["MPRIS"]),
        .library(name: "MPVPlayer", targets: ["MPVPlayer"]),
        .library(name: "TOML", targets: ["TOML"]),
        .library(name: "MediaKeys", targets: ["MediaKeys"]),
        .library(name: "RemotePlayer", targets: ["RemotePlayer"]),
        .library(name: "HeadsetHandler", targets: ["HeadsetHandler"]),
        .library(name: "RemoteCtl", targets: ["RemoteCtl"]),
        .library(name: "RemoteBridgeTesting", targets: ["RemoteBridgeTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // The core model: events, responders, the application. Pure Swift, no I/O.
        .target(name: "RemoteControl"),
        .testTarget(name: "RemoteControlTests", dependencies: ["RemoteControl"]),
        // Button gesture recognizers (click patterns) on an injectable clock.
        .target(name: "ButtonGestures", dependencies: ["RemoteControl"]),
        .testTarget(name: "ButtonGesturesTests", dependencies: ["ButtonGestures"]),
        // libdbus, as a system library. Nothing else lives here.
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        // A Swift API over libdbus: connection, typed values, calls, signals, names, exported objects.
        .target(name: "DBus", dependencies: ["CDBus"]),
        .testTarget(name: "DBusTests", dependencies: ["DBus", "RemoteBridgeTesting"]),
        // The MPRIS 2.2 server, RemoteControl1, an MPRIS client and the now-playing tracker.
        .target(name: "MPRIS", dependencies: ["DBus", "RemoteControl"]),
        .testTarget(name: "MPRISTests", dependencies: ["MPRIS", "RemoteBridgeTesting"]),
        // libmpv, as a system library, and the player adapter over it.
        // No pkgConfig: mpv.pc adds -D_REENTRANT, which SwiftPM warns about; the headers are in /usr/include.
        .systemLibrary(name: "CMPV"),
        .target(name: "MPVPlayer", dependencies: ["CMPV"]),
        .testTarget(name: "MPVPlayerTests", dependencies: ["MPVPlayer", "RemoteBridgeTesting"]),
        // The evdev ioctls, as C (ioctl is variadic). Nothing else lives here.
        .target(name: "CEvdev"),
        // Input sources: evdev devices or FIFOs, the key map, and the desktop's media keys.
        .target(name: "MediaKeys", dependencies: ["CEvdev", "DBus", "RemoteControl", "ButtonGestures"]),
        .testTarget(name: "MediaKeysTests", dependencies: ["MediaKeys", "RemoteBridgeTesting"]),
        // A small TOML parser for configuration files, with line numbers for every key.
        .target(name: "TOML"),
        .testTarget(name: "TOMLTests", dependencies: ["TOML"]),
        // remote-playerd, put together as a library so tests can run it in-process.
        .target(
            name: "RemotePlayer",
            dependencies: [
                "RemoteControl", "DBus", "MPRIS", "MPVPlayer", "TOML", "MediaKeys",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),
        .testTarget(name: "RemotePlayerTests", dependencies: ["RemotePlayer", "RemoteBridgeTesting"]),
        .executableTarget(
            name: "remote-playerd",
            dependencies: [
                "RemotePlayer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),
        // headsetd, put together as a library so tests can run it in-process.
        .target(
            name: "HeadsetHandler",
            dependencies: [
                "ButtonGestures", "DBus", "MediaKeys", "MPRIS", "RemoteControl", "TOML",
                .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(name: "HeadsetHandlerTests", dependencies: ["HeadsetHandler", "RemotePlayer", "RemoteBridgeTesting"]),
        .executableTarget(
            name: "headsetd",
            dependencies: [
                "HeadsetHandler",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),
        // remotectl, as a library so tests run it in-process, and its main.
        .target(name: "RemoteCtl", dependencies: ["DBus", "MPRIS", "RemoteControl"]),
        .testTarget(
            name: "RemoteCtlTests",
            dependencies: [
                "RemoteCtl", "remotectl", "HeadsetHandler", "ButtonGestures", "RemotePlayer", "RemoteBridgeTesting",
                .product(name: "Logging", package: "swift-log"),
            ]),
        .executableTarget(
            name: "remotectl",
            dependencies: ["RemoteCtl", "DBus", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // Test support: a private dbus-daemon, outside programs, and later media and evdev FIFOs.
        .target(name: "RemoteBridgeTesting", dependencies: ["DBus", "MPRIS", "RemoteControl", "MediaKeys"]),
    ],
    swiftLanguageModes: [.v6]
)
