import CLifecycleShims
import Dispatch
import Foundation
import LifecycleCore
import LifecycleTrace
import LifecycleWire
import Logging

#if canImport(Glibc)
    import Glibc
#endif

extension Supervisor {
    // The apps' connections: the greeting that says which app a process is, and the messages it sends.

    func acceptApp() {
        let descriptor = accept(appListener, nil, nil)
        guard descriptor >= 0 else { return }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        let channel = MessageChannel<FromApp, ToApp>(descriptor: descriptor)
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler { [weak self] in self?.readGreeting(descriptor) }
        greeting[descriptor] = (channel, source)
        source.resume()
    }

    /// The first message of a connection must be `hello`, from the very process the supervisor started for
    /// that app (`SO_PEERCRED`): one app cannot speak for another.
    private func readGreeting(_ descriptor: Int32) {
        guard let (channel, source) = greeting[descriptor] else { return }
        let messages: [FromApp]?
        do {
            messages = try channel.receiveAvailable()
        } catch {
            logger.warning("a connection sent \(error); it is closed")
            dropGreeting(descriptor)
            return
        }
        guard let messages else {
            dropGreeting(descriptor)
            return
        }
        guard let first = messages.first else { return }
        guard case .hello(let app) = first else {
            logger.warning("a connection began with \(first), not the hello of an app that was started; it is closed")
            dropGreeting(descriptor)
            return
        }
        let peer = lifecycle_peer_process(descriptor)
        guard let process = processes.values.first(where: { $0.pid == peer }), process.channel == nil else {
            logger.warning(
                "a connection from pid \(peer) claimed to be \(app), but no process started for an app waits to connect from there; it is closed"
            )
            dropGreeting(descriptor)
            return
        }
        guard process.app == app else {
            dropGreeting(descriptor)
            refuse(process, sayingItIs: app)
            return
        }
        source.cancel()
        greeting[descriptor] = nil
        process.channel = channel
        let appSource = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        appSource.setEventHandler { [weak self] in self?.read(from: app) }
        process.readSource = appSource
        appSource.resume()
        let outbox = process.outbox
        process.outbox = []
        for (message, record) in outbox { send(message, to: app, record: record) }
        for message in messages.dropFirst() { handle(message, from: process) }
    }

    /// The process started for one app said hello as another: its binary's Info.plist names another bundle
    /// identifier. It is ended as a crash, and the user is told both ids and the fix.
    private func refuse(_ process: ManagedProcess, sayingItIs claimed: AppID) {
        report(
            process.app,
            "its process (pid \(process.pid)) says it is '\(claimed)', the CFBundleIdentifier of the executable's own "
                + "Info.plist, not '\(process.app)'; declare it in the device file as 'app \(claimed) executable=…', "
                + "or give the executable an Info.plist whose CFBundleIdentifier is '\(process.app)'")
        carryOut((try? phone.perform(.processEnded(process.app))) ?? [])
    }

    /// What went wrong with an app's process, told once to each who needs it: the log, the trace and `ctl`
    /// (``takeProblems()``).
    func report(_ app: AppID, _ problem: String) {
        logger.error("\(app): \(problem)")
        recordEvent(.note(app, problem))
        problems.append("\(app): \(problem)")
    }

    private func dropGreeting(_ descriptor: Int32) {
        greeting[descriptor]?.source.cancel()
        greeting[descriptor]?.channel.close()
        greeting[descriptor] = nil
    }

    private func read(from app: AppID) {
        guard let process = processes[app], let channel = process.channel else { return }
        do {
            guard let messages = try channel.receiveAvailable() else {
                process.readSource?.cancel()
                return
            }
            for message in messages where processes[app] === process { handle(message, from: process) }
        } catch {
            disconnect(process, because: "\(error)")
        }
    }

    /// A message the app may send now; anything else closes its connection (and so ends it: an app without its
    /// supervisor exits).
    private func handle(_ message: FromApp, from process: ManagedProcess) {
        let app = process.app
        switch message {
        case .returned(let id, let answer):
            guard process.pendingCall == id else {
                disconnect(process, because: "a return from call \(id), which it was not running")
                return
            }
            process.pendingCall = nil
            carryOut(phone.callbackReturned(from: app, answer: answer))
            // The notifications that follow are on their way to the app's process; its turn ends once it has posted
            // them, which a barrier after them says: only then does the phone go on with it (a task begun in an
            // observer holds it).
            nextCall += 1
            process.turnBarrier = nextCall
            send(.barrier(nextCall), to: app)
        case .begin(let request, let name):
            let (identifier, actions) = phone.beginBackgroundTask(in: app, name: name)
            send(.task(request: request, identifier: identifier), to: app)
            carryOut(actions)
        case .end(let identifier):
            carryOut(phone.endBackgroundTask(identifier, in: app))
        case .completed(let callback):
            carryOut(phone.completionHandlerCalled(for: callback, in: app))
        case .notificationDelegateSet:
            carryOut(phone.setNotificationDelegate(in: app))
        case .note(let text):
            recordEvent(.note(app, text))
        case .addNotificationRequest(let identifier, let delay, let repeats):
            carryOut(phone.addNotificationRequest(identifier, after: delay, repeats: repeats, in: app))
        case .removeNotificationRequests(let identifiers):
            carryOut(phone.removePendingNotificationRequests(identifiers, in: app))
        case .notificationSettings(let request):
            send(
                .notificationSettings(
                    request: request, authorized: phone.notificationsAreAuthorized(for: app),
                    pending: phone.pendingNotificationRequests(of: app)),
                to: app)
        case .submit(let request, let taskRequest):
            var error: TaskRequestError?
            var actions: [Action] = []
            if let taskRequest { (error, actions) = phone.submitTaskRequest(taskRequest, in: app) }
            send(.submitted(request: request, error: error, pending: phone.pendingRequests(of: app)), to: app)
            carryOut(actions)
        case .taskCompleted(let identifier, let success):
            carryOut(phone.completeScheduledTask(identifier, success: success, in: app))
        case .cancelTaskRequests(let identifier):
            carryOut(phone.cancelTaskRequests(identifier, in: app))
        case .expirationHandlersReturned(let tasks):
            carryOut(phone.expirationHandlersReturned(of: tasks, in: app))
        case .reached(let id):
            if process.freezeBarrier == id { freezeNow(process) }
            if process.turnBarrier == id {
                process.turnBarrier = nil
                carryOut(phone.turnEnded(of: app))
            }
        case .request(let id, let request):
            // The app's code asked for a window: carried out as the user's action that does the same, once no app
            // is inside a callback (the process that asked may be).
            whenIdle { [self] in
                do throws(ImpossibleAction) {
                    try perform(try phone.userAction(for: request, from: app))
                    send(.answered(request: id, refusal: nil), to: app)
                } catch {
                    recordEvent(.note(app, "\(request) refused: \(error.reason)"))
                    send(.answered(request: id, refusal: error.reason), to: app)
                }
            }
        case .hello:
            disconnect(process, because: "a second hello")
        }
    }

    private func disconnect(_ process: ManagedProcess, because reason: String) {
        logger.warning("\(process.app): \(reason); the connection is closed")
        recordEvent(.note(process.app, "connection closed: \(reason)"))
        process.readSource?.cancel()
        process.channel?.close()
    }
}
