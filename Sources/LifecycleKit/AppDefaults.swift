import Foundation

/// An app's defaults (`UserDefaults.standard` on a phone) under a host that simulates its processes: values by key
/// that outlive the app's processes, as long as the ``Application`` (docs/lifecycle.md §19).
///
/// A simulated device keeps the application for the device's life, so the values outlive purges, kills and
/// restarts, and a new device (each of the explorer's sessions) starts with none, as an app just installed does.
/// Each app has its own, and its own suites (`UserDefaults(suiteName:)`). What `register(defaults:)` gave lasts for
/// the process, as the registration domain is never written to disk. LifecycleUIKit's `UserDefaults` and SwiftUI's
/// `@AppStorage` read and write here.
///
/// Code of the app's may call it from any thread, so every value is kept under a lock.
package final class AppDefaults: @unchecked Sendable {
    // Sendable by hand: every stored property is read and written only under `lock`.
    private let lock = NSLock()
    private var stored: [String: Any] = [:]
    private var registered: [String: Any] = [:]
    private var suites: [String: AppDefaults] = [:]
    private var observers: [(owner: Weak, changed: @Sendable () -> Void)] = []
    private var keptCounterpart: AnyObject?

    package init() {}

    /// The value under `key`: the one written, else the one registered.
    package func value(forKey key: String) -> Any? {
        locked { stored[key] ?? registered[key] }
    }

    /// Writes a value, or removes it when `nil`; everyone observing hears of it.
    package func set(_ value: Any?, forKey key: String) {
        let observers = locked {
            stored[key] = value
            return self.observers
        }
        for observer in observers where observer.owner.object != nil { observer.changed() }
    }

    /// `register(defaults:)`: values that answer for keys never written, for this process.
    package func register(_ values: [String: Any]) {
        locked { registered.merge(values) { $1 } }
    }

    /// Every value, the written over the registered.
    package var allValues: [String: Any] {
        locked { registered.merging(stored) { $1 } }
    }

    /// The suite of that name (`UserDefaults(suiteName:)`), made the first time it is asked for.
    package func suite(named name: String) -> AppDefaults {
        locked {
            if let known = suites[name] { return known }
            let made = AppDefaults()
            suites[name] = made
            return made
        }
    }

    /// Calls `changed` (on the thread that writes) after each write, as long as `owner` lives.
    package func observe(by owner: AnyObject, _ changed: @escaping @Sendable () -> Void) {
        locked {
            observers.removeAll { $0.owner.object == nil }
            observers.append((Weak(owner), changed))
        }
    }

    /// The object that stands for these defaults in code written with Foundation's names (LifecycleUIKit's
    /// `UserDefaults`), made once by `make` and kept, so that `UserDefaults.standard` is one object for the app.
    package func counterpart<T: AnyObject>(_ make: () -> T) -> T {
        locked {
            if let known = keptCounterpart as? T { return known }
            let made = make()
            keptCounterpart = made
            return made
        }
    }

    /// A new process of the app starts: what the last one registered is gone with it.
    package func processStarted() {
        locked { registered = [:] }
        for suite in locked({ Array(suites.values) }) { suite.processStarted() }
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// An object held weakly.
    private struct Weak {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }
}
