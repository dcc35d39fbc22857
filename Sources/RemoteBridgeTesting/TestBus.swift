import RemoteBridgePrivateBus
import RemoteBridgeDBus

/// A private `dbus-daemon` for one test or suite.
public typealias TestBus = PrivateBus
