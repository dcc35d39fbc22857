import Glibc
import RemoteCtl

/// remotectl: playerctl's command line, and more. Everything is in `RemoteCtl.CommandRun`.
@main
enum Remotectl {
    static func main() async {
        exit(await CommandRun.main(arguments: Array(CommandLine.arguments.dropFirst())))
    }
}
