// SPDX-License-Identifier: Apache-2.0
import Logging
import RemoteBridgeDBus
import RemoteBridgeMPRIS

/// The bridge's side of the system bus itself: following BlueZ on a connection (at start, on a
/// system bus that appeared after headsetd started, and again on one that came back), and what
/// it does and logs as `SystemBusLink` waits for the bus, loses it, tries again, and gets it.
extension BluetoothBridge {
    /// The system bus for a call to BlueZ; none (headsetd waits for the bus) fails the call.
    func systemForCalls() throws(DBusError) -> DBusConnection {
        guard let system else { throw .disconnected("no system bus at \(link.address) yet") }
        return system
    }

    /// Says, once, that there was no system bus at start, and whether headsetd waits for it.
    func logNoBusAtStart() {
        let address = link.address
        let why = link.lastError.map { " (\($0.message))" } ?? ""
        if link.state == .gaveUp {
            logger.notice(
                "Bluetooth: no system bus at \(address)\(why), and headsetd cannot watch for it\(link.unwatchable.map { ": \($0)" } ?? ""); it runs without BlueZ: restart headsetd once the bus is there"
            )
        } else {
            logger.info("Bluetooth: no system bus at \(address) yet\(why); headsetd waits for its socket, and registers with BlueZ once the bus is there")
        }
    }

    /// Follows BlueZ on `connection`: the player exported there, BlueZ's signals subscribed to.
    func attach(to connection: DBusConnection) async throws(DBusError) {
        connection.export(player.object)
        isPlayerExported = true
        try await subscribe(on: connection)
    }

    /// Registers with the BlueZ running on `connection`, or says that none is.
    func findBlueZ(on connection: DBusConnection) async {
        let owner = await connection.nameOwner(BlueZInterfaces.busName)
        guard connection === system, !connection.isClosed else { return }
        if let owner {
            bluezAppeared(owner)
        } else {
            logger.info("Bluetooth: BlueZ is not running; headsetd registers with it when it starts")
        }
    }

    /// The system bus appeared, went away, was tried again, or came back. The loss is the one
    /// warning: each round for a socket made and each retry is a debug line, and the end of a
    /// round an info line (a notice when headsetd gives up).
    func linkChanged(_ event: SystemBusLink.Announcement) {
        let address = link.address
        let unwatchable = link.unwatchable.map { ": \($0)" } ?? ""
        switch event {
        case .lost:
            logger.warning(
                "Bluetooth: the system bus at \(address) went away; presses still reach the players on the session bus, and headsetd registers with BlueZ again when the system bus is back"
            )
            attaching?.cancel()
            attaching = nil
            forgetBlueZ()
        case .roundStarted:
            logger.debug("Bluetooth: a socket was made for the system bus at \(address); connecting")
        case .retrying(let error, let retry, let wait):
            logger.debug("Bluetooth: no system bus at \(address) yet (\(error.message)); retry \(retry) in \(wait)")
        case .roundEnded(let error) where link.state == .gaveUp && !link.hasConnected:
            logger.notice(
                "Bluetooth: still no system bus at \(address) (\(error.message)), and headsetd cannot watch for it any more\(unwatchable); it tries no more: restart headsetd once the bus is there"
            )
        case .roundEnded(let error) where link.state == .gaveUp:
            logger.notice(
                "Bluetooth: the system bus at \(address) is not back (\(error.message)), and headsetd cannot watch for it\(unwatchable); it tries no more: restart headsetd once the bus is back"
            )
        case .roundEnded(let error) where !link.hasConnected:
            logger.info("Bluetooth: still no system bus at \(address) (\(error.message)); headsetd connects when its socket is made again")
        case .roundEnded(let error):
            logger.info("Bluetooth: the system bus at \(address) is not back (\(error.message)); headsetd connects again when its socket reappears")
        case .connected:
            logger.info("Bluetooth: the system bus at \(address) is there now; following BlueZ on it")
            if let connection = link.connection { reattach(to: connection) }
        case .reconnected:
            logger.info("Bluetooth: the system bus at \(address) is back; following BlueZ there again")
            if let connection = link.connection { reattach(to: connection) }
        }
        handler?.object?.invalidateProperties(of: Headset1Interface.name)
        listeners.announce(.changed)
    }

    /// Follows BlueZ on a system bus that appeared or came back, as at start.
    private func reattach(to connection: DBusConnection) {
        attaching?.cancel()
        attaching = Task { [weak self] in
            guard let self else { return }
            defer {
                if self.system === connection {
                    self.attaching = nil
                    self.listeners.announce(.changed)
                }
            }
            do throws(DBusError) {
                try await self.attach(to: connection)
            } catch {
                // A bus that went away again is the link's to tell.
                guard connection === self.system, !connection.isClosed, !error.isTimeout else { return }
                return self.logger.warning("Bluetooth: cannot follow BlueZ on the system bus at \(connection.address) (\(error)); restart headsetd to try again")
            }
            guard !Task.isCancelled else { return }
            await self.findBlueZ(on: connection)
        }
    }
}
