# SPDX-License-Identifier: Apache-2.0
# RemoteBridge: build, test, demo and benchmark. `make help` lists the targets.

SWIFT ?= swift
# Debian packages the build and the tests need. `make deps` installs the missing ones.
# The tag readers' tests make files with ffmpeg's encoders and compare with Mutagen (Debian's
# python3, whatever python3 is first on PATH).
# The tests run PulseAudio and PipeWire (with WirePlumber and pipewire-pulse) side by side, each
# private to a test; Debian 12 installs them together. On a desktop, both are then enabled for every
# session and conflict (systemd starts one of them): `systemctl --user disable` the one you do not use.
DEBIAN_PACKAGES := pkg-config libdbus-1-dev dbus-daemon libmpv-dev playerctl sox util-linux mpv mpv-mpris systemd python3-minimal python3-dbusmock pulseaudio pulseaudio-utils \
	pipewire pipewire-bin pipewire-pulse wireplumber librsvg2-bin dpkg-dev lintian desktop-file-utils shared-mime-info appstream fakeroot \
	ffmpeg python3-mutagen bluez
NO_WARNINGS := scripts/swift-no-warnings
# Release builds link the Swift runtime statically: a program that starts in a
# few milliseconds (remotectl on a media key) does not spend them binding shared libraries.
# They link with lld and packed relative relocations (DT_RELR, glibc 2.36): 1.96 MB of
# .rela.dyn becomes 34 KB, and remote-playerd keeps 1.5 MiB less resident. A program with DT_RELR
# does not load on an older glibc, so there the build goes without it, and says so.
# scripts/hot-functions.order (from `make hot-functions`) lists the functions the daemons run as
# they start and idle; the linker puts them side by side, so the pages they touch hold nothing
# else: 2–3 MiB less of each daemon's binary stays resident. For that each function needs a
# section of its own, so release builds compile with -function-sections (Swift and C), and
# scripts/unnamed-functions.ld gathers the small functions that have no symbol to be ordered by.
# -z now binds every symbol at start and makes the whole GOT read-only after (full RELRO, what
# lintian's hardening-no-bindnow asks for): remotectl --version took 3.2 ms with it and 3.4 ms
# without, remote-playerd's 82 ms the same, in one hyperfine run.
# --no-export-dynamic undoes the -export-dynamic of Swift's static-stdlib link: the programs export
# nothing, and their 8,000 own symbols (750 KiB of .dynsym, .dynstr and .gnu.hash, searched by
# the dynamic loader for every symbol any shared library binds) stay out of memory.
GLIBC_VERSION ?= $(shell getconf GNU_LIBC_VERSION 2>/dev/null | cut -d' ' -f2)
# The first glibc that loads DT_RELR (docs/development.md states it; a test holds the two together).
RELR_GLIBC := 2.36
RELR_SUPPORTED := $(shell printf '$(RELR_GLIBC)\n%s\n' '$(GLIBC_VERSION)' | sort -V -C && echo yes)
RELR_FLAGS := $(if $(RELR_SUPPORTED),-Xlinker -z -Xlinker pack-relative-relocs)
$(if $(RELR_SUPPORTED),,$(warning glibc '$(GLIBC_VERSION)' is older than $(RELR_GLIBC), which packed relative relocations (DT_RELR) need: release builds link without -z pack-relative-relocs, and keep about 1.5 MiB more resident. Build on glibc $(RELR_GLIBC) or later (Debian 12) for the footprint docs/performance.md states.))
RELEASE_BUILD := $(SWIFT) build -c release --static-swift-stdlib \
	-Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections \
	-Xswiftc -use-ld=lld $(RELR_FLAGS) -Xlinker -z -Xlinker now -Xlinker --no-export-dynamic \
	-Xlinker --symbol-ordering-file=$(CURDIR)/scripts/hot-functions.order -Xlinker --no-warn-symbol-ordering \
	-Xlinker -T -Xlinker $(CURDIR)/scripts/unnamed-functions.ld

PREFIX ?= /usr/local
DESTDIR ?=

