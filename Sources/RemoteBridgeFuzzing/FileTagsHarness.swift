// SPDX-License-Identifier: Apache-2.0
import RemoteBridgePlayer
import RemoteBridgeTags

extension FuzzHarness {
    /// What an audio file says of itself (`TagReader`: FLAC, Ogg, MP3 with ID3v2 and ID3v1, MP4,
    /// WAV, AIFF, APEv2, ASF, Matroska), as the queue reads an entry's. Once made into the queue's
    /// tags, every value is within `QueueLimits`; a length read is finite and not negative. Its
    /// chapters, as the player reads the current entry's, are ordered by start, each start once,
    /// within the length, at most `AudioTags.mostChapters`, titles bounded; asking for them
    /// changes none of the tags.
    static let fileTags = FuzzHarness(
        name: "file-tags", summary: "every format's tags and chapters: values within QueueLimits, lengths finite and not negative, chapters ordered and bounded",
        longestInput: 2 * QueueLimits.maximumTagLength + 1024
    ) { bytes throws(PropertyViolation) in
        let file = Array(bytes)
        guard let found = TagReader.read(file) else { return }
        try require(found.chapters.isEmpty, "chapters read when none were asked for")
        if let withChapters = TagReader.read(file, chapters: true) {
            try require(withChapters.fields == found.fields && withChapters.length == found.length, "the tags differ when chapters are asked for")
            let chapters = withChapters.chapters
            try require(chapters.count <= AudioTags.mostChapters, "\(chapters.count) chapters")
            try require(zip(chapters, chapters.dropFirst()).allSatisfy { $0.start < $1.start }, "chapters out of order or a start twice")
            for chapter in chapters {
                try require(chapter.start >= .zero && chapter.start < (found.length ?? .seconds(1e9)), "a chapter at \(chapter.start)")
                try require((chapter.title?.utf8.count ?? 0) <= AudioChapter.longestTitle, "a chapter title of \(chapter.title?.utf8.count ?? 0) bytes")
            }
        }
        if let length = found.length { try require(length >= .zero && length < .seconds(1e9), "a length of \(length)") }
        try require(found.picture == nil, "a picture read when none was asked for")
        let tags = QueueEntry.Tags(fields: found.fields.map { ($0.key.rawValue, $0.value) }).limited()
        let values = [tags.title, tags.album, tags.date, tags.comment].compactMap(\.self) + tags.artists + tags.albumArtists + tags.genres + tags.composers
        for value in values {
            try require(value.utf8.count <= QueueLimits.maximumTagLength, "a tag value of \(value.utf8.count) bytes")
        }
        for list in [tags.artists, tags.albumArtists, tags.genres, tags.composers] {
            try require(list.count <= QueueLimits.maximumTagValues, "a tag with \(list.count) values")
        }
    }

    /// Cover art embedded in an audio file, in every format `TagReader` reads: a picture found is
    /// within `ByteSourceLimits.largestRead` and within the file (a picture in base64, as Ogg holds
    /// one, decodes smaller than its text), and asking for it changes none of the tags.
    static let embeddedArt = FuzzHarness(
        name: "embedded-art", summary: "every format's embedded pictures: within the read bound and the file; tags the same"
    ) { bytes throws(PropertyViolation) in
        let file = Array(bytes)
        guard let found = TagReader.read(file, picture: true) else { return }
        if let picture = found.picture {
            try require(picture.bytes.count <= ByteSourceLimits.largestRead, "a picture of \(picture.bytes.count) bytes")
            try require(picture.bytes.count <= file.count, "a picture of \(picture.bytes.count) bytes in a file of \(file.count)")
            try require(["image/jpeg", "image/png"].contains(picture.mimeType) || picture.mimeType.hasPrefix("image/"), "a picture typed \(picture.mimeType)")
        }
        let withoutPicture = TagReader.read(file)
        try require(withoutPicture?.fields == found.fields && withoutPicture?.length == found.length, "the tags differ when the picture is asked for")
    }
}
