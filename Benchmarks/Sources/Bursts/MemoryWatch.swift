// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport

/// A process's RSS and threads at one moment.
struct MemorySample: Sendable {
    /// When, from the start of what it was taken during (the burst, or the last call).
    var at: Duration
    /// VmRSS; 0 once the process is gone.
    var kilobytes: Int
    /// `Threads:` of /proc/PID/status.
    var threads: Int
}

/// Reads a process's RSS and threads from /proc, every `interval`, while calls run and after
/// the last one.
@MainActor
enum MemoryWatch {
    /// How often RSS and threads are read.
    static let interval: Duration = .milliseconds(250)

    /// RSS and threads of `pid` now, at `at`. remote-playerd plays through a child process, its
    /// engine (remotebridge-engine, which embeds mpv), and every burst plays; the engine is left
    /// out: what the limits guard is memory the daemon keeps from answering D-Bus calls, and the
    /// engine's RSS grows by itself while it plays on (about 11 MiB over a burst's time with no
    /// call at all, the no-calls control, when it was counted: every checked burst then broke the
    /// 16 MiB limit by that alone). So remote-playerd's figures are the daemon's, and mpv +
    /// mpv-mpris's (one process, playing) include its player; Footprint measures the engine.
    static func sample(_ pid: Int32, at: Duration = .zero) -> MemorySample {
        MemorySample(at: at, kilobytes: ProcessStats.residentKilobytes(of: pid), threads: ProcessStats.threadCount(of: pid))
    }

    /// Runs `body`, reading `pid` every `interval` meanwhile; `body`'s result and the samples.
    static func during<Result>(_ pid: Int32, _ body: () async -> Result) async -> (Result, [MemorySample]) {
        let clock = ContinuousClock()
        let started = clock.now
        var samples: [MemorySample] = []
        // On the main actor, as the clients are: it reads between their awaits, until cancelled.
        let sampler = Task {
            while !Task.isCancelled {
                samples.append(sample(pid, at: clock.now - started))
                try? await Task.sleep(until: started + interval * (samples.count), clock: clock)
            }
        }
        let result = await body()
        sampler.cancel()
        await sampler.value
        return (result, samples)
    }

    /// `pid` read right away and then every `interval` until `span` has passed: the first sample
    /// is taken at once (right after the last call), the last at `span`.
    static func after(_ pid: Int32, for span: Duration) async -> [MemorySample] {
        let clock = ContinuousClock()
        let started = clock.now
        var samples = [sample(pid)]
        var next = interval
        while next <= span {
            try? await Task.sleep(until: started + next, clock: clock)
            samples.append(sample(pid, at: next))
            next += interval
        }
        return samples
    }
}
