#ifndef LIFECYCLE_POOL_H
#define LIFECYCLE_POOL_H

/// Who a job sent to Swift's global executor is counted for: `owner_of_enqueue` is asked as each job is enqueued,
/// on the thread that enqueues it, and gives an owner (retained) or NULL; `job_done` is told when a counted job has
/// returned, and releases the owner.
typedef void *_Nullable (*lifecycle_pool_owner_of_enqueue)(void);
typedef void (*lifecycle_pool_job_done)(void *_Nonnull owner);

/// Takes Swift's global executor's enqueues (the runtime's hook): each job is sent to Dispatch's global queue, as the
/// runtime's own executor sends it, and counted for its owner, if it has one, until it returns. Calling it again
/// does nothing.
void lifecycle_pool_count_jobs(lifecycle_pool_owner_of_enqueue _Nonnull owner_of_enqueue,
                               lifecycle_pool_job_done _Nonnull job_done);

/// The owner of the work the current thread does for someone, outside any Swift task (a Dispatch block an app sent):
/// the jobs it enqueues are counted for it. NULL for none.
void lifecycle_pool_set_thread_owner(void *_Nullable owner);
void *_Nullable lifecycle_pool_thread_owner(void);

#endif
