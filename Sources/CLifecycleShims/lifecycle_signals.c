#define _GNU_SOURCE
#include "lifecycle_signals.h"
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>

// A queue of signal numbers for many writers (handlers, on any thread, possibly nested) and one reader. A writer
// takes a slot by advancing `tail`, then fills it; the reader empties slots from `head` in order. Slots hold 0
// when empty. The kernel does not queue a standard signal twice while it is pending, so a few slots would do;
// past the queue's size a signal is dropped rather than overwrite one not yet read.
#define QUEUE_SIZE 256
static atomic_int slots[QUEUE_SIZE];
static atomic_ulong tail;
static atomic_ulong head;
static int wake_descriptor = -1;
// The signals the handler takes.
static int watched[32];
static int watched_count;

// Set while lifecycle_signals_stop is between its look at the queue and the end of the stop.
static atomic_int stopping;
// The timer whose SIGCONT continues the process shortly after a stop that a signal, queued meanwhile, came just
// before: so that the signal is read.
static timer_t rescue;
static int has_rescue;

static void handle(int signal, siginfo_t *info, void *context) {
    (void)context;
    if (signal == SIGCONT && info != NULL && info->si_code == SI_TIMER) return;  // our own rescue: nothing to read
    int saved = errno;
    unsigned long index = atomic_fetch_add(&tail, 1);
    if (index - atomic_load(&head) < QUEUE_SIZE) atomic_store(&slots[index % QUEUE_SIZE], signal);
    if (atomic_load(&stopping) && has_rescue) {
        // The stop may come after this signal was queued, and before anyone reads it: continue the process again
        // shortly after, so that it is read (timer_settime is async-signal-safe).
        struct itimerspec soon = {.it_value = {.tv_sec = 0, .tv_nsec = 20 * 1000 * 1000}};
        timer_settime(rescue, 0, &soon, NULL);
    }
    char byte = 1;
    ssize_t written = write(wake_descriptor, &byte, 1);
    (void)written;  // a full pipe is already readable
    errno = saved;
}

int lifecycle_signals_install(const int *signals, int count) {
    int wake[2];
    if (pipe2(wake, O_NONBLOCK | O_CLOEXEC) != 0) return -1;
    wake_descriptor = wake[1];
    struct sigevent event;
    memset(&event, 0, sizeof(event));
    event.sigev_notify = SIGEV_SIGNAL;
    event.sigev_signo = SIGCONT;
    has_rescue = timer_create(CLOCK_MONOTONIC, &event, &rescue) == 0;
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_sigaction = handle;
    action.sa_flags = SA_SIGINFO | SA_RESTART;
    sigfillset(&action.sa_mask);  // one handler at a time on a thread: the queue's order is the handlers' order
    sigset_t unblock;
    sigemptyset(&unblock);
    for (int index = 0; index < count && index < 32; index++) {
        watched[watched_count++] = signals[index];
        if (sigaction(signals[index], &action, NULL) != 0) return -1;
        sigaddset(&unblock, signals[index]);
    }
    return pthread_sigmask(SIG_UNBLOCK, &unblock, NULL) == 0 ? wake[0] : -1;
}

int lifecycle_signals_next(void) {
    unsigned long index = atomic_load(&head);
    if (index == atomic_load(&tail)) return 0;
    int signal = atomic_exchange(&slots[index % QUEUE_SIZE], 0);
    if (signal == 0) {
        // A writer has taken the slot and not filled it yet (it is on another thread); or the signal was
        // dropped because the queue was full. Wait for the first, skip the second.
        for (int spins = 0; spins < 1000 && signal == 0; spins++) {
            signal = atomic_exchange(&slots[index % QUEUE_SIZE], 0);
        }
    }
    atomic_store(&head, index + 1);
    return signal == 0 ? lifecycle_signals_next() : signal;
}

int lifecycle_signals_waiting(void) {
    if (atomic_load(&head) != atomic_load(&tail)) return 1;
    // Sent and not handled yet: pending, for a thread that blocks it (the handler runs on another).
    sigset_t pending;
    sigpending(&pending);
    for (int index = 0; index < watched_count; index++) {
        if (sigismember(&pending, watched[index]) == 1) return 1;
    }
    return 0;
}

