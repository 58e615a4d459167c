import LifecycleCore
import LifecycleText

/// One line of a scenario being parsed: its words, and the checks that turn them into values or errors.
struct LineContext {
    var file: String
    var number: Int
    /// The line as written, shown under its errors.
    var text: Substring
    var tokens: [Token]

    /// The column just past the end of the line, where a missing word is reported.
    var endColumn: Int { text.count + 1 }

    func error(at token: Token, _ message: String) -> ScenarioError {
        error(column: token.column, message)
    }

    func error(column: Int, _ message: String) -> ScenarioError {
        ScenarioError(file: file, line: number, column: column, message: message, sourceLine: String(text))
    }

    /// Requires exactly `count` words (the command word included).
    func requireCount(_ count: Int, _ usage: String) throws(ScenarioError) {
        if tokens.count < count {
            throw error(column: endColumn, "\(usage); found nothing after \(quoted(tokens[0].text))")
        }
        if tokens.count > count {
            throw error(at: tokens[count], "\(usage); found an extra \(quoted(tokens[count].text))")
        }
    }

    /// What a word needs of the profile, checked once the profile is known.
    func requirement(at token: Token, version: Int, _ what: String) -> Scenario.Requirement {
        Scenario.Requirement(
            line: number, column: token.column, version: version, what: what, sourceLine: String(text))
    }

    // MARK: Apps

    /// The longest app id the language takes.
    static let longestAppID = 100

    /// A well-formed app id: letters, digits, `.`, `_` and `-`, at most ``longestAppID`` characters.
    func appID(_ token: Token) throws(ScenarioError) -> AppID {
        // Judged and made from the word's bytes: each `text` of the token makes a `Substring`.
        let valid = token.withBytes { bytes in
            AppID.isValid(utf8: bytes) && bytes.count <= Self.longestAppID
                ? String(decoding: bytes, as: UTF8.self) : nil
        }
        if let valid { return AppID(valid) }
        guard AppID.isValid(token.text) else {
            throw error(
                at: token, "expected an app id (letters, digits, '.', '_' and '-'), found \(quoted(token.text))")
        }
        guard token.text.utf8.count <= Self.longestAppID else {
            throw error(at: token, "an app id has at most \(Self.longestAppID) characters, found \(quoted(token.text))")
        }
        return AppID(String(token.text))
    }

    /// An app id that was declared on an earlier line (or on a line whose declaration failed: that line has
    /// its own error, and repeating it on every use of the app would bury it).
    func declaredApp(_ token: Token, _ declarations: AppDeclarations) throws(ScenarioError) -> AppID {
        let app = try appID(token)
        guard declarations.lines[app] == nil, !declarations.failed.contains(app) else { return app }
        var message = "app '\(app)' is not declared"
        let declared = declarations.lines.keys.map(\.rawValue)
        if let suggestion = Spelling.closest(to: app.rawValue, among: declared) {
            message += "; did you mean '\(suggestion)'?"
        } else {
            message += "; declare it first with 'app \(app)'"
        }
        throw error(at: token, message)
    }

    /// A scene id, `ID#N`: a declared app and a session number from 1. (A word that starts with `#` begins a
    /// comment, so the app's part is never empty.) `hash` is the `#`'s offset in the word's bytes
    /// (``Token/hashOffset``): the word is read as bytes, as an action line's other words are.
    func sceneID(_ token: Token, hash: Int, _ declarations: AppDeclarations) throws(ScenarioError) -> SceneID {
        let number = token.withBytes { bytes -> Int? in
            let digits = bytes[(hash + 1)...]
            guard !digits.isEmpty else { return nil }
            var number = 0
            for byte in digits {
                let digit = byte &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                let (times10, overflow) = number.multipliedReportingOverflow(by: 10)
                let (sum, overflowToo) = times10.addingReportingOverflow(Int(digit))
                guard !overflow, !overflowToo else { return nil }
                number = sum
            }
            return number
        }
        guard let number, number >= 1 else {
            throw error(
                at: token,
                "expected a scene id, an app id, '#' and a session number from 1 (such as notes#2), "
                    + "found '\(token.text)'")
        }
        let appToken = Token(
            source: token.source, bytes: token.bytes.lowerBound..<(token.bytes.lowerBound + hash), column: token.column)
        let app = try declaredApp(appToken, declarations)
        return SceneID(app: app, number: number)
    }

