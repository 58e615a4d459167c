extension Duration {
    /// The duration in seconds, as a `Double` (UIKit's `TimeInterval`).
    public var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// The duration in whole milliseconds, rounded toward zero.
    public var inMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    /// Seconds as a person writes them: `0`, `1.5`, `0.25`, `200` (millisecond precision, no trailing zeros).
    public var secondsText: String {
        let milliseconds = inMilliseconds
        let sign = milliseconds < 0 ? "-" : ""
        let whole = abs(milliseconds) / 1000
        let fraction = abs(milliseconds) % 1000
        guard fraction != 0 else { return "\(sign)\(whole)" }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(sign)\(whole).\(digits)"
    }
}
