import LifecycleCore

extension TransitionReason {
    /// How a timeline names the end of a process for this reason: `killed by the watchdog`, `swiped away`, ….
    public var endOfProcess: String {
        switch self {
        case .watchdog: "killed by the watchdog"
        case .budget: "killed: background time used up"
        case .memory: "killed: memory pressure"
        case .user: "swiped away"
        case .exit: "exits on suspend"
        case .terminate: "terminated"
        case .crash: "crashed"
        case .restart: "the phone restarted"
        case .suspend, .resume: rawValue
        }
    }
}
