import LifecycleText

/// A word of a scenario line: where it lies in the text its line is part of, and its column.
///
/// A token keeps its place as UTF-8 offsets in that text rather than as a `Substring` of its line. Making a
/// `Substring` checks its bounds against the characters, some 130 instructions, and reading a `Substring`'s bytes
/// through `utf8.withContiguousStorageIfAvailable` some 400 more: the tokenizer had paid the first for every word
/// of every line. The words every action line has (its command, its app) are read as bytes (``spells(_:)``,
/// ``withBytes(_:)``); ``text`` makes the `Substring` for everything else.
struct Token: Equatable {
    /// The text the word's line is part of: the line itself, when it is read from a file.
    var source: String
    /// The word's bytes: offsets in `source.utf8`.
    var bytes: Range<Int>
    /// The word's 1-based column in its line, counted in characters.
    var column: Int

    /// The word.
    var text: Substring { source.utf8Slice(bytes) }

    /// Calls `body` with the word's bytes, valid during the call.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        // `withUTF8`, which the compiler inlines, where `utf8.withContiguousStorageIfAvailable` is a generic call
        // into the standard library.
        var source = source
        return source.withUTF8 { body(UnsafeBufferPointer(rebasing: $0[bytes])) }
    }

    /// Where the word's first `#` is, as an offset in its bytes: the mark of a scene id (`notes#2`).
    var hashOffset: Int? {
        withBytes { $0.firstIndex(of: UInt8(ascii: "#")) }
    }

    /// Whether the word is `word`, compared byte by byte.
    func spells(_ word: StaticString) -> Bool {
        guard bytes.count == word.utf8CodeUnitCount else { return false }
        return withBytes {
            $0.hasSameBytes(as: UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
        }
    }
}

extension String {
    /// The text between two UTF-8 offsets from the start, which fall between characters.
    func utf8Slice(_ offsets: Range<Int>) -> Substring {
        let start = utf8.index(startIndex, offsetBy: offsets.lowerBound)
        return self[start..<utf8.index(start, offsetBy: offsets.count)]
    }

    /// The UTF-8 offset of an index from the start.
    func utf8Offset(of index: Index) -> Int {
        utf8.distance(from: startIndex, to: index)
    }
}
