// SPDX-License-Identifier: Apache-2.0
/// The one rule for showing a media location to the outside (MPRIS `xesam:url`, the TrackList,
/// the BlueZ mirror, and so `remotectl` and playerctl): as a URI.
///
/// The queue keeps each entry as it was given, a plain path or a URI, and a client may give
/// either. What leaves the daemon is always a URI, as the MPRIS specification says
/// `xesam:url` is: an absolute path becomes a `file://` URI, percent-encoded.
public enum FileURI {
    /// The URI for `location`.
    ///
    /// An absolute path (it starts with `/`, so it cannot start with a scheme) becomes
    /// `file://` followed by the path, each UTF-8 byte outside RFC 3986's unreserved characters
    /// (`A–Z a–z 0–9 - . _ ~`) and `/` written as `%XX` (upper-case hex). A `%` in a path is
    /// a character of the name, so it is encoded too (`%25`). Anything else passes through
    /// unchanged: a URI with a scheme (`file:`, `https:`, mpv's `av:`), or a relative name,
    /// which no file URI can stand for.
    public static func uri(for location: String) -> String {
        guard location.hasPrefix("/") else { return location }
        return uri(forPath: location.utf8)
    }

    /// The `file://` URI of a path given as bytes, which need not be UTF-8 (a Linux file name
    /// is any bytes but NUL and `/`): each byte outside the unreserved set and `/` is encoded.
    public static func uri(forPath bytes: some Sequence<UInt8>) -> String {
        var encoded: [UInt8] = Array("file://".utf8)
        for byte in bytes {
            if isKeptAsIs(byte) {
                encoded.append(byte)
            } else {
                encoded.append(UInt8(ascii: "%"))
                encoded.append(hexDigits[Int(byte >> 4)])
                encoded.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    /// RFC 3986's unreserved characters, and the path separator.
    private static func isKeptAsIs(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
            true
        default:
            false
        }
    }

    /// Upper-case hexadecimal digits, as RFC 3986 recommends for percent-encoding.
    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
