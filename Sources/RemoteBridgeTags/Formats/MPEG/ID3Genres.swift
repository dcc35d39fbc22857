// SPDX-License-Identifier: Apache-2.0

/// ID3's genres by number: ID3v1's genre byte, and the "(13)" and "13" forms of ID3v2's TCON
/// frame (ID3v2.3 section 4.2.1, ID3v2.4 frames section 4.2.3).
enum ID3Genres {
    /// The names, as Mutagen's `GENRES` gives them: ID3v1's 80, Winamp's extensions to 147,
    /// and the later ones Winamp and Mutagen added, 192 in all.
    static let names: [String] = [
        "Blues", "Classic Rock", "Country", "Dance", "Disco", "Funk", "Grunge", "Hip-Hop", "Jazz", "Metal", "New Age", "Oldies",
        "Other", "Pop", "R&B", "Rap", "Reggae", "Rock", "Techno", "Industrial", "Alternative", "Ska", "Death Metal", "Pranks",
        "Soundtrack", "Euro-Techno", "Ambient", "Trip-Hop", "Vocal", "Jazz+Funk", "Fusion", "Trance", "Classical",
        "Instrumental", "Acid", "House", "Game", "Sound Clip", "Gospel", "Noise", "Alt. Rock", "Bass", "Soul", "Punk", "Space",
        "Meditative", "Instrumental Pop", "Instrumental Rock", "Ethnic", "Gothic", "Darkwave", "Techno-Industrial", "Electronic",
        "Pop-Folk", "Eurodance", "Dream", "Southern Rock", "Comedy", "Cult", "Gangsta Rap", "Top 40", "Christian Rap",
        "Pop/Funk", "Jungle", "Native American", "Cabaret", "New Wave", "Psychedelic", "Rave", "Showtunes", "Trailer", "Lo-Fi",
        "Tribal", "Acid Punk", "Acid Jazz", "Polka", "Retro", "Musical", "Rock & Roll", "Hard Rock", "Folk", "Folk-Rock",
        "National Folk", "Swing", "Fast-Fusion", "Bebop", "Latin", "Revival", "Celtic", "Bluegrass", "Avantgarde", "Gothic Rock",
        "Progressive Rock", "Psychedelic Rock", "Symphonic Rock", "Slow Rock", "Big Band", "Chorus", "Easy Listening",
        "Acoustic", "Humour", "Speech", "Chanson", "Opera", "Chamber Music", "Sonata", "Symphony", "Booty Bass", "Primus",
        "Porn Groove", "Satire", "Slow Jam", "Club", "Tango", "Samba", "Folklore", "Ballad", "Power Ballad", "Rhythmic Soul",
        "Freestyle", "Duet", "Punk Rock", "Drum Solo", "A Cappella", "Euro-House", "Dance Hall", "Goa", "Drum & Bass",
        "Club-House", "Hardcore", "Terror", "Indie", "BritPop", "Afro-Punk", "Polsk Punk", "Beat", "Christian Gangsta Rap",
        "Heavy Metal", "Black Metal", "Crossover", "Contemporary Christian", "Christian Rock", "Merengue", "Salsa",
        "Thrash Metal", "Anime", "JPop", "Synthpop", "Abstract", "Art Rock", "Baroque", "Bhangra", "Big Beat", "Breakbeat",
        "Chillout", "Downtempo", "Dub", "EBM", "Eclectic", "Electro", "Electroclash", "Emo", "Experimental", "Garage", "Global",
        "IDM", "Illbient", "Industro-Goth", "Jam Band", "Krautrock", "Leftfield", "Lounge", "Math Rock", "New Romantic",
        "Nu-Breakz", "Post-Punk", "Post-Rock", "Psytrance", "Shoegaze", "Space Rock", "Trop Rock", "World Music", "Neoclassical",
        "Audiobook", "Audio Theatre", "Neue Deutsche Welle", "Podcast", "Indie Rock", "G-Funk", "Dubstep", "Garage Rock",
        "Psybient"
    ]

    /// The name for genre `number`: "Unknown" for a number past the table (as Mutagen says).
    static func name(_ number: Int) -> String {
        names.indices.contains(number) ? names[number] : "Unknown"
    }

    /// The genres TCON's values stand for, as Mutagen's `TCON.genres` reads them: a number
    /// below 256 alone is that genre; "RX" and "CR" are Remix and Cover; else leading
    /// parenthesised numbers, "(RX)" or "(CR)" each give a genre, and any text after them one
    /// more ("((" escapes a parenthesis that begins the name). Mutagen reads the frame twice so
    /// (once when loading, once more when asked for the genres), which this does too.
    static func resolve(_ values: [String]) -> [String] {
        resolveOnce(resolveOnce(values))
    }

    private static func resolveOnce(_ values: [String]) -> [String] {
        var genres: [String] = []
        for value in values {
            if let number = number(value[...]), number < 256 {
                genres.append(name(number))
            } else if value == "CR" {
                genres.append("Cover")
            } else if value == "RX" {
                genres.append("Remix")
            } else if !value.isEmpty {
                genres += parenthesised(value)
            }
        }
        return genres
    }

    /// "(13)(RX)Rock": the genres of the parenthesised references, then the text after them
    /// (up to a line break, as Mutagen's pattern reads it) unless one of them gave it already.
    private static func parenthesised(_ value: String) -> [String] {
        var found: [String] = []
        var rest = value[...]
        while rest.hasPrefix("("), let close = rest.firstIndex(of: ")") {
            let reference = rest[rest.index(after: rest.startIndex)..<close]
            guard reference == "RX" || reference == "CR" || number(reference) != nil else { break }
            switch reference {
            case "RX": found.append("Remix")
            case "CR": found.append("Cover")
            default: found.append(name(number(reference) ?? names.count))
            }
            rest = rest[rest.index(after: close)...]
        }
        var text = rest.prefix { $0 != "\n" }
        if text.hasPrefix("((") { text = text.dropFirst() }
        if !text.isEmpty, !found.contains(String(text)) { found.append(String(text)) }
        return found
    }

    /// The value of `text` if it is all ASCII digits (one or more); one past any genre number
    /// when it is too long to matter.
    private static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let digits = text.drop { $0 == "0" }
        return digits.count > 4 ? 10_000 : Int(digits) ?? 0
    }
}
