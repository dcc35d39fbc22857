/// The folders of the queue's entries, each held once: a library's paths share their folders
/// (an album's tracks, one folder), so an entry keeps only its file name and a folder number.
/// A folder no entry uses any more is let go, and its number used again.
struct FolderTable: Sendable {
    /// Each folder, with its final `/`, by number; "" for a number not in use.
    private var folders: [String] = []
    /// How many entries use each folder.
    private var uses: [Int32] = []
    /// The number of each folder in use.
    private var numbers: [String: Int32] = [:]
    /// Numbers let go, to be used again.
    private var unused: [Int32] = []

    /// The folder with number `number`.
    subscript(number: Int32) -> String { folders[Int(number)] }

    /// The number of `folder`, which one more entry now uses.
    mutating func use(_ folder: String) -> Int32 {
        if let number = numbers[folder] {
            uses[Int(number)] += 1
            return number
        }
        let number: Int32
        if let free = unused.popLast() {
            number = free
            folders[Int(number)] = folder
            uses[Int(number)] = 1
        } else {
            number = Int32(folders.count)
            folders.append(folder)
            uses.append(1)
        }
        numbers[folder] = number
        return number
    }

    /// One entry less uses folder `number`; at none, the folder is let go.
    mutating func release(_ number: Int32) {
        uses[Int(number)] -= 1
        guard uses[Int(number)] == 0 else { return }
        numbers[folders[Int(number)]] = nil
        folders[Int(number)] = ""
        unused.append(number)
    }

    /// Where a URL or path splits into its folder (up to and with its last `/`) and the rest;
    /// nil when it has no `/`.
    static func split(_ url: String) -> (folder: String, rest: Substring)? {
        guard let slash = url.utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        let end = url.utf8.index(after: slash)
        return (String(url[..<end]), url[end...])
    }
}
