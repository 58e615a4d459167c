import Foundation
import Logging

#if canImport(Glibc)
    import Glibc
#endif

/// Memory pressure from the kernel: PSI triggers on `/proc/pressure/memory`, each on a descriptor of its own,
/// watched with `poll(POLLPRI)` on a thread of the monitor's (docs/supervisor.md).
///
/// `@unchecked Sendable`: the descriptors are set in `init` and closed in `stop`, after which the watching thread
/// (which only reads them) finds them gone and ends; `stopped` is read and written under `lock`.
public final class PressureMonitor: @unchecked Sendable {
    /// Android's low-memory killer's defaults: 70 ms of partial stall, or 700 ms of complete stall, in a second.
    public static let lmkdTriggers = ["some 70000 1000000", "full 700000 1000000"]

    private var descriptors: [Int32] = []
    private let lock = NSLock()
    private var stopped = false

    /// Arms the triggers; `onPressure` runs (on the monitor's thread) each time one fires. Triggers the kernel
    /// refuses are logged and skipped: the device's own memory budget still applies.
    init(
        triggers: [String], file: String = "/proc/pressure/memory", logger: Logger,
        onPressure: @escaping @Sendable () -> Void
    ) {
        for trigger in triggers {
            let descriptor = open(file, O_RDWR | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else {
                logger.notice(
                    "memory pressure: \(file) cannot be opened (\(String(cString: strerror(errno)))); no PSI trigger")
                break
            }
            // Without CAP_SYS_RESOURCE the kernel takes only windows of whole multiples of 2 s: the same
            // proportion of stall over a 2 s window is the next best trigger.
            let armed = [trigger, Self.twoSecondWindow(trigger)].compactMap { $0 }.first { candidate in
                let bytes = Array(candidate.utf8) + [0]
                return bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } > 0
            }
            guard let armed else {
                logger.notice(
                    "memory pressure: the trigger '\(trigger)' is refused (\(String(cString: strerror(errno))))")
                close(descriptor)
                continue
            }
            if armed != trigger {
                logger.notice("memory pressure: '\(trigger)' armed as '\(armed)' (unprivileged windows)")
            }
            descriptors.append(descriptor)
        }
        guard !descriptors.isEmpty else { return }
        let watched = descriptors
        Thread.detachNewThread { [self] in
            var fds = watched.map { pollfd(fd: $0, events: Int16(POLLPRI), revents: 0) }
            while !isStopped {
                let ready = poll(&fds, nfds_t(fds.count), 200)
                guard ready > 0 else { continue }
                if fds.contains(where: { $0.revents & Int16(POLLERR) != 0 }) { return }
                if fds.contains(where: { $0.revents & Int16(POLLPRI) != 0 }) { onPressure() }
            }
        }
    }

    /// `some 70000 1000000` as `some 140000 2000000`: the same share of stall over a 2 s window.
    static func twoSecondWindow(_ trigger: String) -> String? {
        let fields = trigger.split(separator: " ")
        guard fields.count == 3, let stall = Int(fields[1]), let window = Int(fields[2]), window % 2_000_000 != 0
        else { return nil }
        let factor = Double(2_000_000) / Double(window)
        return "\(fields[0]) \(Int(Double(stall) * factor)) 2000000"
    }

    /// Whether any trigger is armed.
    public var isArmed: Bool { !descriptors.isEmpty }

    private var isStopped: Bool { lock.withLock { stopped } }

    func stop() {
        lock.withLock { stopped = true }
        usleep(250_000)  // the watching thread wakes at least every 200 ms
        for descriptor in descriptors { close(descriptor) }
    }
}
