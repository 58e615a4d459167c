extension Duration {
    /// The duration in seconds, as a `Double` (UIKit's `TimeInterval`).
    public var inSeconds: Double {
        if self >= .seconds(Int64.max) { return .greatestFiniteMagnitude }
        if self <= .seconds(Int64.min) { return -.greatestFiniteMagnitude }
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// The duration in whole milliseconds, rounded toward zero; a duration beyond what `Int64` milliseconds
    /// hold (about 292 million years) gives `Int64.max` or `Int64.min`.
    public var inMilliseconds: Int64 {
        if self >= .seconds(Int64.max) { return .max }
        if self <= .seconds(Int64.min) { return .min }
        let (seconds, attoseconds) = components
        let (milliseconds, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        if overflow { return seconds < 0 ? .min : .max }
        let (total, overflowAgain) = milliseconds.addingReportingOverflow(attoseconds / 1_000_000_000_000_000)
        if overflowAgain { return seconds < 0 ? .min : .max }
        return total
    }

    /// Seconds as a person writes them: `0`, `1.5`, `0.25`, `200` (millisecond precision, no trailing zeros).
    public var secondsText: String {
        let milliseconds = inMilliseconds
        let sign = milliseconds < 0 ? "-" : ""
        let whole = milliseconds.magnitude / 1000
        let fraction = milliseconds.magnitude % 1000
        guard fraction != 0 else { return "\(sign)\(whole)" }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(sign)\(whole).\(digits)"
    }
}
