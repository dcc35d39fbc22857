// SPDX-License-Identifier: Apache-2.0
/// Identifies an event monitor, so that it can be removed.
public struct EventMonitorToken: Sendable, Hashable {
    let id: UInt64
}
