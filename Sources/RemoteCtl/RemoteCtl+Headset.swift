import DBus
import RemoteControl

extension RemoteCtl {
    /// click [--count N] [--hold S]: asks headsetd to make the pattern (Headset1.Click), so its
    /// timing is exact whatever the bus does.
    public func click(count: Int, hold: Double) async -> Int32 {
        guard (1...10).contains(count), hold.isFinite, (0...30).contains(hold) else {
            errors("remotectl: --count must be 1 to 10 and --hold 0 to 30 seconds")
            return 2
        }
        do throws(DBusError) {
            _ = try await connection.call(
                "io.github.remotebridge.Headset", "/io/github/remotebridge/Headset", "io.github.remotebridge.Headset1", "Click",
                [.uint32(UInt32(count)), .double(hold)])
            return 0
        } catch {
            errors("remotectl: headsetd did not take the click (is it running?): \(error)")
            return 1
        }
    }

    /// seek-forward/seek-backward --hold S: begin scanning, wait S seconds, end.
    public func scan(forward: Bool, hold: Duration) async -> Int32 {
        let begin = await send(forward ? "begin-seeking-forward" : "begin-seeking-backward", interval: nil, position: nil)
        guard begin == 0 else { return begin }
        try? await Task.sleep(for: hold)
        return await send(forward ? "end-seeking-forward" : "end-seeking-backward", interval: nil, position: nil)
    }
}
