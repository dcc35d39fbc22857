// SPDX-License-Identifier: Apache-2.0
import RemoteBridgePlayer

extension FuzzHarness {
    /// Tags read from an audio file's own bytes (FLAC and Ogg comments, ID3v2 text frames), as the
    /// queue reads the next entry's. Once made into the queue's tags, every value is within
    /// `QueueLimits`; a length read is not negative.
    static let fileTags = FuzzHarness(
        name: "file-tags", summary: "FLAC, Ogg and ID3v2 tags: every value within QueueLimits, lengths not negative",
        longestInput: 2 * QueueLimits.maximumTagLength + 1024
    ) { bytes throws(PropertyViolation) in
        guard let found = FileTags.read(Array(bytes)) else { return }
        if let length = found.length { try require(length >= .zero, "a length of \(length)") }
        let tags = QueueEntry.Tags(fields: found.fields).limited()
        for value in [tags.title, tags.album, tags.date].compactMap(\.self) + tags.artists + tags.albumArtists + tags.genres {
            try require(value.utf8.count <= QueueLimits.maximumTagLength, "a tag value of \(value.utf8.count) bytes")
        }
        for list in [tags.artists, tags.albumArtists, tags.genres] {
            try require(list.count <= QueueLimits.maximumTagValues, "a tag with \(list.count) values")
        }
    }

    /// Cover art embedded in an audio file (a FLAC PICTURE block, an ID3v2 APIC frame): a picture
    /// found is within `EmbeddedArt.maximumBlockSize` and within the file.
    static let embeddedArt = FuzzHarness(
        name: "embedded-art", summary: "FLAC PICTURE and ID3v2 APIC: pictures within the block bound"
    ) { bytes throws(PropertyViolation) in
        let file = Array(bytes)
        for (format, found) in [("FLAC", EmbeddedArt.flacPicture(in: file)), ("ID3v2", EmbeddedArt.id3Picture(in: file))] {
            guard let (picture, type) = found else { continue }
            try require(picture.count <= EmbeddedArt.maximumBlockSize, "\(format): a picture of \(picture.count) bytes")
            try require(picture.count <= file.count, "\(format): a picture of \(picture.count) bytes in a file of \(file.count)")
            // The type is only told apart (PNG or not); repaired bytes may make it longer than they were.
            _ = type
        }
    }
}
