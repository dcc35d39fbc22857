// swift-tools-version: 6.2
// SPDX-License-Identifier: Apache-2.0
// RemoteBridge's benchmarks, in a package of their own (as swift-nio does) so that projects
// depending on RemoteBridge never fetch the benchmark tooling.
//
// Run with `make benchmark`, or here: `swift package --disable-sandbox benchmark`.

import PackageDescription

let package = Package(
    name: "RemoteBridgeBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "RemoteBridge", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // Shared by the benchmark targets: an MPRIS latency probe, /proc readers, timing whole programs, starting remote-playerd and mpv +
        // mpv-mpris side by side (Contender, Launcher), the concurrent load, environment settings and the tables' figures.
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                .product(name: "RemoteBridgeDBus", package: "RemoteBridge"), .product(name: "RemoteBridgeMPRIS", package: "RemoteBridge"),
                .product(name: "RemoteBridgeTesting", package: "RemoteBridge"), .product(name: "RemoteBridgePrivateBus", package: "RemoteBridge"),
            ]
        ),
        // RSS and idle wakeups of both daemons beside the C floors and mpv + mpv-mpris, and remote-playerd with its engine playing (make bench).
        .executableTarget(
            name: "Footprint",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "RemoteBridgeDBus", package: "RemoteBridge"), .product(name: "RemoteBridgeMPRIS", package: "RemoteBridge"),
                .product(name: "RemoteBridgeTesting", package: "RemoteBridge"), .product(name: "RemoteBridgePrivateBus", package: "RemoteBridge"),
            ]
        ),
        // remote-playerd beside mpv + mpv-mpris with 1 000 to 100 000 queue entries, and its state file with entries' kept
        // positions (make scale).
        .executableTarget(
            name: "Scale",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "RemoteBridgePlayerDaemon", package: "RemoteBridge"), .product(name: "RemoteBridgePlayer", package: "RemoteBridge"),
                .product(name: "RemoteBridgeDBus", package: "RemoteBridge"), .product(name: "RemoteBridgeMPRIS", package: "RemoteBridge"),
                .product(name: "RemoteBridgeTesting", package: "RemoteBridge"), .product(name: "RemoteBridgePrivateBus", package: "RemoteBridge"),
            ]
        ),
        // Memory a burst of D-Bus calls takes and gives back, remote-playerd beside mpv + mpv-mpris (make burst-bench, make burst-check).
        .executableTarget(
            name: "Bursts",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "RemoteBridgeDBus", package: "RemoteBridge"), .product(name: "RemoteBridgeMPRIS", package: "RemoteBridge"),
                .product(name: "RemoteBridgeTesting", package: "RemoteBridge"), .product(name: "RemoteBridgePrivateBus", package: "RemoteBridge"),
            ]
        ),
        // How long a D-Bus client waits while the engine starts cold, hangs, or under load, remote-playerd beside mpv + mpv-mpris (make wait-bench).
        .executableTarget(
            name: "BusWaits",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "RemoteBridgeDBus", package: "RemoteBridge"), .product(name: "RemoteBridgeMPRIS", package: "RemoteBridge"),
                .product(name: "RemoteBridgeTesting", package: "RemoteBridge"), .product(name: "RemoteBridgePrivateBus", package: "RemoteBridge"),
            ]
        ),
        // Media-button resumption: press → Playing, cold (D-Bus activation) and warm, and where the cold time goes (make resume-bench).
        .executableTarget(
            name: "Resumption",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "RemoteBridgeHeadsetDaemon", package: "RemoteBridge"), .product(name: "RemoteBridgeResume", package: "RemoteBridge"),
                .product(name: "RemoteBridgeDBus", package: "RemoteBridge"), .product(name: "RemoteBridgeMPRIS", package: "RemoteBridge"),
                .product(name: "RemoteBridgeEvdev", package: "RemoteBridge"),
                .product(name: "RemoteBridgeTesting", package: "RemoteBridge"), .product(name: "RemoteBridgePrivateBus", package: "RemoteBridge"),
            ]
        ),
        // The tag readers beside Mutagen on 10 000 files of every format: files a second and bytes read (make tag-bench).
        .executableTarget(
            name: "TagReading",
            dependencies: [.product(name: "RemoteBridgeTags", package: "RemoteBridge"), .product(name: "RemoteBridgeTesting", package: "RemoteBridge")]
        ),
        // in-process delivery through a 4-deep responder chain with one monitor.
        .executableTarget(
            name: "RemoteControlBenchmarks",
            dependencies: [
                .product(name: "RemoteBridgeCore", package: "RemoteBridge"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/RemoteControlBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // MPRIS round trip and control-to-notification latency, against the in-memory player.
        .executableTarget(
            name: "MPRISBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "RemoteBridgeMPRIS", package: "RemoteBridge"),
                .product(name: "RemoteBridgeTesting", package: "RemoteBridge"), .product(name: "RemoteBridgePrivateBus", package: "RemoteBridge"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/MPRISBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Against the peer: remote-playerd and mpv with mpv-mpris, in the same run.
        .executableTarget(
            name: "PlayerBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "RemoteBridgeDBus", package: "RemoteBridge"),
                .product(name: "RemoteBridgeTesting", package: "RemoteBridge"), .product(name: "RemoteBridgePrivateBus", package: "RemoteBridge"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/PlayerBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // remotectl play-pause against playerctl play-pause, whole-process wall time, same run.
        .executableTarget(
            name: "RemoteCtlBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "RemoteBridgeDBus", package: "RemoteBridge"),
                .product(name: "RemoteBridgeTesting", package: "RemoteBridge"), .product(name: "RemoteBridgePrivateBus", package: "RemoteBridge"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/RemoteCtlBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The parsers of large outside input: the state file at 100 000 entries, an M3U of 100 000 lines.
        .executableTarget(
            name: "ParserBenchmarks",
            dependencies: [
                .product(name: "RemoteBridgePlayerDaemon", package: "RemoteBridge"),
                .product(name: "RemoteBridgePlayer", package: "RemoteBridge"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ParserBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // headset gesture decided → MPRIS call at the player.
        .executableTarget(
            name: "HeadsetBenchmarks",
            dependencies: [
                .product(name: "RemoteBridgeHeadsetDaemon", package: "RemoteBridge"),
                .product(name: "RemoteBridgeMPRIS", package: "RemoteBridge"),
                .product(name: "RemoteBridgeTesting", package: "RemoteBridge"), .product(name: "RemoteBridgePrivateBus", package: "RemoteBridge"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/HeadsetBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