# The suites that work at 100 000 queue entries run after the rest, on their own: their load
# (daemons reading and replaying 100 000 entries, seconds of main-actor work) would otherwise
# stretch the real-time gestures and waits of the suites running beside them.
LARGE_SUITES := LargeQueueTests|LargeStateCrashTests
# The suites that run playerctl and remotectl side by side start some 1 500 short processes and
# 1 000 dbus-daemons: they run on their own too, after the rest, for the same reason.
SIDE_BY_SIDE_SUITES := PlayerctlDifferentialTests|TemplateReferenceTests

# The programs `make install` installs, built with RELEASE_BUILD by `make release`.
RELEASE_PRODUCTS := remote-playerd remotebridge-engine headsetd remotectl

.PHONY: help deps build test test-repeat fuzz release footprint-check floors examples demo benchmark bench footprint scale resume-bench burst-bench burst-check wait-bench tag-bench hot-functions docs man install install-icons install-udev-rule deb deb-check upgrade-check clean

help:
	@echo "make demo       run remote-playerd with demo content on a private bus, and drive it with playerctl"
	@echo "make test       install missing Debian packages, check the one-way rules (scripts/check-one-way) and the process split (scripts/check-module-graph), build with zero warnings, run every test, build the examples, run the demo, then make footprint-check, make deb-check, make upgrade-check, make burst-check, make docs and make man"
	@echo "make test-repeat N=10  run the main suites N times beside a busy core, and print per test how many runs it failed (flake hunting)"
	@echo "make fuzz       build remotebridge-fuzz with libFuzzer and AddressSanitizer and run every harness FUZZ_SECONDS (default 60), two at a time; FUZZ_HARNESSES=\"state-file evdev\" for some"
	@echo "make build      build the package"
	@echo "make release    build the programs as make install does, and check them: no Foundation in the daemons, scripts/hot-functions.order not stale, libmpv loaded by remotebridge-engine alone"
	@echo "make footprint-check  make release, then a short footprint run that fails past its limits (FootprintLimits); make test runs it"
	@echo "make examples   build the example programs (a separate package that uses this one by path)"
	@echo "make bench      run every benchmark: latency (make benchmark), footprint (make footprint), scale (make scale), resumption (make resume-bench), bursts (make burst-bench), bus waits (make wait-bench) and tag reading (make tag-bench)"
	@echo "make benchmark  run the latency benchmarks (release build; see Benchmarks/)"
	@echo "make footprint  RSS and idle wakeups of both daemons beside their C floors and mpv + mpv-mpris"
	@echo "make resume-bench  media-button resumption: press → Playing, cold (D-Bus activation) and warm, and where the cold time goes"
	@echo "make scale      remote-playerd beside mpv + mpv-mpris with 1 000 to 100 000 queue entries (SCALE_SIZES=1000,10000 for a quick run)"
	@echo "make burst-bench  memory a burst of D-Bus calls takes and gives back, remote-playerd beside mpv + mpv-mpris (BURST_ONLY=gets,next-previous BURST_LARGE=0 for a quick run)"
	@echo "make burst-check  a short burst run of remote-playerd alone (BURST_SECONDS=3, MIXED_ROUNDS=1, MIXED_SECONDS=6, BURST_PEER=0) that fails when it keeps what a burst took (BurstLimits); make test runs it"
	@echo "make wait-bench  how long a D-Bus client waits while the engine starts cold, hangs, or under 8 clients, remote-playerd beside mpv + mpv-mpris, with each row's limit (WAIT_RUNS=2 WAIT_LOAD_SECONDS=3 for a quick run)"
	@echo "make tag-bench  the tag readers beside Mutagen on the same 10 000 files of every format, warm cache: files a second, and bytes read per file (TAG_FILES=1000 for a quick run)"
	@echo "make hot-functions  profile both daemons with valgrind and rewrite scripts/hot-functions.order (the release link order)"
	@echo "make install    install remote-playerd (its engine in PREFIX/libexec/remotebridge), headsetd, remotectl (with man pages and bash/zsh/fish completions), the user units, D-Bus and udev files, the desktop entry, AppStream metadata, the icon and the example config under PREFIX (default /usr/local); the udev rule where udev reads it: PREFIX/lib/udev/rules.d for PREFIX /usr/local or /usr, else /etc/udev/rules.d if writable, else nowhere, with a line saying why and the command that installs it"
	@echo "make install-udev-rule  install the udev rule alone, as make install does (no build)"
	@echo "make install-icons  install the icon alone, as make install does, and make the theme's GTK icon cache again if it has one (no build)"
	@echo "make deb        make release, then the Debian package .build/deb/remotebridge_<version>_<arch>.deb (scripts/build-deb); install it with apt install ./.build/deb/remotebridge_*.deb"
	@echo "make deb-check  make deb, then check the package (scripts/check-deb): lintian, installing and purging it in a scratch root, apt resolving its Depends; make test runs it"
	@echo "make upgrade-check  a package upgrade under a running remote-playerd (scripts/check-upgrade): the package with the engine protocol raised installed over this one; the daemon replaces itself and plays on from where it was; make test runs it"
	@echo "make docs       build the DocC documentation of the libraries into .build/docs (open .build/docs/<Module>/index.html)"
	@echo "make man        generate the man pages remotectl(1), remote-playerd(1), headsetd(1) into .build/man"
	@echo "make clean      remove build folders"

