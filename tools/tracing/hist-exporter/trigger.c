// SPDX-License-Identifier: GPL-2.0
/*
 * The exporter's side of tracefs, through libtracefs: it finds the tracefs
 * mount, opens instances, writes the event's trigger file and reads its
 * error_log (tracefs_error_last()), which plain file I/O would each have
 * to redo.
 *
 * A trigger is known by its "spec" in hist_json: the trigger file's text,
 * which the kernel completes (vals=hitcount, sort, size). An installed
 * trigger's spec is the one hist_json lists once more after the write than
 * before it; that spec, with '!' in front, is what removes it at exit.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/vfs.h>

#include <json-c/json.h>
#include <tracefs.h>

#include "hist-exporter.h"

#define TRACEFS_MAGIC 0x74726163

/**
 * trigger_read() - read the hist_json file of a metric's event, once
 * @m: the metric
 *
 * Return: the parsed document (json_object_put() it), or NULL.
 */
struct json_object *trigger_read(struct metric *m)
{
	struct json_object *doc;
	char *text;

	text = tracefs_event_file_read(m->inst, m->system, m->event, "hist_json", NULL);
	if (!text)
		return NULL;
	doc = json_tokener_parse(text);
	free(text);
	return doc;
}

/**
 * trigger_event_exists() - whether a metric's event still has its hist_json
 * @m: the metric
 *
 * Return: true if the file is there (read or not).
 */
bool trigger_event_exists(struct metric *m)
{
	return tracefs_event_file_exists(m->inst, m->system, m->event, "hist_json");
}

static const char *spec_of(struct json_object *trig)
{
	struct json_object *s;

	if (!json_object_object_get_ex(trig, "spec", &s))
		return "";
	return json_object_get_string(s);
}

static struct json_object *triggers_of(struct json_object *doc)
{
	struct json_object *a;

	if (!doc || !json_object_object_get_ex(doc, "triggers", &a) ||
	    !json_object_is_type(a, json_type_array))
		return NULL;
	return a;
}

/**
 * trigger_find() - the trigger of a hist_json document with this spec
 * @doc: hist_json, parsed
 * @spec: the spec
 *
 * Return: the trigger's object, or NULL.
 */
struct json_object *trigger_find(struct json_object *doc, const char *spec)
{
	struct json_object *a = triggers_of(doc);
	size_t i, n = a ? json_object_array_length(a) : 0;

	for (i = 0; i < n; i++)
		if (!strcmp(spec_of(json_object_array_get_idx(a, i)), spec))
			return json_object_array_get_idx(a, i);
	return NULL;
}

static size_t spec_count(struct json_object *doc, const char *spec)
{
	struct json_object *a = triggers_of(doc);
	size_t i, n = a ? json_object_array_length(a) : 0, c = 0;

	for (i = 0; i < n; i++)
		c += !strcmp(spec_of(json_object_array_get_idx(a, i)), spec);
	return c;
}

static int install(struct metric *m)
{
	struct json_object *before, *after, *a;
	char *errs_before, *err;
	size_t i, n;
	int ret = -1;

	before = trigger_read(m);
	errs_before = tracefs_error_all(m->inst);
	if (trigger_write(m, m->install)) {
		char *errs_after = tracefs_error_all(m->inst);

		err = NULL;
		if (errs_after && (!errs_before || strcmp(errs_before, errs_after)))
			err = tracefs_error_last(m->inst);
		log_msg("metric %s (line %d): the kernel refused '%s' on %s/%s%s%s",
			m->name, m->line, m->install, m->system, m->event,
			err ? "; error_log:\n" : "", err ? err : "");
		free(err);
		free(errs_after);
		goto out;
	}
	after = trigger_read(m);
	a = triggers_of(after);
	n = a ? json_object_array_length(a) : 0;
	for (i = 0; i < n && !m->spec; i++) {
		const char *s = spec_of(json_object_array_get_idx(a, i));

		if (spec_count(after, s) > spec_count(before, s))
			m->spec = strdup(s);
	}
	json_object_put(after);
	if (!m->spec) {
		log_msg("metric %s (line %d): '%s' written, but hist_json shows no new trigger",
			m->name, m->line, m->install);
		goto out;
	}
	m->installed = true;
	ret = 0;
out:
	free(errs_before);
	json_object_put(before);
	return ret;
}

/* The trigger whose spec is m->adopt, or the only one that begins so. */
static int adopt_trigger(struct metric *m)
{
	struct json_object *doc = trigger_read(m), *a = triggers_of(doc);
	size_t i, n = a ? json_object_array_length(a) : 0, len = strlen(m->adopt);
	int matches = 0;

	if (trigger_find(doc, m->adopt)) {
		m->spec = strdup(m->adopt);
	} else {
		for (i = 0; i < n; i++) {
			const char *s = spec_of(json_object_array_get_idx(a, i));

			if (!strncmp(s, m->adopt, len) && !matches++)
				m->spec = strdup(s);
		}
	}
	json_object_put(doc);
	if (matches > 1) {
		log_msg("metric %s (line %d): %d triggers of %s/%s begin with '%s'",
			m->name, m->line, matches, m->system, m->event, m->adopt);
		free(m->spec);
		m->spec = NULL;
	} else if (!m->spec) {
		log_msg("metric %s (line %d): no trigger of %s/%s to adopt is '%s'",
			m->name, m->line, m->system, m->event, m->adopt);
	}
	return m->spec ? 0 : -1;
}

