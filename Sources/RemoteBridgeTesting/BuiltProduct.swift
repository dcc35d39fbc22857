// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Paths of the package's own executables, as `swift build` left them, for tests that run a
/// whole program as a separate process.
public enum BuiltProduct {
    /// The package's root folder (this file is in Sources/RemoteBridgeTesting).
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The debug build of `product`, such as `remotectl`.
    public static func debug(_ product: String) -> String {
        packageRoot.appendingPathComponent(".build/debug/\(product)").path
    }

    /// The release build of `product`, which benchmarks compare against peers.
    public static func release(_ product: String) -> String {
        packageRoot.appendingPathComponent(".build/release/\(product)").path
    }
}
