#ifndef LIFECYCLE_CLOCK_H
#define LIFECYCLE_CLOCK_H

#include <time.h>

/// Reads the date for the code that runs on the calling thread, as seconds and nanoseconds since 1970: returns 1 when
/// it has set `now` (the code is an app's under a simulated device, whose date is the phone's), 0 to leave the date
/// to the system.
typedef int (*lifecycle_clock_reader)(struct timespec *_Nonnull now);

/// From now on, the process's reads of the date (`clock_gettime(CLOCK_REALTIME, …)` and `gettimeofday`, which
/// Foundation's `Date()` and Dispatch's wall time make) ask `reader` first. Linux only: elsewhere the date stays
/// the system's. Calling it again replaces the reader.
void lifecycle_clock_read_dates_with(lifecycle_clock_reader _Nonnull reader);

#endif
