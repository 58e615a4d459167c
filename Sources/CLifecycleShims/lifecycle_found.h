#ifndef LIFECYCLE_FOUND_H
#define LIFECYCLE_FOUND_H

// Private to this module: how lifecycle_clock.c and lifecycle_timers.c find the functions they stand in front of.

#include <dlfcn.h>
#include <stdatomic.h>

/// The function `name` as `dlsym(handle, name)` finds it (`RTLD_NEXT`: the library's own, after this program's
/// definition; `RTLD_DEFAULT`: any loaded library's), looked up the first time and kept in `found`.
static inline void *lifecycle_found(_Atomic(void *) *found, void *handle, const char *name) {
    void *function = atomic_load_explicit(found, memory_order_relaxed);
    if (!function) {
        function = dlsym(handle, name);
        atomic_store_explicit(found, function, memory_order_relaxed);
    }
    return function;
}

#endif
