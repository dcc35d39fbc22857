// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeCtl
import RemoteBridgeTesting

/// `remotectl monitor` run in-process: the lines it prints, a wait for them, and its end.
@MainActor
final class RunningMonitor {
    private let printed = PrintedLines()
    /// Every line printed so far.
    var lines: [String] { printed.lines }
    private var release: CheckedContinuation<Void, Never>?
    private var running: Task<Int32, Never>?

    /// Starts `ctl`'s monitor, and returns once it has subscribed (it then waits for its stop).
    static func start(_ ctl: RemoteCtl, json: Bool) async -> RunningMonitor {
        let monitor = RunningMonitor()
        var ctl = ctl
        ctl.output = monitor.printed.record
        monitor.running = Task { @MainActor [ctl] in
            await ctl.monitor(json: json) {
                await withCheckedContinuation {
                    monitor.release = $0
                    monitor.printed.wake()
                }
            }
        }
        _ = await monitor.printed.until { monitor.release != nil }
        return monitor
    }

    /// Waits until a printed line satisfies `condition`; false if none did in time.
    func until(_ condition: (String) -> Bool) async -> Bool {
        await printed.until { printed.lines.contains(where: condition) }
    }

    /// Stops the monitor, and returns its exit status.
    func stop() async -> Int32 {
        release?.resume()
        release = nil
        return await running?.value ?? -1
    }
}
