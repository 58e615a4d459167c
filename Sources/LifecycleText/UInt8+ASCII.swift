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
}
