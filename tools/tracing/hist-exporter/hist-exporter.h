/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hist-exporter: hist trigger tables as Prometheus metrics.
 *
 * The parts, each in a file of its own:
 *   config.c   the configuration file: one struct metric per "metric" section
 *   trigger.c  tracefs: find the event, install or adopt its hist trigger,
 *              read hist_json, remove what was installed
 *   reader.c   one pass over a hist_json document as it is read (yajl):
 *              the specs, each entry, the totals
 *   expose.c   one scrape: hist_json of each metric turned into the text
 *              exposition format or OpenMetrics
 *   http.c     the /metrics endpoint on libmicrohttpd
 *   webconfig.c  --web.config.file: TLS and basic authentication
 *   state.c    the state file: what this run installed, so that the
 *              next run removes what a killed one left
 *   names.c    the family and label names of each metric, from its
 *              trigger's spec, checked for clashes at start-up
 *   main.c     start-up, signals, tear-down
 *   privs.c    the user to become once the triggers are in
 *   arena.c    memory cut in order and given back at once: an entry of
 *              the reader's, the series of a scrape
 *   log.c      the log, on stderr: called by all, calls none of them
 *
 * Calls go one way: main.c calls http.c, privs.c, state.c, trigger.c,
 * names.c and config.c; http.c calls webconfig.c and expose.c; expose.c
 * calls trigger.c, reader.c, names.c and arena.c; state.c calls trigger.c,
 * which calls reader.c and names.c; reader.c calls arena.c; and all call
 * log.c. (triggers_start() reports each trigger it installs through a
 * function main.c passes it.)
 * Requests run on libmicrohttpd's threads, one a connection; scrapes share
 * one expose() at a time (http.c); the main thread only waits for a signal
 * that ends the process, after starting them.
 */
#ifndef HIST_EXPORTER_H
#define HIST_EXPORTER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct tracefs_instance;

/* One key of the trigger made a label, as the configuration names it. */
struct label_map {
	char *key;		/* the key as hist_json names it */
	char *label;		/* the Prometheus label name */
};

/* How the histogram's key groups its values. */
enum hist_grouping { GROUP_NONE, GROUP_LOG2, GROUP_BUCKETS, GROUP_LOG2_N };

/* What a value of a trigger is exported as. */
enum val_kind { VAL_COUNTER, VAL_MIN, VAL_MAX, VAL_AVG };

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
	double scale;		/* "scale": 0, or the key field's unit */
	bool has_range;		/* "range": every edge from range_lo ... */
	uint64_t range_lo, range_hi;	/* ... to range_hi is a bucket */

	/* Filled in at start-up by trigger.c. */
	struct tracefs_instance *inst;
	char *spec;		/* the trigger as hist_json's "spec" shows it */
	char *hist_key;		/* the .log2/.buckets= key, or NULL, ... */
	enum hist_grouping grouping;	/* ... grouped so, ... */
	uint64_t step;		/* ... by N (.buckets=N, .log2=N) */
	bool installed;		/* ours to remove at exit, ... */
	int trigger_fd;		/* ... through this, opened while root */
	bool gone;		/* not found at the last scrape */
	bool unreadable;	/* its hist_json unread at the last scrape */
};

/* --web.config.file (webconfig.c): TLS and basic authentication. */
struct web_config {
	char *cert_pem, *key_pem;	/* NULL: plain HTTP */
	struct web_user {
		char *name;
		char *hash;		/* bcrypt */
	} *users;
	int nr_users;			/* 0: no authentication */
};

struct config {
	char *path;
	char *listen_addr;	/* an IPv4 address to bind */
	int port;
	char *tracefs;		/* NULL: find it with libtracefs */
	char *state;		/* what this run installed (state.c) */
	char *user;		/* who to become once the triggers are in */
	bool state_is_default;	/* named after the port: follows it */
	struct metric *metrics;
	int nr_metrics;
	struct web_config web;
};

