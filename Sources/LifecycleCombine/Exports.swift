// A file that writes `import Combine` on iOS imports this module instead. It brings the UIKit names with it, so that
// `NotificationCenter.default`, `DispatchQueue.main` and `OperationQueue.main` in such a file are the app's, as they
// are on a phone, and not the test process's (docs/lifecycle.md §19).
@_exported import LifecycleUIKit
