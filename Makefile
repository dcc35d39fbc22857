# RemoteBridge: build, test, demo and benchmark. `make help` lists the targets.

SWIFT ?= swift
# Debian packages the build and the tests need. `make deps` installs the missing ones.
DEBIAN_PACKAGES := pkg-config libdbus-1-dev dbus-daemon libmpv-dev playerctl sox util-linux
NO_WARNINGS := scripts/swift-no-warnings

.PHONY: help deps build test examples demo benchmark clean

help:
	@echo "make demo       run remote-playerd with demo content on a private bus, and drive it with playerctl"
	@echo "make test       install missing Debian packages, build with zero warnings, run every test, build the examples"
	@echo "make build      build the package"
	@echo "make examples   build the example programs (a separate package that uses this one by path)"
	@echo "make benchmark  run the benchmarks (release build; see Benchmarks/)"
	@echo "make clean      remove build folders"

deps:
	@scripts/install-debian-packages $(DEBIAN_PACKAGES)

build: deps
	$(NO_WARNINGS) $(SWIFT) build

test: deps
	$(NO_WARNINGS) $(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(MAKE) examples
	$(SWIFT) run --skip-build --package-path examples APIContract

examples: deps
	$(NO_WARNINGS) $(SWIFT) build --package-path examples

demo: deps
	$(NO_WARNINGS) $(SWIFT) build --product remote-playerd
	scripts/demo "$$($(SWIFT) build --show-bin-path)/remote-playerd"

benchmark: deps
	scripts/install-debian-packages mpv mpv-mpris
	$(SWIFT) build -c release --product remote-playerd
	cd Benchmarks && $(SWIFT) package --disable-sandbox benchmark

clean:
	rm -rf .build examples/.build Benchmarks/.build