// The bit of `signal` in a mask of /proc's status file.
static unsigned long long bit(int signal) {
    return 1ULL << (signal - 1);
}

// Reads a hexadecimal number, as /proc writes masks.
static unsigned long long hexadecimal(const char *text) {
    unsigned long long value = 0;
    for (;; text++) {
        char c = *text;
        int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (digit < 0) return value;
        value = value << 4 | (unsigned long long)digit;
    }
}

// The watcher's life, in a child process: every 20 ms it reads its parent's status, and when a SIGINT or a SIGTERM
// waits there (a stopped process takes no signal until it is continued: Linux leaves even a fatal one pending),
// it continues the parent, whose handler then reads it. Only async-signal-safe calls: the parent has threads.
static void watch(pid_t parent) {
    setsid();  // out of the terminal's process group: Ctrl-Z and Ctrl-C are not for it
    char path[32] = "/proc/";
    char digits[16];
    int count = 0;
    for (pid_t rest = parent; rest > 0; rest /= 10) digits[count++] = (char)('0' + rest % 10);
    int length = 6;
    while (count > 0) path[length++] = digits[--count];
    const char *suffix = "/status";
    for (int index = 0; suffix[index]; index++) path[length++] = suffix[index];
    path[length] = 0;
    const unsigned long long ending = bit(SIGINT) | bit(SIGTERM);
    struct timespec pause = {.tv_sec = 0, .tv_nsec = 20 * 1000 * 1000};
    for (;;) {
        if (getppid() != parent) _exit(0);
        int descriptor = open(path, O_RDONLY | O_CLOEXEC);
        if (descriptor < 0) _exit(0);
        char status[4096];
        ssize_t read_count = read(descriptor, status, sizeof(status) - 1);
        close(descriptor);
        if (read_count <= 0) _exit(0);
        status[read_count] = 0;
        unsigned long long pending = 0;
        for (char *line = status; line && *line;) {
            if (strncmp(line, "SigPnd:\t", 8) == 0 || strncmp(line, "ShdPnd:\t", 8) == 0) {
                pending |= hexadecimal(line + 8);
            }
            line = strchr(line, '\n');
            if (line) line++;
        }
        if (pending & ending) kill(parent, SIGCONT);
        nanosleep(&pause, NULL);
    }
}

// Ends the watcher, if there is one.
static void end_watcher(pid_t watcher) {
    if (watcher <= 0) return;
    kill(watcher, SIGKILL);
    while (waitpid(watcher, NULL, 0) < 0 && errno == EINTR) {}
}

int lifecycle_signals_stop(void) {
    // Every signal stays blocked on this thread (its handler runs on another), so that sigpending() sees those
    // not handled yet; the watcher inherits the mask, and SIGKILL ends it.
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &previous);
    // The watcher is started first: the last look at the signals comes right before the stop.
    pid_t parent = getpid();
    pid_t watcher = fork();
    if (watcher == 0) watch(parent);
    atomic_store(&stopping, 1);
    // A signal sent but not handled yet must be read before any stop. A SIGCONT above all: the stop would discard
    // it (Linux drops a pending SIGCONT when a stop signal is sent), and nothing would continue the process again.
    int stopped = 0;
    if (!lifecycle_signals_waiting()) {
        raise(SIGSTOP);
        stopped = 1;
        // Continued: by a SIGCONT (the user's, the watcher's, or the rescue's for a signal already queued), whose
        // handler runs on another thread and, on a loaded machine, may not have queued it yet. The caller would find
        // nothing to read and stop again at once, and the continue would be lost: wait (up to a second) until
        // something is queued.
        struct timespec millisecond = {.tv_sec = 0, .tv_nsec = 1000 * 1000};
        for (int waited = 0; waited < 1000 && atomic_load(&head) == atomic_load(&tail); waited++) {
            nanosleep(&millisecond, NULL);
        }
    }
    atomic_store(&stopping, 0);
    if (has_rescue) {
        struct itimerspec never;
        memset(&never, 0, sizeof(never));
        timer_settime(rescue, 0, &never, NULL);
    }
    end_watcher(watcher);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    return stopped;
}
