// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import RemoteBridgeDBus
import RemoteBridgeMPRIS

/// Performs media-button resumption: when `ResumePolicy` says so, asks the bus to start
/// remote-playerd through D-Bus activation (`StartServiceByName`; under systemd, the bus starts
/// the user unit), then sends it `Play`. remote-playerd restores its saved queue at the saved
/// position before it takes its name, so the Play finds the queue in place.
///
/// Presses during start-up: one resumption runs at a time. A press that asks for it while one is
/// starting is absorbed (`Outcome.alreadyStarting`): it starts no second daemon, and sends no
/// second call that could toggle playback back off; the Play that is coming already does what
/// it asks. `isStarting` lets headsetd absorb play and play/pause presses that the tracker would
/// send to the new player before its Play has been answered.
@MainActor
public final class PlayerResumption {
    /// What a request to resume came to.
    public enum Outcome: Sendable, Equatable {
        /// remote-playerd was started (or was already there) and answered Play.
        case resumed(ResumeVerdict)
        /// The policy said no; the reason, in words.
        case declined(reason: String)
        /// Another resumption is starting; this press is absorbed.
        case alreadyStarting
        /// The bus has no activation file for `busName`: nothing here can start remote-playerd.
        case notActivatable(String)
        /// remote-playerd did not start, or did not answer Play: the bus's or its error.
        case failed(String)
    }

    private let connection: DBusConnection
    private let policy: @MainActor () -> ResumePolicy
    /// How long the bus may take to start remote-playerd (dbus-daemon gives up after 25 s).
    public var startTimeout: Duration = .seconds(30)
    /// How long the started remote-playerd may take to answer Play.
    public var playTimeout: Duration = .seconds(5)
    /// Whether a resumption is under way: from the request until Play is answered or it failed.
    public private(set) var isStarting = false

    /// Resumes through `connection`, deciding with the policy `policy` returns at each request
    /// (so a changed setting is read at the next press).
    public init(connection: DBusConnection, policy: @escaping @MainActor () -> ResumePolicy) {
        self.connection = connection
        self.policy = policy
    }

    /// A request to resume, as decided on the spot.
    public enum Request {
        /// The policy said no; the reason, in words.
        case declined(reason: String)
        /// Another resumption is starting; this press is absorbed.
        case alreadyStarting
        /// Started: the verdict, and the task that ends with the outcome.
        case started(ResumeVerdict, Task<Outcome, Never>)
    }

    /// The policy's verdict at `now`, without acting on it (for a log line, or doctor).
    public func verdict(now: Date = Date()) -> ResumeVerdict {
        policy().decide(now: now)
    }

    /// Decides at `now`; when it resumes, start-up is marked at once (so a press handled before
    /// the task runs is already absorbed), and the returned task starts remote-playerd and plays.
    public func request(now: Date = Date()) -> Request {
        guard !isStarting else { return .alreadyStarting }
        let verdict = verdict(now: now)
        if case .declined(let reason) = verdict { return .declined(reason: reason) }
        isStarting = true
        let task = Task { @MainActor in
            defer { isStarting = false }
            return await startAndPlay(verdict)
        }
        return .started(verdict, task)
    }

    /// Decides at `now`, and resumes when the policy says so; returns once it is done.
    public func resume(now: Date = Date()) async -> Outcome {
        switch request(now: now) {
        case .declined(let reason): .declined(reason: reason)
        case .alreadyStarting: .alreadyStarting
        case .started(_, let task): await task.value
        }
    }

    /// Asks the bus to start remote-playerd, then sends it Play.
    private func startAndPlay(_ verdict: ResumeVerdict) async -> Outcome {
        do throws(DBusError) {
            try await connection.startService(MPRISNames.remotePlayerd, timeout: startTimeout)
        } catch {
            if error.name == "org.freedesktop.DBus.Error.ServiceUnknown" { return .notActivatable(error.message) }
            return .failed("remote-playerd did not start: \(error.message)")
        }
        do throws(DBusError) {
            _ = try await connection.call(MPRISNames.remotePlayerd, MPRISNames.objectPath, PlayerInterface.play, timeout: playTimeout)
        } catch {
            return .failed("remote-playerd started but did not answer Play: \(error.message)")
        }
        return .resumed(verdict)
    }
}
