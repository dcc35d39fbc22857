// SPDX-License-Identifier: Apache-2.0
import Foundation
@testable import RemoteBridgeDoctor
import RemoteBridgeConfiguration
import RemoteBridgeProcess
import RemoteBridgeTesting
import Testing

/// The installed files that others read: remote-playerd's desktop entry and icon (a desktop shell,
/// by the player's MPRIS DesktopEntry) and headsetd's udev rule (systemd-udevd). Each found where
/// its reader looks, a copy where nothing reads it named with the command that moves it, and
/// `make install` putting the rule where udev reads it whatever the PREFIX.
@Suite("remotectl doctor: the desktop entry, the icon, the udev rule; make install's udev rule")
@MainActor
struct InstallationTests {
    static let rule = "70-remotebridge-headset.rules"

    // MARK: The desktop entry and the icon

    @Test("no desktop entry and no icon: both fail, naming the folders a shell reads and the file to install")
    func missingDesktopEntry() async throws {
        let bed = try InstallationBed()
        let r = bed.root
        let findings = await bed.findings(.daemons)
        #expect(findings.count == 2, "\(findings.printed)")
        let entry = findings.failed("the desktop entry")
        #expect(
            entry.first?.text == "the desktop entry remotebridge.desktop is not installed in any of \(r)/home/.local/share/applications, "
                + "\(r)/usr/local/share/applications, \(r)/usr/share/applications, so desktop shells show remote-playerd (MPRIS DesktopEntry remotebridge) with no name or icon",
            "\(findings.printed)")
        #expect(entry.first?.fix == "install -Dm644 dist/desktop/remotebridge.desktop \(r)/home/.local/share/applications/remotebridge.desktop (or make install)")
        let icon = findings.failed("the icon remotebridge is not installed")
        #expect(
            icon.first?.text == "the icon remotebridge is not installed in the hicolor theme in any of \(r)/home/.icons/hicolor, \(r)/home/.local/share/icons/hicolor, "
                + "\(r)/usr/local/share/icons/hicolor, \(r)/usr/share/icons/hicolor, nor in \(r)/usr/share/pixmaps, so desktop shells show remote-playerd with no icon",
            "\(findings.printed)")
        #expect(icon.first?.fix == "install -Dm644 dist/icons/remotebridge.svg \(r)/home/.local/share/icons/hicolor/scalable/apps/remotebridge.svg (or make install)")
        #expect(!Doctor.passed(findings))
    }

    @Test("the repository's desktop entry installed, its icon not: the entry passes, the icon fails naming the entry")
    func entryWithoutIcon() async throws {
        let bed = try InstallationBed()
        let r = bed.root
        try bed.install(PlayerDesktopEntry.repositoryFile, at: "usr/share/applications/remotebridge.desktop")
        let findings = await bed.findings(.daemons)
        #expect(
            findings.contains { $0.status == .ok && $0.line == "ok    daemons: the desktop entry is installed at \(r)/usr/share/applications/remotebridge.desktop: Name=RemoteBridge, Icon=remotebridge" },
            "\(findings.printed)")
        let icon = findings.failed("the icon remotebridge that \(r)/usr/share/applications/remotebridge.desktop names is not installed in the hicolor theme")
        #expect(icon.count == 1, "\(findings.printed)")
        #expect(icon.first?.text.hasSuffix("so desktop shells show remote-playerd with no icon") == true)
        #expect(icon.first?.fix == "install -Dm644 dist/icons/remotebridge.svg \(r)/home/.local/share/icons/hicolor/scalable/apps/remotebridge.svg (or make install)")

        // The fix, done: the icon is found.
        try bed.install(PlayerDesktopEntry.repositoryIcon, at: "home/.local/share/icons/hicolor/scalable/apps/remotebridge.svg")
        let fixed = await bed.findings(.daemons)
        #expect(Doctor.passed(fixed), "\(fixed.printed)")
        #expect(fixed.contains { $0.text == "the icon remotebridge is installed at \(r)/home/.local/share/icons/hicolor/scalable/apps/remotebridge.svg" }, "\(fixed.printed)")
    }

    @Test("entry and icon where a shell reads them: both pass; a PNG in hicolor, a pixmap or an absolute Icon= path counts")
    func allPresent() async throws {
        let bed = try InstallationBed()
        let r = bed.root
        try bed.install(PlayerDesktopEntry.repositoryFile, at: "usr/local/share/applications/remotebridge.desktop")
        try bed.install(PlayerDesktopEntry.repositoryIcon, at: "usr/local/share/icons/hicolor/scalable/apps/remotebridge.svg")
        bed.write("usr/local/share/icons/hicolor/48x48/apps/remotebridge.png", "png")
        var findings = await bed.findings(.daemons)
        #expect(Doctor.passed(findings), "\(findings.printed)")
        #expect(findings.map(\.line) == [
            "ok    daemons: the desktop entry is installed at \(r)/usr/local/share/applications/remotebridge.desktop: Name=RemoteBridge, Icon=remotebridge",
            "ok    daemons: the icon remotebridge is installed at \(r)/usr/local/share/icons/hicolor/scalable/apps/remotebridge.svg and 1 more",
        ])

        let pixmaps = try InstallationBed()
        try pixmaps.install(PlayerDesktopEntry.repositoryFile, at: "usr/share/applications/remotebridge.desktop")
        pixmaps.write("usr/share/pixmaps/remotebridge.png", "png")
        findings = await pixmaps.findings(.daemons)
        #expect(findings.contains { $0.status == .ok && $0.text == "the icon remotebridge is installed at \(pixmaps.root)/usr/share/pixmaps/remotebridge.png" }, "\(findings.printed)")

        let absolute = try InstallationBed()
        absolute.write("elsewhere/player.svg", "<svg/>")
        absolute.write("home/.local/share/applications/remotebridge.desktop", "[Desktop Entry]\nName = RemoteBridge\nIcon = \(absolute.root)/elsewhere/player.svg\n")
        findings = await absolute.findings(.daemons)
        #expect(Doctor.passed(findings), "\(findings.printed)")
        #expect(findings.contains { $0.text == "the icon is \(absolute.root)/elsewhere/player.svg (a path in the desktop entry)" }, "\(findings.printed)")
    }

    @Test("an icon installed after the theme's icon-theme.cache was made fails (GTK reads the cache in place of the folders), with gtk-update-icon-cache as the fix")
    func staleIconCache() async throws {
        let bed = try InstallationBed()
        let r = bed.root
        let theme = r + "/usr/share/icons/hicolor"
        try bed.install(PlayerDesktopEntry.repositoryFile, at: "usr/share/applications/remotebridge.desktop")
        try bed.install(PlayerDesktopEntry.repositoryIcon, at: "usr/share/icons/hicolor/scalable/apps/remotebridge.svg")
        bed.write("usr/share/icons/hicolor/icon-theme.cache", Data(Self.iconCache(["audio-x-generic", "folder"])))
        // As gtk-update-icon-cache leaves it: the cache not older than the theme's folder.
        try Self.setTime(of: theme, to: 1_000_000)
        try Self.setTime(of: theme + "/icon-theme.cache", to: 1_000_000)
        var findings = await bed.findings(.daemons)
        let stale = findings.failed("the icon remotebridge that \(r)/usr/share/applications/remotebridge.desktop names is installed at \(theme)/scalable/apps/remotebridge.svg, but \(theme)/icon-theme.cache")
        #expect(stale.first?.text.hasSuffix("which GTK reads in place of the theme's folders, does not list it (it was made before the icon was installed), so GNOME Shell and other GTK-based shells show remote-playerd with no icon") == true, "\(findings.printed)")
        #expect(stale.first?.fix == "gtk-update-icon-cache -f -t \(theme)")

        // GTK takes no cache older than the folder: it reads the folders, and finds the icon.
        try Self.setTime(of: theme + "/icon-theme.cache", to: 999_999)
        findings = await bed.findings(.daemons)
        #expect(Doctor.passed(findings), "\(findings.printed)")
        // Nor is it hidden when the cache lists it, or a pixmap shows it.
        bed.write("usr/share/icons/hicolor/icon-theme.cache", Data(Self.iconCache(["folder", "remotebridge"])))
        findings = await bed.findings(.daemons)
        #expect(Doctor.passed(findings), "\(findings.printed)")
        bed.write("usr/share/icons/hicolor/icon-theme.cache", Data(Self.iconCache(["folder"])))
        bed.write("usr/share/pixmaps/remotebridge.png", "png")
        findings = await bed.findings(.daemons)
        #expect(Doctor.passed(findings), "\(findings.printed)")
    }

    @Test(
        "with gtk-update-icon-cache's own cache: an icon installed after it ran fails; the fix, run, makes it pass",
        .enabled(if: ChildProcess.findExecutable("gtk-update-icon-cache") != nil, "gtk-update-icon-cache is not installed"))
    func realIconCache() async throws {
        let bed = try InstallationBed()
        let theme = bed.root + "/usr/share/icons/hicolor"
        try bed.install(PlayerDesktopEntry.repositoryFile, at: "usr/share/applications/remotebridge.desktop")
        bed.write("usr/share/icons/hicolor/scalable/apps/other.svg", "<svg/>")
        bed.write("usr/share/icons/hicolor/48x48/apps/other.png", "png")
        let made = try await ExternalProcess.run("gtk-update-icon-cache", ["-f", "-t", "-q", theme])
        #expect(made.status == 0, "\(made.standardError)")
        #expect(IconThemeCache(theme: theme)?.names == ["other"])
        // Installed as make install does, into a size folder that was there: the theme's folder keeps its time.
        try bed.install(PlayerDesktopEntry.repositoryIcon, at: "usr/share/icons/hicolor/scalable/apps/remotebridge.svg")
        var findings = await bed.findings(.daemons)
        let stale = findings.failed("\(theme)/icon-theme.cache, which GTK reads in place of the theme's folders, does not list it")
        #expect(stale.count == 1, "\(findings.printed)")
        let fix = try #require(stale.first?.fix)
        #expect(fix == "gtk-update-icon-cache -f -t \(theme)")
        let fixed = try await ExternalProcess.run("/bin/sh", ["-c", fix])
        #expect(fixed.status == 0, "\(fixed.standardError)")
        #expect(IconThemeCache(theme: theme)?.names == ["other", "remotebridge"])
        findings = await bed.findings(.daemons)
        #expect(Doctor.passed(findings), "\(findings.printed)")

        #expect(IconThemeCache.names(in: Self.iconCache(["a", "b", "c"])) == ["a", "b", "c"])
        #expect(IconThemeCache.names(in: Array(Self.iconCache(["a"]).prefix(14))) == nil, "cut short")
    }

    @Test("the entry a shell reads first is the one checked: the user's, without Icon=, or Hidden=true, fails over a good one in /usr/share")
    func brokenEntry() async throws {
        let bed = try InstallationBed()
        let r = bed.root
        try bed.install(PlayerDesktopEntry.repositoryFile, at: "usr/share/applications/remotebridge.desktop")
        try bed.install(PlayerDesktopEntry.repositoryIcon, at: "usr/share/icons/hicolor/scalable/apps/remotebridge.svg")
        let mine = "\(r)/home/.local/share/applications/remotebridge.desktop"
        bed.write("home/.local/share/applications/remotebridge.desktop", "[Desktop Entry]\nName=RemoteBridge\n[Desktop Action x]\nIcon=remotebridge\n")
        var findings = await bed.findings(.daemons)
        let noIcon = findings.failed("the desktop entry \(mine) has no Icon= in its [Desktop Entry] group")
        #expect(noIcon.count == 1, "\(findings.printed)")
        #expect(noIcon.first?.fix == "install -Dm644 dist/desktop/remotebridge.desktop \(mine)")
        // Its icon is still looked for by the name remote-playerd gives: it is there.
        #expect(findings.contains { $0.status == .ok && $0.text.hasPrefix("the icon remotebridge is installed at \(r)/usr/share/icons/hicolor/scalable/apps/remotebridge.svg") }, "\(findings.printed)")

        bed.write("home/.local/share/applications/remotebridge.desktop", "[Desktop Entry]\nHidden=true\nName=RemoteBridge\nIcon=remotebridge\n")
        findings = await bed.findings(.daemons)
        let hidden = findings.failed("the desktop entry \(mine) says Hidden=true, so desktop shells take it as deleted")
        #expect(hidden.count == 1, "\(findings.printed)")
        #expect(hidden.first?.fix == "install -Dm644 dist/desktop/remotebridge.desktop \(mine)")

        bed.write("home/.local/share/applications/remotebridge.desktop", "[Desktop Entry]\nName=RemoteBridge\nIcon=someone-else\n")
        findings = await bed.findings(.daemons)
        let other = findings.failed("the icon someone-else that \(mine) names is not installed")
        #expect(other.first?.fix == "install -Dm644 dist/icons/remotebridge.svg \(r)/home/.local/share/icons/hicolor/scalable/apps/remotebridge.svg, and set Icon=remotebridge in \(mine)", "\(findings.printed)")
    }

    @Test("an entry whose TryExec= program is not on $PATH fails (shells leave it out); the fix links the one under the PREFIX")
    func tryExecMissing() async throws {
        let bed = try InstallationBed()
        let r = bed.root
        try bed.install(PlayerDesktopEntry.repositoryFile, at: "usr/share/applications/remotebridge.desktop")
        try bed.install(PlayerDesktopEntry.repositoryIcon, at: "usr/share/icons/hicolor/scalable/apps/remotebridge.svg")
        bed.remove("bin/remotectl")
        var findings = await bed.findings(.daemons)
        let entry = findings.failed("the desktop entry \(r)/usr/share/applications/remotebridge.desktop says TryExec=remotectl")
        #expect(
            entry.first?.text == "the desktop entry \(r)/usr/share/applications/remotebridge.desktop says TryExec=remotectl, which is not a program in any of $PATH's \(r)/bin, "
                + "so desktop shells leave the entry out and show remote-playerd (MPRIS DesktopEntry remotebridge) with no name or icon",
            "\(findings.printed)")
        #expect(entry.first?.fix == "install remotectl in a folder on $PATH (make install puts it in PREFIX/bin)")
        bed.write("opt/x/bin/remotectl", "#!/bin/sh\n")
        chmod(r + "/opt/x/bin/remotectl", 0o755)
        findings = await bed.findings(.daemons)
        #expect(findings.failed("says TryExec=remotectl").first?.fix == "sudo ln -s \(r)/opt/x/bin/remotectl /usr/local/bin/remotectl", "\(findings.printed)")
        bed.environment.executableDirectories.append(r + "/opt/x/bin")
        findings = await bed.findings(.daemons)
        #expect(Doctor.passed(findings), "\(findings.printed)")
    }

    @Test("entry and icon under a PREFIX no shell reads (make install PREFIX=/opt/x): named as unread, and the fix makes them found")
    func entryUnderUnreadPrefix() async throws {
        let bed = try InstallationBed()
        let r = bed.root
        try bed.install(PlayerDesktopEntry.repositoryFile, at: "opt/x/share/applications/remotebridge.desktop")
        try bed.install(PlayerDesktopEntry.repositoryIcon, at: "opt/x/share/icons/hicolor/scalable/apps/remotebridge.svg")
        let findings = await bed.findings(.daemons)
        let entry = findings.failed("the desktop entry is installed at \(r)/opt/x/share/applications/remotebridge.desktop, where no desktop shell looks")
        #expect(entry.count == 1, "\(findings.printed)")
        #expect(entry.first?.fix == "install -Dm644 \(r)/opt/x/share/applications/remotebridge.desktop \(r)/home/.local/share/applications/remotebridge.desktop")
        let icon = findings.failed("the icon remotebridge is installed at \(r)/opt/x/share/icons/hicolor/scalable/apps/remotebridge.svg, where no desktop shell looks")
        #expect(icon.count == 1, "\(findings.printed)")
        #expect(icon.first?.fix == "install -Dm644 \(r)/opt/x/share/icons/hicolor/scalable/apps/remotebridge.svg \(r)/home/.local/share/icons/hicolor/scalable/apps/remotebridge.svg")

        // Each fix is a command: run them, and both are found.
        for fix in [entry.first?.fix, icon.first?.fix].compactMap({ $0 }) {
            let result = try await ExternalProcess.run("/bin/sh", ["-c", fix])
            #expect(result.status == 0, "\(fix): \(result.standardError)")
        }
        let fixed = await bed.findings(.daemons)
        #expect(Doctor.passed(fixed), "\(fixed.printed)")
    }

    @Test("installed under remotectl's own PREFIX (/proc/self/exe's ../..), which XDG_DATA_DIRS lacks: remotectl doctor names the copy")
    func remotectlFindsItsPrefix() async throws {
        let bed = try InstallationBed()
        let r = bed.root
        try FileManager.default.createDirectory(atPath: r + "/opt/x/bin", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: BuiltProduct.debug("remotectl"), toPath: r + "/opt/x/bin/remotectl")
        try bed.install(PlayerDesktopEntry.repositoryFile, at: "opt/x/share/applications/remotebridge.desktop")
        let result = try await ExternalProcess.run(
            r + "/opt/x/bin/remotectl", ["doctor", "--bus", "unix:path=\(r)/no-bus", "--timeout", "1"],
            environment: [
                "HOME": r + "/home", "XDG_DATA_HOME": r + "/home/.local/share", "XDG_DATA_DIRS": r + "/usr/share", "XDG_CONFIG_HOME": r + "/home/.config",
                "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(r)/no-system-bus",
            ])
        #expect(result.status == 1)
        #expect(
            result.standardOutput.contains(
                "\nFAIL  daemons: the desktop entry is installed at \(r)/opt/x/share/applications/remotebridge.desktop, where no desktop shell looks (they look in "
                    + "\(r)/home/.local/share/applications, \(r)/usr/share/applications, from $XDG_DATA_HOME and $XDG_DATA_DIRS), so they show remote-playerd "
                    + "(MPRIS DesktopEntry remotebridge) with no name or icon. Fix: install -Dm644 \(r)/opt/x/share/applications/remotebridge.desktop "
                    + "\(r)/home/.local/share/applications/remotebridge.desktop\n"),
            "\(result.standardOutput)")
    }

    @Test("the folders looked in follow XDG_DATA_HOME and XDG_DATA_DIRS, with the specification's defaults; a program's PREFIX is the folder above its bin")
    func defaultFolders() {
        let defaults = DoctorEnvironment(environment: ["HOME": "/h"])
        #expect(defaults.applicationDirectories == ["/h/.local/share/applications", "/usr/local/share/applications", "/usr/share/applications"])
        #expect(defaults.iconThemeDirectories == ["/h/.icons", "/h/.local/share/icons", "/usr/local/share/icons", "/usr/share/icons"])
        #expect(defaults.pixmapDirectories == ["/usr/share/pixmaps"])
        #expect(defaults.dataHome == "/h/.local/share")
        let set = DoctorEnvironment(environment: ["HOME": "/h", "XDG_DATA_HOME": "/d", "XDG_DATA_DIRS": "/opt/x/share:relative:/usr/share"])
        #expect(set.applicationDirectories == ["/d/applications", "/opt/x/share/applications", "/usr/share/applications"])
        #expect(set.iconThemeDirectories == ["/h/.icons", "/d/icons", "/opt/x/share/icons", "/usr/share/icons"])
        #expect(DoctorEnvironment.prefix(ofProgram: "/opt/x/bin/remotectl") == "/opt/x")
        #expect(DoctorEnvironment.prefix(ofProgram: "/usr/bin/headsetd") == "/usr")
        #expect(DoctorEnvironment.prefix(ofProgram: "/bin/remotectl") == "/")
        #expect(DoctorEnvironment.prefix(ofProgram: "/work/.build/debug/remotectl") == nil)
        #expect(DoctorEnvironment.prefix(ofProgram: nil) == nil)
    }

    @Test("the repository's desktop entry names the icon remote-playerd gives, and the icon's drawing is there")
    func repositoryFiles() throws {
        let root = BuiltProduct.packageRoot.path + "/"
        let entry = InstalledFile(PlayerDesktopEntry.fileName, in: [root + "dist/desktop"])
        #expect(entry.path == root + PlayerDesktopEntry.repositoryFile)
        #expect(entry.value(of: "Icon", inGroup: "Desktop Entry") == PlayerDesktopEntry.iconName)
        #expect(entry.value(of: "Name", inGroup: "Desktop Entry") == "RemoteBridge")
        #expect(FileManager.default.fileExists(atPath: root + PlayerDesktopEntry.repositoryIcon))
    }

    // MARK: The udev rule

    @Test("the udev rule nowhere: it fails, naming udev's folders and the command that installs it")
    func udevRuleAbsent() async throws {
        let bed = try InstallationBed()
        let r = bed.root
        let findings = await bed.findings(.input)
        let rule = findings.failed("the udev rule")
        #expect(rule.count == 1, "\(findings.printed)")
        #expect(
            rule.first?.text == "the udev rule 70-remotebridge-headset.rules is not installed in any of \(r)/etc/udev/rules.d, \(r)/usr/lib/udev/rules.d, "
                + "so headsetd may not read headset devices without root")
        #expect(
            rule.first?.fix == "sudo install -m644 dist/udev/70-remotebridge-headset.rules /etc/udev/rules.d/ && sudo udevadm control --reload "
                + "&& sudo udevadm trigger --subsystem-match=input")
    }

    @Test("the udev rule in PREFIX/lib/udev/rules.d of a PREFIX udev does not read: named as not read by udev, with the command that copies it where udev reads")
    func udevRuleNotRead() async throws {
        let bed = try InstallationBed()
        let r = bed.root
        bed.write("opt/x/lib/udev/rules.d/\(Self.rule)", "# the rule\n")
        let findings = await bed.findings(.input)
        let rule = findings.failed("the udev rule")
        #expect(rule.count == 1, "\(findings.printed)")
        #expect(
            rule.first?.line == "FAIL  input: the udev rule is installed at \(r)/opt/x/lib/udev/rules.d/70-remotebridge-headset.rules, which is not read by udev "
                + "(it reads \(r)/etc/udev/rules.d, \(r)/usr/lib/udev/rules.d only), so headsetd may not read headset devices without root. "
                + "Fix: sudo install -m644 \(r)/opt/x/lib/udev/rules.d/70-remotebridge-headset.rules /etc/udev/rules.d/ && sudo udevadm control --reload "
                + "&& sudo udevadm trigger --subsystem-match=input")
    }

    @Test("the udev rule in a folder udev reads passes, even with a copy elsewhere; one masked by a link to /dev/null fails")
    func udevRuleRead() async throws {
        let bed = try InstallationBed()
        let r = bed.root
        bed.write("opt/x/lib/udev/rules.d/\(Self.rule)", "# the rule\n")
        bed.write("usr/lib/udev/rules.d/\(Self.rule)", "# the rule\n")
        var findings = await bed.findings(.input)
        #expect(findings.contains { $0.line == "ok    input: the udev rule is installed at \(r)/usr/lib/udev/rules.d/70-remotebridge-headset.rules" }, "\(findings.printed)")
        #expect(findings.failed("udev").isEmpty, "\(findings.printed)")

        try FileManager.default.createSymbolicLink(atPath: r + "/etc/udev/rules.d/" + Self.rule, withDestinationPath: "/dev/null")
        findings = await bed.findings(.input)
        let masked = findings.failed("the udev rule is masked: \(r)/etc/udev/rules.d/70-remotebridge-headset.rules is a link to /dev/null")
        #expect(masked.count == 1, "\(findings.printed)")
        #expect(masked.first?.fix == "sudo rm \(r)/etc/udev/rules.d/70-remotebridge-headset.rules && sudo udevadm control --reload && sudo udevadm trigger --subsystem-match=input")
        // With no copy behind the mask, removing it is not enough: the fix installs one too.
        bed.remove("usr/lib/udev/rules.d/\(Self.rule)")
        findings = await bed.findings(.input)
        #expect(
            findings.failed("the udev rule is masked").first?.fix == "sudo rm \(r)/etc/udev/rules.d/70-remotebridge-headset.rules "
                + "&& sudo install -m644 dist/udev/70-remotebridge-headset.rules /etc/udev/rules.d/ && sudo udevadm control --reload && sudo udevadm trigger --subsystem-match=input",
            "\(findings.printed)")
    }

    // MARK: make install's udev rule

    @Test("the Makefile's folders udev reads are the doctor's")
    func makefileReadFolders() async throws {
        let result = try await Self.make(["--eval", "print-udev-read-dirs: ; @echo $(UDEV_READ_DIRS)", "print-udev-read-dirs"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.output == DoctorEnvironment().udevRuleDirectories.joined(separator: " "))
    }

    @Test(
        "make install puts the udev rule where udev reads it: PREFIX/lib/udev/rules.d for /usr/local and /usr, /lib/udev/rules.d for the package, /etc/udev/rules.d for any other PREFIX",
        arguments: [
            (["PREFIX=/usr/local"], "/usr/local/lib/udev/rules.d", ""),
            (["PREFIX=/usr"], "/usr/lib/udev/rules.d", ""),
            (["PREFIX=/usr", "UDEV_RULES_DIR=/lib/udev/rules.d"], "/lib/udev/rules.d", ""),
            (["PREFIX=/opt/rb"], "/etc/udev/rules.d", " (not in /opt/rb/lib/udev/rules.d, which udev does not read; remove this file too when removing /opt/rb)"),
        ])
    func makeInstallUdevRule(settings: [String], folder: String, why: String) async throws {
        let destination = NSTemporaryDirectory() + "remotebridge-make-install-\(getpid())-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: destination) }
        let result = try await Self.make(["install-udev-rule", "DESTDIR=\(destination)"] + settings)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.output == "udev rule: installed as \(destination)\(folder)/\(Self.rule), where udev reads it\(why)")
        #expect(try Self.files(under: destination) == ["\(folder)/\(Self.rule)"])
        #expect(FileManager.default.contents(atPath: destination + folder + "/" + Self.rule) == FileManager.default.contents(atPath: BuiltProduct.packageRoot.path + "/dist/udev/" + Self.rule))

        // make install (and make deb, through it) install it that way: what `make -n` would run.
        let dry = try await Self.make(["-n", "install", "DESTDIR=\(destination)"] + settings)
        #expect(dry.status == 0, "\(dry.standardError)")
        #expect(dry.standardOutput.contains("make --no-print-directory install-udev-rule\nfolder='\(folder)'; \\\n"), "\(dry.standardOutput)")
    }

    @Test("make install by a user who cannot write /etc, into a PREFIX udev does not read (~/.local): no rule, and a line saying why and the command that installs it")
    func makeInstallUdevRuleUnwritable() async throws {
        let destination = NSTemporaryDirectory() + "remotebridge-make-install-\(getpid())-\(UUID().uuidString.prefix(8))"
        defer {
            chmod(destination + "/etc", 0o755)
            try? FileManager.default.removeItem(atPath: destination)
        }
        try FileManager.default.createDirectory(atPath: destination + "/etc", withIntermediateDirectories: true)
        chmod(destination + "/etc", 0o555)
        // As root every folder is writable: the user is then nobody.
        let asUser = getuid() == 0 ? ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
        let result = try await Self.make(["install-udev-rule", "DESTDIR=\(destination)", "PREFIX=/home/u/.local"], prefix: asUser)
        #expect(result.status == 0, "\(result.standardError)")
        let user = getuid() == 0 ? "nobody" : String(cString: getpwuid(getuid()).pointee.pw_name)
        #expect(
            result.output == "udev rule: not installed: udev does not read /home/u/.local/lib/udev/rules.d, and \(destination)/etc/udev/rules.d cannot be written by \(user); "
                + "until it is in /etc/udev/rules.d, headsetd may not read headset devices without root: sudo install -Dm644 dist/udev/70-remotebridge-headset.rules "
                + "/etc/udev/rules.d/70-remotebridge-headset.rules && sudo udevadm control --reload && sudo udevadm trigger --subsystem-match=input")
        #expect(try Self.files(under: destination).isEmpty)
    }

    @Test("a UDEV_RULES_DIR udev does not read is obeyed, and the line says so with the command that installs it where udev reads")
    func makeInstallUdevRuleUnread() async throws {
        let destination = NSTemporaryDirectory() + "remotebridge-make-install-\(getpid())-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: destination) }
        let result = try await Self.make(["install-udev-rule", "DESTDIR=\(destination)", "PREFIX=/opt/rb", "UDEV_RULES_DIR=/opt/rb/lib/udev/rules.d"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.output == "udev rule: installed as \(destination)/opt/rb/lib/udev/rules.d/\(Self.rule), but udev does not read /opt/rb/lib/udev/rules.d "
                + "(it reads /etc/udev/rules.d /run/udev/rules.d /usr/local/lib/udev/rules.d /usr/lib/udev/rules.d /lib/udev/rules.d only); "
                + "until it is in /etc/udev/rules.d, headsetd may not read headset devices without root: sudo install -Dm644 dist/udev/70-remotebridge-headset.rules "
                + "/etc/udev/rules.d/70-remotebridge-headset.rules && sudo udevadm control --reload && sudo udevadm trigger --subsystem-match=input")
        #expect(try Self.files(under: destination) == ["/opt/rb/lib/udev/rules.d/\(Self.rule)"])
    }

    @Test("an empty UDEV_RULES_DIR under a PREFIX udev reads installs no rule, and the line says it is the setting, not udev")
    func makeInstallUdevRuleEmpty() async throws {
        let destination = NSTemporaryDirectory() + "remotebridge-make-install-\(getpid())-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: destination) }
        let result = try await Self.make(["install-udev-rule", "DESTDIR=\(destination)", "PREFIX=/usr", "UDEV_RULES_DIR="])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.output == "udev rule: not installed, as UDEV_RULES_DIR is empty; until it is in a folder udev reads, headsetd may not read headset devices without root: "
                + "sudo install -Dm644 dist/udev/70-remotebridge-headset.rules /etc/udev/rules.d/70-remotebridge-headset.rules && sudo udevadm control --reload && sudo udevadm trigger --subsystem-match=input")
        #expect(try Self.files(under: destination).isEmpty)
    }

    @Test(
        "make install's icon: a theme with a GTK icon cache gets it made again, so that the doctor (and GTK) see the icon; a new tree gets no cache",
        .enabled(if: ChildProcess.findExecutable("gtk-update-icon-cache") != nil, "gtk-update-icon-cache is not installed"))
    func makeInstallIcons() async throws {
        let bed = try InstallationBed()
        let theme = bed.root + "/usr/share/icons/hicolor"
        bed.write("usr/share/icons/hicolor/scalable/apps/other.svg", "<svg/>")
        #expect(try await ExternalProcess.run("gtk-update-icon-cache", ["-f", "-t", "-q", theme]).status == 0)
        let result = try await Self.make(["install-icons", "DESTDIR=\(bed.root)", "PREFIX=/usr"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasSuffix("icon: \(theme)/icon-theme.cache made again, so that GTK sees the icon\n"), "\(result.standardOutput)")
        #expect(IconThemeCache(theme: theme)?.names == ["other", "remotebridge"])
        try bed.install(PlayerDesktopEntry.repositoryFile, at: "usr/share/applications/remotebridge.desktop")
        let findings = await bed.findings(.daemons)
        #expect(Doctor.passed(findings), "\(findings.printed)")
        #expect(findings.contains { $0.text == "the icon remotebridge is installed at \(theme)/scalable/apps/remotebridge.svg and 9 more" }, "\(findings.printed)")

        let fresh = NSTemporaryDirectory() + "remotebridge-make-icons-\(getpid())-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: fresh) }
        #expect(try await Self.make(["install-icons", "DESTDIR=\(fresh)", "PREFIX=/usr"]).status == 0)
        let files = try Self.files(under: fresh)
        #expect(files.count == 10 && files.contains("/usr/share/icons/hicolor/scalable/apps/remotebridge.svg"), "\(files)")
    }

    /// An `icon-theme.cache` (version 1.0) listing `names`, in two hash buckets, with no images.
    static func iconCache(_ names: [String]) -> [UInt8] {
        func card32(_ value: Int) -> [UInt8] { [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        let none = 0xFFFF_FFFF
        let buckets = 2
        let hash = 12
        let records = hash + 4 + 4 * buckets
        let strings = records + 12 * names.count
        var nameOffsets: [Int] = []
        var text: [UInt8] = []
        for name in names {
            nameOffsets.append(strings + text.count)
            text += Array(name.utf8) + [0]
        }
        let directories = strings + text.count
        // Record i is chained to record i + 2, in bucket i % 2.
        var bytes: [UInt8] = [0, 1, 0, 0] + card32(hash) + card32(directories) + card32(buckets)
        for bucket in 0..<buckets { bytes += card32(bucket < names.count ? records + 12 * bucket : none) }
        for (index, offset) in nameOffsets.enumerated() {
            bytes += card32(index + buckets < names.count ? records + 12 * (index + buckets) : none) + card32(offset) + card32(none)
        }
        return bytes + text + card32(0)
    }

    /// Sets the time `path` was last changed, in seconds since 1970.
    static func setTime(of path: String, to seconds: Int) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: TimeInterval(seconds))], ofItemAtPath: path)
    }

    /// Runs make in the package's folder, after `prefix` (a command that runs it as another user).
    static func make(_ arguments: [String], prefix: [String] = []) async throws -> ExternalProcess.Result {
        let command = prefix + ["make", "--no-print-directory", "-C", BuiltProduct.packageRoot.path] + arguments
        return try await ExternalProcess.run(command[0], Array(command.dropFirst()), environment: ["MAKEFLAGS": "", "MFLAGS": ""])
    }

    /// The files under `folder`, as paths from it ("/etc/udev/rules.d/…").
    static func files(under folder: String) throws -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        return walker.compactMap { $0 as? String }.filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder) && !isFolder.boolValue
        }.map { "/" + $0 }.sorted()
    }
}

