// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeText
import Testing

@testable import RemoteBridgeEvdev

/// Devices are opened in the kernel's order, event2 before event10, without a locale.
@Suite("Input discovery order")
struct DiscoveryOrderTests {
    @Test("event nodes sort in the natural order the folder walk uses: by number, letters without case")
    func naturalOrder() throws {
        let names = ["event10", "event2", "eventX", "event1", "event0", "event-b", "eventa"]
        #expect(names.sorted(by: NaturalOrder.isBefore) == ["event-b", "event0", "event1", "event2", "event10", "eventa", "eventX"])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remotebridge-order-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["event11", "event3", "mouse0", "event20"] {
            _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: nil)
        }
        #expect(InputDiscovery.eventNodes(in: folder.path) == ["event3", "event11", "event20"].map { folder.path + "/" + $0 })
    }
}
