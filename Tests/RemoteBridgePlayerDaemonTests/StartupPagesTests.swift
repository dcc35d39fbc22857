// SPDX-License-Identifier: Apache-2.0
import CRemoteBridgeHeap
import Glibc
import Testing

/// `cheap_release_startup_pages`: the executable's read-only pages that are still the file's go,
/// and the program runs on (each page comes back from the page cache when touched). Here the
/// executable is the test runner.
@Suite("Start-up pages let go of")
struct StartupPagesTests {
    /// Resident KiB of the mappings of the file `path` with permissions `permissions`, from
    /// /proc/self/smaps.
    private static func resident(of path: String, permissions: String) -> Int {
        guard let file = fopen("/proc/self/smaps", "r") else { return -1 }
        defer { fclose(file) }
        var total = 0
        var inside = false
        var line = [CChar](repeating: 0, count: 8192)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let fields = text.split(separator: " ", omittingEmptySubsequences: true)
            if fields.count >= 6, fields[0].contains("-") {
                inside = fields[1] == permissions && fields[5].hasPrefix(path)
            } else if inside, fields.first == "Rss:", fields.count >= 2 {
                total += Int(fields[1]) ?? 0
            }
        }
        return total
    }

    private static func executable() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return String(decoding: buffer.prefix(max(count, 0)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    @Test("the executable's code goes from memory, and the code runs on")
    func releases() {
        let program = Self.executable()
        let before = Self.resident(of: program, permissions: "r-xp")
        #expect(before > 0)
        let released = cheap_release_startup_pages()
        #expect(released > 0)
        let after = Self.resident(of: program, permissions: "r-xp")
        #expect(after < before, "r-xp resident \(before) KiB → \(after) KiB")
        // Code of the test runner, run after its pages went: it comes back from the page cache.
        #expect(Self.resident(of: program, permissions: "r-xp") >= 0)
        #expect(program.hasPrefix("/"))
    }
}
