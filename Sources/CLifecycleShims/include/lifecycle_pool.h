#ifndef LIFECYCLE_POOL_H
#define LIFECYCLE_POOL_H

/// Counts the jobs Swift's global executor runs from now on (Swift's cooperative pool: nonisolated async functions,
/// actors without an executor of their own), by installing Swift's hook for them: each job is sent to Dispatch's
/// global queue, as the runtime's own executor sends it, and counted until it returns. Calling it again does nothing.
void lifecycle_pool_count_jobs(void);

/// How many jobs sent to Swift's global executor since `lifecycle_pool_count_jobs` have not returned yet.
long lifecycle_pool_jobs_in_flight(void);

#endif
