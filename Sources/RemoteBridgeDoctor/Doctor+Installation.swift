// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc
import RemoteBridgeConfiguration
import RemoteBridgeText

/// The installed files that are read by someone other than the daemons: remote-playerd's desktop
/// entry and icon (read by a desktop shell, for the player's name and icon in its media controls)
/// and headsetd's udev rule (read by systemd-udevd). Each is looked for where its reader looks; a
/// copy where nothing reads it (`make install` under a PREFIX the reader does not know) is named
/// as such, with the command that puts it where it is read.
extension DoctorContext {
    /// The udev rule's file name (`dist/udev/` in the repository).
    static let udevRule = "70-remotebridge-headset.rules"
    /// The group of a desktop entry that holds its keys.
    static let desktopEntryGroup = "Desktop Entry"

    // MARK: The udev rule

    /// Whether the udev rule is in a folder udev reads (and not masked there), or where it is instead.
    func udevRuleFinding() -> DoctorFinding {
        let folders = environment.udevRuleDirectories
        let rule = InstalledFile(Self.udevRule, in: folders)
        let then = "sudo udevadm control --reload && sudo udevadm trigger --subsystem-match=input"
        guard let path = rule.path else {
            let elsewhere = InstalledFile(Self.udevRule, in: unread(environment.installPrefixes.map { $0 + "/lib/udev/rules.d" }, besides: folders))
            if let copy = elsewhere.path {
                return .failed(
                    .input, "the udev rule is installed at \(shown(copy)), which is not read by udev (it reads \(folders.joined(separator: ", ")) only), so headsetd may not read headset devices without root",
                    fix: "sudo install -m644 \(shown(copy)) /etc/udev/rules.d/ && \(then)")
            }
            return .failed(
                .input, "the udev rule \(Self.udevRule) is not installed in any of \(folders.joined(separator: ", ")), so headsetd may not read headset devices without root",
                fix: "sudo install -m644 dist/udev/\(Self.udevRule) /etc/udev/rules.d/ && \(then)")
        }
        if rule.isMasked {
            // udev reads one file of each name, the first in its folders' order: a link to
            // /dev/null there turns the rule off wherever else it is.
            let later = folders.drop { !path.hasPrefix($0 + "/") }.dropFirst()
            let behind = InstalledFile(Self.udevRule, in: Array(later))
            let install = behind.path == nil || behind.isMasked ? " && sudo install -m644 dist/udev/\(Self.udevRule) /etc/udev/rules.d/" : ""
            return .failed(
                .input, "the udev rule is masked: \(shown(path)) is a link to /dev/null, so udev reads no \(Self.udevRule) and headsetd may not read headset devices without root",
                fix: "sudo rm \(shown(path))\(install) && \(then)")
        }
        return .ok(.input, "the udev rule is installed at \(path)")
    }

    // MARK: The desktop entry and its icon

    /// remote-playerd's desktop entry, where a desktop shell looks it up by the player's MPRIS
    /// `DesktopEntry`, and the icon its `Icon=` names.
    func desktopFindings() -> [DoctorFinding] {
        let entry = InstalledFile(PlayerDesktopEntry.fileName, in: environment.applicationDirectories)
        let icon = entry.value(of: "Icon", inGroup: Self.desktopEntryGroup).flatMap { $0.isEmpty ? nil : $0 } ?? PlayerDesktopEntry.iconName
        return [desktopEntryFinding(entry), iconFinding(icon, namedBy: entry.path)]
    }

