import Foundation
import Testing

@testable import EvdevInput

/// Devices are opened in the kernel's order, event2 before event10, without a locale.
@Suite("Input discovery order")
struct DiscoveryOrderTests {
    @Test("event nodes sort by number; names without one come after, by name")
    func naturalOrder() throws {
        let names = ["event10", "event2", "eventX", "event1", "event0", "event-b"]
        #expect(names.sorted(by: InputDiscovery.isNaturallyBefore) == ["event0", "event1", "event2", "event10", "event-b", "eventX"])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remotebridge-order-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["event11", "event3", "mouse0", "event20"] {
            _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: nil)
        }
        #expect(InputDiscovery.eventNodes(in: folder.path) == ["event3", "event11", "event20"].map { folder.path + "/" + $0 })
    }
}
