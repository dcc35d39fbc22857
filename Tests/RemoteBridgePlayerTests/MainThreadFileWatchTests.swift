// SPDX-License-Identifier: Apache-2.0
import Glibc
import RemoteBridgeMainThread
import RemoteBridgeTesting
import Testing

/// The watch outside a daemon (a DispatchSource on the main queue), as the engine's channel uses
/// it in tests and remotectl uses it for the bus.
@Suite("MainThreadFileWatch on the main queue")
@MainActor
struct MainThreadFileWatchTests {
    @Test("a handler that reads 4 KiB a call is called until 40 000 bytes and the peer's end are read (dispatch fires once per readiness: it stopped after the first 4 KiB)")
    func readsToTheEnd() async throws {
        var ends: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0)
        defer { close(ends[0]) }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        let waiter = ChangeWaiter()
        var total = 0
        var ended = false
        let watch = MainThreadFileWatch(descriptor: ends[0], interest: .readable) { _, watch in
            var buffer = [UInt8](repeating: 0, count: 4096)
            let got = recv(ends[0], &buffer, buffer.count, 0)
            if got > 0 { total += got }
            if got == 0 {
                ended = true
                watch.cancel()
            }
            waiter.wake()
        }
        let bytes = [UInt8](repeating: 7, count: 40_000)
        let sent = bytes.withUnsafeBytes { send(ends[1], $0.baseAddress!, $0.count, 0) }
        close(ends[1])
        #expect(sent == 40_000)
        #expect(await waiter.until(limit: .seconds(10)) { ended })
        #expect(total == 40_000)
        #expect(!watch.isActive)
    }
}