    private func desktopEntryFinding(_ entry: InstalledFile) -> DoctorFinding {
        let file = PlayerDesktopEntry.fileName
        let ours = environment.dataHome + "/applications/" + file
        let without = "remote-playerd (MPRIS DesktopEntry \(PlayerDesktopEntry.name)) with no name or icon"
        let unseen = "so desktop shells show \(without)"
        guard let path = entry.path else {
            let elsewhere = InstalledFile(file, in: unread(environment.installPrefixes.map { $0 + "/share/applications" }, besides: environment.applicationDirectories))
            if let copy = elsewhere.path {
                return .failed(
                    .daemons, "the desktop entry is installed at \(shown(copy)), where no desktop shell looks (they look in \(environment.applicationDirectories.joined(separator: ", ")), from $XDG_DATA_HOME and $XDG_DATA_DIRS), so they show \(without)",
                    fix: "install -Dm644 \(shown(copy)) \(shown(ours))")
            }
            return .failed(
                .daemons, "the desktop entry \(file) is not installed in any of \(environment.applicationDirectories.joined(separator: ", ")), \(unseen)",
                fix: "install -Dm644 \(PlayerDesktopEntry.repositoryFile) \(shown(ours)) (or make install)")
        }
        let replace = "\(asNeeded(path))install -Dm644 \(PlayerDesktopEntry.repositoryFile) \(shown(path))"
        guard access(path, R_OK) == 0 else {
            return .failed(.daemons, "the desktop entry \(shown(path)) cannot be read: \(String(cString: strerror(errno))), \(unseen)", fix: "\(asNeeded(path))chmod 644 \(shown(path))")
        }
        if entry.value(of: "Hidden", inGroup: Self.desktopEntryGroup) == "true" {
            return .failed(.daemons, "the desktop entry \(shown(path)) says Hidden=true, so desktop shells take it as deleted and show \(without)", fix: replace)
        }
        let name = entry.value(of: "Name", inGroup: Self.desktopEntryGroup) ?? ""
        let icon = entry.value(of: "Icon", inGroup: Self.desktopEntryGroup) ?? ""
        let missing = [name.isEmpty ? "Name=" : nil, icon.isEmpty ? "Icon=" : nil].compactMap { $0 }
        guard missing.isEmpty else {
            return .failed(
                .daemons, "the desktop entry \(shown(path)) has no \(missing.joined(separator: " and no ")) in its [\(Self.desktopEntryGroup)] group, \(unseen)", fix: replace)
        }
        // A shell leaves out an entry whose TryExec= program is not found (GLib's GDesktopAppInfo does).
        if let program = entry.value(of: "TryExec", inGroup: Self.desktopEntryGroup), !program.isEmpty, !isProgram(program) {
            let underPrefixes: [String] = program.hasPrefix("/") ? [] : environment.installPrefixes.map { prefix in prefix + "/bin/" + program }
            let installed = underPrefixes.first { path in access(path, X_OK) == 0 }
            return .failed(
                .daemons, "the desktop entry \(shown(path)) says TryExec=\(OutsideText.bareOrQuoted(program)), which is not a program "
                    + (program.hasPrefix("/") ? "that can be run" : "in any of $PATH's \(environment.executableDirectories.joined(separator: ", "))")
                    + ", so desktop shells leave the entry out and show \(without)",
                fix: installed.map { "sudo ln -s \(shown($0)) /usr/local/bin/\(program)" } ?? "install \(program) in a folder on $PATH (make install puts it in PREFIX/bin)")
        }
        return .ok(.daemons, "the desktop entry is installed at \(path): Name=\(OutsideText.bareOrQuoted(name)), Icon=\(OutsideText.bareOrQuoted(icon))")
    }

