// SPDX-License-Identifier: Apache-2.0
/// The release this build is: the one version number of RemoteBridge.
///
/// `remotectl --version`, `remote-playerd --version`, `headsetd --version`, the man pages and the
/// Debian package (`make deb`, which reads this line) all take it from here. `CHANGELOG.md` has a
/// section for each.
public enum RemoteBridgeRelease {
    /// The version, `MAJOR.MINOR.PATCH`.
    public static let version = "0.30.0"
}
