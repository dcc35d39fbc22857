// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeGestures
import RemoteBridgeMPRIS

extension HeadsetHandler {
    /// A gesture bound to something other than an event: today, more time on the sleep timer
    /// (`sleep-timer +15m`). It goes to the player a press would go to, through `PlayerOutput`
    /// like a press (never waited on here), and is announced with `GestureRecognized` as events
    /// are. With no player, nothing is started: a sleep timer is for what is playing.
    func act(on action: HeadsetGestureMap.Action) {
        let target = tracker.target
        logger.debug("gesture: \(action.gesture.name) → \(action.binding.name)")
        object?.send(Headset1Interface.gestureRecognized, [.string(action.gesture.name), .string(action.binding.name), .string(target ?? "")])
        guard let request = action.binding.sleepTimerRequest else { return }
        guard let target else {
            logger.notice("\(action.binding.name): no MPRIS player to send it to")
            return
        }
        logger.debug("target: \(target) (\(tracker.targetReason))")
        output.extendSleepTimer(request, on: target)
    }
}
