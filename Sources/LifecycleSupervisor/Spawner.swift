import Foundation

/// Starts processes from one thread that lives as long as the supervisor.
///
/// An app dies with its supervisor through `PR_SET_PDEATHSIG`, which Linux ties to the *thread* that started
/// it: started from a pool thread of Dispatch, an app would be killed whenever that thread retired. So every
/// process is started here, on a thread that never ends before the process does.
///
/// `@unchecked Sendable`: `work` and `done` are guarded by `condition`.
final class Spawner: @unchecked Sendable {
    private let condition = NSCondition()
    private var work: (() -> Void)?
    private var done = false

    init() {
        let thread = Thread { [self] in serve() }
        thread.name = "lifecycle.spawner"
        thread.start()
    }

    private func serve() {
        while true {
            condition.lock()
            while work == nil { condition.wait() }
            let job = work!
            condition.unlock()
            job()
            condition.lock()
            work = nil
            done = true
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Runs `body` on the spawner's thread and returns its result.
    func run<Result>(_ body: @escaping () -> Result) -> Result {
        var result: Result?
        condition.lock()
        while work != nil { condition.wait() }
        done = false
        work = { result = body() }
        condition.broadcast()
        while !done { condition.wait() }
        condition.unlock()
        return result!
    }
}
