// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeMPRIS

extension DoctorContext {
    /// BlueZ's adapters, and whether headsetd's now-playing proxy is registered with each.
    func bluetoothFindings() async -> [DoctorFinding] {
        guard configuration.bluetooth else {
            return [.note(.bluetooth, "off in the configuration (bluetooth = false): headsets get no now-playing, and a disconnect does not pause")]
        }
        guard let system else { return [] }
        guard await system.nameOwner(BlueZInterfaces.busName) != nil else {
            return [
                .failed(
                    .bluetooth, "BlueZ is not on the system bus: Bluetooth headsets cannot connect, see no now-playing, and a disconnect does not pause",
                    fix: "sudo apt install bluez && sudo systemctl enable --now bluetooth; or, without Bluetooth, set bluetooth = false under [headset] in \(configPath)")
            ]
        }
        let objects: [String: DBusValue]
        do throws(DBusError) {
            objects = try await system.call(BlueZInterfaces.busName, "/", StandardInterfaces.getManagedObjects).first?.stringDictionaryValue ?? [:]
        } catch {
            return [
                .failed(
                    .bluetooth, "BlueZ did not list its adapters: \(error.isTimeout ? "no answer within \(environment.timeoutText)" : error.message)",
                    fix: "sudo systemctl restart bluetooth")
            ]
        }
        let adapters = objects.filter { $0.value.stringDictionaryValue?[BlueZInterfaces.media] != nil }.keys.sorted()
        guard !adapters.isEmpty else {
            return [.note(.bluetooth, "BlueZ runs but has no adapter (no Bluetooth hardware, or it is blocked: rfkill list bluetooth)")]
        }
        return adapters.map { adapter in
            guard let report else {
                return .failed(
                    .bluetooth, "\(adapter): no now-playing proxy is registered, because headsetd is not running",
                    fix: "start headsetd (see daemons)")
            }
            guard report.bluetoothAdapters.contains(adapter) else {
                return .failed(
                    .bluetooth, "\(adapter): headsetd's now-playing proxy is not registered (headsetd says: \(report.bluetooth))",
                    fix: "systemctl --user restart headsetd; if it stays unregistered, journalctl --user -u headsetd says what BlueZ answered")
            }
            return .ok(.bluetooth, "\(adapter): headsetd's now-playing proxy is registered")
        }
    }
}
