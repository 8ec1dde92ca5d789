// SPDX-License-Identifier: GPL-2.0
/*
 * fixture CONFIG JSON [openmetrics]: what hist-exporter serves for the
 * hist_json document in the file JSON, on the host, with no kernel: each
 * metric of CONFIG is taken as adopted, its spec the text of its "adopt"
 * (or "trigger") line, which JSON's trigger must show. The names are
 * checked as at start-up (exit 1 on a clash), then one scrape is written
 * to stdout.
 *
 * Linked with hist-exporter's objects but main.o, http.o and state.o,
 * with -Wl,--wrap for the two reads of tracefs expose.c makes: they read
 * JSON instead (harness/lib/exporter.sh, exporter_fixtures).
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

#include "hist-exporter.h"

static const char *json_path;

int __wrap_trigger_open_json(struct metric *m);
bool __wrap_trigger_event_exists(struct metric *m);

int __wrap_trigger_open_json(struct metric *m)
{
	(void)m;
	return open(json_path, O_RDONLY);
}

bool __wrap_trigger_event_exists(struct metric *m)
{
	(void)m;
	return true;
}

int main(int argc, char **argv)
{
	struct scrape_stats st;
	struct config cfg;
	int i, ret = 1;

	if (argc < 3 || argc > 4) {
		fputs("usage: fixture CONFIG JSON [openmetrics]\n", stderr);
		return 2;
	}
	json_path = argv[2];
	if (config_load(argv[1], &cfg))
		goto out;
	for (i = 0; i < cfg.nr_metrics; i++) {
		struct metric *m = &cfg.metrics[i];

		m->spec = strdup(m->adopt ? m->adopt : m->install);
		m->hist_key = spec_histogram_key(m->spec, &m->grouping, &m->step);
	}
	if (names_check(&cfg))
		goto out;
	expose(&cfg, argc == 4, stdout, &st);
	ret = 0;
out:
	config_free(&cfg);
	return ret;
}