/// Folders of their own for every place the desktop entry, the icon and the udev rule are looked
/// for: `home` (`$XDG_DATA_HOME` is `home/.local/share`), `usr/local/share` and `usr/share` as
/// `$XDG_DATA_DIRS`, `usr/share/pixmaps`, `etc/udev/rules.d` and `usr/lib/udev/rules.d` as the
/// folders udev reads, and `opt/x` as a PREFIX nothing reads. No session bus: the checks need none.
@MainActor
final class InstallationBed {
    let root: String
    var environment: DoctorEnvironment

    init() throws {
        root = NSTemporaryDirectory() + "remotebridge-installation-\(getpid())-\(UUID().uuidString.prefix(8))"
        for folder in ["home", "input", "etc/udev/rules.d", "usr/lib/udev/rules.d"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        environment = DoctorEnvironment(environment: ["HOME": root + "/home", "XDG_DATA_DIRS": "\(root)/usr/local/share:\(root)/usr/share"])
        environment.sessionBusAddress = "unix:path=\(root)/no-bus"
        environment.inputDirectory = root + "/input"
        environment.udevRuleDirectories = [root + "/etc/udev/rules.d", root + "/usr/lib/udev/rules.d"]
        environment.systemdUnitDirectories = [root + "/units"]
        environment.dbusServiceDirectories = [root + "/services"]
        environment.pixmapDirectories = [root + "/usr/share/pixmaps"]
        environment.installPrefixes = [root + "/opt/x"]
        // $PATH: remotectl (the repository's entry's TryExec=) is there.
        environment.executableDirectories = [root + "/bin"]
        try FileManager.default.createDirectory(atPath: root + "/bin", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: root + "/bin/remotectl", contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755])
        environment.configPath = root + "/config.toml"
        environment.callTimeout = .seconds(1)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The findings of `area` alone.
    func findings(_ area: DoctorArea) async -> [DoctorFinding] {
        var doctor = Doctor(environment: environment)
        doctor.areas = [area]
        return await doctor.run()
    }

    /// Writes `text` to `path` under the bed's folder, making its folders.
    func write(_ path: String, _ text: String) {
        write(path, Data(text.utf8))
    }

    /// Writes `bytes` to `path` under the bed's folder, making its folders.
    func write(_ path: String, _ bytes: Data) {
        let full = root + "/" + path
        try? FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: full, contents: bytes)
    }

    /// Copies the repository's `file` (`dist/desktop/remotebridge.desktop`) to `path` under the bed's folder.
    func install(_ file: String, at path: String) throws {
        let full = root + "/" + path
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: BuiltProduct.packageRoot.path + "/" + file, toPath: full)
    }

    /// Removes `path` under the bed's folder.
    func remove(_ path: String) {
        unlink(root + "/" + path)
    }
}
