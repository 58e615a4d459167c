#ifndef LIFECYCLE_TIMERS_H
#define LIFECYCLE_TIMERS_H

/// Takes a timer that code adds to a run loop (`CFRunLoopAddTimer`, which Foundation's `Timer.scheduledTimer` and
/// `RunLoop.add(_:forMode:)` call): returns 1 when it has taken the timer to fire it itself, 0 to let the run loop
/// have it. `timer` is the `Timer` object, which its caller holds.
typedef int (*lifecycle_timer_taker)(void *_Nonnull timer);

/// From now on, timers added to run loops are offered to `taker` first. Linux only: elsewhere the run loops keep
/// them. Calling it again replaces the taker.
void lifecycle_timers_take_with(lifecycle_timer_taker _Nonnull taker);

#endif
