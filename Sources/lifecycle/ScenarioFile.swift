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
