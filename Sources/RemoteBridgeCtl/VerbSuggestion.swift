// SPDX-License-Identifier: Apache-2.0
/// "Did you mean …?" for a mistyped verb (`remotectl plya`).
public enum VerbSuggestion {
    /// The verb closest to `word` (at most two edits away, or a verb it starts), or nil.
    public static func closest(to word: String, among verbs: [String]) -> String? {
        let scored = verbs.map { (verb: $0, distance: distance(word.lowercased(), $0)) }
        if let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= 2 { return best.verb }
        return verbs.first { $0.hasPrefix(word.lowercased()) && !word.isEmpty }
    }

    /// Levenshtein distance, with a swap of two neighbours counted as one edit.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
