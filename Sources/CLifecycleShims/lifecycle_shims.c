#define _GNU_SOURCE
#include "lifecycle_shims.h"
#include <sys/prctl.h>
#include <sys/socket.h>
#include <signal.h>

int lifecycle_set_parent_death_signal(int signal) {
    return prctl(PR_SET_PDEATHSIG, (unsigned long)signal, 0, 0, 0);
}

pid_t lifecycle_peer_process(int socket) {
    struct ucred credentials;
    socklen_t length = sizeof(credentials);
    if (getsockopt(socket, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return -1;
    return credentials.pid;
}
