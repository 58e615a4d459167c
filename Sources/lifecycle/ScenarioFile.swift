import Foundation
import LifecycleScenario

/// Reads a scenario file, or standard input for `-`, as UTF-8 text.
enum ScenarioFile {
    struct ReadError: Error, CustomStringConvertible {
        var description: String
    }

    static func displayName(of path: String) -> String {
        path == "-" ? "<stdin>" : path
    }

    /// The built-in scenario an argument names: not `-`, and no file of that name (a file comes first).
    static func builtInScenario(_ argument: String) -> BuiltInScenario? {
        guard argument != "-", !FileManager.default.fileExists(atPath: argument) else { return nil }
        return BuiltInScenario.named(argument)
    }

    /// What the error about a missing file adds: that it names no built-in scenario either, and the closest one.
    static func notBuiltIn(_ argument: String) -> String {
        "; it is not a built-in scenario either ('lifecycle scenarios' lists them)"
            + (BuiltInScenario.closestName(to: argument).map { "; did you mean '\($0)'?" } ?? "")
    }

    static func read(_ path: String) -> Result<String, ReadError> {
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: path))
            } catch {
                let exists = FileManager.default.fileExists(atPath: path)
                return .failure(
                    ReadError(description: "\(path): error: \(exists ? "it cannot be read" : "no such file")"))
            }
        }
        if let text = String(data: data, encoding: .utf8) { return .success(text) }
        let problem = ScenarioSource.bytes(Array(data)).forEachLine(file: displayName(of: path)) { _, _ in true }
        return .failure(ReadError(description: problem ?? "\(displayName(of: path)): error: expected UTF-8 text"))
    }
}
