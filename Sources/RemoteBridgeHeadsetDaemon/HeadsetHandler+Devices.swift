// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeEvdev
import RemoteBridgeMPRIS
import RemoteBridgeText

extension HeadsetHandler {
    /// Opens the devices named on the command line or in the configuration; without any,
    /// discovers headset-like devices and watches the input folder for more (hot-plug).
    func openDevices(forced: [String], configured: [String]) {
        let named = forced + configured
        if named.isEmpty {
            let found = InputDiscovery.headsets(in: inputDirectory, includingFIFOs: discoversFIFOs)
            if found.isEmpty { logger.notice("no headset-like input device found in \(OutsideText.bareOrQuoted(inputDirectory)) yet; watching it for one") }
            for (path, identity) in found { open(path, identity: identity, mode: .discovered) }
            watchForNewDevices()
        } else {
            for path in named { open(path, identity: nil, mode: .follow) }
        }
        object?.invalidateProperties(of: Headset1Interface.name)
    }

    /// Watches the input folder: a node that appears (a headset that connects) is opened if it
    /// is headset-like, and every reader checks that its node is still there.
    private func watchForNewDevices() {
        hotPlugWatcher = DirectoryWatcher(directory: inputDirectory) { [weak self] in self?.inputFolderChanged() }
        if hotPlugWatcher == nil {
            logger.warning("cannot watch \(OutsideText.bareOrQuoted(inputDirectory)) for new devices; a headset that connects later is not read until headsetd restarts")
        }
    }

    private func inputFolderChanged() {
        for reader in readers { reader.recheck() }
        let before = readers.map(\.path)
        readers.removeAll(where: \.isFinished)
        let reading = Set(readers.map(\.path))
        for (path, identity) in InputDiscovery.headsets(in: inputDirectory, includingFIFOs: discoversFIFOs) where !reading.contains(path) {
            open(path, identity: identity, mode: .discovered)
            if identity?.isBluetooth == true { plugged(OutsideText.bareOrQuoted(identity?.name ?? path)) }
        }
        if readers.map(\.path) != before { object?.invalidateProperties(of: Headset1Interface.name) }
    }

    private func open(_ path: String, identity: DeviceIdentity?, mode: InputDeviceReader.Mode) {
        // A named device is a headset whatever it says it is; a discovered one is, by discovery.
        let reader = InputDeviceReader(path: path, identity: identity, grab: configuration.grab, mode: mode)
        let logger = self.logger
        /// Says what is read and how, whenever the device is opened, at start or when it appears.
        let logReading: @MainActor (InputDeviceReader) -> Void = { reader in
            let kind = reader.identity.isKeyboard ? "a keyboard" : reader.identity.isHeadsetLike || mode == .follow ? "headset-like" : "other"
            logger.info("reading \(OutsideText.bareOrQuoted(reader.path)) (\(OutsideText.quoted(reader.identity.name)), \(kind)\(reader.isGrabbed ? ", grabbed" : ""))")
        }
        reader.listeners.add { [weak self, weak reader] event in
            guard let self, let reader else { return }
            switch event {
            case .key(let code, let pressed, let age):
                let headsetLike = reader.mode == .follow || reader.identity.isHeadsetLike
                self.key(code, pressed: pressed, at: self.clock.now - age, headsetLike: headsetLike, device: reader.identity.name)
            case .switch(let code, let on):
                self.switchChanged(code, on: on, device: reader.identity.name)
            case .presence(let present):
                if present { logReading(reader) }
                self.object?.invalidateProperties(of: Headset1Interface.name)
                // A Bluetooth headset's AVRCP device vanishing is one sign that it disconnected.
                guard reader.identity.isBluetooth else { return }
                let name = OutsideText.bareOrQuoted(reader.identity.name)
                if present { self.plugged(name) } else { self.unplugged(name) }
            case .status(let line): logger.notice("\(line)")
            }
        }
        reader.start()
        if reader.isOpen { logReading(reader) }
        guard !reader.isFinished else { return }
        readers.append(reader)
    }
}
