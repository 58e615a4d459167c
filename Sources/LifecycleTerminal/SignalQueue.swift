import CLifecycleShims
import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// The process's signals, in the order they arrive, read on the main queue; and the stop of a suspended app that
/// loses no continue.
///
/// The handler is C's (`lifecycle_signals.c`): it queues each signal and wakes the main queue through a pipe.
/// Signals are read only when the main thread is free, so a signal that arrives while the app runs a callback
/// waits its turn, and ``stopUnlessSignalled()`` stops the process only when nothing is left to read: a signal
/// handled while suspended (`kill -USR1` before `fg`) can never stop the process again over a continue that is
/// waiting behind it.
@MainActor
final class SignalQueue {
    private let readSource: any DispatchSourceRead

    /// Takes `signals` over from now on; `ready` is called on the main queue when signals wait to be read
    /// (``next()``).
    init(_ signals: [Int32], ready: @escaping @MainActor () -> Void) {
        let wake = lifecycle_signals_install(signals, Int32(signals.count))
        guard wake >= 0 else {
            fatalError("the terminal host cannot take its signals: \(String(cString: strerror(errno)))")
        }
        readSource = DispatchSource.makeReadSource(fileDescriptor: wake, queue: .main)
        readSource.setEventHandler {
            MainActor.assumeIsolated {
                var bytes = [UInt8](repeating: 0, count: 64)
                while read(wake, &bytes, bytes.count) > 0 {}
                ready()
            }
        }
        readSource.resume()
    }

    /// The oldest signal not read yet, if any.
    static func next() -> Int32? {
        let signal = lifecycle_signals_next()
        return signal == 0 ? nil : signal
    }

    /// Whether a signal waits to be read, or has been sent and is not handled yet.
    static var hasWaiting: Bool { lifecycle_signals_waiting() != 0 }

    /// Stops the process until it is continued, unless a signal is waiting to be read; whether it stopped.
    ///
    /// While stopped, a watcher process continues it when a SIGINT or a SIGTERM arrives, so that the host reads it
    /// at once and ends the suspended app without running its code (as iOS does). A continue sent an instant
    /// before the stop is not lost.
    func stopUnlessSignalled() -> Bool {
        lifecycle_signals_stop() == 1
    }
}
