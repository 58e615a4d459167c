#include "lifecycle_pool.h"

#include <stdint.h>
#include <stdlib.h>

// What a simulated device needs to know to wait for an app's Swift tasks between steps (docs/architecture.md): whether
// any of the app's work runs on Swift's global executor. The runtime lets a program take its global executor's
// enqueues (`swift_task_enqueueGlobal_hook`, declared in the runtime's ConcurrencyHooks.def); the hook asks whose
// work each job is, sends it where the runtime's Dispatch-based executor sends it, Dispatch's global queue, and runs
// it with `swift_job_run` on the generic executor (a null identity and implementation), telling its owner when it
// has returned. The runtime's functions take Swift's calling convention; libdispatch's two are declared here as
// libdispatch declares them, without its headers.

typedef void (*lifecycle_enqueue_original)(void *job) __attribute__((swiftcall));
typedef void (*lifecycle_enqueue_hook)(void *job, lifecycle_enqueue_original original) __attribute__((swiftcall));
extern lifecycle_enqueue_hook swift_task_enqueueGlobal_hook;
extern void swift_job_run(void *job, const void *identity, uintptr_t implementation) __attribute__((swiftcall));

extern void *dispatch_get_global_queue(long identifier, unsigned long flags);
extern void dispatch_async_f(void *queue, void *context, void (*work)(void *));

static lifecycle_pool_owner_of_enqueue owner_of_enqueue;
static lifecycle_pool_job_done job_done;
static _Thread_local void *thread_owner;

struct owned_job {
    void *job;
    void *owner;
};

static void run_job(void *job) {
    swift_job_run(job, NULL, 0);
}

static void run_owned_job(void *context) {
    struct owned_job *owned = context;
    swift_job_run(owned->job, NULL, 0);
    job_done(owned->owner);
    free(owned);
}

__attribute__((swiftcall)) static void enqueue(void *job, lifecycle_enqueue_original original) {
    (void)original;
    void *queue = dispatch_get_global_queue(0, 0);
    void *owner = owner_of_enqueue();
    struct owned_job *owned = owner ? malloc(sizeof *owned) : NULL;
    if (!owned) {
        // No owner (or no memory to remember it): the job runs as the runtime would run it, uncounted.
        if (owner) job_done(owner);
        dispatch_async_f(queue, job, run_job);
        return;
    }
    owned->job = job;
    owned->owner = owner;
    dispatch_async_f(queue, owned, run_owned_job);
}

void lifecycle_pool_count_jobs(lifecycle_pool_owner_of_enqueue owner, lifecycle_pool_job_done done) {
    if (swift_task_enqueueGlobal_hook == enqueue) return;
    owner_of_enqueue = owner;
    job_done = done;
    swift_task_enqueueGlobal_hook = enqueue;
}

void lifecycle_pool_set_thread_owner(void *owner) {
    thread_owner = owner;
}

void *lifecycle_pool_thread_owner(void) {
    return thread_owner;
}
