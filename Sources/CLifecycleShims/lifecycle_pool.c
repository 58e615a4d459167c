#include "lifecycle_pool.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

// What a simulated device needs to know to wait for an app's Swift tasks between steps (docs/architecture.md): whether
// any work is running on Swift's global executor. The runtime lets a program take its global executor's enqueues
// (`swift_task_enqueueGlobal_hook`, declared in the runtime's ConcurrencyHooks.def); the hook sends each job where
// the runtime's Dispatch-based executor sends it, Dispatch's global queue, and runs it with `swift_job_run` on the
// generic executor (a null identity and implementation), counting it until it returns. Both take Swift's calling
// convention; libdispatch's two functions are declared here as libdispatch declares them, without its headers.

typedef void (*lifecycle_enqueue_original)(void *job) __attribute__((swiftcall));
typedef void (*lifecycle_enqueue_hook)(void *job, lifecycle_enqueue_original original) __attribute__((swiftcall));
extern lifecycle_enqueue_hook swift_task_enqueueGlobal_hook;
extern void swift_job_run(void *job, const void *identity, uintptr_t implementation) __attribute__((swiftcall));

extern void *dispatch_get_global_queue(long identifier, unsigned long flags);
extern void dispatch_async_f(void *queue, void *context, void (*work)(void *));

static atomic_long jobs_in_flight;

static void run_job(void *job) {
    swift_job_run(job, NULL, 0);
    atomic_fetch_sub(&jobs_in_flight, 1);
}

__attribute__((swiftcall)) static void enqueue_counted(void *job, lifecycle_enqueue_original original) {
    (void)original;
    atomic_fetch_add(&jobs_in_flight, 1);
    dispatch_async_f(dispatch_get_global_queue(0, 0), job, run_job);
}

void lifecycle_pool_count_jobs(void) {
    swift_task_enqueueGlobal_hook = enqueue_counted;
}

long lifecycle_pool_jobs_in_flight(void) {
    return atomic_load(&jobs_in_flight);
}
