// What Swift cannot call directly on Linux: variadic functions and structures behind _GNU_SOURCE.
#ifndef LIFECYCLE_SHIMS_H
#define LIFECYCLE_SHIMS_H

#include <sys/types.h>

/// prctl(PR_SET_PDEATHSIG, signal): the calling process gets `signal` when its parent dies. 0 on success.
int lifecycle_set_parent_death_signal(int signal);

/// The process id of the peer of a connected Unix-domain socket (SO_PEERCRED), or -1.
pid_t lifecycle_peer_process(int socket);

#include "lifecycle_clock.h"
#include "lifecycle_pool.h"
#include "lifecycle_signals.h"
#include "lifecycle_timers.h"

#endif