deps:
	@scripts/install-debian-packages $(DEBIAN_PACKAGES)

build: deps
	$(NO_WARNINGS) $(SWIFT) build

test: deps
	scripts/check-one-way
	scripts/check-module-graph
	scripts/check-module-graph --self-test
	$(NO_WARNINGS) $(SWIFT) build --build-tests
	scripts/raise-inotify-instances
	SWIFT="$(SWIFT)" scripts/run-tests main --skip '$(LARGE_SUITES)|$(SIDE_BY_SIDE_SUITES)'
	SWIFT="$(SWIFT)" scripts/run-tests side-by-side --filter '$(SIDE_BY_SIDE_SUITES)'
	SWIFT="$(SWIFT)" scripts/run-tests large --filter '$(LARGE_SUITES)'
	$(MAKE) examples
	$(SWIFT) run --skip-build --package-path examples APIContract
	$(SWIFT) run --skip-build --package-path examples PodcastMode | grep -q "seek by 30.0 seconds"
	scripts/demo "$$($(SWIFT) build --show-bin-path)/remote-playerd"
	$(MAKE) footprint-check deb-check upgrade-check burst-check docs man

# The main suites N times in a row beside a busy core, and per test how many runs it failed.
N ?= 10
test-repeat: deps
	$(NO_WARNINGS) $(SWIFT) build --build-tests
	scripts/raise-inotify-instances
	SWIFT="$(SWIFT)" scripts/test-repeat $(N) --skip '$(LARGE_SUITES)|$(SIDE_BY_SIDE_SUITES)'

# Every parser of outside input under libFuzzer, FUZZ_SECONDS each (scripts/fuzz; docs/development.md, "Fuzzing").
# The toolchain's libFuzzer links with lld, which the Swift toolchain ships.
FUZZ_SECONDS ?= 60
FUZZ_HARNESSES ?=
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) SWIFT="$(SWIFT)" scripts/fuzz $(FUZZ_HARNESSES)

# The release programs, built as `make install` builds them, with zero warnings, and checked:
# no daemon's module graph imports Foundation, the link order file is not stale, and only the
# engine loads libmpv (scripts/check-no-libmpv).
# SwiftPM does not know the link reads the order file and the linker script: a product older
# than either is removed first, so that it is linked again with them.
release: deps
	bin="$$($(RELEASE_BUILD) --show-bin-path)"; for product in $(RELEASE_PRODUCTS); do \
		if [ scripts/hot-functions.order -nt "$$bin/$$product" ] || [ scripts/unnamed-functions.ld -nt "$$bin/$$product" ]; then rm -f "$$bin/$$product"; fi; \
	done
	for product in $(RELEASE_PRODUCTS); do $(NO_WARNINGS) $(RELEASE_BUILD) --product $$product || exit 1; done
	scripts/check-no-foundation "$$($(RELEASE_BUILD) --show-bin-path)" $(RELEASE_PRODUCTS)
	scripts/check-hot-functions "$$($(RELEASE_BUILD) --show-bin-path)" $(RELEASE_PRODUCTS)
	scripts/check-no-libmpv "$$($(RELEASE_BUILD) --show-bin-path)" $(RELEASE_PRODUCTS)

