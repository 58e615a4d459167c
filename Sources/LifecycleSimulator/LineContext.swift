import LifecycleCore

/// One line of a scenario being parsed: its words, and the checks that turn them into values or errors.
struct LineContext {
    var file: String
    var number: Int
    var tokens: [Token]
    /// The column just past the end of the line, where a missing word is reported.
    var endColumn: Int

    func error(at token: Token, _ message: String) -> ScenarioError {
        error(column: token.column, message)
    }

    func error(column: Int, _ message: String) -> ScenarioError {
        ScenarioError(file: file, line: number, column: column, message: message)
    }

    /// Requires exactly `count` words (the command word included).
    func requireCount(_ count: Int, _ usage: String) throws(ScenarioError) {
        if tokens.count < count { throw error(column: endColumn, "\(usage); found nothing after '\(tokens[0].text)'") }
        if tokens.count > count { throw error(at: tokens[count], "\(usage); found an extra '\(tokens[count].text)'") }
    }

    /// An app id that was declared on an earlier line.
    func declaredApp(_ token: Token, _ declared: [AppID: Int]) throws(ScenarioError) -> AppID {
        guard AppID.isValid(token.text) else {
            throw error(at: token, "expected an app id (letters, digits, '.', '_' and '-'), found '\(token.text)'")
        }
        let app = AppID(String(token.text))
        guard declared[app] != nil else {
            throw error(at: token, "app '\(app)' is not declared; declare it first with 'app \(app)'")
        }
        return app
    }

    /// A duration: `250ms`, `5s`, `1.5s`, `3m` or `1h`, precise to the millisecond.
    func duration(_ token: Token) throws(ScenarioError) -> Duration {
        switch Self.parseDuration(token.text) {
        case .success(let duration): return duration
        case .failure(let problem): throw error(at: token, problem.message)
        }
    }

    struct Problem: Error {
        var message: String
    }

    static func parseDuration(_ text: Substring) -> Result<Duration, Problem> {
        let expected = "expected a duration such as 250ms, 5s, 1.5s or 3m, found '\(text)'"
        let digits = text.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let unit = text.dropFirst(digits.count)
        let millisecondsPerUnit: Int64
        switch unit {
        case "ms": millisecondsPerUnit = 1
        case "s": millisecondsPerUnit = 1000
        case "m": millisecondsPerUnit = 60_000
        case "h": millisecondsPerUnit = 3_600_000
        default: return .failure(Problem(message: expected))
        }
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = Int64(parts[0]), parts.allSatisfy({ !$0.isEmpty }) else {
            return .failure(Problem(message: expected))
        }
        var milliseconds = whole * millisecondsPerUnit
        if parts.count == 2 {
            let fraction = parts[1]
            guard fraction.count <= 9, let numerator = Int64(fraction) else {
                return .failure(Problem(message: expected))
            }
            var denominator: Int64 = 1
            for _ in fraction { denominator *= 10 }
            let scaled = numerator * millisecondsPerUnit
            guard scaled % denominator == 0 else {
                return .failure(Problem(message: "durations are precise to the millisecond; '\(text)' is finer"))
            }
            milliseconds += scaled / denominator
        }
        return .success(.milliseconds(milliseconds))
    }

    /// A memory size in megabytes: `300MB` or `2GB`, more than zero.
    func memorySize(_ token: Token, _ text: Substring) throws(ScenarioError) -> Int {
        let number = text.prefix { $0.isASCII && $0.isNumber }
        let unit = text.dropFirst(number.count)
        let factor = unit == "MB" ? 1 : unit == "GB" ? 1024 : nil
        guard let factor, let value = Int(number), value > 0 else {
            throw error(at: token, "expected a memory size such as 300MB or 2GB, found '\(text)'")
        }
        return value * factor
    }
}
