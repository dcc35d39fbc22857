// swift-tools-version: 6.2
// SPDX-License-Identifier: Apache-2.0
// The RemoteBridge package: the iOS remote-control event model on Linux.
//
// The targets below are grouped by the process they run in. What each module holds, and the graph
// they make, is written once: docs/ARCHITECTURE.md, "Modules" (a test holds that table to this
// file). scripts/check-module-graph (make test) holds the process boundaries: the engine links
// the protocol, mpv, its walls and the shared leaves only; the daemons link none of the engine's.
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
        .executable(name: "remotebridge-engine", targets: ["remotebridge-engine"]),
        // The libraries another package may build on.
        .library(name: "RemoteBridgeRelease", targets: ["RemoteBridgeRelease"]),
        .library(name: "RemoteBridgeListeners", targets: ["RemoteBridgeListeners"]),
        .library(name: "RemoteBridgeCore", targets: ["RemoteBridgeCore"]),
        .library(name: "RemoteBridgeGestures", targets: ["RemoteBridgeGestures"]),
        .library(name: "RemoteBridgeDBus", targets: ["RemoteBridgeDBus"]),
        .library(name: "RemoteBridgeMPRIS", targets: ["RemoteBridgeMPRIS"]),
        .library(name: "RemoteBridgeProcess", targets: ["RemoteBridgeProcess"]),
        .library(name: "RemoteBridgeEngineProtocol", targets: ["RemoteBridgeEngineProtocol"]),
        .library(name: "RemoteBridgePlayer", targets: ["RemoteBridgePlayer"]),
        .library(name: "RemoteBridgeTags", targets: ["RemoteBridgeTags"]),
        .library(name: "RemoteBridgeEvdev", targets: ["RemoteBridgeEvdev"]),
        .library(name: "RemoteBridgeDesktopKeys", targets: ["RemoteBridgeDesktopKeys"]),
        .library(name: "RemoteBridgeHeadsetDaemon", targets: ["RemoteBridgeHeadsetDaemon"]),
        .library(name: "RemoteBridgeDoctor", targets: ["RemoteBridgeDoctor"]),
        .library(name: "RemoteBridgeStateFile", targets: ["RemoteBridgeStateFile"]),
        .library(name: "RemoteBridgeResume", targets: ["RemoteBridgeResume"]),
        // remote-playerd as a library: its state file and queue sources, for the parser benchmarks.
        .library(name: "RemoteBridgePlayerDaemon", targets: ["RemoteBridgePlayerDaemon"]),
        .library(name: "RemoteBridgePrivateBus", targets: ["RemoteBridgePrivateBus"]),
        .library(name: "RemoteBridgeTesting", targets: ["RemoteBridgeTesting"]),
        // Renamed in 0.27.0; kept for one release (CHANGELOG.md, "Breaking"). Import RemoteBridgePlayer.
        .library(name: "RemoteBridgeMPV", targets: ["RemoteBridgeMPV"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // ---- Shared leaves: every program may link them, and they link nothing of ours but each other ----
        // RemoteBridgeDurations rounds with libm, which a program linking only RemoteBridgeGestures
        // (an example) would not link otherwise.
        .target(name: "RemoteBridgeDurations", linkerSettings: [.linkedLibrary("m")]),
        .target(name: "RemoteBridgeText"),
        .testTarget(name: "RemoteBridgeTextTests", dependencies: ["RemoteBridgeText"]),
        .target(name: "RemoteBridgeRelease"),
        .target(name: "CRemoteBridgeProcess"),
        .target(name: "RemoteBridgeProcess", dependencies: ["CRemoteBridgeProcess"]),

        // ---- remotebridge-engine: mpv, confined, behind the wire protocol ----
        .target(name: "RemoteBridgeEngineProtocol", dependencies: ["RemoteBridgeDurations", "RemoteBridgeText"]),
        .testTarget(name: "RemoteBridgeEngineProtocolTests", dependencies: ["RemoteBridgeEngineProtocol"]),
        // No pkgConfig: mpv.pc adds -D_REENTRANT, which SwiftPM warns about; the headers are in /usr/include.
        .systemLibrary(name: "CRemoteBridgeMPV"),
        .target(name: "CRemoteBridgeConfinement"),
        .target(name: "RemoteBridgeEngineConfinement", dependencies: ["CRemoteBridgeConfinement"]),
        .executableTarget(name: "confinement-probe", dependencies: ["RemoteBridgeEngineConfinement"]),
        .testTarget(name: "EngineConfinementTests", dependencies: ["RemoteBridgeEngineConfinement", "confinement-probe"]),
        .target(
            name: "RemoteBridgeEngine",
            dependencies: [
                "CRemoteBridgeMPV", "RemoteBridgeEngineProtocol", "RemoteBridgeEngineConfinement", "RemoteBridgeProcess", "RemoteBridgeText",
                "RemoteBridgeDurations", "CRemoteBridgeHeap",
            ]),
        .executableTarget(name: "remotebridge-engine", dependencies: ["RemoteBridgeEngine", "RemoteBridgeProcess", "RemoteBridgeRelease", "CRemoteBridgeHeap"]),
        .testTarget(
            name: "RemoteBridgeEngineTests", dependencies: ["RemoteBridgeEngine", "RemoteBridgeEngineProtocol", "RemoteBridgePlayer", "RemoteBridgeTesting", "remotebridge-engine"]),

        // ---- The libraries the daemons and remotectl share ----
        .target(name: "RemoteBridgeListeners"),
        .testTarget(name: "RemoteBridgeListenersTests", dependencies: ["RemoteBridgeListeners"]),
        .target(name: "RemoteBridgeLogging", dependencies: [logging]),
        .testTarget(name: "RemoteBridgeLoggingTests", dependencies: ["RemoteBridgeLogging", "RemoteBridgeTesting", logging]),
        .target(name: "RemoteBridgeCore", dependencies: ["RemoteBridgeListeners", "RemoteBridgeRelease"]),
        .testTarget(name: "RemoteBridgeCoreTests", dependencies: ["RemoteBridgeCore"]),
        .target(name: "RemoteBridgeGestures", dependencies: ["RemoteBridgeCore", "RemoteBridgeListeners", "RemoteBridgeDurations"]),
        .testTarget(name: "RemoteBridgeGesturesTests", dependencies: ["RemoteBridgeGestures", "RemoteBridgeDurations", "RemoteBridgeTesting"]),
        .systemLibrary(name: "CRemoteBridgeDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        .target(name: "RemoteBridgeDBus", dependencies: ["CRemoteBridgeDBus", "RemoteBridgeMainThread", "RemoteBridgeListeners", "RemoteBridgeDurations", "RemoteBridgeText"]),
        .testTarget(name: "RemoteBridgeDBusTests", dependencies: ["RemoteBridgeDBus", "RemoteBridgeTesting"]),
        .target(name: "RemoteBridgeMPRIS", dependencies: ["RemoteBridgeDBus", "RemoteBridgeListeners", "RemoteBridgeCore", "RemoteBridgeDurations", "RemoteBridgeText", "RemoteBridgeProcess"]),
        .testTarget(name: "RemoteBridgeMPRISTests", dependencies: ["RemoteBridgeMPRIS", "RemoteBridgeTesting"]),
        // The evdev ioctls, as C (ioctl is variadic). Nothing else lives here.
        .target(name: "CRemoteBridgeEvdev"),
        .target(name: "RemoteBridgeEvdev", dependencies: ["CRemoteBridgeEvdev", "RemoteBridgeListeners", "RemoteBridgeGestures", "RemoteBridgeCore", "RemoteBridgeText", systemPackage]),
        .testTarget(name: "RemoteBridgeEvdevTests", dependencies: ["RemoteBridgeEvdev", "RemoteBridgeTesting"]),
        .target(name: "RemoteBridgeDesktopKeys", dependencies: ["RemoteBridgeDBus", "RemoteBridgeListeners", "RemoteBridgeCore"]),
        .testTarget(name: "RemoteBridgeDesktopKeysTests", dependencies: ["RemoteBridgeDesktopKeys", "RemoteBridgeTesting"]),
        .target(name: "RemoteBridgeConfiguration", dependencies: ["RemoteBridgeCore", "RemoteBridgeGestures", "RemoteBridgeMPRIS", "RemoteBridgeDurations", "RemoteBridgeText"]),
        .testTarget(name: "RemoteBridgeConfigurationTests", dependencies: ["RemoteBridgeConfiguration", "RemoteBridgeMPRIS", "RemoteBridgeText", "RemoteBridgeDurations", "RemoteBridgeCore"], exclude: ["toml-test"]),
        .target(name: "RemoteBridgeStateFile"),
        .target(
            name: "RemoteBridgeResume",
            dependencies: ["RemoteBridgeStateFile", "RemoteBridgeConfiguration", "RemoteBridgeDBus", "RemoteBridgeMPRIS", "RemoteBridgeDurations"]),
        .testTarget(name: "RemoteBridgeResumeTests", dependencies: ["remotebridge-engine", "RemoteBridgeResume", "RemoteBridgeStateFile", "RemoteBridgePlayerDaemon", "RemoteBridgeTesting"]),
        // The daemons' main threads: Swift concurrency's global executor on dispatch's unmonitored
        // (overcommit) pool, so an idle daemon is never woken; and glibc's malloc_trim.
        .target(name: "CRemoteBridgeQuietExecutor"),
        .target(name: "RemoteBridgeMainThread", dependencies: ["CRemoteBridgeQuietExecutor"]),
        .testTarget(name: "QuietExecutorTests", dependencies: ["CRemoteBridgeQuietExecutor"]),
        .target(name: "CRemoteBridgeHeap"),
        .target(
            name: "RemoteBridgeDoctor",
            dependencies: [
                "RemoteBridgeDBus", "RemoteBridgeMPRIS", "RemoteBridgeEvdev", "RemoteBridgeDesktopKeys", "RemoteBridgeConfiguration", "RemoteBridgeText",
                "RemoteBridgeDurations", "RemoteBridgeProcess",
            ]),
        .testTarget(
            name: "RemoteBridgeDoctorTests",
            dependencies: [
                "RemoteBridgeDoctor", "RemoteBridgeHeadsetDaemon", "RemoteBridgeGestures", "RemoteBridgeTesting", "RemoteBridgeDesktopKeys", "mpris-test-player", "headsetd",
                logging,
            ]),

        // ---- remote-playerd: the player, its engine's client, the queue, the state and MPRIS ----
        // What audio files say of themselves (tags, length, cover), read without decoding them.
        .target(name: "RemoteBridgeTags"),
        .testTarget(name: "RemoteBridgeTagsTests", dependencies: ["RemoteBridgeTags", "RemoteBridgeTesting"]),
        .target(
            name: "RemoteBridgePlayer",
            dependencies: [
                "RemoteBridgeEngineProtocol", "RemoteBridgeProcess", "RemoteBridgeMainThread", "RemoteBridgeListeners", "RemoteBridgeCore", "RemoteBridgeDurations",
                "RemoteBridgeText", "RemoteBridgeTags",
            ]),
        .testTarget(
            name: "RemoteBridgePlayerTests",
            dependencies: ["RemoteBridgePlayer", "RemoteBridgeEngineProtocol", "RemoteBridgeEngineConfinement", "RemoteBridgeDBus", "RemoteBridgeTesting", "remotebridge-engine"]),
        // The one-release shim for the player's old name: it re-exports RemoteBridgePlayer.
        .target(name: "RemoteBridgeMPV", dependencies: ["RemoteBridgePlayer"]),
        .target(
            name: "RemoteBridgePlayerDaemon",
            dependencies: [
                "RemoteBridgeCore", "RemoteBridgeListeners", "RemoteBridgeDBus", "RemoteBridgeMPRIS", "RemoteBridgePlayer", "RemoteBridgeConfiguration",
                "RemoteBridgeEvdev", "RemoteBridgeDesktopKeys", "RemoteBridgeProcess", "RemoteBridgePrivateBus", "CRemoteBridgeHeap", "RemoteBridgeStateFile",
                "RemoteBridgeDurations", "RemoteBridgeText", logging, serviceLifecycle, systemPackage,
            ]),
        .testTarget(
            name: "RemoteBridgePlayerDaemonTests",
            dependencies: [
                "RemoteBridgePlayerDaemon", "RemoteBridgePlayer", "RemoteBridgeHeadsetDaemon", "RemoteBridgeTesting", "RemoteBridgeStateFile", "RemoteBridgeResume",
                "RemoteBridgeDurations", "RemoteBridgeText", logging, serviceLifecycle, "remotebridge-engine",
            ]),
        .executableTarget(
            name: "remote-playerd",
            dependencies: [
                "RemoteBridgePlayerDaemon", "RemoteBridgeConfiguration", "RemoteBridgeRelease", "RemoteBridgeLogging", "CRemoteBridgeHeap", "CRemoteBridgeQuietExecutor",
                "RemoteBridgeDurations", argumentParser, logging, systemPackage,
            ]),

        // ---- headsetd ----
        .target(
            name: "RemoteBridgeHeadsetDaemon",
            dependencies: [
                "RemoteBridgeGestures", "RemoteBridgeListeners", "RemoteBridgeDBus", "RemoteBridgeEvdev", "RemoteBridgeMPRIS", "RemoteBridgeCore",
                "RemoteBridgeConfiguration", "RemoteBridgeResume", "RemoteBridgeDoctor", "RemoteBridgeDurations", "RemoteBridgeText", logging, serviceLifecycle,
            ]),
        .testTarget(
            name: "RemoteBridgeHeadsetDaemonTests",
            dependencies: [
                "remotebridge-engine", "RemoteBridgeHeadsetDaemon", "RemoteBridgeDoctor", "RemoteBridgePlayerDaemon", "RemoteBridgeStateFile", "RemoteBridgeResume",
                "RemoteBridgeTesting", "RemoteBridgeListeners", logging,
            ]),
        .executableTarget(
            name: "headsetd",
            dependencies: [
                "RemoteBridgeHeadsetDaemon", "RemoteBridgeConfiguration", "RemoteBridgeRelease", "RemoteBridgeLogging", "CRemoteBridgeHeap", "CRemoteBridgeQuietExecutor",
                argumentParser, logging,
            ]),

        // ---- remotectl ----
        .target(
            name: "RemoteBridgeCtl",
            dependencies: [
                "RemoteBridgeDBus", "RemoteBridgeMPRIS", "RemoteBridgeResume", "RemoteBridgeDoctor", "RemoteBridgeCore", "RemoteBridgeRelease", "RemoteBridgeDurations",
                "RemoteBridgeText", systemPackage,
            ]),
        .testTarget(
            name: "RemoteBridgeCtlTests",
            dependencies: ["RemoteBridgeCtl", "remotectl", "remotebridge-engine", "RemoteBridgeHeadsetDaemon", "RemoteBridgeGestures", "RemoteBridgePlayerDaemon", "RemoteBridgeTesting", "RemoteBridgeText", logging]),
        .executableTarget(name: "remotectl", dependencies: ["RemoteBridgeCtl"]),

        // ---- Tests, fuzzing and their support ----
        // The docs' numbers (limits, timings, schedules, defaults), each read beside the constant it states.
        .testTarget(
            name: "ReadmeFactsTests",
            dependencies: [
                "RemoteBridgeCore", "RemoteBridgeRelease", "RemoteBridgeGestures", "RemoteBridgeText", "RemoteBridgeDurations", "RemoteBridgePlayer",
                "RemoteBridgeConfiguration", "RemoteBridgeStateFile", "RemoteBridgeResume", "RemoteBridgePlayerDaemon", "RemoteBridgeHeadsetDaemon", "RemoteBridgeCtl",
            ]),
        // remotectl beside playerctl 2.4.1 on the same scripted players: the same stdout, stderr and status.
        .testTarget(
            name: "PlayerctlDifferentialTests",
            dependencies: [
                "RemoteBridgeTesting", "RemoteBridgeDBus", "RemoteBridgeMPRIS", "RemoteBridgePlayerDaemon", "remotectl", "remotebridge-engine", "mpris-test-player", logging,
            ]),
        // The fuzz harnesses and the program that is the fuzzer (built by `make fuzz` with
        // -sanitize=fuzzer) or, built plainly, replays inputs. The tests replay fuzz/corpus.
        .target(
            name: "RemoteBridgeFuzzing",
            dependencies: [
                "RemoteBridgeConfiguration", "RemoteBridgePlayerDaemon", "RemoteBridgePlayer", "RemoteBridgeEngineProtocol", "RemoteBridgeStateFile", "RemoteBridgeResume",
                "RemoteBridgeCtl", "RemoteBridgeEvdev", "RemoteBridgeGestures", "RemoteBridgeDBus", "RemoteBridgeMPRIS", "RemoteBridgeProcess", "RemoteBridgePrivateBus",
                "RemoteBridgeTesting", "RemoteBridgeTags",
            ]),
        .executableTarget(name: "remotebridge-fuzz", dependencies: ["RemoteBridgeFuzzing"]),
        .testTarget(name: "RemoteBridgeFuzzingTests", dependencies: ["RemoteBridgeFuzzing"]),
        // A scripted MPRIS player as a program, for the tests that have a bus start one (D-Bus activation).
        .executableTarget(name: "mpris-test-player", dependencies: ["RemoteBridgeTesting", "RemoteBridgeDBus"]),
        // A private dbus-daemon, for tests, benchmarks and `remote-playerd --demo`.
        .target(name: "RemoteBridgePrivateBus", dependencies: ["RemoteBridgeProcess", systemPackage]),
        .target(
            name: "RemoteBridgeTesting",
            dependencies: [
                "RemoteBridgeDBus", "RemoteBridgeListeners", "RemoteBridgeMPRIS", "RemoteBridgeCore", "RemoteBridgeEvdev", "RemoteBridgeDesktopKeys", "RemoteBridgeProcess",
                "CRemoteBridgeProcess", "RemoteBridgePrivateBus", "RemoteBridgeDurations", systemPackage,
            ]),
    ],
    swiftLanguageModes: [.v6]
)
