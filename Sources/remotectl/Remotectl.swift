import Glibc
import RemoteCtl

/// remotectl: playerctl's command line, and more. `QuickTransport` takes the media-key case
/// with blocking calls; everything else is `CommandRun`.
@main
enum Remotectl {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let status = QuickTransport.run(arguments, errors: { StandardStream.error.write($0 + "\n") }) { exit(status) }
        exit(await CommandRun.main(arguments: arguments))
    }
}
