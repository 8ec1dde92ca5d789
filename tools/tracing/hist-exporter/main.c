// SPDX-License-Identifier: GPL-2.0
/*
 * hist-exporter [-v] CONFIG: install (or adopt) the configured hist
 * triggers, serve them as Prometheus metrics until a signal that ends a
 * process (SIGTERM, SIGINT, SIGHUP, SIGQUIT, ...), then remove exactly the
 * triggers it installed. Any error at start-up exits with status 1 and
 * leaves nothing installed. hist-exporter.rst is the manual.
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hist-exporter.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* The signals that end a process by default and can be waited for. */
static const int stop_signals[] = {
	SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM,
	SIGPROF, SIGIO, SIGPWR, SIGSTKFLT, SIGXCPU, SIGXFSZ,
};

static void usage_exit(void)
{
	fputs("usage: hist-exporter [-v] CONFIG\n"
	      "  -v  log every scrape: its format, series, bytes and CPU time\n", stderr);
	exit(2);
}

int main(int argc, char **argv)
{
	struct config cfg;
	sigset_t sigs;
	int opt, sig, ret = 1;

	while ((opt = getopt(argc, argv, "v")) != -1) {
		if (opt != 'v')
			usage_exit();
		http_verbose = true;
	}
	if (optind != argc - 1)
		usage_exit();
	/*
	 * Every signal whose default action ends the process, but those the
	 * kernel sends for a fault of our own (SIGSEGV...), which cannot be
	 * waited for: blocked here, so that the HTTP thread inherits the mask
	 * and only sigwait() below takes them, and the triggers are removed
	 * whichever of them comes.
	 */
	sigemptyset(&sigs);
	for (sig = 0; sig < (int)ARRAY_SIZE(stop_signals); sig++)
		sigaddset(&sigs, stop_signals[sig]);
	for (sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
		sigaddset(&sigs, sig);
	pthread_sigmask(SIG_BLOCK, &sigs, NULL);
	signal(SIGPIPE, SIG_IGN);

	if (config_load(argv[optind], &cfg))
		goto out;
	if (http_listen(&cfg))
		goto out;
	if (trigger_tracefs(&cfg))
		goto out_http;
	state_recover(&cfg);
	if (triggers_start(&cfg, state_add))
		goto out_http;
	if (names_check(&cfg))
		goto out_triggers;
	if (http_serve(&cfg))
		goto out_triggers;
	log_msg("serving %d metrics on http://%s:%d/metrics", cfg.nr_metrics,
		cfg.listen_addr, cfg.port);
	sigwait(&sigs, &sig);
	log_msg("%s: stopping", strsignal(sig));
	ret = 0;
out_triggers:
	/* No scrape runs after this: the triggers can go. */
	http_stop();
	if (!triggers_stop(&cfg))
		state_clear(&cfg);
	goto out;
out_http:
	http_stop();
out:
	config_free(&cfg);
	return ret;
}
