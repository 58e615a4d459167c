#define _GNU_SOURCE
#include "lifecycle_clock.h"

#include <stdatomic.h>
#include <stddef.h>

#if defined(__linux__)
#include <sys/time.h>

#include "lifecycle_found.h"

// The date an app's code reads under a simulated device is the phone's (docs/lifecycle.md §19): Foundation's `Date()`
// reads `clock_gettime(CLOCK_REALTIME, …)` from its shared library, and a program's own definition of the function
// comes first in the dynamic linker's search, before the C library's. These two definitions ask the reader a
// simulated device installs, and otherwise, or for any other clock, call the C library's own, found once with
// `RTLD_NEXT`. Nothing else changes: the monotonic clocks that Dispatch, `Task.sleep` and the tests' timing read
// pass straight through. A reader that reads the date itself would come back here: a thread already asking gets
// the C library's answer.

static _Atomic(lifecycle_clock_reader) installed_reader;
static _Thread_local int asking;

typedef int (*clock_gettime_function)(clockid_t, struct timespec *);
typedef int (*gettimeofday_function)(struct timeval *, void *);
static _Atomic(void *) system_clock_gettime;
static _Atomic(void *) system_gettimeofday;

void lifecycle_clock_read_dates_with(lifecycle_clock_reader reader) {
    atomic_store_explicit(&installed_reader, reader, memory_order_release);
}

/// Whether the reader gave the date, into `now`.
static int read_by_reader(struct timespec *now) {
    lifecycle_clock_reader reader = atomic_load_explicit(&installed_reader, memory_order_acquire);
    if (!reader || asking) return 0;
    asking = 1;
    int given = reader(now);
    asking = 0;
    return given;
}

int clock_gettime(clockid_t clock, struct timespec *now) {
    if (clock == CLOCK_REALTIME && read_by_reader(now)) return 0;
    clock_gettime_function system =
        (clock_gettime_function)lifecycle_found(&system_clock_gettime, RTLD_NEXT, "clock_gettime");
    return system(clock, now);
}

int gettimeofday(struct timeval *restrict now, void *restrict zone) {
    struct timespec given;
    if (read_by_reader(&given)) {
        now->tv_sec = given.tv_sec;
        now->tv_usec = given.tv_nsec / 1000;
        return 0;
    }
    gettimeofday_function system =
        (gettimeofday_function)lifecycle_found(&system_gettimeofday, RTLD_NEXT, "gettimeofday");
    return system(now, zone);
}

#else

void lifecycle_clock_read_dates_with(lifecycle_clock_reader reader) { (void)reader; }

#endif