int config_load(const char *path, struct config *cfg);
int config_listen(struct config *cfg, const char *text);
void config_free(struct config *cfg);

int trigger_tracefs(struct config *cfg);
int triggers_start(struct config *cfg, void (*installed)(struct config *, struct metric *));
int triggers_stop(struct config *cfg);
int trigger_attach(struct metric *m);
void trigger_detach(struct metric *m);
int trigger_write(struct metric *m, const char *cmd);
int trigger_present(struct metric *m);
int trigger_open_json(struct metric *m);
bool trigger_event_exists(struct metric *m);

/* See arena.c. */
struct arena {
	struct arena_block *head;
};

void *arena_alloc(struct arena *a, size_t n);
char *arena_text(struct arena *a, const void *s, size_t len);
void arena_reset(struct arena *a, bool keep);

/*
 * A JSON value of one entry (or one totals) of a hist_json document, as
 * reader.c builds it: it lives for the call it is handed to only.
 * Numbers keep what the document wrote (text) beside their value: a
 * whole number of 64 bits of either sign exactly (neg, mag), any other as
 * a double. A container's members (an object's, each with its key) or
 * elements are a list in the document's order; an object never has two
 * members of one key (a later one replaces the earlier one's value, in its
 * place).
 */
enum jtype { JNULL, JBOOL, JINT, JDOUBLE, JSTRING, JARRAY, JOBJECT };

struct jnode {
	enum jtype type;
	const char *key;	/* the member's name, in an object */
	const char *text;	/* a scalar as written (a string: its bytes) */
	bool neg;		/* JINT: the sign, ... */
	uint64_t mag;		/* ... and the magnitude */
	double d;		/* JDOUBLE */
	struct jnode *first;	/* a container's first member or element */
	struct jnode *last;
	struct jnode *next;	/* the next of the container holding this */
};

/* A member of an object by its key, NULL if none (or no object). */
const struct jnode *jnode_get(const struct jnode *obj, const char *key);
/* A value as a number, converted as JSON readers do (clamped). */
int64_t jnode_i64(const struct jnode *v);
uint64_t jnode_u64(const struct jnode *v);
double jnode_double(const struct jnode *v);

/*
 * What one pass over a hist_json document hands out (reader.c): for each
 * trigger its spec, to trigger(), which returns where its entries and its
 * totals go (NULL: skipped); then each entry and the totals.
 */
struct hist_visit {
	void *(*trigger)(void *arg, const char *spec);
	void (*entry)(void *ctx, const struct jnode *entry);
	void (*totals)(void *ctx, const struct jnode *totals);
	void *arg;
};

int hist_json_visit(int fd, const struct hist_visit *visit);

/* What a scrape wrote, for the exporter's own log. */
struct scrape_stats {
	size_t bytes;
	int series;
};

int expose(struct config *cfg, bool openmetrics, FILE *out,
	   struct scrape_stats *st);

#define HIST_EXPORTER_VERSION "0.3"

/* The buckets a "range" may make, a label set. */
#define RANGE_EDGES_MAX 1000

extern bool http_verbose;
extern const char *http_path;
extern int http_max_requests;
int http_listen(struct config *cfg);
int http_serve(struct config *cfg);
void http_stop(void);

char *spec_histogram_key(const char *spec, enum hist_grouping *grouping, uint64_t *step);
char *value_family(const struct metric *m, const char *value, enum val_kind *kind,
		   bool *is_sum);
const char *key_label(const struct metric *m, const char *key, bool execname, bool stack);
bool label_reserved(const struct metric *m, const char *label);
char *spec_values(const struct metric *m);
int names_check(struct config *cfg);

int privs_drop(struct config *cfg);

void state_recover(struct config *cfg);
void state_add(struct config *cfg, struct metric *m);
void state_clear(struct config *cfg);

int web_config_load(const char *path, struct web_config *w);
void web_config_free(struct web_config *w);
bool web_auth_ok(const struct web_config *w, const char *user, const char *pass);

void log_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
