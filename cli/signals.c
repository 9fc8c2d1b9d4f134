/* The one owner of SIGINT, SIGTERM and SIGHUP: see signals.h. */
#define _POSIX_C_SOURCE 200809L
#include "signals.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

#define NSLOTS 8 /* temporaries at once: keygen's two key files, with room to spare */

static const int caught[] = {SIGINT, SIGTERM, SIGHUP};

/* Written by the program, read by the handler: a slot's name is complete
 * before its flag is set, and the flag is cleared before the name changes. */
static char slot_name[NSLOTS][PATH_MAX];
static volatile sig_atomic_t slot_used[NSLOTS];
static volatile sig_atomic_t stop_mode, stop_sig, seen;

static void on_signal(int sig)
{
    const int saved = errno;
    seen++;
    if (stop_mode) {
        if (!stop_sig) stop_sig = sig;
        errno = saved;
        return;
    }
    for (int i = 0; i < NSLOTS; i++)
        if (slot_used[i]) unlink(slot_name[i]);
    /* die by this very signal, so that the parent sees it */
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(sig, &dfl, NULL);
    raise(sig);
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, sig);
    sigprocmask(SIG_UNBLOCK, &s, NULL);
    _exit(128 + sig); /* not reached */
}

void sig_init(void)
{
    static int done;
    if (done) return;
    done = 1;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof caught / sizeof caught[0]; i++) sigaddset(&sa.sa_mask, caught[i]);
    for (size_t i = 0; i < sizeof caught / sizeof caught[0]; i++) {
        struct sigaction old;
        if (sigaction(caught[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN) sigaction(caught[i], &sa, NULL);
    }
}

int sig_hold(const char *name)
{
    const size_t n = strlen(name);
    if (n >= PATH_MAX) return -1;
    for (int i = 0; i < NSLOTS; i++)
        if (!slot_used[i]) {
            memcpy(slot_name[i], name, n + 1);
            slot_used[i] = 1;
            return i;
        }
    return -1;
}

void sig_release(int slot)
{
    if (slot >= 0 && slot < NSLOTS) slot_used[slot] = 0;
}

int sig_holds(const char *name)
{
    for (int i = 0; i < NSLOTS; i++)
        if (slot_used[i] && strcmp(slot_name[i], name) == 0) return 1;
    return 0;
}

void sig_stop_mode(int on)
{
    stop_mode = on;
}

int sig_stop_requested(void)
{
    return stop_sig;
}

/* ---- the test-only pause ---------------------------------------------- */

static const char *pause_phase(void)
{
    static const char *phase;
    static int read;
    if (!read) {
        read = 1;
        phase = getenv("LWCX_TEST_PAUSE");
        if (phase && !*phase) phase = NULL;
    }
    return phase;
}

int sig_test_wants(const char *prefix)
{
    const char *p = pause_phase();
    return p && strncmp(p, prefix, strlen(prefix)) == 0;
}

void sig_test_pause(const char *phase)
{
    static int paused;
    const char *want = pause_phase();
    if (!want || paused || strcmp(want, phase) != 0) return;
    paused = 1;
    const sig_atomic_t before = seen;
    char line[128];
    const int n = snprintf(line, sizeof line, "lwcx-test-pause %s\n", phase);
    if (n > 0 && write(STDERR_FILENO, line, (size_t)n) < 0) return;
    /* polled, since the handler may run on any thread */
    const struct timespec nap = {0, 5000000L};
    while (seen == before) nanosleep(&nap, NULL);
}
