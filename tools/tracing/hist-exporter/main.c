// SPDX-License-Identifier: GPL-2.0
/*
 * hist-exporter [OPTIONS] CONFIG: install (or adopt) the configured hist
 * triggers, serve them as Prometheus metrics until a signal that ends a
 * process (SIGTERM, SIGINT, SIGHUP, SIGQUIT, ...), then remove exactly the
 * triggers it installed. Any error at start-up exits with status 1 and
 * leaves nothing installed. hist-exporter.rst is the manual.
 */
#include <getopt.h>
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
	fputs("usage: hist-exporter [OPTIONS] CONFIG\n"
	      "  -v, --verbose                   log every scrape: format, series, bytes, CPU time\n"
	      "  --web.listen-address=ADDR:PORT  where to serve (the file's 'listen' otherwise)\n"
	      "  --web.telemetry-path=PATH       the metrics' path (default /metrics)\n"
	      "  --web.max-requests=N            scrapes in flight before 503 (default 40)\n"
	      "  --web.config.file=FILE          TLS and basic authentication (exporter-toolkit's format)\n"
	      "  --config.check                  read CONFIG, report its errors, exit\n"
	      "  --version                       print the version and exit\n", stderr);
	exit(2);
}

enum { OPT_LISTEN = 256, OPT_PATH, OPT_MAX, OPT_WEB, OPT_CHECK, OPT_VERSION };

static const struct option options[] = {
	{ "verbose", no_argument, NULL, 'v' },
	{ "web.listen-address", required_argument, NULL, OPT_LISTEN },
	{ "web.telemetry-path", required_argument, NULL, OPT_PATH },
	{ "web.max-requests", required_argument, NULL, OPT_MAX },
	{ "web.config.file", required_argument, NULL, OPT_WEB },
	{ "config.check", no_argument, NULL, OPT_CHECK },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ NULL, 0, NULL, 0 },
};

int main(int argc, char **argv)
{
	const char *listen_opt = NULL, *web_opt = NULL;
	bool check_only = false;
	struct config cfg;
	sigset_t sigs;
	int opt, sig, ret = 1;
	char *end;

	while ((opt = getopt_long(argc, argv, "v", options, NULL)) != -1) {
		switch (opt) {
		case 'v':
			http_verbose = true;
			break;
		case OPT_LISTEN:
			listen_opt = optarg;
			break;
		case OPT_PATH:
			if (optarg[0] != '/')
				usage_exit();
			http_path = optarg;
			break;
		case OPT_MAX:
			http_max_requests = strtol(optarg, &end, 10);
			if (*end || http_max_requests < 1 || http_max_requests > 10000)
				usage_exit();
			break;
		case OPT_WEB:
			web_opt = optarg;
			break;
		case OPT_CHECK:
			check_only = true;
			break;
		case OPT_VERSION:
			printf("hist-exporter %s\n", HIST_EXPORTER_VERSION);
			return 0;
		default:
			usage_exit();
		}
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
	if (listen_opt && config_listen(&cfg, listen_opt)) {
		log_msg("--web.listen-address: '%s' is not ADDR:PORT", listen_opt);
		goto out;
	}
	if (web_opt && web_config_load(web_opt, &cfg.web))
		goto out;
	if (check_only) {
		printf("%s: %d metrics, no error found (the kernel checks the triggers at start)\n",
		       argv[optind], cfg.nr_metrics);
		ret = 0;
		goto out;
	}
	if (http_listen(&cfg))
		goto out;
	if (trigger_tracefs(&cfg))
		goto out_http;
	state_recover(&cfg);
	if (triggers_start(&cfg, state_add))
		goto out_http;
	if (names_check(&cfg) || privs_drop(&cfg))
		goto out_triggers;
	if (http_serve(&cfg))
		goto out_triggers;
	log_msg("serving %d metrics on http://%s:%d%s", cfg.nr_metrics,
		cfg.listen_addr, cfg.port, http_path);
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
	web_config_free(&cfg.web);
	config_free(&cfg);
	return ret;
}
