extension UInt8 {
    /// Whether an ASCII byte is white space, as `Character.isWhitespace` says of it: a space, a tab, a line feed,
    /// a vertical tab, a form feed or a carriage return. The byte-wise readers of scenario and log lines split at
    /// these.
    var isASCIIWhitespace: Bool {
        self == 0x20 || (0x09...0x0D).contains(self)
    }
}
