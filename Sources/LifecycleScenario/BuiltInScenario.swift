import Foundation

/// A scenario shipped with the package, to run in the demo and to copy and change.
public struct BuiltInScenario: Sendable, Hashable {
    /// The name to ask for it by, such as `cold-launch`.
    public let name: String
    /// The first comment line of its source: what it shows.
    public let summary: String
    /// Its source, in the scenario language.
    public let source: String

    /// The file name errors and traces use for it.
    public var fileName: String { name + ".scenario" }

    /// Every built-in scenario, in the order of the demo.
    ///
    /// The files are `Scenarios/NN-name.scenario`; `NN` orders them and is not part of the name.
    public static let all: [BuiltInScenario] = {
        let folder = Bundle.module.url(forResource: "Scenarios", withExtension: nil)
        let urls = folder.flatMap {
            try? FileManager.default.contentsOfDirectory(at: $0, includingPropertiesForKeys: nil)
        }
        return (urls ?? []).filter { $0.pathExtension == "scenario" }.sorted {
            $0.lastPathComponent < $1.lastPathComponent
        }.compactMap { url in
            guard let source = try? String(contentsOf: url, encoding: .utf8) else { return nil }
            let stem = url.deletingPathExtension().lastPathComponent
            let name = String(stem.drop { $0.isNumber || $0 == "-" })
            let summary = source.split(separator: "\n").first { $0.hasPrefix("#") }.map {
                $0.drop { $0 == "#" || $0 == " " }
            }
            return BuiltInScenario(name: name, summary: String(summary ?? ""), source: source)
        }
    }()

    /// The names of the scenarios of the short tour `lifecycle demo` gives without a name: an app's launch, Home,
    /// its return, a swipe in the switcher, then a scene-based app's launch — the life most apps live, in some
    /// 130 lines, before the rest.
    public static let tourNames = [
        "cold-launch", "home", "resume-from-suspended", "swipe-frontmost-app", "scene-cold-launch",
    ]

    /// The scenarios of the short tour (``tourNames``).
    public static var tour: [BuiltInScenario] { tourNames.compactMap(named) }

    /// The built-in scenario with this name, if there is one.
    public static func named(_ name: String) -> BuiltInScenario? {
        all.first { $0.name == name }
    }

    /// The name of the built-in scenario closest to `name`, for "did you mean".
    public static func closestName(to name: String) -> String? {
        Spelling.closest(to: name, among: all.map(\.name))
    }

    /// What to say of a name that is no built-in scenario.
    public static func unknownNameMessage(_ name: String) -> String {
        var message = "lifecycle: no built-in scenario is named \(quoted(name)); 'lifecycle scenarios' lists them"
        if let suggestion = closestName(to: name) { message += "; did you mean '\(suggestion)'?" }
        return message
    }
}
