// SPDX-License-Identifier: Apache-2.0
import CRemoteBridgeConfinement

extension EngineConfinement {
    /// The confinement layers, as ``Applied`` reports them.
    public struct Layers: OptionSet, Sendable, Hashable {
        public let rawValue: UInt32
        /// Creates the set from the C bits (`RB_CONFINED_*`).
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Every descriptor but 0, 1, 2 and the kept one closed; stdin and stdout on /dev/null.
        public static let descriptors = Layers(rawValue: UInt32(RB_CONFINED_DESCRIPTORS))
        /// PR_SET_NO_NEW_PRIVS: no setuid program can give the process more rights.
        public static let noNewPrivileges = Layers(rawValue: UInt32(RB_CONFINED_NO_NEW_PRIVS))
        /// A user + mount namespace in which the hidden sockets are covered.
        public static let namespace = Layers(rawValue: UInt32(RB_CONFINED_NAMESPACE))
        /// Landlock: the filesystem read-only except the writable paths.
        public static let landlock = Layers(rawValue: UInt32(RB_CONFINED_LANDLOCK))
        /// Landlock scopes (ABI 6): abstract unix sockets and signals outside the process refused.
        public static let landlockScopes = Layers(rawValue: UInt32(RB_CONFINED_LANDLOCK_SCOPES))
        /// The seccomp system call allowlist.
        public static let seccomp = Layers(rawValue: UInt32(RB_CONFINED_SECCOMP))
    }

    /// What ``EngineConfinement/apply()`` applied, for the engine's start-up log line.
    public struct Applied: Sendable, Hashable, CustomStringConvertible {
        /// The layers in force.
        public var layers: Layers
        /// The kernel's Landlock ABI version; 0 without Landlock.
        public var landlockABI: Int
        /// Why each missing layer is missing (and paths not hidden); empty when nothing is.
        public var notes: String

        /// A report of `layers`, with the kernel's Landlock ABI and the notes on missing layers.
        public init(layers: Layers, landlockABI: Int, notes: String) {
            self.layers = layers
            self.landlockABI = landlockABI
            self.notes = notes
        }

        /// The layers, e.g. "descriptors, no-new-privs, namespace, landlock ABI 6 (+scopes), seccomp".
        public var description: String {
            var parts: [String] = []
            if layers.contains(.descriptors) { parts.append("descriptors") }
            if layers.contains(.noNewPrivileges) { parts.append("no-new-privs") }
            if layers.contains(.namespace) { parts.append("namespace") }
            if layers.contains(.landlock) {
                parts.append("landlock ABI \(landlockABI)" + (layers.contains(.landlockScopes) ? " (+scopes)" : ""))
            }
            if layers.contains(.seccomp) { parts.append("seccomp") }
            return parts.isEmpty ? "none" : parts.joined(separator: ", ")
        }
    }
}

/// Why ``EngineConfinement/apply()`` failed: a layer the kernel has failed half-way, or a bad
/// request. The process may be partly confined.
public struct EngineConfinementError: Error, Sendable, CustomStringConvertible {
    /// What failed, from the C layer ("landlock: rule for /x: ...").
    public var reason: String
    /// The reason, prefixed.
    public var description: String { "confinement failed: \(reason)" }
}
