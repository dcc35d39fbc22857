// SPDX-License-Identifier: Apache-2.0

/// Gathers the frames of one ID3v2 tag into tags, the way Mutagen's reading of a tag maps to
/// `TagKey` (the oracle's mapping): standard frames first, TYER and TDAT only without TDRC, the
/// first comment without a description, and user text frames only for keys no standard frame
/// gave.
struct ID3v2Collector {
    /// The most values taken from one tag, so that a hostile tag cannot make the duplicate
    /// checks of `AudioTags.add` quadratic in its size.
    static let mostValues = 4096

    private var tags = AudioTags(format: .mp3)
    private var valuesLeft = mostValues
    private var years: [String] = []
    private var dayMonths: [String] = []
    private var hasRecordingTime = false
    private var commentLanguage: [UInt8]?
    private var comments: [String] = []
    private var userTexts: [(key: TagKey, values: [String])] = []
    private var picture: EmbeddedPicture?

    /// Whether a front cover was found: other pictures after it are not read.
    var hasFrontCover: Bool { picture?.isFrontCover == true }

    /// Reads the body of a frame of `kind`. `threeLetterID` says it is ID3v2.2's PIC, whose
    /// image format has three letters.
    mutating func take(_ kind: ID3v2FrameKind, _ body: ArraySlice<UInt8>, major: UInt8, threeLetterID: Bool) {
        switch kind {
        case .text(let key):
            add(key, ID3v2FrameBodies.text(body, major: major) ?? [])
        case .genre:
            add(.genre, ID3Genres.resolve(ID3v2FrameBodies.text(body, major: major) ?? []))
        case .recordingTime:
            guard let values = ID3v2FrameBodies.text(body, major: major) else { return }
            hasRecordingTime = true
            add(.date, values)
        case .year:
            years += ID3v2FrameBodies.text(body, major: major) ?? []
        case .dayMonth:
            dayMonths += ID3v2FrameBodies.text(body, major: major) ?? []
        case .comment:
            // Mutagen merges comments with the same description and language into one frame,
            // and the oracle reads the first whose description is empty.
            guard let comment = ID3v2FrameBodies.comment(body, major: major), comment.description.isEmpty else { return }
            let language = Array(comment.language)
            if commentLanguage == nil { commentLanguage = language }
            if language == commentLanguage { comments += comment.values }
        case .userText:
            guard let text = ID3v2FrameBodies.userText(body, major: major), let key = TagKey(commonName: text.description) else { return }
            userTexts.append((key, text.values))
        case .picture:
            guard let found = ID3v2FrameBodies.picture(body, major: threeLetterID ? 2 : 3) else { return }
            if picture == nil || found.isFrontCover { picture = found }
        }
    }

    /// The tags gathered.
    mutating func finish() -> AudioTags {
        if !hasRecordingTime {
            add(.date, Self.dates(years: years, dayMonths: dayMonths))
        }
        add(.comment, comments)
        let given = Set(tags.fields.map(\.key))
        for text in userTexts where !given.contains(text.key) {
            add(text.key, text.values)
        }
        tags.picture = picture
        return tags
    }

    /// The dates TYER and TDAT make, as Mutagen's `update_to_v24` joins them: each year of
    /// digits, followed by "-MM-DD" when the matching TDAT value is DDMM.
    static func dates(years: [String], dayMonths: [String]) -> [String] {
        func digits(_ text: String) -> Bool { !text.isEmpty && text.utf8.allSatisfy { (0x30...0x39).contains($0) } }
        var dates: [String] = []
        for index in 0..<max(years.count, dayMonths.count) {
            guard index < years.count, digits(years[index]) else { continue }
            var date = years[index]
            if index < dayMonths.count, dayMonths[index].utf8.count == 4, digits(dayMonths[index]) {
                let dayMonth = Array(dayMonths[index].utf8)
                date += "-" + TagText.latin1(dayMonth[2...]) + "-" + TagText.latin1(dayMonth[..<2])
            }
            dates.append(date)
        }
        return dates
    }

    private mutating func add(_ key: TagKey, _ values: [String]) {
        for value in values where valuesLeft > 0 {
            valuesLeft -= 1
            tags.add(key, value)
        }
    }
}