# The C floors the footprint is measured against (Benchmarks/Floor/floor.c).
floors: deps
	scripts/install-debian-packages gcc
	mkdir -p Benchmarks/.build
	gcc -O2 -Wall -Wextra -o Benchmarks/.build/floor Benchmarks/Floor/floor.c $$(pkg-config --cflags --libs dbus-1 mpv)
	gcc -O2 -Wall -Wextra -DHEADSET_ONLY -o Benchmarks/.build/floor-headset Benchmarks/Floor/floor.c $$(pkg-config --cflags --libs dbus-1)

# The footprint benchmark's short run, which fails past FootprintLimits (Benchmarks/Sources/Footprint).
# The measurer is a debug build: it only reads /proc, and compiles faster.
footprint-check: release floors
	cd Benchmarks && $(CURDIR)/$(NO_WARNINGS) $(SWIFT) build --product Footprint
	cd Benchmarks && $(SWIFT) run --skip-build Footprint --check

examples: deps
	$(NO_WARNINGS) $(SWIFT) build --package-path examples

demo: deps
	$(NO_WARNINGS) $(SWIFT) build --product remote-playerd
	$(NO_WARNINGS) $(SWIFT) build --product remotebridge-engine
	scripts/demo "$$($(SWIFT) build --show-bin-path)/remote-playerd"

benchmark: deps
	scripts/install-debian-packages mpv mpv-mpris
	$(RELEASE_BUILD) --product remote-playerd
	$(RELEASE_BUILD) --product remotebridge-engine
	$(RELEASE_BUILD) --product remotectl
	cd Benchmarks && $(SWIFT) package --disable-sandbox benchmark

# Every library has a DocC catalogue (Sources/<Module>/<Module>.docc); each is checked with
# --warnings-as-errors, so a broken symbol link fails the build. make test builds them.
DOC_TARGETS := RemoteBridgeDurations RemoteBridgeText RemoteBridgeListeners RemoteBridgeLogging RemoteBridgeCore RemoteBridgeGestures RemoteBridgeDBus RemoteBridgeMPRIS \
	RemoteBridgeProcess RemoteBridgePrivateBus RemoteBridgeEngineProtocol RemoteBridgeTags RemoteBridgePlayer RemoteBridgeEvdev RemoteBridgeDesktopKeys RemoteBridgeConfiguration RemoteBridgeStateFile RemoteBridgeResume RemoteBridgeDoctor RemoteBridgeRelease \
	RemoteBridgePlayerDaemon RemoteBridgeHeadsetDaemon RemoteBridgeCtl RemoteBridgeTesting

docs: deps
	mkdir -p .build/docs
	for target in $(DOC_TARGETS); do \
		$(SWIFT) package --allow-writing-to-directory .build/docs generate-documentation --target $$target \
			--output-path .build/docs/$$target --transform-for-static-hosting --hosting-base-path $$target \
			--warnings-as-errors || exit 1; \
	done
	@echo "Documentation in .build/docs: open .build/docs/RemoteBridgeCore/documentation/remotebridgecore/index.html"

# swift-argument-parser's generate-manual plugin writes the daemons' pages from their --help;
# remotectl, which reads playerctl's command line itself, writes its own from the same option
# and verb tables its --help comes from, with the version in its .TH line. The plugin's pages get
# the version (scripts/version) in their .Os line, so all three name the release, and .Pp for the
# blank lines it leaves between paragraphs (groff warns of each, and lintian with it). From the debug
# build: the text is the same, and the release build's own flags (lld, RELR) would otherwise be
# dropped and the products linked twice.
man: deps
	$(SWIFT) package --allow-writing-to-package-directory generate-manual --configuration debug
	$(SWIFT) build --product remotectl
	mkdir -p .build/man
	cp .build/plugins/GenerateManual/outputs/remote-playerd/remote-playerd.1 .build/plugins/GenerateManual/outputs/headsetd/headsetd.1 .build/man/
	sed -i -e "s/^\.Os\$$/.Os RemoteBridge $$(scripts/version)/" -e "s/^\$$/.Pp/" .build/man/remote-playerd.1 .build/man/headsetd.1
	"$$($(SWIFT) build --show-bin-path)/remotectl" --generate-manual > .build/man/remotectl.1

