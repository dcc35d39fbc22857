// SPDX-License-Identifier: Apache-2.0

/// The text of a RIFF INFO item or an AIFF text chunk. Neither states an encoding (RIFF INFO
/// text is meant to be ASCII, AIFF's too), and ffmpeg writes UTF-8 into both, so UTF-8 is taken
/// when the bytes are valid UTF-8, else each byte is its Latin-1 character (as older Windows
/// tools wrote).
enum IFFText {
    /// The text up to the first NUL (INFO items end with one).
    static func decode(_ bytes: some Collection<UInt8>) -> String {
        let text = bytes.prefix { $0 != 0 }
        return String(validating: text, as: UTF8.self) ?? TagText.latin1(text)
    }
}
