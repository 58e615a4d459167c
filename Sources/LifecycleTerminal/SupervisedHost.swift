import CLifecycleShims
import Dispatch
import Foundation
import LifecycleCore
import LifecycleKit
import LifecycleWire

#if canImport(Glibc)
    import Glibc
#endif

/// Runs an app in a process started by `lifecycle supervise`: the supervisor holds the core and tells the app
/// each callback over a socket; the app runs its real delegates on its main queue and answers when they return
/// (docs/supervisor.md).
///
/// The process connects to the socket named by `LIFECYCLE_SUPERVISOR_SOCKET`, says which app it is, and from
/// then on serves ``ToApp`` messages; its own calls into the system (`beginBackgroundTask`, `endBackgroundTask`,
/// completion handlers) go the other way as ``FromApp`` messages. It dies with its supervisor
/// (`PR_SET_PDEATHSIG`), and ends when the connection does.
@MainActor
public final class SupervisedHost {
    /// The environment variables a supervisor sets for an app it starts.
    public typealias Environment = SupervisorEnvironment

    public private(set) var application: Application!
    private let app: AppID
    private let archive: RestorationArchive
    /// The Info.plist's `BGTaskSchedulerPermittedIdentifiers`.
    private let permittedTasks: [PermittedTask]
    private let channel: MessageChannel<ToApp, FromApp>
    private var state = AppState.notRunning
    /// What data protection lets the app read, as the supervisor last said (docs/lifecycle.md §21).
    public private(set) var protectedDataState = ProtectedDataState.available
    private var budgetDeadline: ContinuousClock.Instant?
    private var launchOptions: LaunchOptions?
    private var nextRequest: UInt64 = 0
    /// Messages that arrived while the app waited for the answer to a request of its own.
    private var deferred: [ToApp] = []
    /// What to call if the supervisor refuses a request of the app's code, by the request's id.
    private var refusals: [UInt64: @MainActor (String) -> Void] = [:]
    private var readSource: (any DispatchSourceRead)?

    /// Connects to the supervisor named in the environment; `nil` when the process was not started by one.
    public init?(
        info: InfoPlist, delegate: any ApplicationDelegate, sceneDelegateClass: (any WindowSceneDelegate.Type)? = nil,
        supportDirectory: URL
    ) {
        let environment = ProcessInfo.processInfo.environment
        guard let path = environment[Environment.socket] else { return nil }
        // Die with the supervisor: an app it started never outlives it.
        _ = lifecycle_set_parent_death_signal(SIGKILL)
        if let supervisor = environment[Environment.supervisor].flatMap(pid_t.init), getppid() != supervisor {
            exit(0)
        }
        let descriptor: Int32
        do {
            descriptor = try UnixSocket.connect(to: path)
        } catch {
            FileHandle.standardError.write(
                Data("\(info.bundleIdentifier): cannot reach the supervisor: \(error)\n".utf8))
            exit(2)
        }
        app = info.bundleIdentifier
        archive = RestorationArchive(directory: supportDirectory, app: info.bundleIdentifier)
        permittedTasks = info.permittedTaskIdentifiers.map { PermittedTask(identifier: $0, kind: nil) }
        channel = MessageChannel(descriptor: descriptor)
        application = Application(bundleIdentifier: info.bundleIdentifier, delegate: delegate, host: self)
        application.sceneDelegateClass = sceneDelegateClass
        // The keychain outlives the process, in the app's support directory (docs/lifecycle.md §21).
        application.keychain.keep(in: supportDirectory)
    }

    /// Serves the supervisor until the connection ends, then exits.
    public func run() -> Never {
        do {
            try channel.send(.hello(app: app))
        } catch {
            exit(2)
        }
        let source = DispatchSource.makeReadSource(fileDescriptor: channel.descriptor, queue: .main)
        source.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.readAvailable() } }
        source.resume()
        readSource = source
        dispatchMain()
    }

    private func readAvailable() {
        do {
            guard let messages = try channel.receiveAvailable() else { exit(0) }
            for message in messages { handle(message) }
        } catch {
            FileHandle.standardError.write(Data("\(app): \(error); the connection is closed\n".utf8))
            exit(2)
        }
    }

    private func handle(_ message: ToApp) {
        switch message {
        case .call(let id, let callback, let scene, let detail):
            if callback == .willFinishLaunching {
                launchOptions = if case .launchOptions(let options) = detail { options } else { nil }
            }
            let answer = application.deliver(callback, scene: scene, detail: detail)
            send(.returned(id: id, answer: answer))
        case .post(let notification, let scene):
            application.post(notification, scene: scene, launchOptions: launchOptions)
        case .state(let state):
            self.state = state
        case .protectedData(let state):
            protectedDataState = state
        case .budget(let seconds):
            budgetDeadline = seconds.map { .now + .milliseconds(Int64($0 * 1000)) }
        case .expire(let tasks):
            send(.expirationHandlersReturned(tasks: application.runExpirationHandlers(of: tasks)))
            application.runMainQueueWork()
        case .storeArchive:
            do { try archive.write(application.restorationCoder.values) } catch { report(error) }
        case .deleteArchive:
            do { try archive.delete() } catch { report(error) }
        case .barrier(let id):
            // The notifications that follow a callback are posted: the turn ends with the work its code enqueued.
            application.runMainQueueWork()
            send(.reached(id))
        case .answered(let request, let refusal):
            let refused = refusals.removeValue(forKey: request)
            if let refusal { refused?(refusal) }
        case .scheduledTask(let identifier, let step):
            application.runScheduledTask(step, identifier: identifier)
        case .task, .submitted, .notificationSettings:
            // An answer nobody waits for: out of turn.
            FileHandle.standardError.write(Data("\(app): an answer out of turn; the connection is closed\n".utf8))
            exit(2)
        }
    }

    private func send(_ message: FromApp) {
        do {
            try channel.send(message)
        } catch {
            exit(0)  // the supervisor is gone
        }
    }

    private func report(_ error: any Error) {
        FileHandle.standardError.write(Data("\(app): restoration archive: \(error)\n".utf8))
    }
}