    /// The icon named `icon` (an entry's `Icon=`: a name in the hicolor theme, or an absolute path).
    private func iconFinding(_ icon: String, namedBy entry: String?) -> DoctorFinding {
        let named = entry.map { "the icon \(OutsideText.bareOrQuoted(icon)) that \(shown($0)) names" } ?? "the icon \(OutsideText.bareOrQuoted(icon))"
        let unseen = "so desktop shells show remote-playerd with no icon"
        let ours = environment.dataHome + "/icons/hicolor/scalable/apps/\(PlayerDesktopEntry.iconName).svg"
        let installOurs = "install -Dm644 \(PlayerDesktopEntry.repositoryIcon) \(shown(ours))"
        // An icon of another name than ours (an edited entry) is fixed by naming ours again.
        let renamed = icon == PlayerDesktopEntry.iconName ? nil : entry
        let fix = renamed.map { "\(installOurs), and set Icon=\(PlayerDesktopEntry.iconName) in \(shown($0))" } ?? installOurs + " (or make install)"
        if icon.hasPrefix("/") {
            guard access(icon, R_OK) == 0 else {
                return .failed(.daemons, "\(named) cannot be read: \(String(cString: strerror(errno))), \(unseen)", fix: fix)
            }
            return .ok(.daemons, "the icon is \(icon) (a path in the desktop entry)")
        }
        let themes = environment.iconThemeDirectories.map { $0 + "/hicolor" }
        let inThemes = themes.map { ($0, Self.iconFiles(icon, inTheme: $0)) }.filter { !$0.1.isEmpty }
        let pixmaps = environment.pixmapDirectories.flatMap { Self.iconFiles(icon, in: $0) }
        let found = inThemes.flatMap(\.1) + pixmaps
        if let first = Self.preferred(found) {
            // GTK (GNOME Shell) reads a theme's icon-theme.cache in place of its folders: an icon
            // installed after the cache was made is not seen in that theme. Seen in none, it fails.
            let hidden = inThemes.filter { theme, _ in IconThemeCache(theme: theme).map { !$0.names.contains(icon) } ?? false }
            if !hidden.isEmpty, hidden.count == inThemes.count, pixmaps.isEmpty {
                let caches = hidden.map { shown($0.0 + "/icon-theme.cache") }.joined(separator: ", ")
                return .failed(
                    .daemons, "\(named) is installed at \(first), but \(caches), which GTK reads in place of the theme's folders, does not list it (it was made before the icon was installed), so GNOME Shell and other GTK-based shells show remote-playerd with no icon",
                    fix: hidden.map { "\(asNeeded($0.0 + "/icon-theme.cache"))gtk-update-icon-cache -f -t \(shown($0.0))" }.joined(separator: " && "))
            }
            let more = found.count > 1 ? " and \(found.count - 1) more" : ""
            return .ok(.daemons, "the icon \(OutsideText.bareOrQuoted(icon)) is installed at \(first)\(more)")
        }
        let elsewhere = unread(environment.installPrefixes.map { $0 + "/share/icons/hicolor" }, besides: themes)
        for theme in elsewhere {
            guard let copy = Self.preferred(Self.iconFiles(icon, inTheme: theme)) else { continue }
            let target = environment.dataHome + "/icons/hicolor" + copy.dropFirst(theme.count)
            return .failed(
                .daemons, "\(named) is installed at \(shown(copy)), where no desktop shell looks (they look in the hicolor theme in \(themes.joined(separator: ", ")), from $XDG_DATA_HOME and $XDG_DATA_DIRS), so they show remote-playerd with no icon",
                fix: "install -Dm644 \(shown(copy)) \(shown(target))")
        }
        return .failed(
            .daemons, "\(named) is not installed in the hicolor theme in any of \(themes.joined(separator: ", ")), nor in \(environment.pixmapDirectories.joined(separator: ", ")), \(unseen)",
            fix: fix)
    }

    /// The one of an icon's `files` to name and copy: the scalable one, else the last (the largest
    /// size, in natural order).
    static func preferred(_ files: [String]) -> String? {
        files.first { $0.contains("/scalable/") } ?? files.last
    }

    /// The files of the icon `name` in an icon theme's folder (`…/hicolor`): `SIZE/CONTEXT/name.png`,
    /// `.svg` or `.xpm`, sizes and contexts in natural order.
    static func iconFiles(_ name: String, inTheme theme: String) -> [String] {
        subfolders(of: theme).flatMap { size in subfolders(of: theme + "/" + size).flatMap { iconFiles(name, in: theme + "/" + size + "/" + $0) } }
    }

    /// The files of the icon `name` directly in `folder`.
    static func iconFiles(_ name: String, in folder: String) -> [String] {
        ["png", "svg", "xpm"].map { "\(folder)/\(name).\($0)" }.filter { access($0, R_OK) == 0 }
    }

    /// The folders in `folder`, in natural order; none when it cannot be read.
    private static func subfolders(of folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { name in
            var status = stat()
            return stat(folder + "/" + name, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
        }.sorted(by: NaturalOrder.isBefore)
    }

    // MARK: Shared

    /// Whether `program` (a name looked up in `$PATH`'s folders, or a path) can be run.
    private func isProgram(_ program: String) -> Bool {
        guard !program.hasPrefix("/") else { return access(program, X_OK) == 0 }
        return environment.executableDirectories.contains { access("\($0)/\(program)", X_OK) == 0 }
    }

    /// The folders of `candidates` that are not among `read` (the folders the reader reads), each once.
    private func unread(_ candidates: [String], besides read: [String]) -> [String] {
        var seen = Set(read)
        return candidates.filter { seen.insert($0).inserted }
    }

    /// `sudo ` when this user cannot write the folder `path` is in; nothing when it can.
    private func asNeeded(_ path: String) -> String {
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return access(folder.isEmpty ? "/" : folder, W_OK) == 0 ? "" : "sudo "
    }
}