    /// A scene's state as `expect` names it: one of ``SceneState``'s, or `disconnected` (`nil`).
    func sceneState(_ token: Token) throws(ScenarioError) -> SceneState? {
        if token.text == SceneState.disconnectedName { return nil }
        if let state = SceneState(rawValue: String(token.text)) { return state }
        let states = SceneState.allCases.map(\.rawValue) + [SceneState.disconnectedName]
        var message = "expected a scene's state (\(states.joined(separator: ", "))), found '\(token.text)'"
        if let suggestion = Spelling.closest(to: token.text, among: states) {
            message += "; did you mean '\(suggestion)'?"
        }
        throw error(at: token, message)
    }

    // MARK: Numbers

    /// The longest duration the language takes: 100,000 hours, about 11 years. The simulator's clock holds
    /// any number of these.
    static let longestDuration: Duration = .seconds(100_000 * 3600)

    /// A duration: `250ms`, `5s`, `1.5s`, `3m` or `1h`, precise to the millisecond.
    func duration(_ token: Token) throws(ScenarioError) -> Duration {
        try duration(token, token.text)
    }

    /// A duration written in part of a token, such as the `15m` of `after=15m`.
    func duration(_ token: Token, _ text: Substring) throws(ScenarioError) -> Duration {
        switch Self.parseDuration(text) {
        case .success(let duration): return duration
        case .failure(let problem): throw error(at: token, problem.message)
        }
    }

    /// A scheduled task's identifier: letters, digits, `.`, `_` and `-` (docs/lifecycle.md §17).
    /// An identifier of a task or of a notification's action: letters, digits, `.`, `_` and `-`.
    func identifier(
        _ token: Token, _ what: String = "a task identifier", example: String = "com.example.refresh"
    ) throws(ScenarioError) -> String {
        guard token.text.allSatisfy({ $0.isLetter || $0.isNumber || "._-".contains($0) }) else {
            throw error(
                at: token,
                "expected \(what) (letters, digits, '.', '_' and '-'), such as \(example), found \(quoted(token.text))")
        }
        return String(token.text)
    }

    struct Problem: Error {
        var message: String
    }

