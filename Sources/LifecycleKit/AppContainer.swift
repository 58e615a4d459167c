import Foundation

/// An app's own directories under a host that simulates its processes (its sandbox container on a phone):
/// Documents, Library, Library/Caches, Library/Application Support and tmp, made when the app's code first asks for
/// one (docs/lifecycle.md §19).
///
/// What the app writes there outlives its processes, as long as the ``Application``, and is removed with it: a new
/// simulated device (each of the explorer's sessions) starts with empty directories, as an app just installed does,
/// and nothing is left behind in the test's temporary directory. The containers of a test process live under one
/// folder of its own, removed when the process exits, in case an application outlives its test.
package final class AppContainer: Sendable {
    /// The container's root.
    package let root: URL

    init(bundleIdentifier: String) {
        root = Self.processFolder.appendingPathComponent(bundleIdentifier + "-" + UUID().uuidString, isDirectory: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// The container's directory for a kind of search path (`.documentDirectory` → `Documents`), made if needed;
    /// `nil` for a kind an app has no directory of.
    package func directory(for kind: FileManager.SearchPathDirectory) -> URL? {
        let path: String
        switch kind {
        case .documentDirectory: path = "Documents"
        case .libraryDirectory: path = "Library"
        case .cachesDirectory: path = "Library/Caches"
        case .applicationSupportDirectory: path = "Library/Application Support"
        case .itemReplacementDirectory: path = "tmp"
        default: return nil
        }
        let url = root.appendingPathComponent(path, isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The folder of this test process's containers, removed when the process exits.
    private static let processFolder: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lifecycle-containers-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        atexit {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "lifecycle-containers-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
            try? FileManager.default.removeItem(at: folder)
        }
        return folder
    }()
}
