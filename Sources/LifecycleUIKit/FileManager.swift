import Foundation
import LifecycleKit

/// Foundation's `FileManager` as an app's code sees it on a phone: `FileManager.default`'s directories — Documents,
/// Library, Caches, Application Support — are the app's own container (docs/lifecycle.md §19).
///
/// Code that imports LifecycleUIKit (as iOS code imports UIKit) names this class where it writes `FileManager`. Under
/// a simulated device each app's container is a folder of its own in the test's temporary directory, made when its
/// code first asks for a directory and removed with the device: what the app writes outlives its purges, kills and
/// restarts, and a new device (each of the explorer's sessions) starts empty, as an app just installed does. The app
/// is found as `UserDefaults.standard` finds it: on the main queue, in its Swift tasks, and in the blocks its code
/// sends to Dispatch's queues. In a real process, and in a test's own code, it is Foundation's.
open class FileManager: Foundation.FileManager, @unchecked Sendable {
    // Sendable as Foundation's is: the one property it adds is a constant.

    /// The container of the app whose code made this object; `nil` for Foundation's own directories.
    private let container: AppContainer?

    /// `FileManager.default`: the app's, whose code runs, or Foundation's outside any app's code.
    open override class var `default`: FileManager {
        FileManager(container: AppTasks.ofCodeRunningHere?.container)
    }

    public override init() {
        container = AppTasks.ofCodeRunningHere?.container
        super.init()
    }

    private init(container: AppContainer?) {
        self.container = container
        super.init()
    }

    /// `urls(for:in:)`: the app's own directory of that kind, in the user's domain. Foundation's
    /// `url(for:in:appropriateFor:create:)` asks it, so gives the same.
    open override func urls(for directory: SearchPathDirectory, in domainMask: SearchPathDomainMask) -> [URL] {
        guard domainMask.contains(.userDomainMask), let url = container?.directory(for: directory) else {
            return super.urls(for: directory, in: domainMask)
        }
        return [url]
    }

    /// The app's `tmp` directory.
    open override var temporaryDirectory: URL {
        container?.directory(for: .itemReplacementDirectory) ?? super.temporaryDirectory
    }
}

extension URL {
    /// The app's Documents directory (iOS 16's `URL.documentsDirectory`).
    public static var documentsDirectory: URL { directory(.documentDirectory) }
    /// The app's Library directory.
    public static var libraryDirectory: URL { directory(.libraryDirectory) }
    /// The app's Caches directory.
    public static var cachesDirectory: URL { directory(.cachesDirectory) }
    /// The app's Application Support directory.
    public static var applicationSupportDirectory: URL { directory(.applicationSupportDirectory) }

    private static func directory(_ kind: Foundation.FileManager.SearchPathDirectory) -> URL {
        FileManager.default.urls(for: kind, in: .userDomainMask)[0]
    }
}