extension SupervisedHost: ApplicationHost {
    public func state(of app: AppID) -> AppState { state }

    public func backgroundTimeRemaining(of app: AppID) -> Duration? {
        budgetDeadline.map { $0 - .now }
    }

    /// Asks the supervisor, and waits for its answer; what else arrives meanwhile is handled after.
    public func beginBackgroundTask(in app: AppID, name: String?) -> BackgroundTaskIdentifier {
        nextRequest += 1
        let request = nextRequest
        return ask(.begin(request: request, name: name)) { message in
            if case .task(request, let identifier) = message { identifier } else { nil }
        }
    }

    /// The app's process crashes, as on iOS: the supervisor sees it end.
    public func crash(_ app: AppID, reason: String) {
        fatalError("\(app): \(reason)")
    }

    /// The supervisor writes it in its trace.
    public func note(_ text: String, in app: AppID) {
        send(.note(text))
    }

    public func permittedTasks(of app: AppID) -> [PermittedTask] { permittedTasks }

    /// Asks the supervisor, whose phone holds the requests, and waits for its answer.
    public func submitTaskRequest(_ request: TaskRequest, in app: AppID) -> TaskRequestError? {
        askForTaskRequests(submitting: request).error
    }

    public func completeScheduledTask(_ identifier: String, success: Bool, in app: AppID) {
        send(.taskCompleted(identifier: identifier, success: success))
    }

    public func cancelTaskRequests(_ identifier: String?, in app: AppID) {
        send(.cancelTaskRequests(identifier: identifier))
    }

    public func pendingTaskRequests(of app: AppID) -> [TaskRequest] {
        askForTaskRequests(submitting: nil).pending
    }

    private func askForTaskRequests(
        submitting taskRequest: TaskRequest?
    ) -> (error: TaskRequestError?, pending: [TaskRequest]) {
        nextRequest += 1
        let request = nextRequest
        return ask(.submit(request: request, taskRequest)) { message in
            if case .submitted(request, let error, let pending) = message { (error, pending) } else { nil }
        }
    }

    /// Sends a message and waits for the answer `answer` picks out; what else arrives meanwhile is handled after.
    private func ask<Answer>(_ question: FromApp, answer: (ToApp) -> Answer?) -> Answer {
        send(question)
        while true {
            let message: ToApp?
            do {
                message = try channel.receive()
            } catch {
                exit(2)
            }
            guard let message else { exit(0) }
            if let answer = answer(message) {
                // What came with the answer is read already: no read source would fire for it.
                do {
                    deferred += try channel.receiveBuffered()
                } catch {
                    exit(2)
                }
                if !deferred.isEmpty {
                    let pending = deferred
                    deferred = []
                    DispatchQueue.main.async {
                        MainActor.assumeIsolated { for message in pending { self.handle(message) } }
                    }
                }
                return answer
            }
            deferred.append(message)
        }
    }

    public func endBackgroundTask(_ identifier: BackgroundTaskIdentifier, in app: AppID) {
        send(.end(identifier))
    }

    public func completionHandlerCalled(for callback: Callback, in app: AppID) {
        send(.completed(callback))
    }

    public func setNotificationDelegate(in app: AppID) {
        send(.notificationDelegateSet)
    }

    public func addNotificationRequest(_ identifier: String, after delay: Duration?, repeats: Bool, in app: AppID) {
        send(.addNotificationRequest(identifier: identifier, after: delay, repeats: repeats))
    }

    public func removePendingNotificationRequests(_ identifiers: [String]?, in app: AppID) {
        send(.removeNotificationRequests(identifiers: identifiers))
    }

    /// Asks the supervisor, whose phone holds the requests, and waits for its answer.
    public func notificationSettings(of app: AppID) -> (authorized: Bool, pending: [String]) {
        nextRequest += 1
        let request = nextRequest
        return ask(.notificationSettings(request: request)) { message in
            if case .notificationSettings(request, let authorized, let pending) = message {
                (authorized, pending)
            } else {
                nil
            }
        }
    }

    public func restorationArchive(of app: AppID) -> [String: Data]? {
        do {
            return try archive.read()
        } catch {
            report(error)
            return nil
        }
    }

    public func run(after delay: Duration, _ work: @escaping @MainActor () -> Void) {
        DispatchQueue.runOnMain(after: delay, work)
    }

    /// Sends the request to the supervisor, which carries it out on its phone and answers; the app's code goes on.
    public func request(
        _ request: SceneSessionRequest, from app: AppID, refused: @escaping @MainActor (String) -> Void
    ) {
        nextRequest += 1
        refusals[nextRequest] = refused
        send(.request(id: nextRequest, request))
    }
}
