// SPDX-License-Identifier: Apache-2.0
import Logging
import RemoteBridgeDBus
import RemoteBridgeMPRIS

/// The bridge's side of the system bus itself: following BlueZ on a connection (at start, and
/// again on a system bus that came back), and what it does and logs as `SystemBusLink` loses
/// the bus, tries again, and gets it back.
extension BluetoothBridge {
    /// Follows BlueZ on `connection`: the player exported there, BlueZ's signals subscribed to.
    func attach(to connection: DBusConnection) async throws(DBusError) {
        connection.export(player.object)
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

    /// The system bus went away, was tried again, or came back. The loss is the one warning:
    /// each retry is a debug line, and the end of a round an info line (a notice when headsetd
    /// gives up).
    func linkChanged(_ event: SystemBusLink.Announcement) {
        let address = link.address
        switch event {
        case .lost:
            logger.warning(
                "Bluetooth: the system bus at \(address) went away; presses still reach the players on the session bus, and headsetd registers with BlueZ again when the system bus is back"
            )
            attaching?.cancel()
            attaching = nil
            forgetBlueZ()
        case .retrying(let error, let retry, let wait):
            logger.debug("Bluetooth: no system bus at \(address) yet (\(error.message)); retry \(retry) in \(wait)")
        case .roundEnded(let error) where link.state == .gaveUp:
            logger.notice(
                "Bluetooth: the system bus at \(address) is not back (\(error.message)), and headsetd cannot watch for it; it tries no more: restart headsetd once the bus is back"
            )
        case .roundEnded(let error):
            logger.info("Bluetooth: the system bus at \(address) is not back (\(error.message)); headsetd connects again when its socket reappears")
        case .reconnected:
            logger.info("Bluetooth: the system bus at \(address) is back; following BlueZ there again")
            reattach(to: link.connection)
        }
        handler?.object?.invalidateProperties(of: Headset1Interface.name)
        listeners.announce(.changed)
    }

    /// Follows BlueZ on a system bus that came back, as at start.
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
                return self.logger.warning("Bluetooth: cannot follow BlueZ on the system bus that came back (\(error)); restart headsetd to try again")
            }
            guard !Task.isCancelled else { return }
            await self.findBlueZ(on: connection)
        }
    }
}