bench: benchmark footprint scale resume-bench burst-bench wait-bench tag-bench

# The tag readers beside Mutagen on the same 10 000 files of every format (TAG_FILES sets how many),
# warm cache, in one run; Benchmarks/Sources/TagReading/main.swift says what it measures.
tag-bench: deps
	scripts/install-debian-packages ffmpeg python3-mutagen
	cd Benchmarks && $(SWIFT) run -c release TagReading

footprint: deps floors
	scripts/install-debian-packages mpv mpv-mpris
	$(RELEASE_BUILD) --product remote-playerd
	$(RELEASE_BUILD) --product remotebridge-engine
	$(RELEASE_BUILD) --product headsetd
	cd Benchmarks && $(SWIFT) run -c release Footprint

# Media-button resumption, cold and warm, in one run; Benchmarks/Sources/Resumption/main.swift says what it measures.
resume-bench: deps
	scripts/install-debian-packages mpv sox gcc
	$(RELEASE_BUILD) --product remote-playerd
	$(RELEASE_BUILD) --product remotebridge-engine
	mkdir -p Benchmarks/.build
	gcc -O2 -Wall -Wextra -o Benchmarks/.build/libmpv-load Benchmarks/Floor/libmpv-load.c -Wl,--no-as-needed $$(pkg-config --libs mpv)
	cd Benchmarks && $(SWIFT) run -c release Resumption

# remote-playerd with large queues (a playlist, a folder tree, its saved state) beside mpv +
# mpv-mpris, in one run; Benchmarks/Sources/Scale/main.swift lists the SCALE_* settings.
scale: deps
	scripts/install-debian-packages mpv mpv-mpris sox
	$(RELEASE_BUILD) --product remote-playerd
	$(RELEASE_BUILD) --product remotebridge-engine
	cd Benchmarks && $(SWIFT) run -c release Scale

# Memory a burst of D-Bus calls takes, and whether it is given back within 5 s: remote-playerd beside
# mpv + mpv-mpris, in one run; Benchmarks/Sources/Bursts/main.swift lists the BURST_* settings.
burst-bench: deps
	scripts/install-debian-packages mpv mpv-mpris sox
	$(RELEASE_BUILD) --product remote-playerd
	$(RELEASE_BUILD) --product remotebridge-engine
	cd Benchmarks && $(SWIFT) run -c release Bursts

# How long a D-Bus client waits on the player while its engine starts cold, while it hangs, and under
# 8 concurrent clients: remote-playerd beside mpv + mpv-mpris, in one run, each row with its limit and
# whether it was met; Benchmarks/Sources/BusWaits/main.swift lists the WAIT_* settings. It fails only
# when remote-playerd does not play again after its engine's hang.
wait-bench: deps
	scripts/install-debian-packages mpv mpv-mpris sox
	$(RELEASE_BUILD) --product remote-playerd
	$(RELEASE_BUILD) --product remotebridge-engine
	cd Benchmarks && $(SWIFT) run -c release BusWaits

# The burst benchmark's short run, which fails past BurstLimits (Benchmarks/Sources/Bursts/BurstLimits.swift);
# make test runs it. remote-playerd alone (BURST_PEER=0), with settings shorter than burst-bench's and still
# long enough to show a burst's memory kept (the build before the fix broke the limit in 5 or 6 of its 6 bursts); each can be set
# from outside. The measurer is a debug build, as footprint-check's: it shares that build, and its clients
# still make over 2 000 calls a second.
burst-check: deps
	scripts/install-debian-packages mpv mpv-mpris sox
	$(RELEASE_BUILD) --product remote-playerd
	$(RELEASE_BUILD) --product remotebridge-engine
	cd Benchmarks && $(CURDIR)/$(NO_WARNINGS) $(SWIFT) build --product Bursts
	cd Benchmarks && BURST_SECONDS=$${BURST_SECONDS:-3} MIXED_ROUNDS=$${MIXED_ROUNDS:-1} MIXED_SECONDS=$${MIXED_SECONDS:-6} \
		BURST_PEER=$${BURST_PEER:-0} $(SWIFT) run --skip-build Bursts --check

