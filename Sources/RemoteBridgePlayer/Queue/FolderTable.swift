// SPDX-License-Identifier: Apache-2.0
/// The folders of the queue's entries, each held once: a library's paths share their folders
/// (an album's tracks, one folder), so an entry keeps only its file name and a folder number.
/// A folder no entry uses any more is let go, and its number used again.
struct FolderTable: Sendable {
    private var table = InternTable<String>()

    /// The folder with number `number`.
    subscript(number: Int32) -> String { table[number] }

    /// The number of `folder`, which one more entry now uses.
    mutating func use(_ folder: String) -> Int32 { table.use(folder) }

    /// One entry less uses folder `number`; at none, the folder is let go.
    mutating func release(_ number: Int32) { table.release(number) }

    /// Where a URL or path splits into its folder (up to and with its last `/`) and the rest;
    /// nil when it has no `/`.
    static func split(_ url: String) -> (folder: String, rest: Substring)? {
        guard let slash = url.utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        let end = url.utf8.index(after: slash)
        return (String(url[..<end]), url[end...])
    }
}
