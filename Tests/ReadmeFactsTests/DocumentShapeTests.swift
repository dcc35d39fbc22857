// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// README.md is a first screen and docs/ARCHITECTURE.md an overview, so each has a length it may
/// not pass; everything else goes to a page of its own in `docs/`. Every relative link between
/// README.md and those pages leads somewhere: to a file that exists and, for `page.md#anchor`,
/// to a heading of that page, named as GitHub names it.
@Suite("README.md and docs/ keep their length and their links")
struct DocumentShapeTests {
    /// The longest each overview may be, in lines.
    static let lineLimits = [("README.md", 150), ("docs/ARCHITECTURE.md", 500)]

    @Test("README.md has at most 150 lines, docs/ARCHITECTURE.md at most 500", arguments: lineLimits)
    func length(path: String, limit: Int) throws {
        let lines = try MarkdownPage(path).lines.count
        #expect(lines <= limit, "\(path) has \(lines) lines, more than \(limit): move a section to a page of its own in docs/ and link to it")
    }

    @Test("Every relative link in README.md and docs/*.md leads to a file and heading that exist", arguments: MarkdownPage.all)
    func links(path: String) throws {
        let page = try MarkdownPage(path)
        for link in page.relativeLinks {
            let (file, anchor) = link.split()
            let target = file.isEmpty ? path : MarkdownPage.resolve(file, from: path)
            guard let target else {
                Issue.record("\(path):\(link.line): the link to \(link.target) leaves the package")
                continue
            }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: ReadmeText.root.appendingPathComponent(target).path, isDirectory: &isFolder) else {
                Issue.record("\(path):\(link.line): the link to \(link.target) leads to \(target), which does not exist")
                continue
            }
            guard let anchor else { continue }
            guard target.hasSuffix(".md"), !isFolder.boolValue else {
                Issue.record("\(path):\(link.line): the link to \(link.target) names an anchor in \(target), which is not a Markdown page")
                continue
            }
            let anchors = try MarkdownPage(target).anchors
            #expect(
                anchors.contains(anchor),
                "\(path):\(link.line): the link to \(link.target) names #\(anchor), a heading \(target) does not have (its headings: \(anchors.sorted().joined(separator: ", ")))")
        }
    }

    @Test("Anchors are made as GitHub makes them")
    func anchorRules() {
        #expect(MarkdownPage.anchor(of: "When a press does nothing: `remotectl doctor`") == "when-a-press-does-nothing-remotectl-doctor")
        #expect(MarkdownPage.anchor(of: "The release build, guarded by CI") == "the-release-build-guarded-by-ci")
        #expect(MarkdownPage.anchor(of: "make burst-bench and make_burst-check") == "make-burst-bench-and-make_burst-check")
        #expect(MarkdownPage.anchor(of: "remotectl: playerctl's command line") == "remotectl-playerctls-command-line")
    }
}

/// A Markdown page of the package, read for its headings and its relative links; fenced code
/// blocks and code spans are neither.
struct MarkdownPage {
    /// A link the page makes.
    struct Link {
        /// The line it is on, counted from 1.
        let line: Int
        /// What it points to: `docs/engine.md#the-protocol`, `#modules`.
        let target: String

        /// The file part (empty for a link within the page) and the anchor, if any.
        func split() -> (file: String, anchor: String?) {
            guard let hash = target.firstIndex(of: "#") else { return (target, nil) }
            return (String(target[..<hash]), String(target[target.index(after: hash)...]))
        }
    }

    /// README.md and every page in docs/, by path from the package's folder.
    static var all: [String] {
        let pages = (try? FileManager.default.contentsOfDirectory(atPath: ReadmeText.root.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + pages.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    /// The path, from the package's folder.
    let path: String
    /// The page's lines.
    let lines: [Substring]

    init(_ path: String) throws {
        self.path = path
        let text = try String(contentsOf: ReadmeText.root.appendingPathComponent(path), encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        self.lines = lines
    }

    /// The lines outside fenced code blocks, each with its number.
    var prose: [(number: Int, text: Substring)] {
        var inFence = false
        var kept: [(Int, Substring)] = []
        for (index, line) in lines.enumerated() {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                inFence.toggle()
                continue
            }
            if !inFence { kept.append((index + 1, line)) }
        }
        return kept
    }

    /// The anchors of the page's headings, as GitHub makes them (a repeated one gets `-1`, `-2`…).
    var anchors: Set<String> {
        var seen: [String: Int] = [:]
        var anchors: Set<String> = []
        for (_, line) in prose where line.hasPrefix("#") {
            let title = line.drop { $0 == "#" }
            guard title.first == " " else { continue }
            let anchor = Self.anchor(of: String(title.dropFirst()))
            let count = seen[anchor, default: 0]
            anchors.insert(count == 0 ? anchor : "\(anchor)-\(count)")
            seen[anchor] = count + 1
        }
        return anchors
    }

    /// The links to other files of the package or to headings: every `[text](target)` whose target
    /// has no scheme (`https:`, `mailto:`), outside code.
    var relativeLinks: [Link] {
        let expression = try! NSRegularExpression(pattern: #"\]\(([^)\s]+)(?:\s+"[^"]*")?\)"#)
        var links: [Link] = []
        for (number, line) in prose {
            let text = Self.withoutCodeSpans(String(line))
            let whole = text as NSString
            for match in expression.matches(in: text, range: NSRange(location: 0, length: whole.length)) {
                let target = whole.substring(with: match.range(at: 1))
                if target.range(of: #"^[A-Za-z][A-Za-z0-9+.-]*:"#, options: .regularExpression) != nil { continue }
                links.append(Link(line: number, target: target))
            }
        }
        return links
    }

    /// GitHub's anchor for a heading: lower case, markup and punctuation other than `-` and `_`
    /// removed, each space a `-`.
    static func anchor(of title: String) -> String {
        String(
            title.lowercased().unicodeScalars.compactMap { scalar -> Character? in
                if scalar == " " { return "-" }
                if scalar == "-" || scalar == "_" { return Character(scalar) }
                if CharacterSet.alphanumerics.contains(scalar) { return Character(scalar) }
                return nil
            })
    }

    /// `file` (a link's file part, relative to the page at `page`) as a path from the package's
    /// folder, or nil when it climbs out of the package.
    static func resolve(_ file: String, from page: String) -> String? {
        var parts = page.split(separator: "/").dropLast().map(String.init)
        for part in file.split(separator: "/") {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }

    /// `line` with its code spans (`` `…` ``) blanked, so that a link written as code is not one.
    static func withoutCodeSpans(_ line: String) -> String {
        var result = ""
        var inCode = false
        for character in line {
            if character == "`" {
                inCode.toggle()
                result.append(" ")
            } else {
                result.append(inCode ? " " : character)
            }
        }
        return result
    }
}
