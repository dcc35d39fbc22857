// SPDX-License-Identifier: Apache-2.0
import Glibc
import RemoteBridgeCtl

/// remotectl: playerctl's command line, and more; all of it is `CommandRun` (which takes the
/// media-key case, `QuickTransport`, before starting anything else).
@main
enum Remotectl {
    static func main() async {
        exit(await CommandRun.main(arguments: Array(CommandLine.arguments.dropFirst())))
    }
}