    static func parseDuration(_ text: Substring) -> Result<Duration, Problem> {
        // The messages are made only when they are needed: making them cost more than reading a duration.
        var expected: String { "expected a duration such as 250ms, 5s, 1.5s or 3m, found \(quoted(text))" }
        var tooLong: String { "durations are at most 100000h (about 11 years), found \(quoted(text))" }
        var finer: String { "durations are precise to the millisecond; \(quoted(text)) is finer" }
        // Read as bytes: digits and dots, then the unit. A byte beyond ASCII can only fall in the unit, which is then
        // none of the four, as it is when read as characters (a digit with a combining mark is no digit).
        let bytes = text.utf8
        var unitStart = bytes.startIndex
        while unitStart < bytes.endIndex, bytes[unitStart] == UInt8(ascii: ".") || bytes[unitStart].isASCIIDigit {
            bytes.formIndex(after: &unitStart)
        }
        let unit = bytes[unitStart...]
        let millisecondsPerUnit: Int64
        if unit.elementsEqual("ms".utf8) {
            millisecondsPerUnit = 1
        } else if unit.elementsEqual("s".utf8) {
            millisecondsPerUnit = 1000
        } else if unit.elementsEqual("m".utf8) {
            millisecondsPerUnit = 60_000
        } else if unit.elementsEqual("h".utf8) {
            millisecondsPerUnit = 3_600_000
        } else {
            return .failure(Problem(message: expected))
        }
        // The number: whole digits, then at most one dot and fraction digits, neither part empty.
        var whole: Int64 = 0
        var wholeOverflows = false
        var (wholeDigits, dots, fractionDigits) = (0, 0, 0)
        var numerator: Int64 = 0
        for byte in bytes[..<unitStart] {
            guard byte != UInt8(ascii: ".") else {
                dots += 1
                continue
            }
            let digit = Int64(byte &- UInt8(ascii: "0"))
            if dots == 0 {
                wholeDigits += 1
                let (tens, overflowsTimes) = whole.multipliedReportingOverflow(by: 10)
                let (sum, overflowsPlus) = tens.addingReportingOverflow(digit)
                wholeOverflows = wholeOverflows || overflowsTimes || overflowsPlus
                whole = sum
            } else {
                fractionDigits += 1
                if fractionDigits <= 9 { numerator = numerator * 10 + digit }
            }
        }
        guard dots <= 1, wholeDigits > 0, dots == 0 || fractionDigits > 0 else {
            return .failure(Problem(message: expected))
        }
        guard !wholeOverflows else { return .failure(Problem(message: tooLong)) }
        var (milliseconds, overflow) = whole.multipliedReportingOverflow(by: millisecondsPerUnit)
        if overflow { return .failure(Problem(message: tooLong)) }
        if dots == 1 {
            guard fractionDigits <= 9 else { return .failure(Problem(message: finer)) }
            var denominator: Int64 = 1
            for _ in 0..<fractionDigits { denominator *= 10 }
            let scaled = numerator * millisecondsPerUnit  // below 10^9 × 3.6 × 10^6: cannot overflow
            guard scaled % denominator == 0 else { return .failure(Problem(message: finer)) }
            (milliseconds, overflow) = milliseconds.addingReportingOverflow(scaled / denominator)
            if overflow { return .failure(Problem(message: tooLong)) }
        }
        let duration = Duration.milliseconds(milliseconds)
        guard duration <= longestDuration else { return .failure(Problem(message: tooLong)) }
        return .success(duration)
    }

    /// A memory size in megabytes: `300MB` or `2GB`, more than zero and at most
    /// ``AppConfiguration/maximumMemory``.
    func memorySize(_ token: Token, _ text: Substring) throws(ScenarioError) -> Int {
        let number = text.prefix { $0.isASCII && $0.isNumber }
        let unit = text.dropFirst(number.count)
        let factor = unit == "MB" ? 1 : unit == "GB" ? 1024 : nil
        guard let factor, !number.isEmpty else {
            throw error(at: token, "expected a memory size such as 300MB or 2GB, found \(quoted(text))")
        }
        let maximum = AppConfiguration.maximumMemory
        let tooLarge = "memory sizes are at most \(maximum / 1024)GB, found \(quoted(text))"
        guard let value = Int(number) else { throw error(at: token, tooLarge) }
        guard value > 0 else {
            throw error(at: token, "expected a memory size of at least 1MB, found \(quoted(text))")
        }
        let (size, overflow) = value.multipliedReportingOverflow(by: factor)
        guard !overflow, size <= maximum else {
            throw error(at: token, tooLarge)
        }
        return size
    }

    /// The most apps `memory-pressure N` may name.
    static let largestCount = 1_000_000

    /// A number of apps, from 1 to ``largestCount``.
    func count(_ token: Token) throws(ScenarioError) -> Int {
        guard token.text.count <= 7, let count = Int(token.text), (1...Self.largestCount).contains(count) else {
            throw error(
                at: token, "expected a number of apps from 1 to \(Self.largestCount), found \(quoted(token.text))")
        }
        return count
    }
}

/// The apps a scenario declares, as far as the parser has read.
struct AppDeclarations {
    /// Each declared app, with its line.
    var lines: [AppID: Int] = [:]
    /// Apps whose declaration line has an error.
    var failed: Set<AppID> = []
    /// The names of the payloads each app declares (docs/lifecycle.md §19), for the pushes that name one.
    var payloads: [AppID: [String]] = [:]

    /// Books a declared app, from its line (0: declared before the text, as a device's apps are).
    mutating func declare(_ app: AppConfiguration, line: Int) {
        lines[app.id] = line
        if !app.notificationPayloads.isEmpty { payloads[app.id] = app.notificationPayloads.map(\.name) }
    }
}
