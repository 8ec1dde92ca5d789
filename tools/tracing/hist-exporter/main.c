// SPDX-License-Identifier: GPL-2.0
/*
 * hist-exporter [-v] CONFIG: install (or adopt) the configured hist
 * triggers, serve them as Prometheus metrics until SIGTERM or SIGINT, then
 * remove exactly the triggers it installed. Any error at start-up exits
 * with status 1 and leaves nothing installed. hist-exporter.rst is the
 * manual.
 */
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hist-exporter.h"

/**
 * log_msg() - one line on stderr, "hist-exporter: " in front
 * @fmt: printf format
 */
void log_msg(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	flockfile(stderr);
	fputs("hist-exporter: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	funlockfile(stderr);
	va_end(ap);
}

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
	 * Blocked here, so that the HTTP thread inherits the mask and only
	 * sigwait() below takes them.
	 */
	sigemptyset(&sigs);
	sigaddset(&sigs, SIGTERM);
	sigaddset(&sigs, SIGINT);
	pthread_sigmask(SIG_BLOCK, &sigs, NULL);
	signal(SIGPIPE, SIG_IGN);

	if (config_load(argv[optind], &cfg))
		goto out;
	if (http_listen(&cfg))
		goto out;
	if (triggers_start(&cfg))
		goto out_http;
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
	triggers_stop(&cfg);
	goto out;
out_http:
	http_stop();
out:
	config_free(&cfg);
	return ret;
}
