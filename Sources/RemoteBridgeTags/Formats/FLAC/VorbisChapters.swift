// SPDX-License-Identifier: Apache-2.0

/// Chapters in Vorbis comments, as the Vorbis chapter extension and ffmpeg write them:
/// `CHAPTER001=00:01:02.500` gives chapter 1's start, `CHAPTER001NAME=Title` its title. The
/// number has two or three digits (so at most 1000 chapters); names are compared without regard
/// to case, as Vorbis comment names are. A chapter with no readable start is left out, its
/// title with it; a second start for one number is ignored.
struct VorbisChapters {
    private var starts: [Int: Duration] = [:]
    private var titles: [Int: String] = [:]

    /// Whether `name` may be a chapter's (it begins "CHAPTER"), so that other names cost one
    /// comparison.
    static func mayBeChapter(_ name: ArraySlice<UInt8>) -> Bool {
        name.count >= 9 && name.prefix(7).lazy.map { $0 & 0xDF }.elementsEqual("CHAPTER".utf8)
    }

    /// Takes one comment, if it is a chapter's start or title.
    mutating func take(name: ArraySlice<UInt8>, value: ArraySlice<UInt8>) {
        let afterPrefix = name.dropFirst(7)
        let digits = afterPrefix.prefix { (0x30...0x39).contains($0) }
        guard (2...3).contains(digits.count) else { return }
        let number = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        let suffix = afterPrefix.dropFirst(digits.count)
        if suffix.isEmpty {
            if starts[number] == nil, let start = Self.time(value) { starts[number] = start }
        } else if suffix.lazy.map({ $0 & 0xDF }).elementsEqual("NAME".utf8) {
            if titles[number] == nil { titles[number] = TagText.utf8(value) }
        }
    }

    /// The chapters, by their numbers.
    func finish() -> [AudioChapter] {
        starts.keys.sorted().compactMap { number in starts[number].map { AudioChapter(start: $0, title: titles[number]) } }
    }

    /// `HH:MM:SS.mmm` (hours of one to six digits, minutes and seconds of two, under 60; a
    /// fraction of one to nine digits, or none); nil for anything else. The fraction is a
    /// decimal one: ".5" is half a second (ffmpeg reads it as 5 ms).
    static func time(_ text: ArraySlice<UInt8>) -> Duration? {
        var rest = text.drop { $0 == 0x20 }
        func number(_ counts: ClosedRange<Int>) -> (value: Int64, digits: Int)? {
            let digits = rest.prefix { (0x30...0x39).contains($0) }
            guard counts.contains(digits.count) else { return nil }
            rest = rest.dropFirst(digits.count)
            return (digits.reduce(0) { $0 * 10 + Int64($1 - 0x30) }, digits.count)
        }
        func separator(_ byte: UInt8) -> Bool {
            guard rest.first == byte else { return false }
            rest = rest.dropFirst()
            return true
        }
        guard let hours = number(1...6), separator(0x3A), let minutes = number(2...2), minutes.value < 60, separator(0x3A),
            let seconds = number(2...2), seconds.value < 60
        else { return nil }
        var nanoseconds: Int64 = 0
        if separator(0x2E) {
            guard let fraction = number(1...9) else { return nil }
            nanoseconds = fraction.value * (0..<(9 - fraction.digits)).reduce(1) { product, _ in product * 10 }
        }
        guard rest.allSatisfy({ $0 == 0x20 || $0 == 0 }) else { return nil }
        return .seconds(hours.value * 3600 + minutes.value * 60 + seconds.value) + .nanoseconds(nanoseconds)
    }
}
