// SPDX-License-Identifier: Apache-2.0
/// Reads a command line the way GLib's GOption reads playerctl's, so that any command line
/// playerctl takes means the same here:
///
/// - options go anywhere, before or after the verb and its arguments;
/// - `--name=VALUE` and `--name VALUE`; `-p NAME`; flags group (`-aF`), and a short option in a
///   group takes its value from the *next* argument (`-Fp vlc`);
/// - a value is taken whatever it looks like (`-p -a` names a player called `-a`);
/// - the last of a repeated option wins (`-i a -i b` ignores b alone, as in playerctl);
/// - `--` ends the options; a lone `-` is an argument;
/// - `-h`, `-?`, `--help` and `--help-all` ask for help.
///
/// Errors carry GOption's wording ("Unknown option -x", "Missing argument for --player").
public enum OptionParser {
    /// A command line read into options and the rest.
    ///
    /// Arrays, not a Dictionary or a Set: this runs on every media-key press, and the first
    /// `[String: String]` in a process costs a scan of every protocol conformance in the binary
    /// (the runtime checks `String: Hashable` to build the type), more than the parsing itself.
    public struct Result: Equatable, Sendable {
        /// The value of each option given that takes one, by long name: the last one given.
        public var values = Values()
        /// The flags given, by long name, each once.
        public var flags: [String] = []
        /// The arguments that are not options, in order: the verb and its arguments.
        public var remaining: [String] = []
        /// True when help was asked for; reading stopped there.
        public var help = false
    }

    /// A command line GOption would refuse, with its message.
    public struct Error: Swift.Error, Equatable, CustomStringConvertible {
        /// GOption's message, such as `Unknown option -x`.
        public let description: String
    }

    /// Reads `arguments` (without the program's name) against `options`.
    public static func parse(_ arguments: [String], options: [CommandLineOption] = CommandLineOption.all) throws(Error) -> Result {
        var result = Result()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            guard !optionsEnded, argument.utf8.count > 1, argument.utf8.first == UInt8(ascii: "-") else {
                result.remaining.append(argument)
                index += 1
                continue
            }
            if argument == "--" {
                optionsEnded = true
                index += 1
                continue
            }
            if argument.hasPrefix("--") {
                let name = argument.dropFirst(2)
                if name == "help" || name == "help-all" {
                    result.help = true
                    return result
                }
                guard let (option, attached) = longOption(name, in: options) else {
                    throw Error(description: "Unknown option \(argument)")
                }
                if !option.takesValue {
                    result.flags.appendOnce(option.long)
                } else if let attached {
                    result.values[option.long] = attached
                } else if index + 1 < arguments.count {
                    index += 1
                    result.values[option.long] = arguments[index]
                } else {
                    throw Error(description: "Missing argument for --\(option.long)")
                }
                index += 1
                continue
            }
            // A group of short options: each may be a flag; one that takes a value takes the next argument.
            var next = index
            for letter in argument.dropFirst() {
                if letter == "?" || letter == "h" {
                    result.help = true
                    return result
                }
                guard let option = options.first(where: { $0.short == letter }) else {
                    throw Error(description: "Unknown option \(argument)")
                }
                guard option.takesValue else {
                    result.flags.appendOnce(option.long)
                    continue
                }
                guard next == index else { throw Error(description: "Error parsing option -\(letter)") }
                guard index + 1 < arguments.count else { throw Error(description: "Missing argument for -\(letter)") }
                next = index + 1
                result.values[option.long] = arguments[next]
            }
            index = next + 1
        }
        return result
    }

    /// The option `name` (after `--`) spells, with a value attached by `=` if there is one.
    private static func longOption(_ name: Substring, in options: [CommandLineOption]) -> (CommandLineOption, String?)? {
        for option in options {
            if name == option.long { return (option, nil) }
            if name.hasPrefix(option.long + "=") { return (option, String(name.dropFirst(option.long.count + 1))) }
        }
        return nil
    }
}

extension OptionParser {
    /// Option values by long name; setting one again replaces it.
    public struct Values: Equatable, Sendable, ExpressibleByDictionaryLiteral {
        private var pairs: [Pair] = []

        private struct Pair: Equatable, Sendable {
            let name: String
            let value: String
        }

        /// No values.
        public init() {}

        /// Values spelled out, as tests write them.
        public init(dictionaryLiteral elements: (String, String)...) {
            for (name, value) in elements { self[name] = value }
        }

        /// The value of the option `name`, if given.
        public subscript(name: String) -> String? {
            get { pairs.first { $0.name == name }?.value }
            set {
                pairs.removeAll { $0.name == name }
                if let newValue { pairs.append(Pair(name: name, value: newValue)) }
            }
        }

        public static func == (a: Values, b: Values) -> Bool {
            a.pairs.count == b.pairs.count && a.pairs.allSatisfy { b[$0.name] == $0.value }
        }
    }
}

extension Array where Element == String {
    /// Appends `name` unless it is there already.
    mutating func appendOnce(_ name: String) {
        if !contains(name) { append(name) }
    }
}
