// SPDX-License-Identifier: Apache-2.0
/// Walks responder chains, guarding against chains that loop back on themselves.
@MainActor
enum ResponderChain {
    /// More hops than any real chain has. A longer walk means `next` links form a loop.
    static let maximumLength = 1024

    /// The first `RemoteApplication` on the chain that starts at `responder` (inclusive).
    static func application(above responder: Responder) -> RemoteApplication? {
        var current: Responder? = responder
        var hops = 0
        while let candidate = current, hops < maximumLength {
            if let application = candidate as? RemoteApplication { return application }
            current = candidate.next
            hops += 1
        }
        return nil
    }

    /// The names of the responders from `responder` up to the end of its chain.
    static func names(from responder: Responder) -> [String] {
        var names: [String] = []
        var current: Responder? = responder
        while let candidate = current, names.count < maximumLength {
            names.append(candidate.responderName)
            current = candidate.next
        }
        return names
    }
}
