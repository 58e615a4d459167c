/// "Did you mean …?": the known word closest to a misspelt one.
///
/// Matching ignores case, so `TAP` suggests `tap` and `Notes` suggests `notes`. The search is bounded: a
/// candidate whose length differs from the word's by more than the edits allowed cannot be close, so it is
/// never compared, and a word far longer than every candidate costs one pass over its characters.
enum Spelling {
    /// The candidate closest to `word` by edit distance, if it is close enough to be a likely typo.
    static func closest(to word: some StringProtocol, among candidates: [String]) -> String? {
        let longest = candidates.map(\.count).max() ?? 0
        let length = word.prefix(longest + longest / 2 + 2).count
        let allowed = max(1, length / 3)
        guard length <= longest + allowed else { return nil }
        let lowered = Array(word.lowercased())
        var best: (candidate: String, distance: Int, differentFirst: Int)?
        for candidate in candidates where abs(candidate.count - length) <= allowed {
            let distance = editDistance(lowered, Array(candidate.lowercased()))
            guard distance <= allowed else { continue }
            let differentFirst = candidate.lowercased().first == lowered.first ? 0 : 1
            if let current = best,
                (current.distance, current.differentFirst, current.candidate) <= (distance, differentFirst, candidate)
            {
                continue
            }
            best = (candidate, distance, differentFirst)
        }
        return best?.candidate
    }

    /// The Levenshtein distance between two words.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
