// SPDX-License-Identifier: GPL-2.0
/*
 * The exporter's side of tracefs, through libtracefs: it finds the tracefs
 * mount, opens instances, writes the event's trigger file and reads its
 * error_log (tracefs_error_last()), which plain file I/O would each have
 * to redo.
 *
 * A trigger is known by its "spec" in hist_json: the trigger file's text,
 * which the kernel completes (vals=hitcount, sort, size); the specs are
 * read with reader.c, which skips the entries. An installed
 * trigger's spec is the one hist_json lists once more after the write than
 * before it; that spec, with '!' in front, is what removes it at exit.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include <tracefs.h>

#include "hist-exporter.h"

#define TRACEFS_MAGIC 0x74726163

/* FILE of a metric's event, opened with FLAGS: a descriptor, or -1. */
static int trigger_open_file(struct metric *m, const char *file, int flags)
{
	char *rel, *path = NULL;
	int fd = -1;

	if (asprintf(&rel, "events/%s/%s/%s", m->system, m->event, file) < 0)
		return -1;
	path = tracefs_instance_get_file(m->inst, rel);
	if (path)
		fd = open(path, flags | O_CLOEXEC);
	tracefs_put_tracing_file(path);
	free(rel);
	return fd;
}

/**
 * trigger_open_json() - open the hist_json file of a metric's event
 * @m: the metric, attached
 *
 * Return: the file descriptor, or -1 with errno set.
 */
int trigger_open_json(struct metric *m)
{
	return trigger_open_file(m, "hist_json", O_RDONLY);
}

/**
 * trigger_event_exists() - whether a metric's event still has its hist_json
 * @m: the metric
 *
 * Return: false if the file is known not to be there, true otherwise (read
 * or not, or if it cannot be told).
 */
bool trigger_event_exists(struct metric *m)
{
	char *rel, *path;
	struct stat st;
	bool gone;

	if (asprintf(&rel, "events/%s/%s/hist_json", m->system, m->event) < 0)
		return true;
	path = tracefs_instance_get_file(m->inst, rel);
	/* Only ENOENT says it is gone: EACCES (say) says nothing. */
	gone = path && stat(path, &st) && errno == ENOENT;
	tracefs_put_tracing_file(path);
	free(rel);
	return !gone;
}

/*
 * The specs of the triggers of a metric's event, in hist_json's order:
 * read with reader.c, its entries skipped (nothing of them is built).
 */
struct specs {
	char **s;
	size_t nr;
};

static void *spec_seen(void *arg, const char *spec)
{
	struct specs *sp = arg;

	sp->s = realloc(sp->s, (sp->nr + 1) * sizeof(*sp->s));
	sp->s[sp->nr++] = strdup(spec);
	return NULL;
}

static void specs_free(struct specs *sp)
{
	while (sp->nr)
		free(sp->s[--sp->nr]);
	free(sp->s);
	sp->s = NULL;
}

static int specs_read(struct metric *m, struct specs *sp)
{
	struct hist_visit v = { .trigger = spec_seen, .arg = sp };
	int fd = trigger_open_json(m), ret;

	sp->s = NULL;
	sp->nr = 0;
	if (fd < 0)
		return -1;
	ret = hist_json_visit(fd, &v);
	close(fd);
	return ret;
}

static size_t spec_count(struct specs *sp, const char *spec)
{
	size_t i, c = 0;

	for (i = 0; i < sp->nr; i++)
		c += !strcmp(sp->s[i], spec);
	return c;
}

static int install(struct metric *m)
{
	struct specs before, after;
	char *errs_before, *err;
	size_t i;
	int ret = -1;

	specs_read(m, &before);
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
	specs_read(m, &after);
	for (i = 0; i < after.nr && !m->spec; i++)
		if (spec_count(&after, after.s[i]) > spec_count(&before, after.s[i]))
			m->spec = strdup(after.s[i]);
	specs_free(&after);
	if (!m->spec) {
		log_msg("metric %s (line %d): '%s' written, but hist_json shows no new trigger",
			m->name, m->line, m->install);
		goto out;
	}
	m->installed = true;
	m->trigger_fd = trigger_open_file(m, "trigger", O_WRONLY | O_APPEND);
	if (m->trigger_fd < 0)
		log_msg("metric %s: cannot keep its trigger file open: %m", m->name);
	ret = 0;
out:
	free(errs_before);
	specs_free(&before);
	return ret;
}

/* The trigger whose spec is m->adopt, or the only one that begins so. */
static int adopt_trigger(struct metric *m)
{
	size_t i, len = strlen(m->adopt);
	struct specs sp;
	int matches = 0;

	specs_read(m, &sp);
	if (spec_count(&sp, m->adopt)) {
		m->spec = strdup(m->adopt);
	} else {
		for (i = 0; i < sp.nr; i++)
			if (!strncmp(sp.s[i], m->adopt, len) && !matches++)
				m->spec = strdup(sp.s[i]);
	}
	specs_free(&sp);
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
 * Return: 1 if hist_json lists it, 0 if not, -1 if it cannot be read.
 */
int trigger_present(struct metric *m)
{
	struct specs sp;
	int found;

	found = specs_read(m, &sp) ? -1 : spec_count(&sp, m->spec) > 0;
	specs_free(&sp);
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
	m->hist_key = spec_histogram_key(m->spec, &m->grouping, &m->step);
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
				/* Through the file opened as root, when there is one. */
				if (m->trigger_fd >= 0 ?
				    write(m->trigger_fd, cmd, strlen(cmd)) < 0 : trigger_write(m, cmd)) {
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
		if (m->trigger_fd >= 0)
			close(m->trigger_fd);
		m->trigger_fd = -1;
		trigger_detach(m);
	}
	return left;
}
