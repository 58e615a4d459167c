extension UInt8 {
    /// Whether an ASCII byte is white space, as `Character.isWhitespace` says of it: a space, a tab, a line feed,
    /// a vertical tab, a form feed or a carriage return. The byte-wise readers of scenario and log lines split at
    /// these.
    @inlinable package var isASCIIWhitespace: Bool {
        self == 0x20 || (0x09...0x0D).contains(self)
    }

    /// Whether a byte is an ASCII digit, `0` to `9`: the digits the duration and log readers take.
    @inlinable package var isASCIIDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
    }

    /// Whether a byte is an ASCII letter, `a` to `z` or `A` to `Z`: what `Character.isLetter` says of an ASCII one.
    @inlinable package var isASCIILetter: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self | 0x20)
    }

    /// Whether a byte is an ASCII hexadecimal digit, `0` to `9`, `a` to `f` or `A` to `F`.
    @inlinable package var isASCIIHexDigit: Bool {
        isASCIIDigit || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self | 0x20)
    }
}
