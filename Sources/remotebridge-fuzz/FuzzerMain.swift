// SPDX-License-Identifier: Apache-2.0
import Glibc
import RemoteBridgeFuzzing

#if FUZZING
/// The fuzzer: libFuzzer's driver, run on the harness `HarnessChoice` names. Built by
/// `make fuzz` with `-sanitize=fuzzer,address` and `-DFUZZING`; every libFuzzer flag works.
///
/// SwiftPM links an executable's main as `<module>_main`; this is it, calling libFuzzer's
/// driver (`LLVMFuzzerRunDriver`) instead of libFuzzer's own main, so that the harness is
/// chosen before the first input.
@_cdecl("remotebridge_fuzz_main")
func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    var arguments = (0..<Int(argc)).map { argv[$0] }
    // No array of the arguments' text is kept: this frame lives until exit, where LeakSanitizer
    // would not find it.
    func text(_ argument: UnsafeMutablePointer<CChar>?) -> String { argument.map { String(cString: $0) } ?? "" }
    if arguments.count > 1, let harness = FuzzHarness.named(text(arguments[1])) {
        arguments.remove(at: 1)
        setenv(HarnessChoice.variable, harness.name, 1)
    }
    if arguments.count == 2, text(arguments[1]) == "--list-harnesses" {
        print(FuzzHarness.all.map(\.name).joined(separator: "\n"))
        return 0
    }
    guard let harness = HarnessChoice.fromEnvironment() else {
        printError("usage: remotebridge-fuzz HARNESS [libFuzzer flags] [corpus folders]\nharnesses:\n\(HarnessChoice.list)")
        return 2
    }
    if arguments.contains(where: { text($0) == "--corpus-folders" }) {
        // For scripts/fuzz: the folders that seed this harness, from the repository's root.
        print(CorpusFiles.folders(of: harness, root: ".").map { $0.hasPrefix("./") ? String($0.dropFirst(2)) : $0 }.joined(separator: "\n"))
        return 0
    }
    if arguments.contains(where: { text($0) == "--fuzz-flags" }) {
        // For scripts/fuzz: libFuzzer flags this harness needs.
        print(harness.fuzzerFlags.joined(separator: " "))
        return 0
    }
    FuzzTarget.harness = harness
    FuzzTarget.arguments = arguments
    // libFuzzer keeps the list; it lives as long as the process.
    let count = arguments.count
    let list = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: count + 1)
    for (index, argument) in arguments.enumerated() { list[index] = argument }
    list[count] = nil
    let handed = Arguments(list: list, count: CInt(count))
    runBesideMainActor {
        harness.prepare()
        var count = handed.count
        var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = handed.list
        exit(LLVMFuzzerRunDriver(&count, &list, fuzzOne))
    }
}

/// The argument list handed to libFuzzer's thread.
private struct Arguments: @unchecked Sendable {
    let list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    let count: CInt
}

/// The harness every input goes to; set once, before the driver starts.
enum FuzzTarget {
    nonisolated(unsafe) static var harness: FuzzHarness?
    /// libFuzzer's arguments, kept for the process (LeakSanitizer looks for them at exit).
    nonisolated(unsafe) static var arguments: [UnsafeMutablePointer<CChar>?] = []
}

/// One input: a broken property is a crash to libFuzzer, which saves the input.
private func fuzzOne(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    do throws(PropertyViolation) {
        try FuzzTarget.harness!.run(UnsafeRawBufferPointer(start: data, count: count))
    } catch {
        printError("property violated (\(FuzzTarget.harness!.name)): \(error.description)")
        abort()
    }
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
#endif
