// SPDX-License-Identifier: Apache-2.0

/// remote-playerd's desktop entry and icon, named once: the MPRIS `DesktopEntry` and the
/// sound server's icon name that remote-playerd gives, and the files `remotectl doctor` looks
/// for where a desktop shell reads them. `make install` installs them from the repository's
/// `dist/desktop` and `dist/icons`.
public enum PlayerDesktopEntry {
    /// The desktop entry's name without `.desktop`: what MPRIS `DesktopEntry` says.
    public static let name = "remotebridge"
    /// The desktop entry's file name (`remotebridge.desktop`), looked up in `applications/`
    /// under `$XDG_DATA_HOME` and each of `$XDG_DATA_DIRS`.
    public static var fileName: String { name + ".desktop" }
    /// The icon the entry's `Icon=` names, in the hicolor theme (`remotebridge`).
    public static let iconName = name
    /// The desktop entry in the repository.
    public static var repositoryFile: String { "dist/desktop/" + fileName }
    /// The icon's one drawing in the repository; `scripts/render-icons` renders the PNGs from it.
    public static var repositoryIcon: String { "dist/icons/\(iconName).svg" }
}