hot-functions: deps
	scripts/install-debian-packages valgrind sox binutils
	$(RELEASE_BUILD) --product remote-playerd
	$(RELEASE_BUILD) --product remotebridge-engine
	$(RELEASE_BUILD) --product headsetd
	scripts/profile-hot-functions "$$($(RELEASE_BUILD) --show-bin-path)"

# Where `make install` puts the udev rule and the zsh completion. A Debian package (make deb) sets
# them as Debian 12 has them: /lib/udev/rules.d, where udev and lintian look, and
# /usr/share/zsh/vendor-completions, which Debian's zsh reads (it does not read site-functions).
#
# systemd-udevd reads rules from these folders alone (CONF_PATHS("udev/rules.d") in its source, the
# last where /usr is split from /, as on Debian 12; udev(7)). DoctorEnvironment.udevRuleDirectories
# lists the same, and a test holds the two together.
UDEV_READ_DIRS := /etc/udev/rules.d /run/udev/rules.d /usr/local/lib/udev/rules.d /usr/lib/udev/rules.d /lib/udev/rules.d
# The udev rule goes where udev reads it, whatever PREFIX: PREFIX/lib/udev/rules.d when udev reads that
# (PREFIX /usr/local or /usr); otherwise /etc/udev/rules.d (under DESTDIR), when it can be written;
# otherwise nowhere (UDEV_RULES_DIR empty; a user's install into ~/.local), and make install says why
# and the command that puts it there. In PREFIX/lib/udev/rules.d for PREFIX=/opt/remotebridge or
# ~/.local, no udev would read it. `make install-udev-rule` installs it alone (it needs no build).
UDEV_RULE := 70-remotebridge-headset.rules
UDEV_PREFIX_DIR = $(patsubst %/,%,$(PREFIX))/lib/udev/rules.d
UDEV_ETC_WRITABLE = $(shell folder='$(DESTDIR)/etc/udev/rules.d'; while [ ! -e "$$folder" ]; do folder=$$(dirname "$$folder"); done; [ -d "$$folder" ] && [ -w "$$folder" ] && echo yes)
UDEV_RULES_DIR ?= $(or $(filter $(UDEV_PREFIX_DIR),$(UDEV_READ_DIRS)),$(if $(UDEV_ETC_WRITABLE),/etc/udev/rules.d))
UDEV_FIX := sudo install -Dm644 dist/udev/$(UDEV_RULE) /etc/udev/rules.d/$(UDEV_RULE) && sudo udevadm control --reload && sudo udevadm trigger --subsystem-match=input
ZSH_COMPLETIONS_DIR ?= $(PREFIX)/share/zsh/site-functions

# Where the engine goes: remote-playerd starts it when there is something to play, and looks for it
# beside itself or in ../libexec/remotebridge (Sources/RemoteBridgePlayer/EngineClient/EngineLocation.swift), so it
# must stay at PREFIX/libexec/remotebridge while remote-playerd is at PREFIX/bin. Users never run it,
# so it stays out of bin (and needs no man page).
ENGINE_DIR := $(PREFIX)/libexec/remotebridge

