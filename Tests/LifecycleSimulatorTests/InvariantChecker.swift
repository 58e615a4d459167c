import LifecycleCore
import LifecycleSimulator

/// A trace sink that checks the invariants of the model on every record it sees, and records violations.
///
/// - only transitions of docs/lifecycle.md §1, each starting from the state the app was last seen in;
/// - at most one app in the foreground;
/// - nothing delivered to a suspended or not-running app, and every callback in a state §3 allows;
/// - every `applicationWillEnterForeground:` followed by `applicationDidBecomeActive:` unless the app
///   leaves the foreground or is killed first (checked once the simulator has settled).
struct InvariantChecker: TraceSink {
    private(set) var states: [AppID: AppState] = [:]
    private(set) var violations: [String] = []
    /// Apps that heard `applicationWillEnterForeground:` and have not become active since.
    private(set) var awaitingActivation: Set<AppID> = []
    private(set) var recordCount = 0

    mutating func write(_ record: TraceRecord) {
        recordCount += 1
        switch record.event {
        case .transition(let app, let from, let to, _):
            let known = states[app, default: .notRunning]
            if from != known { fail(record, "\(app) moved from \(from) but was \(known)") }
            if !AppLifecycle.isLegal(from: from, to: to) {
                fail(record, "illegal transition \(from) → \(to) of \(app)")
            }
            states[app] = to
            if to.isForeground {
                let foreground = states.filter { $0.value.isForeground }.map(\.key)
                if foreground.count > 1 { fail(record, "several apps in the foreground: \(foreground.sorted())") }
            } else {
                awaitingActivation.remove(app)
            }
        case .callback(let app, let callback, _):
            let state = states[app, default: .notRunning]
            if !callback.deliveryStates.contains(state) {
                fail(record, "\(callback.selector) delivered to \(app) while \(state)")
            }
            if callback == .willEnterForeground { awaitingActivation.insert(app) }
            if callback == .didBecomeActive { awaitingActivation.remove(app) }
        case .notification(let app, let notification):
            let state = states[app, default: .notRunning]
            if !state.isExecuting { fail(record, "\(notification.name) posted to \(app) while \(state)") }
        case .action, .expect, .note, .explanation:
            break
        }
    }

    /// Checks what must hold once the simulator has settled: the phone agrees with the trace, and no app is
    /// left between `applicationWillEnterForeground:` and `applicationDidBecomeActive:`.
    mutating func checkSettled(_ phone: Phone, after step: Int) {
        if !awaitingActivation.isEmpty {
            violations.append(
                "after step \(step): willEnterForeground not followed by didBecomeActive: \(awaitingActivation.sorted())"
            )
        }
        for app in phone.appIDs where phone.state(of: app) != states[app, default: .notRunning] {
            violations.append(
                "after step \(step): the phone says \(app) is \(phone.state(of: app)!), the trace says \(states[app, default: .notRunning])"
            )
        }
        if let foreground = phone.foregroundApp, states[foreground]?.isForeground != true {
            violations.append("after step \(step): the phone's foreground app \(foreground) is not in the foreground")
        }
    }

    private mutating func fail(_ record: TraceRecord, _ message: String) {
        violations.append("at t=\(record.time.secondsText): \(message)")
    }
}
