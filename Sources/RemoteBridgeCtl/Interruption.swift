// SPDX-License-Identifier: Apache-2.0
import Dispatch
import Glibc

/// SIGINT and SIGTERM, caught from the moment this is made (so a Ctrl-C that comes before
/// anything waits for it still ends the command cleanly, exit 0, rather than killing it).
@MainActor
public final class Interruption {
    private let signals: AsyncStream<Void>
    private var sources: [any DispatchSourceSignal] = []

    public init() {
        let (signals, arrived) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        self.signals = signals
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler { arrived.yield() }
            source.resume()
            sources.append(source)
        }
    }

    /// Returns once either signal has arrived.
    public func wait() async {
        for await _ in signals { break }
        for source in sources { source.cancel() }
    }
}
