import LifecycleCore

/// What `lifecycle supervise` runs: a phone's profile and memory, and its apps as real programs
/// (docs/supervisor.md). The file speaks the scenario language's declarations:
///
/// ```
/// profile ios17
/// device ipad memory=4GB
/// app notes executable=.build/debug/notes info=notes/Info.plist
/// ```
///
/// Paths are relative to the file's folder. Mistakes are reported as in scenario files: file, line, column,
/// the line and a caret.
public struct DeviceDescription: Sendable {
    /// One app: its id, its executable, its Info.plist, where it is declared.
    public struct App: Sendable {
        public var id: AppID
        public var executable: String
        public var info: String?
        /// The program's arguments (`arguments=a,b`).
        public var arguments: [String]
        /// Where the declaration stands, for errors found later (in the Info.plist).
        public var line: Int
        public var sourceLine: String
    }

    public var file: String
    public var profile: Profile
    /// An iPhone unless the file says `device ipad`.
    public var device: DeviceKind = .iphone
    /// The memory for apps, in megabytes.
    public var memory: Int
    public var apps: [App]

    /// Parses a description. Paths are resolved against `folder`.
    public static func parse(_ source: String, file: String, folder: String) throws(ScenarioErrors) -> DeviceDescription
    {
        var description = DeviceDescription(
            file: file, profile: .defaultProfile, memory: Phone.defaultDeviceMemory, apps: [])
        var errors: [ScenarioError] = []
        var declared: [AppID: Int] = [:]
        for (offset, line) in ScenarioParser.lines(of: source).enumerated() {
            let (tokens, _) = ScenarioParser.tokens(of: line)
            guard let first = tokens.first else { continue }
            let context = LineContext(file: file, number: offset + 1, text: line, tokens: tokens)
            do throws(ScenarioError) {
                switch first.text {
                case "profile":
                    try context.requireCount(2, "profile takes one of \(ScenarioParser.profileNames)")
                    guard let profile = Profile(rawValue: String(tokens[1].text)) else {
                        throw context.error(
                            at: tokens[1],
                            "expected a profile, \(ScenarioParser.profileNames), found \(quoted(tokens[1].text))")
                    }
                    description.profile = profile
                case "device":
                    let (device, memory) = try ScenarioParser.deviceLine(context)
                    if let device { description.device = device }
                    if let memory { description.memory = memory }
                case "app":
                    let app = try parseApp(context, folder: folder, declared: declared)
                    declared[app.id] = context.number
                    description.apps.append(app)
                default:
                    throw context.error(
                        at: first,
                        "expected profile, device or app, found \(quoted(first.text)) (a device declares, it does not act)"
                    )
                }
            } catch {
                errors.append(error)
            }
        }
        if errors.isEmpty, description.apps.isEmpty {
            errors.append(
                ScenarioError(
                    file: file, line: 1, column: 1, message: "a device needs at least one app: app ID executable=PATH"))
        }
        guard errors.isEmpty else { throw ScenarioErrors(errors: errors) }
        return description
    }

    private static func parseApp(_ line: LineContext, folder: String, declared: [AppID: Int]) throws(ScenarioError)
        -> App
    {
        guard line.tokens.count >= 2 else { throw line.error(column: line.endColumn, "'app' needs an app id after it") }
        let id = try line.appID(line.tokens[1])
        if let previous = declared[id] {
            throw line.error(at: line.tokens[1], "app '\(id)' is already declared on line \(previous)")
        }
        var executable: String?
        var info: String?
        var arguments: [String] = []
        for token in line.tokens.dropFirst(2) {
            let parts = token.text.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, ["executable", "info", "arguments"].contains(parts[0]) else {
                throw line.error(
                    at: token, "expected executable=PATH, info=PATH or arguments=A,B, found \(quoted(token.text))")
            }
            if parts[0] == "arguments" {
                arguments = parts[1].split(separator: ",").map(String.init)
                continue
            }
            let path = parts[1].hasPrefix("/") ? String(parts[1]) : folder + "/" + parts[1]
            if parts[0] == "executable" { executable = path } else { info = path }
        }
        guard let executable else {
            throw line.error(column: line.endColumn, "app '\(id)' needs executable=PATH: the program to run")
        }
        return App(
            id: id, executable: executable, info: info, arguments: arguments, line: line.number,
            sourceLine: String(line.text))
    }
}
