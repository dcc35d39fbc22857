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
        .executable(name: "remotebridge-engine", targets: ["remotebridge-engine"]),
        // The libraries another package may build on.
        .library(name: "RemoteBridgeListeners", targets: ["RemoteBridgeListeners"]),
        .library(name: "RemoteBridgeCore", targets: ["RemoteBridgeCore"]),
        .library(name: "RemoteBridgeGestures", targets: ["RemoteBridgeGestures"]),
        .library(name: "RemoteBridgeDBus", targets: ["RemoteBridgeDBus"]),
        .library(name: "RemoteBridgeMPRIS", targets: ["RemoteBridgeMPRIS"]),
        .library(name: "RemoteBridgeMPV", targets: ["RemoteBridgeMPV"]),
        .library(name: "RemoteBridgeEvdev", targets: ["RemoteBridgeEvdev"]),
        .library(name: "RemoteBridgeDesktopKeys", targets: ["RemoteBridgeDesktopKeys"]),
        .library(name: "RemoteBridgeHeadsetDaemon", targets: ["RemoteBridgeHeadsetDaemon"]),
        .library(name: "RemoteBridgeDoctor", targets: ["RemoteBridgeDoctor"]),
        .library(name: "RemoteBridgeResume", targets: ["RemoteBridgeResume"]),
        // remote-playerd as a library: its state file and queue sources, for the parser benchmarks.
        .library(name: "RemoteBridgePlayerDaemon", targets: ["RemoteBridgePlayerDaemon"]),
        .library(name: "RemoteBridgePrivateBus", targets: ["RemoteBridgePrivateBus"]),
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
        // with libm, which a program linking only RemoteBridgeGestures (an example) would not link otherwise.
        .target(name: "RemoteBridgeDurations", linkerSettings: [.linkedLibrary("m")]),
        // Outside text quoted in errors and logs: escaped, and bounded in bytes. Used by every module that quotes.
        .target(name: "RemoteBridgeText"),
        .testTarget(name: "RemoteBridgeTextTests", dependencies: ["RemoteBridgeText"]),
        // Listeners<Event>: the one way a component announces what happened, to any number of listeners.
        .target(name: "RemoteBridgeListeners"),
        .testTarget(name: "RemoteBridgeListenersTests", dependencies: ["RemoteBridgeListeners"]),
        // The daemons' log lines: the journal's form (syslog priority prefixes) when stderr is the journal.
        .target(name: "RemoteBridgeLogging", dependencies: [logging]),
        .testTarget(name: "RemoteBridgeLoggingTests", dependencies: ["RemoteBridgeLogging", "RemoteBridgeTesting", logging]),
        // The core model: events, responders, the application, the player controller. Pure Swift, no I/O.
        .target(name: "RemoteBridgeCore", dependencies: ["RemoteBridgeListeners"]),
        .testTarget(name: "RemoteBridgeCoreTests", dependencies: ["RemoteBridgeCore"]),
        // Button gesture recognizers (click patterns) on an injectable clock.
        .target(name: "RemoteBridgeGestures", dependencies: ["RemoteBridgeCore", "RemoteBridgeListeners", "RemoteBridgeDurations"]),
        .testTarget(name: "RemoteBridgeGesturesTests", dependencies: ["RemoteBridgeGestures", "RemoteBridgeDurations", "RemoteBridgeTesting"]),

        // libdbus, as a system library. Nothing else lives here.
        .systemLibrary(name: "CRemoteBridgeDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        // A Swift API over libdbus: connection, typed values, interface declarations, calls,
        // signals, names, exported objects.
        .target(name: "RemoteBridgeDBus", dependencies: ["CRemoteBridgeDBus", "RemoteBridgeListeners", "RemoteBridgeDurations", "RemoteBridgeText"]),
        .testTarget(name: "RemoteBridgeDBusTests", dependencies: ["RemoteBridgeDBus", "RemoteBridgeTesting"]),
        // The MPRIS 2.2 and RemoteControl1 declarations, the server, a client and the now-playing tracker.
        .target(name: "RemoteBridgeMPRIS", dependencies: ["RemoteBridgeDBus", "RemoteBridgeListeners", "RemoteBridgeCore", "RemoteBridgeDurations", "RemoteBridgeText"]),
        .testTarget(name: "RemoteBridgeMPRISTests", dependencies: ["RemoteBridgeMPRIS", "RemoteBridgeTesting"]),
        // ChildProcess, the one way to start a program (dying with us), and a private dbus-daemon on it
        // (tests, benchmarks, `remote-playerd --demo`). Its C shims are in CRemoteBridgeSpawn.
        .target(name: "CRemoteBridgeSpawn"),
        .target(name: "RemoteBridgePrivateBus", dependencies: ["CRemoteBridgeSpawn", systemPackage]),

        // The player adapter: the queue and its rules, and mpv as the engine process offers it
        // (the channel, its protocol, the engine's start and loss). It does not link libmpv.
        .target(
            name: "RemoteBridgeMPV",
            dependencies: ["RemoteBridgeListeners", "RemoteBridgeCore", "RemoteBridgeDurations", "RemoteBridgeText", "RemoteBridgePrivateBus", "CRemoteBridgeSpawn", "RemoteBridgeEngineConfinement", systemPackage]),
        .testTarget(name: "RemoteBridgeMPVTests", dependencies: ["RemoteBridgeMPV", "RemoteBridgeTesting", "remotebridge-engine"]),
        // libmpv, as a system library, and the engine: the program that links it and plays,
        // confined, for remote-playerd, over the channel RemoteBridgeMPV speaks.
        // No pkgConfig: mpv.pc adds -D_REENTRANT, which SwiftPM warns about; the headers are in /usr/include.
        .systemLibrary(name: "CRemoteBridgeMPV"),
        .target(name: "RemoteBridgeEngine", dependencies: ["CRemoteBridgeMPV", "RemoteBridgeMPV", "RemoteBridgeEngineConfinement", "RemoteBridgeText", "RemoteBridgeDurations"]),
        .executableTarget(name: "remotebridge-engine", dependencies: ["RemoteBridgeEngine", "RemoteBridgeCore", "CRemoteBridgeSpawn"]),
        .testTarget(name: "RemoteBridgeEngineTests", dependencies: ["RemoteBridgeEngine", "RemoteBridgeMPV", "RemoteBridgeTesting", "remotebridge-engine"]),

        // The evdev ioctls, as C (ioctl is variadic). Nothing else lives here.
        .target(name: "CRemoteBridgeEvdev"),
        // Evdev input: devices or FIFOs, discovery, hot-plug, the key map (over RemoteBridgeGestures' table of key codes).
        .target(name: "RemoteBridgeEvdev", dependencies: ["CRemoteBridgeEvdev", "RemoteBridgeListeners", "RemoteBridgeGestures", "RemoteBridgeCore", "RemoteBridgeText", systemPackage]),
        .testTarget(name: "RemoteBridgeEvdevTests", dependencies: ["RemoteBridgeEvdev", "RemoteBridgeTesting"]),
        // The desktop's media keys: the GNOME, MATE and Cinnamon settings-daemon grab over D-Bus.
        .target(name: "RemoteBridgeDesktopKeys", dependencies: ["RemoteBridgeDBus", "RemoteBridgeListeners", "RemoteBridgeCore"]),
        .testTarget(name: "RemoteBridgeDesktopKeysTests", dependencies: ["RemoteBridgeDesktopKeys", "RemoteBridgeTesting"]),

        // The shared config file: XDG paths, loading, the schema, and a small TOML parser with
        // line numbers for every key.
        .target(name: "RemoteBridgeConfiguration", dependencies: ["RemoteBridgeCore", "RemoteBridgeGestures", "RemoteBridgeMPRIS", "RemoteBridgeDurations", "RemoteBridgeText"]),
        .testTarget(name: "RemoteBridgeConfigurationTests", dependencies: ["RemoteBridgeConfiguration", "RemoteBridgeMPRIS", "RemoteBridgeText"], exclude: ["toml-test"]),

        // Media-button resumption without mpv: the state file's layout and a summary of a saved
        // state, the policy that decides from it, and the start of remote-playerd by D-Bus
        // activation. headsetd, remotectl and remote-playerd (the format) share it.
        .target(
            name: "RemoteBridgeResume",
            dependencies: ["RemoteBridgeConfiguration", "RemoteBridgeDBus", "RemoteBridgeMPRIS", "RemoteBridgeDurations"]),
        .testTarget(name: "RemoteBridgeResumeTests", dependencies: ["remotebridge-engine", "RemoteBridgeResume", "RemoteBridgePlayerDaemon", "RemoteBridgeTesting"]),

        // Swift concurrency's global executor on dispatch's unmonitored (overcommit) pool, so an idle
        // daemon is never woken: the two daemons' mains install it first thing.
        .target(name: "CRemoteBridgeQuietExecutor"),
        .testTarget(name: "QuietExecutorTests", dependencies: ["CRemoteBridgeQuietExecutor"]),

        // glibc's malloc_trim, to hand a large load's free pages back to the kernel. Nothing else lives here.
        .target(name: "CRemoteBridgeHeap"),

        // The checks of `remotectl doctor`: every link a press travels (buses, daemons, installed
        // files, input devices, desktop keys, Bluetooth, players, the config file), each with its
        // fix. headsetd logs the failing ones at start.
        .target(
            name: "RemoteBridgeDoctor",
            dependencies: [
                "RemoteBridgeDBus", "RemoteBridgeMPRIS", "RemoteBridgeEvdev", "RemoteBridgeDesktopKeys", "RemoteBridgeConfiguration", "RemoteBridgeText",
                "RemoteBridgeDurations",
            ]),
        .testTarget(
            name: "RemoteBridgeDoctorTests",
            dependencies: [
                "RemoteBridgeDoctor", "RemoteBridgeHeadsetDaemon", "RemoteBridgeGestures", "RemoteBridgeTesting", "RemoteBridgeDesktopKeys", "mpris-test-player", "headsetd",
                logging,
            ]),

        // remote-playerd, as a library (and its Service) so tests run it in-process.
        .target(
            name: "RemoteBridgePlayerDaemon",
            dependencies: [
                "RemoteBridgeCore", "RemoteBridgeListeners", "RemoteBridgeDBus", "RemoteBridgeMPRIS", "RemoteBridgeMPV", "RemoteBridgeConfiguration",
                "RemoteBridgeEvdev", "RemoteBridgeDesktopKeys", "RemoteBridgePrivateBus", "CRemoteBridgeHeap", "RemoteBridgeResume", "RemoteBridgeDurations", "RemoteBridgeText", logging, serviceLifecycle, systemPackage,
            ]),
        .testTarget(
            name: "RemoteBridgePlayerDaemonTests",
            dependencies: [
                "RemoteBridgePlayerDaemon", "RemoteBridgeHeadsetDaemon", "RemoteBridgeTesting", "RemoteBridgeResume", "RemoteBridgeDurations", "RemoteBridgeText", logging,
                serviceLifecycle, "remotebridge-engine",
            ]),
        .executableTarget(
            name: "remote-playerd", dependencies: ["RemoteBridgePlayerDaemon", "RemoteBridgeConfiguration", "RemoteBridgeCore", "RemoteBridgeLogging", "CRemoteBridgeHeap", "CRemoteBridgeQuietExecutor", "RemoteBridgeDurations", argumentParser, logging, systemPackage]),

        // headsetd, as a library (and its Service) so tests run it in-process.
        .target(
            name: "RemoteBridgeHeadsetDaemon",
            dependencies: [
                "RemoteBridgeGestures", "RemoteBridgeListeners", "RemoteBridgeDBus", "RemoteBridgeEvdev", "RemoteBridgeMPRIS", "RemoteBridgeCore",
                "RemoteBridgeConfiguration", "RemoteBridgeResume", "RemoteBridgeDoctor", "RemoteBridgeDurations", "RemoteBridgeText", logging, serviceLifecycle,
            ]),
        .testTarget(name: "RemoteBridgeHeadsetDaemonTests", dependencies: ["remotebridge-engine", "RemoteBridgeHeadsetDaemon", "RemoteBridgeDoctor", "RemoteBridgePlayerDaemon", "RemoteBridgeResume", "RemoteBridgeTesting", "RemoteBridgeListeners", logging]),
        .executableTarget(name: "headsetd", dependencies: ["RemoteBridgeHeadsetDaemon", "RemoteBridgeConfiguration", "RemoteBridgeCore", "RemoteBridgeLogging", "CRemoteBridgeHeap", "CRemoteBridgeQuietExecutor", argumentParser, logging]),

        // remotectl, as a library so tests run it in-process, and its main.
        .target(name: "RemoteBridgeCtl", dependencies: ["RemoteBridgeDBus", "RemoteBridgeMPRIS", "RemoteBridgeResume", "RemoteBridgeDoctor", "RemoteBridgeCore", "RemoteBridgeDurations", "RemoteBridgeText", systemPackage]),
        .testTarget(
            name: "RemoteBridgeCtlTests",
            dependencies: ["RemoteBridgeCtl", "remotectl", "remotebridge-engine", "RemoteBridgeHeadsetDaemon", "RemoteBridgeGestures", "RemoteBridgePlayerDaemon", "RemoteBridgeTesting", "RemoteBridgeText", logging]),
        .executableTarget(name: "remotectl", dependencies: ["RemoteBridgeCtl"]),

        // README.md's numbers (limits, timings, schedules, defaults), each read beside the constant it states.
        .testTarget(
            name: "ReadmeFactsTests",
            dependencies: [
                "RemoteBridgeCore", "RemoteBridgeGestures", "RemoteBridgeText", "RemoteBridgeDurations", "RemoteBridgeMPV", "RemoteBridgeConfiguration",
                "RemoteBridgeResume", "RemoteBridgePlayerDaemon", "RemoteBridgeHeadsetDaemon", "RemoteBridgeCtl",
            ]),

        // remotectl beside playerctl 2.4.1 on the same scripted players: the same stdout, stderr and status.
        .testTarget(
            name: "PlayerctlDifferentialTests",
            dependencies: [
                "RemoteBridgeTesting", "RemoteBridgeDBus", "RemoteBridgeMPRIS", "RemoteBridgePlayerDaemon", "remotectl", "remotebridge-engine", "mpris-test-player", logging,
            ]),
        // The fuzz harnesses: one per parser of outside input, with the properties each checks,
        // and the program that is the fuzzer (built by `make fuzz` with -sanitize=fuzzer) or,
        // built plainly, replays inputs. The tests replay every corpus file in fuzz/corpus.
        .target(
            name: "RemoteBridgeFuzzing",
            dependencies: [
                "RemoteBridgeConfiguration", "RemoteBridgePlayerDaemon", "RemoteBridgeMPV", "RemoteBridgeResume", "RemoteBridgeCtl", "RemoteBridgeEvdev",
                "RemoteBridgeDBus", "RemoteBridgeMPRIS", "RemoteBridgePrivateBus", "RemoteBridgeTesting",
            ]),
        .executableTarget(name: "remotebridge-fuzz", dependencies: ["RemoteBridgeFuzzing"]),
        .testTarget(name: "RemoteBridgeFuzzingTests", dependencies: ["RemoteBridgeFuzzing"]),

        // A scripted MPRIS player as a program, for the tests that have a bus start one (D-Bus activation).
        .executableTarget(name: "mpris-test-player", dependencies: ["RemoteBridgeTesting", "RemoteBridgeDBus"]),

        // ---- The engine's confinement (remotebridge-engine calls it once in main, before libmpv) ----
        // The layers in C (descriptors, no-new-privs, user + mount namespace hiding the buses,
        // Landlock, the seccomp allowlist), the Swift API over them, a program that applies them and
        // runs probes, and the tests that run it. docs/engine-confinement.md says what each layer does.
        .target(name: "CRemoteBridgeConfinement"),
        .target(name: "RemoteBridgeEngineConfinement", dependencies: ["CRemoteBridgeConfinement"]),
        .executableTarget(name: "confinement-probe", dependencies: ["RemoteBridgeEngineConfinement"]),
        .testTarget(name: "EngineConfinementTests", dependencies: ["RemoteBridgeEngineConfinement", "confinement-probe"]),
        // ---- end of the engine's confinement ----

        // Test support: a private bus per suite, outside programs, media files, evdev FIFOs, fake peers.
        .target(
            name: "RemoteBridgeTesting",
            dependencies: [
                "RemoteBridgeDBus", "RemoteBridgeListeners", "RemoteBridgeMPRIS", "RemoteBridgeCore", "RemoteBridgeEvdev", "RemoteBridgeDesktopKeys", "RemoteBridgePrivateBus",
                "RemoteBridgeDurations", "CRemoteBridgeSpawn", systemPackage,
            ]),
    ],
    swiftLanguageModes: [.v6]
)
