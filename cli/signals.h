/* The one owner of SIGINT, SIGTERM and SIGHUP in the command-line tools.
 *
 * By default such a signal removes the temporary names registered with
 * sig_hold and then ends the process by that signal (the shell sees
 * 128 + its number). A command that can stop cleanly (keysearch) asks for
 * the stop flag instead: the signal is then only recorded, and the command
 * finishes its work in progress and reports. Signals ignored when the
 * process started (nohup's SIGHUP) stay ignored. */
#ifndef LWCX_CLI_SIGNALS_H
#define LWCX_CLI_SIGNALS_H

#include "lwcx.h"

/* Installs the handlers; once, before anything is written. */
void sig_init(void);

/* A name to remove if a signal ends the process (a temporary file that is
 * about to exist): its slot, or -1 if none is free or the name is too long.
 * Hold the name before creating the file; release it once the file has
 * its final name or is gone. */
LWCX_NODISCARD int sig_hold(const char *name);
void sig_release(int slot);
/* Whether name is one this process holds. */
int sig_holds(const char *name);

/* on: the signals set the stop flag instead of ending the process. */
void sig_stop_mode(int on);
/* The signal that asked to stop, or 0. */
int sig_stop_requested(void);

/* Test-only hook (tests/cli_signals.sh): when LWCX_TEST_PAUSE names phase,
 * the first time the process reaches it, "lwcx-test-pause PHASE" goes to
 * stderr and the process waits there until a signal arrives (which then
 * does what it always does). */
void sig_test_pause(const char *phase);
/* Whether LWCX_TEST_PAUSE names a phase starting with prefix (a command
 * may then reach that phase sooner, e.g. an early periodic checkpoint). */
int sig_test_wants(const char *prefix);

#endif
