import BenchmarkSupport

/// A process's RSS and threads at one moment.
struct MemorySample: Sendable {
    /// When, from the start of what it was taken during (the burst, or the last call).
    var at: Duration
    /// VmRSS (summed with its children's); 0 once the process is gone.
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

    /// RSS and threads of `pid` and its child processes now, at `at`. remote-playerd plays
    /// through a child, its engine (remotebridge-engine, which embeds mpv), and every burst plays:
    /// the engine is counted with it, so that remote-playerd is measured as the one program
    /// mpv + mpv-mpris is (which starts no child), and memory a burst leaves in the engine (files
    /// opened by Next and Previous, seeks) is seen as memory a burst leaves in the daemon is.
    static func sample(_ pid: Int32, at: Duration = .zero) -> MemorySample {
        let processes = [pid] + ProcessStats.children(of: pid)
        return MemorySample(
            at: at, kilobytes: processes.reduce(0) { $0 + ProcessStats.residentKilobytes(of: $1) },
            threads: processes.reduce(0) { $0 + ProcessStats.threadCount(of: $1) })
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
