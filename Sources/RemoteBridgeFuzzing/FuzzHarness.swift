// SPDX-License-Identifier: Apache-2.0
/// One parser of outside input as a fuzzer drives it: bytes in, and the properties that must
/// hold for whatever the bytes are. A crash or a Swift trap inside is a finding too; a broken
/// property is thrown (`PropertyViolation`), so that a replay reports it as a test failure and
/// the fuzzer as a crash.
///
/// Each harness has a seed corpus in `fuzz/corpus/<name>/`, which `make test` replays
/// (`CorpusReplayTests`) and `make fuzz` starts from.
package struct FuzzHarness: Sendable {
    /// The name: the corpus folder and the fuzzer's first argument.
    package let name: String
    /// What it feeds, and what it checks, in a line.
    package let summary: String
    /// Folders of the project's tests (from the repository's root) holding files of this
    /// harness's format, which seed it and are replayed with it too.
    package let testFiles: [String]
    /// Whether what one input does stays for the next (a server's state): then libFuzzer's
    /// leak check, which takes memory an input kept for a leak, cannot tell, and `make fuzz`
    /// watches the harness's memory over the run instead.
    package let keepsState: Bool
    /// The longest input worth making, in bytes: above the limits the parser enforces, so that
    /// the fuzzer reaches them (libFuzzer's default is 4 096, or the longest seed).
    package let longestInput: Int?
    private let prepareOnce: @Sendable () -> Void
    private let body: @Sendable (UnsafeRawBufferPointer) throws(PropertyViolation) -> Void

    init(
        name: String, summary: String, testFiles: [String] = [], keepsState: Bool = false, longestInput: Int? = nil,
        prepare: @escaping @Sendable () -> Void = {},
        body: @escaping @Sendable (UnsafeRawBufferPointer) throws(PropertyViolation) -> Void
    ) {
        self.name = name
        self.summary = summary
        self.testFiles = testFiles
        self.keepsState = keepsState
        self.longestInput = longestInput
        self.prepareOnce = prepare
        self.body = body
    }

    /// Sets up what the harness keeps for the whole run, before the first input (so that it is
    /// not counted as that input's allocation).
    package func prepare() {
        prepareOnce()
    }

    /// Runs the parser on `bytes` and checks its properties.
    package func run(_ bytes: UnsafeRawBufferPointer) throws(PropertyViolation) {
        try body(bytes)
    }

    /// Runs the parser on `bytes` and checks its properties.
    package func run(_ bytes: [UInt8]) throws(PropertyViolation) {
        try bytes.withUnsafeBytes { buffer in Result { () throws(PropertyViolation) in try body(buffer) } }.get()
    }

    /// The libFuzzer flags this harness runs with.
    package var fuzzerFlags: [String] {
        (keepsState ? ["-detect_leaks=0"] : []) + (longestInput.map { ["-max_len=\($0)"] } ?? [])
    }

    /// Every harness, in the order `make fuzz` runs them.
    package static let all: [FuzzHarness] = [
        .configuration, .playlist, .stateFile, .fileTags, .embeddedArt, .template, .commandLine, .evdev, .dbusMessage, .mprisCall, .engineChannel,
    ]

    /// The harness named `name`.
    package static func named(_ name: String) -> FuzzHarness? {
        all.first { $0.name == name }
    }
}
