/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hist-exporter: hist trigger tables as Prometheus metrics.
 *
 * The parts, each in a file of its own:
 *   config.c   the configuration file: one struct metric per "metric" section
 *   trigger.c  tracefs: find the event, install or adopt its hist trigger,
 *              read hist_json, remove what was installed
 *   expose.c   one scrape: hist_json of each metric turned into the text
 *              exposition format or OpenMetrics
 *   http.c     the /metrics endpoint on libmicrohttpd
 *   main.c     start-up, signals, tear-down
 *
 * Scrapes run on libmicrohttpd's one internal thread, so they never overlap;
 * the main thread only waits for SIGTERM or SIGINT, after starting them.
 */
#ifndef HIST_EXPORTER_H
#define HIST_EXPORTER_H

#include <stdbool.h>
#include <stdio.h>

struct tracefs_instance;
struct json_object;

/* One key of the trigger made a label, as the configuration names it. */
struct label_map {
	char *key;		/* the key as hist_json names it */
	char *label;		/* the Prometheus label name */
};

/* A "metric" section: one hist trigger, exported under one name. */
struct metric {
	int line;		/* where the section starts, for messages */
	char *name;		/* the metric name, prefix of every family */
	char *help;
	char *instance;		/* NULL: the top-level trace instance */
	char *system, *event;
	char *install;		/* a trigger to install at start ... */
	char *adopt;		/* ... or one that exists, to export only */
	struct label_map *labels;	/* NULL: every key but stacks */
	int nr_labels;

	/* Filled in at start-up by trigger.c. */
	struct tracefs_instance *inst;
	char *spec;		/* the trigger as hist_json's "spec" shows it */
	char *hist_key;		/* the .log2/.buckets= key, or NULL */
	bool installed;		/* ours to remove at exit */
	bool gone;		/* not found at the last scrape */
};

struct config {
	char *path;
	char *listen_addr;	/* an IPv4 address to bind */
	int port;
	char *tracefs;		/* NULL: find it with libtracefs */
	struct metric *metrics;
	int nr_metrics;
};

int config_load(const char *path, struct config *cfg);
void config_free(struct config *cfg);

int triggers_start(struct config *cfg);
void triggers_stop(struct config *cfg);
struct json_object *trigger_read(struct metric *m);
struct json_object *trigger_find(struct json_object *doc, const char *spec);

/* What a scrape wrote, for the exporter's own log. */
struct scrape_stats {
	size_t bytes;
	int series;
};

void expose(struct config *cfg, bool openmetrics, FILE *out,
	    struct scrape_stats *st);

extern bool http_verbose;
int http_listen(struct config *cfg);
int http_serve(struct config *cfg);
void http_stop(void);

void log_msg(const char *fmt, ...);

#endif
