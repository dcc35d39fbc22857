// SPDX-License-Identifier: Apache-2.0
/// What `remotectl chapter` is asked: the current chapter, the list, a step, or a chapter by
/// the index `list` prints (0 for the first, as `Playback1.Chapter` counts).
enum ChapterArgument: Equatable {
    case current, list, next, previous
    case index(Int32)

    /// Reads the arguments after `chapter`; nil when they are not one of its forms.
    init?(_ arguments: [String]) {
        guard let word = arguments.first else {
            self = .current
            return
        }
        guard arguments.count == 1 else { return nil }
        switch word {
        case "list": self = .list
        case "next": self = .next
        case "previous": self = .previous
        default:
            // Digits only: no sign, so that -1 (no chapter, on the bus) is never asked for.
            guard word.allSatisfy({ $0.isASCII && $0.isNumber }), let index = Int32(word) else { return nil }
            self = .index(index)
        }
    }

    /// The forms, as the usage message names them.
    static let forms = "next, previous, list, a chapter's number as list prints it (0 for the first), or nothing for the current one"
}