install: deps man
	$(RELEASE_BUILD) --product remote-playerd
	$(RELEASE_BUILD) --product remotebridge-engine
	$(RELEASE_BUILD) --product headsetd
	$(RELEASE_BUILD) --product remotectl
	install -Dm755 "$$($(RELEASE_BUILD) --show-bin-path)/remote-playerd" "$(DESTDIR)$(PREFIX)/bin/remote-playerd"
	install -Dm755 "$$($(RELEASE_BUILD) --show-bin-path)/remotebridge-engine" "$(DESTDIR)$(ENGINE_DIR)/remotebridge-engine"
	install -Dm755 "$$($(RELEASE_BUILD) --show-bin-path)/headsetd" "$(DESTDIR)$(PREFIX)/bin/headsetd"
	install -Dm755 "$$($(RELEASE_BUILD) --show-bin-path)/remotectl" "$(DESTDIR)$(PREFIX)/bin/remotectl"
	install -Dm644 dist/systemd/remote-playerd.service "$(DESTDIR)$(PREFIX)/lib/systemd/user/remote-playerd.service"
	install -Dm644 dist/systemd/headsetd.service "$(DESTDIR)$(PREFIX)/lib/systemd/user/headsetd.service"
	sed -i 's|/usr/local/bin|$(PREFIX)/bin|' "$(DESTDIR)$(PREFIX)/lib/systemd/user/remote-playerd.service" "$(DESTDIR)$(PREFIX)/lib/systemd/user/headsetd.service"
	install -Dm644 dbus/services/org.mpris.MediaPlayer2.remotebridge.service "$(DESTDIR)$(PREFIX)/share/dbus-1/services/org.mpris.MediaPlayer2.remotebridge.service"
	install -Dm644 dbus/services/io.github.remotebridge.Headset.service "$(DESTDIR)$(PREFIX)/share/dbus-1/services/io.github.remotebridge.Headset.service"
	sed -i 's|/usr/local/bin|$(PREFIX)/bin|' "$(DESTDIR)$(PREFIX)/share/dbus-1/services/org.mpris.MediaPlayer2.remotebridge.service" "$(DESTDIR)$(PREFIX)/share/dbus-1/services/io.github.remotebridge.Headset.service"
	mkdir -p "$(DESTDIR)$(PREFIX)/share/bash-completion/completions" "$(DESTDIR)$(ZSH_COMPLETIONS_DIR)" "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d"
	"$(DESTDIR)$(PREFIX)/bin/remotectl" --generate-completion-script bash > "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/remotectl"
	"$(DESTDIR)$(PREFIX)/bin/remotectl" --generate-completion-script zsh > "$(DESTDIR)$(ZSH_COMPLETIONS_DIR)/_remotectl"
	"$(DESTDIR)$(PREFIX)/bin/remotectl" --generate-completion-script fish > "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/remotectl.fish"
	for page in remotectl remote-playerd headsetd; do install -Dm644 .build/man/$$page.1 "$(DESTDIR)$(PREFIX)/share/man/man1/$$page.1"; done
	install -Dm644 dist/desktop/remotebridge.desktop "$(DESTDIR)$(PREFIX)/share/applications/remotebridge.desktop"
	install -Dm644 dist/metainfo/io.github.remotebridge.metainfo.xml "$(DESTDIR)$(PREFIX)/share/metainfo/io.github.remotebridge.metainfo.xml"
	@$(MAKE) --no-print-directory install-icons
	install -Dm644 dist/config.example.toml "$(DESTDIR)$(PREFIX)/share/doc/remotebridge/examples/config.toml"
	@$(MAKE) --no-print-directory install-udev-rule
	@echo "Installed under $(DESTDIR)$(PREFIX). Then: systemctl --user daemon-reload && systemctl --user enable --now remote-playerd headsetd"

# The icon, in the hicolor theme under PREFIX. GTK (GNOME Shell) reads a theme's icon-theme.cache in
# place of its folders while the cache is not older than the theme's folder, which an icon installed
# into a size folder leaves as it was: where the theme has a cache (/usr/share/icons/hicolor), it is
# made again, or a line says how (remotectl doctor checks it too). A new tree (make deb) has none; the
# package's trigger makes the system's.
install-icons:
	scripts/render-icons "$(DESTDIR)$(PREFIX)/share/icons/hicolor"
	@theme='$(DESTDIR)$(PREFIX)/share/icons/hicolor'; \
	if [ -f "$$theme/icon-theme.cache" ]; then \
		if command -v gtk-update-icon-cache >/dev/null; then gtk-update-icon-cache -q -f -t "$$theme" && echo "icon: $$theme/icon-theme.cache made again, so that GTK sees the icon"; \
		else sudo=""; [ -w "$$theme/icon-theme.cache" ] || sudo="sudo "; \
			echo "icon: $$theme/icon-theme.cache does not list the icon, and gtk-update-icon-cache is not installed; until the cache is made again GTK-based shells show no icon: sudo apt install gtk-update-icon-cache && $${sudo}gtk-update-icon-cache -f -t $$theme"; fi; \
	fi

