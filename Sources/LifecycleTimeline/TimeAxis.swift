/// The ticks of a time axis: a round step (a second, 15 s, 5 min, 2 h, …) that puts them at least a given number
/// of pixels apart, and how each is written (`90ms`, `15s`, `1m30s`, `2h`, `3d`).
struct TimeAxis {
    /// The steps an axis may take, in seconds: the ones a clock reads easily.
    static let steps: [Double] = [
        0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800,
        3600, 7200, 10800, 21600, 43200, 86400, 172_800, 604_800,
    ]

    let step: Double

    /// The smallest step that keeps ticks `minimumGap` pixels apart on an axis of `seconds` over `pixels`.
    init(seconds: Double, pixels: Double, minimumGap: Double = 70) {
        let most = max(pixels / minimumGap, 1)
        step =
            Self.steps.first { seconds / $0 <= most }
            ?? (seconds / most / 604_800).rounded(.up) * 604_800
    }

    /// The ticks from zero to `seconds`, in seconds.
    func ticks(upTo seconds: Double) -> [Double] {
        let count = Int((seconds / step).rounded(.down))
        return (0...max(count, 0)).map { Double($0) * step }
    }

    /// A time as an axis writes it: the largest units that are whole, at most two of them.
    static func label(_ seconds: Double) -> String {
        if seconds == 0 { return "0" }
        if seconds < 1 { return "\(Int((seconds * 1000).rounded()))ms" }
        let whole = Int(seconds.rounded())
        let units: [(size: Int, name: String)] = [(86400, "d"), (3600, "h"), (60, "m"), (1, "s")]
        var text = ""
        var rest = whole
        var written = 0
        for unit in units where rest >= unit.size && written < 2 {
            text += "\(rest / unit.size)\(unit.name)"
            rest %= unit.size
            written += 1
        }
        return text
    }
}
