/// A check of JSON text (RFC 8259), for the payloads a scenario declares: where the first mistake is and what was
/// expected there, so that the error can point at the character. It only checks; the host reads the JSON with
/// Foundation.
struct JSONSyntax {
    /// The first mistake: its position, in characters (Unicode scalars) from the text's start, and what was expected.
    struct Mistake: Error, Equatable {
        var offset: Int
        var expected: String
    }

    private let scalars: [Unicode.Scalar]
    private var position = 0
    /// How deep the values nest: bounded, so that a hostile line cannot exhaust the stack.
    private var depth = 0
    static let maximumDepth = 256

    /// Checks that `text` is one JSON object (a payload is a dictionary), and nothing after it.
    static func checkObject(_ text: Substring) throws(Mistake) {
        var syntax = JSONSyntax(scalars: Array(text.unicodeScalars))
        syntax.skipSpace()
        guard syntax.peek == "{" else { throw syntax.mistake("a JSON object, starting with '{'") }
        try syntax.value()
        syntax.skipSpace()
        guard syntax.position == syntax.scalars.count else { throw syntax.mistake("nothing after the object") }
    }

    private init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    private var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    private func mistake(_ expected: String) -> Mistake {
        Mistake(offset: position, expected: expected)
    }

    private mutating func skipSpace() {
        while let scalar = peek, scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" { position += 1 }
    }

    private mutating func value() throws(Mistake) {
        skipSpace()
        guard let scalar = peek else { throw mistake("a value") }
        switch scalar {
        case "{": try container(closing: "}", members: true)
        case "[": try container(closing: "]", members: false)
        case "\"": try string()
        case "t": try word("true")
        case "f": try word("false")
        case "n": try word("null")
        case "-", "0"..."9": try number()
        default: throw mistake("a value (an object, an array, a string, a number, true, false or null)")
        }
    }

    private mutating func container(closing: Unicode.Scalar, members: Bool) throws(Mistake) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw mistake("at most \(Self.maximumDepth) levels of nesting") }
        position += 1
        skipSpace()
        if peek == closing {
            position += 1
            depth -= 1
            return
        }
        while true {
            if members {
                skipSpace()
                guard peek == "\"" else { throw mistake("a key in double quotes") }
                try string()
                skipSpace()
                guard peek == ":" else { throw mistake("':' after the key") }
                position += 1
            }
            try value()
            skipSpace()
            if peek == "," {
                position += 1
                continue
            }
            guard peek == closing else { throw mistake("',' or '\(closing)'") }
            position += 1
            depth -= 1
            return
        }
    }

    private mutating func string() throws(Mistake) {
        position += 1
        while let scalar = peek {
            position += 1
            switch scalar {
            case "\"": return
            case "\\":
                guard let escaped = peek else { throw mistake("an escaped character") }
                if escaped == "u" {
                    position += 1
                    for _ in 0..<4 {
                        guard let digit = peek, digit.properties.isASCIIHexDigit else {
                            throw mistake("four hexadecimal digits after \\u")
                        }
                        position += 1
                    }
                } else {
                    guard "\"\\/bfnrt".unicodeScalars.contains(escaped) else {
                        throw mistake("an escape (\\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\u)")
                    }
                    position += 1
                }
            default:
                if scalar.value < 0x20 {
                    position -= 1
                    throw mistake("no control character inside a string")
                }
            }
        }
        throw mistake("the string's closing '\"'")
    }

    private mutating func word(_ word: String) throws(Mistake) {
        for expected in word.unicodeScalars {
            guard peek == expected else { throw mistake("'\(word)'") }
            position += 1
        }
    }

    private mutating func number() throws(Mistake) {
        if peek == "-" { position += 1 }
        guard let first = peek, ("0"..."9").contains(first) else { throw mistake("a digit") }
        position += 1
        if first != "0" { digits() }
        if peek == "." {
            position += 1
            guard let digit = peek, ("0"..."9").contains(digit) else { throw mistake("a digit after '.'") }
            digits()
        }
        if peek == "e" || peek == "E" {
            position += 1
            if peek == "+" || peek == "-" { position += 1 }
            guard let digit = peek, ("0"..."9").contains(digit) else { throw mistake("a digit in the exponent") }
            digits()
        }
    }

    private mutating func digits() {
        while let scalar = peek, ("0"..."9").contains(scalar) { position += 1 }
    }
}
