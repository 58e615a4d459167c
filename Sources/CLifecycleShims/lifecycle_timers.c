#define _GNU_SOURCE
#include "lifecycle_timers.h"

#include <stdatomic.h>
#include <stddef.h>

#if defined(__linux__)
#include "lifecycle_found.h"

// Foundation's `Timer` on a simulated device's clock (docs/lifecycle.md §19): Foundation adds a timer to a run loop
// with CoreFoundation's `CFRunLoopAddTimer`, which its shared library calls through its procedure linkage table, so
// that a program's own definition comes first, as for the date (lifecycle_clock.c). This one offers the timer to the
// taker a simulated device installs — as the `Timer` object, the info of the CoreFoundation timer's context — and
// otherwise adds it as the library does. CoreFoundation's functions are found once, by name, so that the programs
// that link this module need not link Foundation.

/// CoreFoundation's `CFRunLoopTimerContext`.
struct timer_context {
    long version;
    void *info;
    const void *(*retain)(const void *);
    void (*release)(const void *);
    void *(*copy_description)(const void *);
};

typedef void (*add_timer_function)(void *, void *, void *);
typedef void (*get_context_function)(void *, struct timer_context *);

static _Atomic(lifecycle_timer_taker) installed_taker;
static _Atomic(void *) system_add_timer;
static _Atomic(void *) get_context;

void lifecycle_timers_take_with(lifecycle_timer_taker taker) {
    atomic_store_explicit(&installed_taker, taker, memory_order_release);
}

void CFRunLoopAddTimer(void *run_loop, void *cf_timer, void *mode) {
    lifecycle_timer_taker taker = atomic_load_explicit(&installed_taker, memory_order_acquire);
    if (taker && cf_timer) {
        get_context_function context_of =
            (get_context_function)lifecycle_found(&get_context, RTLD_DEFAULT, "CFRunLoopTimerGetContext");
        struct timer_context context = {0};
        if (context_of) context_of(cf_timer, &context);
        if (context.info && taker(context.info)) return;
    }
    add_timer_function system = (add_timer_function)lifecycle_found(&system_add_timer, RTLD_NEXT, "CFRunLoopAddTimer");
    if (system) system(run_loop, cf_timer, mode);
}

#else

void lifecycle_timers_take_with(lifecycle_timer_taker taker) { (void)taker; }

#endif
