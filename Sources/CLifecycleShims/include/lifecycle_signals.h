// The terminal host's signals, taken in C: a signal handler may only do what is async-signal-safe.
#ifndef LIFECYCLE_SIGNALS_H
#define LIFECYCLE_SIGNALS_H

/// Installs one handler for `count` signals: each signal the process receives is queued, in the order the
/// handler runs, and a byte is written to a pipe whose read end (non-blocking) is returned, so that the main
/// thread wakes to read the queue. A SIGCONT that `lifecycle_signals_stop` arranged for itself is not queued.
/// Call once. -1 with errno set when it cannot.
int lifecycle_signals_install(const int *signals, int count);

/// The oldest queued signal, removed from the queue; 0 when none is queued. For one reader at a time.
int lifecycle_signals_next(void);

/// Whether a signal is queued (or its handler is queueing it), or sent and not handled yet (pending: seen from a
/// thread that blocks it, as the main queue's worker thread does): 1 or 0.
int lifecycle_signals_waiting(void);

/// Stops the whole process with SIGSTOP, unless a signal is queued or sent and not handled yet (then it returns 0
/// at once, and the queue is for the caller to read once the handler has run). Returns 1 once the process has
/// been stopped and continued again. Call it from a thread other than the one that handles signals (on Linux,
/// the main queue runs on a worker thread after `dispatchMain`).
///
/// Linux discards a pending SIGCONT when a stop signal is sent, so a continue sent an instant before the stop
/// would be lost, and the process would never run again. A SIGCONT sent but not handled yet is seen with
/// `sigpending` and keeps the process from stopping; one that is handled while the stop is under way makes its
/// handler set a timer that continues the process shortly after, so that it is read. What remains is a window of
/// a system call's length, between the last look and the stop.
///
/// Linux leaves every signal but SIGKILL pending on a stopped process, even a fatal one. So a watcher process
/// lives while it is stopped: when a SIGINT or a SIGTERM waits, it continues the process, which reads it at once
/// (the caller ends a suspended app without running its code, as iOS does).
int lifecycle_signals_stop(void);

#endif