/**
 * trigger_write() - append a command to a metric's event's trigger file
 * @m: the metric, attached
 * @cmd: the command ("hist:..." or "!hist:...")
 *
 * Return: 0, or -1 with errno set.
 */
int trigger_write(struct metric *m, const char *cmd)
{
	return tracefs_event_file_append(m->inst, m->system, m->event, "trigger", cmd) < 0 ?
		-1 : 0;
}

/**
 * trigger_present() - whether the trigger of a metric's spec is there
 * @m: the metric, attached, its spec known
 *
 * Return: true if hist_json lists it.
 */
bool trigger_present(struct metric *m)
{
	struct json_object *doc = trigger_read(m);
	bool found = trigger_find(doc, m->spec);

	json_object_put(doc);
	return found;
}

/**
 * trigger_attach() - open a metric's trace instance, if it has one
 * @m: the metric
 *
 * Return: 0, or -1 after logging why.
 */
int trigger_attach(struct metric *m)
{
	if (!m->instance)
		return 0;
	if (!tracefs_instance_exists(m->instance)) {
		log_msg("metric %s (line %d): no trace instance '%s'",
			m->name, m->line, m->instance);
		return -1;
	}
	m->inst = tracefs_instance_alloc(NULL, m->instance);
	return m->inst ? 0 : -1;
}

/**
 * trigger_detach() - undo trigger_attach()
 * @m: the metric
 */
void trigger_detach(struct metric *m)
{
	tracefs_instance_free(m->inst);
	m->inst = NULL;
}

/**
 * trigger_tracefs() - find the tracefs mount the configuration names
 * @cfg: the configuration
 *
 * Return: 0, or -1 after logging why.
 */
int trigger_tracefs(struct config *cfg)
{
	const char *dir = cfg->tracefs;
	struct statfs sf;

	if (!dir)
		dir = tracefs_tracing_dir();
	if (!dir || statfs(dir, &sf) || sf.f_type != TRACEFS_MAGIC) {
		log_msg("no tracefs at %s (mount it: mount -t tracefs nodev /sys/kernel/tracing)",
			dir ? dir : "any mount point");
		return -1;
	}
	if (cfg->tracefs && tracefs_set_tracing_dir(cfg->tracefs)) {
		log_msg("cannot use %s as tracefs: %m", cfg->tracefs);
		return -1;
	}
	return 0;
}

static int metric_start(struct metric *m)
{
	if (trigger_attach(m))
		return -1;
	if (!tracefs_event_file_exists(m->inst, m->system, m->event, "trigger")) {
		log_msg("metric %s (line %d): unknown event %s/%s%s%s",
			m->name, m->line, m->system, m->event,
			m->instance ? " in instance " : "", m->instance ? m->instance : "");
		return -1;
	}
	if (!tracefs_event_file_exists(m->inst, m->system, m->event, "hist_json")) {
		log_msg("metric %s (line %d): %s/%s has no hist_json (a kernel without it?)",
			m->name, m->line, m->system, m->event);
		return -1;
	}
	if (m->install ? install(m) : adopt_trigger(m))
		return -1;
	m->hist_key = spec_histogram_key(m->spec);
	log_msg("metric %s: %s %s/%s: %s", m->name, m->installed ? "installed on" : "adopted on",
		m->system, m->event, m->spec);
	return 0;
}

/**
 * triggers_start() - install or adopt every metric's trigger
 * @cfg: the configuration, trigger_tracefs() done
 * @installed: called for each trigger installed, as soon as it is
 *
 * On an error the triggers installed so far are removed again.
 *
 * Return: 0, or -1 after logging why.
 */
int triggers_start(struct config *cfg, void (*installed)(struct config *, struct metric *))
{
	int i;

	for (i = 0; i < cfg->nr_metrics; i++) {
		struct metric *m = &cfg->metrics[i];

		if (metric_start(m)) {
			triggers_stop(cfg);
			return -1;
		}
		if (m->installed)
			installed(cfg, m);
	}
	return 0;
}

/**
 * triggers_stop() - remove the installed triggers, free the instances
 * @cfg: the configuration
 *
 * A trigger someone else removed already is only logged.
 *
 * Return: how many installed triggers could not be removed.
 */
int triggers_stop(struct config *cfg)
{
	int i, left = 0;
	char *cmd;

	for (i = cfg->nr_metrics - 1; i >= 0; i--) {
		struct metric *m = &cfg->metrics[i];

		if (m->installed) {
			if (!trigger_present(m)) {
				log_msg("metric %s: its trigger was removed by someone else",
					m->name);
			} else if (asprintf(&cmd, "!%s", m->spec) >= 0) {
				if (trigger_write(m, cmd)) {
					log_msg("metric %s: cannot remove '%s': %s",
						m->name, m->spec, strerror(errno));
					left++;
				} else {
					log_msg("metric %s: removed %s", m->name, m->spec);
				}
				free(cmd);
			}
			m->installed = false;
		}
		trigger_detach(m);
	}
	return left;
}
