// SPDX-License-Identifier: Apache-2.0
// remotebridge-engine: mpv, in a process of its own, for remote-playerd. The daemon starts it
// with a socketpair as descriptor 3 when there is something to play; it is not run by hand.
// docs/engine.md describes the protocol and the confinement.
import CRemoteBridgeHeap
import Glibc
import RemoteBridgeEngine
import RemoteBridgeProcess
import RemoteBridgeRelease

// Before any thread: mpv's per-file probe buffers stay in the heap between opens (cheap.h says why).
_ = cheap_keep_opening_buffers()
let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("--version") {
    print("remotebridge-engine \(RemoteBridgeRelease.version)")
    exit(0)
}
var status = stat()
if !arguments.isEmpty || fstat(EngineServer.channelDescriptor, &status) != 0 || status.st_mode & S_IFMT != S_IFSOCK {
    let asked = arguments.contains("--help") || arguments.contains("-h")
    let usage =
        """
        usage: remotebridge-engine [--version]
        mpv in a confined process of its own, for remote-playerd, which starts it with its channel as
        descriptor 3 when there is something to play. It is not run by hand: start remote-playerd.

        """
    _ = usage.withCString { write(asked ? 1 : 2, $0, strlen($0)) }
    exit(asked ? 0 : 2)
}
// Killed with the daemon whatever state it is in (a stopped engine reads no end of its channel);
// a daemon gone already (the parent is now init or a subreaper) leaves nothing to play for.
if !ParentProcess.dieWithIt() { exit(0) }
exit(EngineServer.run())
