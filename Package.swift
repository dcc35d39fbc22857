// swift-tools-version: 6.2
// The RemoteBridge package: the iOS remote-control event model on Linux.
// docs/ARCHITECTURE.md draws the module graph below and says what each module holds.
//
// 6.2 is what the code needs: `isolated deinit` and `nonisolated(nonsending)`.

import PackageDescription

let argumentParser = Target.Dependency.product(name: "ArgumentParser", package: "swift-argument-parser")
let logging = Target.Dependency.product(name: "Logging", package: "swift-log")
let serviceLifecycle = Target.Dependency.product(name: "ServiceLifecycle", package: "swift-service-lifecycle")
let systemPackage = Target.Dependency.product(name: "SystemPackage", package: "swift-system")

let package = Package(
    name: "RemoteBridge",
    products: [
        .executable(name: "remote-playerd", targets: ["remote-playerd"]),
        .executable(name: "headsetd", targets: ["headsetd"]),
        .executable(name: "remotectl", targets: ["remotectl"]),
        // The libraries another package may build on.
        .library(name: "RemoteControl", targets: ["RemoteControl"]),
        .library(name: "ButtonGestures", targets: ["ButtonGestures"]),
        .library(name: "RemoteBridgeDBus", targets: ["RemoteBridgeDBus"]),
        .library(name: "RemoteBridgeMPRIS", targets: ["RemoteBridgeMPRIS"]),
        .library(name: "MPVPlayer", targets: ["MPVPlayer"]),
        .library(name: "EvdevInput", targets: ["EvdevInput"]),
        .library(name: "DesktopKeys", targets: ["DesktopKeys"]),
        .library(name: "HeadsetHandler", targets: ["HeadsetHandler"]),
        .library(name: "RemoteBridgeDoctor", targets: ["RemoteBridgeDoctor"]),
        .library(name: "RemoteBridgeResume", targets: ["RemoteBridgeResume"]),
        .library(name: "PrivateBusLauncher", targets: ["PrivateBusLauncher"]),
        .library(name: "RemoteBridgeTesting", targets: ["RemoteBridgeTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // Duration to and from microseconds, milliseconds and seconds: one extension for all. It rounds
        // with libm, which a program linking only ButtonGestures (an example) would not link otherwise.
        .target(name: "DurationConversions", linkerSettings: [.linkedLibrary("m")]),
        // Outside text quoted in errors and logs: escaped, and bounded in bytes. Used by every module that quotes.
        .target(name: "RemoteBridgeText"),
        .testTarget(name: "RemoteBridgeTextTests", dependencies: ["RemoteBridgeText"]),
        // The core model: events, responders, the application, the player controller. Pure Swift, no I/O.
        .target(name: "RemoteControl"),
        .testTarget(name: "RemoteControlTests", dependencies: ["RemoteControl"]),
        // Button gesture recognizers (click patterns) on an injectable clock.
        .target(name: "ButtonGestures", dependencies: ["RemoteControl", "DurationConversions"]),
        .testTarget(name: "ButtonGesturesTests", dependencies: ["ButtonGestures", "DurationConversions"]),

        // libdbus, as a system library. Nothing else lives here.
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        // A Swift API over libdbus: connection, typed values, interface declarations, calls,
        // signals, names, exported objects.
        .target(name: "RemoteBridgeDBus", dependencies: ["CDBus", "DurationConversions", "RemoteBridgeText"]),
        .testTarget(name: "RemoteBridgeDBusTests", dependencies: ["RemoteBridgeDBus", "RemoteBridgeTesting"]),
        // The MPRIS 2.2 and RemoteControl1 declarations, the server, a client and the now-playing tracker.
        .target(name: "RemoteBridgeMPRIS", dependencies: ["RemoteBridgeDBus", "RemoteControl", "DurationConversions", "RemoteBridgeText"]),
        .testTarget(name: "RemoteBridgeMPRISTests", dependencies: ["RemoteBridgeMPRIS", "RemoteBridgeTesting"]),
        // ChildProcess, the one way to start a program (dying with us), and a private dbus-daemon on it
        // (tests, benchmarks, `remote-playerd --demo`). Its C shims are in CSpawn.
        .target(name: "CSpawn"),
        .target(name: "PrivateBusLauncher", dependencies: ["CSpawn", systemPackage]),

        // libmpv, as a system library, and the player adapter over it.
        // No pkgConfig: mpv.pc adds -D_REENTRANT, which SwiftPM warns about; the headers are in /usr/include.
        .systemLibrary(name: "CMPV"),
        .target(name: "MPVPlayer", dependencies: ["CMPV", "RemoteControl", "DurationConversions", "RemoteBridgeText", systemPackage]),
        .testTarget(name: "MPVPlayerTests", dependencies: ["MPVPlayer", "RemoteBridgeTesting"]),

        // The evdev ioctls, as C (ioctl is variadic). Nothing else lives here.
        .target(name: "CEvdev"),
        // Evdev input: devices or FIFOs, discovery, hot-plug, the key map (over ButtonGestures' table of key codes).
        .target(name: "EvdevInput", dependencies: ["CEvdev", "ButtonGestures", "RemoteControl", "RemoteBridgeText", systemPackage]),
        .testTarget(name: "EvdevInputTests", dependencies: ["EvdevInput", "RemoteBridgeTesting"]),
        // The desktop's media keys: the GNOME, MATE and Cinnamon settings-daemon grab over D-Bus.
        .target(name: "DesktopKeys", dependencies: ["RemoteBridgeDBus", "RemoteControl"]),
        .testTarget(name: "DesktopKeysTests", dependencies: ["DesktopKeys", "RemoteBridgeTesting"]),

        // The shared config file: XDG paths, loading, the schema, and a small TOML parser with
        // line numbers for every key.
        .target(name: "RemoteBridgeConfiguration", dependencies: ["RemoteControl", "ButtonGestures", "RemoteBridgeMPRIS", "DurationConversions", "RemoteBridgeText"]),
        .testTarget(name: "RemoteBridgeConfigurationTests", dependencies: ["RemoteBridgeConfiguration", "RemoteBridgeMPRIS", "RemoteBridgeText"], exclude: ["toml-test"]),

        // Media-button resumption without mpv: the state file's layout and a summary of a saved
        // state, the policy that decides from it, and the start of remote-playerd by D-Bus
        // activation. headsetd, remotectl and remote-playerd (the format) share it.
        .target(
            name: "RemoteBridgeResume",
            dependencies: ["RemoteBridgeConfiguration", "RemoteBridgeDBus", "RemoteBridgeMPRIS", "DurationConversions"]),
        .testTarget(name: "RemoteBridgeResumeTests", dependencies: ["RemoteBridgeResume", "RemotePlayer", "RemoteBridgeTesting"]),

        // Swift concurrency's global executor on dispatch's unmonitored (overcommit) pool, so an idle
        // daemon is never woken: the two daemons' mains install it first thing.
        .target(name: "CQuietExecutor"),
        .testTarget(name: "QuietExecutorTests", dependencies: ["CQuietExecutor"]),

        // glibc's malloc_trim, to hand a large load's free pages back to the kernel. Nothing else lives here.
        .target(name: "CHeap"),

        // The checks of `remotectl doctor`: every link a press travels (buses, daemons, installed
        // files, input devices, desktop keys, Bluetooth, players, the config file), each with its
        // fix. headsetd logs the failing ones at start.
        .target(
            name: "RemoteBridgeDoctor",
            dependencies: [
                "RemoteBridgeDBus", "RemoteBridgeMPRIS", "EvdevInput", "DesktopKeys", "RemoteBridgeConfiguration", "RemoteBridgeText",
                "DurationConversions",
            ]),
        .testTarget(
            name: "RemoteBridgeDoctorTests", dependencies: ["RemoteBridgeDoctor", "HeadsetHandler", "RemoteBridgeTesting", "DesktopKeys", "mpris-test-player", "headsetd", logging]),

        // remote-playerd, as a library (and its Service) so tests run it in-process.
        .target(
            name: "RemotePlayer",
            dependencies: [
                "RemoteControl", "RemoteBridgeDBus", "RemoteBridgeMPRIS", "MPVPlayer", "RemoteBridgeConfiguration",
                "EvdevInput", "DesktopKeys", "PrivateBusLauncher", "CHeap", "RemoteBridgeResume", "DurationConversions", "RemoteBridgeText", logging, serviceLifecycle, systemPackage,
            ]),
        .testTarget(
            name: "RemotePlayerTests",
            dependencies: [
                "RemotePlayer", "HeadsetHandler", "RemoteBridgeTesting", "RemoteBridgeResume", "DurationConversions", "RemoteBridgeText", logging,
                serviceLifecycle,
            ]),
        .executableTarget(
            name: "remote-playerd", dependencies: ["RemotePlayer", "RemoteBridgeConfiguration", "CQuietExecutor", "DurationConversions", argumentParser, logging, systemPackage]),

        // headsetd, as a library (and its Service) so tests run it in-process.
        .target(
            name: "HeadsetHandler",
            dependencies: [
                "ButtonGestures", "RemoteBridgeDBus", "EvdevInput", "RemoteBridgeMPRIS", "RemoteControl",
                "RemoteBridgeConfiguration", "RemoteBridgeResume", "RemoteBridgeDoctor", "DurationConversions", "RemoteBridgeText", logging, serviceLifecycle,
            ]),
        .testTarget(name: "HeadsetHandlerTests", dependencies: ["HeadsetHandler", "RemoteBridgeDoctor", "RemotePlayer", "RemoteBridgeResume", "RemoteBridgeTesting", logging]),
        .executableTarget(name: "headsetd", dependencies: ["HeadsetHandler", "RemoteBridgeConfiguration", "CQuietExecutor", argumentParser, logging]),

        // remotectl, as a library so tests run it in-process, and its main.
        .target(name: "RemoteCtl", dependencies: ["RemoteBridgeDBus", "RemoteBridgeMPRIS", "RemoteBridgeResume", "RemoteBridgeDoctor", "RemoteControl", "DurationConversions", "RemoteBridgeText", systemPackage]),
        .testTarget(
            name: "RemoteCtlTests",
            dependencies: ["RemoteCtl", "remotectl", "HeadsetHandler", "ButtonGestures", "RemotePlayer", "RemoteBridgeTesting", "RemoteBridgeText", logging]),
        .executableTarget(name: "remotectl", dependencies: ["RemoteCtl"]),

        // remotectl beside playerctl 2.4.1 on the same scripted players: the same stdout, stderr and status.
        .testTarget(
            name: "PlayerctlDifferentialTests",
            dependencies: [
                "RemoteBridgeTesting", "RemoteBridgeDBus", "RemoteBridgeMPRIS", "RemotePlayer", "remotectl", "mpris-test-player", logging,
            ]),
        // A scripted MPRIS player as a program, for the tests that have a bus start one (D-Bus activation).
        .executableTarget(name: "mpris-test-player", dependencies: ["RemoteBridgeTesting", "RemoteBridgeDBus"]),

        // Test support: a private bus per suite, outside programs, media files, evdev FIFOs, fake peers.
        .target(
            name: "RemoteBridgeTesting",
            dependencies: [
                "RemoteBridgeDBus", "RemoteBridgeMPRIS", "RemoteControl", "EvdevInput", "DesktopKeys", "PrivateBusLauncher",
                "DurationConversions", systemPackage,
            ]),
    ],
    swiftLanguageModes: [.v6]
)
