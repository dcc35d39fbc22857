// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import Testing

/// `FileURI`: a location as the outside sees it, a percent-encoded URI.
@Suite("file URIs for locations")
struct FileURITests {
    @Test(
        "an absolute path becomes a file URI, every byte but the unreserved ones and / percent-encoded",
        arguments: [
            ("/home/u/Music/a.flac", "file:///home/u/Music/a.flac"),
            ("/home/u/Music/01 tone.flac", "file:///home/u/Music/01%20tone.flac"),
            ("/m/100% pure.flac", "file:///m/100%25%20pure.flac"),
            ("/m/%41%zz%", "file:///m/%2541%25zz%25"),
            ("/m/#1?.flac", "file:///m/%231%3F.flac"),
            ("/m/Björk/Jóga.flac", "file:///m/Bj%C3%B6rk/J%C3%B3ga.flac"),
            ("/m/🎧", "file:///m/%F0%9F%8E%A7"),
            ("/m/a&b=c;d,e+f(1)'!*$@:[x].flac", "file:///m/a%26b%3Dc%3Bd%2Ce%2Bf%281%29%27%21%2A%24%40%3A%5Bx%5D.flac"),
            ("/m/tab\there\nline\\back\"q<>^`{|}", "file:///m/tab%09here%0Aline%5Cback%22q%3C%3E%5E%60%7B%7C%7D"),
            ("/m/A-Z_a.z~0-9", "file:///m/A-Z_a.z~0-9"),
            ("/m/bad\u{FFFD}byte", "file:///m/bad%EF%BF%BDbyte"),
            ("/", "file:///"),
        ])
    func paths(path: String, uri: String) {
        #expect(FileURI.uri(for: path) == uri)
    }

    @Test(
        "a location that already has a scheme, or is no absolute path, passes through unchanged",
        arguments: [
            "file:///m/a%20b.flac", "file:///m/not encoded.flac", "https://example.com/a b?x=1#y", "http://h/%zz",
            "av://lavfi:sine=frequency=440", "FILE:///upper", "music/relative.flac", "relative name.flac", "",
        ])
    func passThrough(location: String) {
        #expect(FileURI.uri(for: location) == location)
    }

    @Test("bytes that are not UTF-8 (a Linux file name may hold any) are encoded one by one")
    func invalidUTF8() {
        let bytes: [UInt8] = Array("/m/".utf8) + [0xFF, 0xC3, 0x28, 0xE2, 0x82] + Array(".flac".utf8)
        #expect(FileURI.uri(forPath: bytes) == "file:///m/%FF%C3%28%E2%82.flac")
    }

    @Test("Foundation reads each URI back as the same path", arguments: [
        "/home/u/Music/01 tone.flac", "/m/100% pure.flac", "/m/#1?.flac", "/m/Björk/Jóga.flac", "/m/a&b=c;d,e+f(1)'!*$@:.flac",
        "/m/%41%zz%",
    ])
    func roundTrip(path: String) throws {
        let uri = FileURI.uri(for: path)
        #expect(uri.unicodeScalars.allSatisfy { $0.isASCII })
        let url = try #require(URL(string: uri))
        #expect(url.isFileURL)
        #expect(url.path(percentEncoded: false) == path)
    }

    @Test("a track's metadata shows its path and its art as file URIs; URIs stay as given")
    func trackMetadata() {
        let local = Track(id: 1, url: "/m/a b#1.flac", artURL: "/m/cover art.jpg").metadata.stringDictionaryValue
        #expect(local?["xesam:url"] == .string("file:///m/a%20b%231.flac"))
        #expect(local?["mpris:artUrl"] == .string("file:///m/cover%20art.jpg"))
        let remote = Track(id: 2, url: "https://example.com/a b.mp3", artURL: "file:///m/cover%20art.jpg").metadata.stringDictionaryValue
        #expect(remote?["xesam:url"] == .string("https://example.com/a b.mp3"))
        #expect(remote?["mpris:artUrl"] == .string("file:///m/cover%20art.jpg"))
    }
}