# The udev rule in UDEV_RULES_DIR (see above), and one line saying where it went: whether udev reads it
# there, and when it does not, why and the command that puts it where udev does.
install-udev-rule:
	@folder='$(UDEV_RULES_DIR)'; \
	if [ -z "$$folder" ] && [ -n "$(filter $(UDEV_PREFIX_DIR),$(UDEV_READ_DIRS))" ]; then \
		echo "udev rule: not installed, as UDEV_RULES_DIR is empty; until it is in a folder udev reads, headsetd may not read headset devices without root: $(UDEV_FIX)"; \
		exit 0; \
	fi; \
	if [ -z "$$folder" ]; then \
		echo "udev rule: not installed: udev does not read $(UDEV_PREFIX_DIR), and $(DESTDIR)/etc/udev/rules.d cannot be written by $$(id -un); until it is in /etc/udev/rules.d, headsetd may not read headset devices without root: $(UDEV_FIX)"; \
		exit 0; \
	fi; \
	install -Dm644 dist/udev/$(UDEV_RULE) "$(DESTDIR)$$folder/$(UDEV_RULE)" || exit 1; \
	case " $(UDEV_READ_DIRS) " in \
	*" $$folder "*) \
		if [ "$$folder" = /etc/udev/rules.d ] && [ -z "$(filter $(UDEV_PREFIX_DIR),$(UDEV_READ_DIRS))" ]; then why=" (not in $(UDEV_PREFIX_DIR), which udev does not read; remove this file too when removing $(PREFIX))"; else why=""; fi; \
		now=""; [ -z "$(DESTDIR)" ] && now="; a headset connected now gets it with: sudo udevadm trigger --subsystem-match=input"; \
		echo "udev rule: installed as $(DESTDIR)$$folder/$(UDEV_RULE), where udev reads it$$why$$now";; \
	*) \
		echo "udev rule: installed as $(DESTDIR)$$folder/$(UDEV_RULE), but udev does not read $$folder (it reads $(UDEV_READ_DIRS) only); until it is in /etc/udev/rules.d, headsetd may not read headset devices without root: $(UDEV_FIX)";; \
	esac

# The Debian package: make install into a tree under /usr, then scripts/build-deb (the version from
# scripts/version, Depends from dpkg-shlibdeps, dist/debian/control and copyright). No release build
# of its own: it packages the programs make release built.
DEB_FOLDER := .build/deb
deb: release
	rm -rf "$(DEB_FOLDER)"
	$(MAKE) install DESTDIR="$(CURDIR)/$(DEB_FOLDER)/root" PREFIX=/usr UDEV_RULES_DIR=/lib/udev/rules.d ZSH_COMPLETIONS_DIR=/usr/share/zsh/vendor-completions
	scripts/build-deb "$(DEB_FOLDER)/root" "$(DEB_FOLDER)"

# A package upgrade under a running remote-playerd (scripts/check-upgrade): this release's package,
# then the same built with the engine protocol's version raised (scripts/build-deb-next-protocol)
# installed over it in a scratch root; the running daemon must replace itself and play on. make test
# runs it (two incremental release builds, about 2.5 minutes; docs/development.md, "Packaging").
upgrade-check: deb
	scripts/build-deb-next-protocol
	scripts/check-upgrade $(DEB_FOLDER)/remotebridge_*.deb .build-upgrade/remotebridge_*.deb

# The package checked (scripts/check-deb): lintian, an install into a scratch root and a purge that
# leaves it as it was, the installed programs' versions, the desktop entry, and apt resolving Depends.
deb-check: deb
	scripts/check-deb "$(DEB_FOLDER)/remotebridge_$$(scripts/version)_$$(dpkg --print-architecture).deb"

clean:
	rm -rf .build examples/.build Benchmarks/.build
