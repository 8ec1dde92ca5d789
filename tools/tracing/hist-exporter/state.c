// SPDX-License-Identifier: GPL-2.0
/*
 * The state file: what this run installed, so that a run killed before it
 * could remove its triggers (SIGKILL, a crash) does not leave them for
 * good, nor make the next start fail with "Hist trigger already exists".
 *
 * One line per installed trigger, written (and fsync()ed) as soon as the
 * kernel has taken it:
 *
 *	INSTANCE <tab> SYSTEM/EVENT <tab> SPEC
 *
 * INSTANCE "-" for the top level, SPEC as hist_json shows it. A clean stop
 * removes the triggers and then the file (or empties it, when the run has
 * become a user that may not unlink it: an empty file lists nothing). A start that finds the file
 * removes each trigger it lists that is still there (the sums a killed run
 * gathered are lost; Prometheus sees a counter reset), then the file, and
 * only then installs its own: what a run installs is always its own, from
 * zero.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hist-exporter.h"

/* Open from the first trigger recorded to the end of the run. */
static int state_fd = -1;

/* Remove one leftover trigger: TEXT is a line of the state file. */
static void leftover_remove(struct config *cfg, char *text)
{
	char *inst = text, *ev, *spec, *slash, *cmd;
	struct metric m = { .name = "(left by an earlier run)", .trigger_fd = -1 };

	ev = strchr(inst, '\t');
	spec = ev ? strchr(ev + 1, '\t') : NULL;
	if (!spec) {
		log_msg("%s: a line that is not INSTANCE, EVENT and SPEC: ignored", cfg->state);
		return;
	}
	*ev++ = '\0';
	*spec++ = '\0';
	slash = strchr(ev, '/');
	if (!slash)
		return;
	*slash = '\0';
	m.system = ev;
	m.event = slash + 1;
	m.instance = strcmp(inst, "-") ? inst : NULL;
	m.spec = spec;
	if (trigger_attach(&m) || trigger_present(&m) == 0) {
		trigger_detach(&m);
		return;
	}
	if (asprintf(&cmd, "!%s", spec) >= 0) {
		if (trigger_write(&m, cmd))
			log_msg("%s: cannot remove '%s' on %s/%s, left by an earlier run",
				cfg->state, spec, m.system, m.event);
		else
			log_msg("removed '%s' on %s/%s%s%s, left by an earlier run that did not stop cleanly",
				spec, m.system, m.event, m.instance ? " in instance " : "",
				m.instance ? m.instance : "");
		free(cmd);
	}
	trigger_detach(&m);
}

/**
 * state_recover() - remove the triggers an earlier run left, per the file
 * @cfg: the configuration, tracefs found
 */
void state_recover(struct config *cfg)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	FILE *f;

	f = fopen(cfg->state, "r");
	if (!f) {
		if (errno != ENOENT)
			log_msg("%s: cannot read: %m", cfg->state);
		return;
	}
	while ((len = getline(&line, &cap, f)) > 0) {
		if (line[len - 1] == '\n')
			line[len - 1] = '\0';
		leftover_remove(cfg, line);
	}
	free(line);
	fclose(f);
	state_clear(cfg);
}

/**
 * state_add() - record a trigger this run installed
 * @cfg: the configuration
 * @m: the metric whose trigger the kernel has just taken
 *
 * A file that cannot be written is logged: the run goes on, and only a
 * killed run would then leave its triggers behind.
 */
void state_add(struct config *cfg, struct metric *m)
{
	char *text;
	int n;

	n = asprintf(&text, "%s\t%s/%s\t%s\n", m->instance ? m->instance : "-",
		     m->system, m->event, m->spec);
	if (n < 0)
		return;
	if (state_fd < 0)
		state_fd = open(cfg->state, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
	if (state_fd < 0 || write(state_fd, text, n) != n || fsync(state_fd))
		log_msg("%s: cannot record what was installed (%m): a run killed now leaves it",
			cfg->state);
	free(text);
}

/**
 * state_clear() - nothing of this run is left: the file goes
 * @cfg: the configuration
 */
void state_clear(struct config *cfg)
{
	/* As another user (privs.c), the file can only be emptied. */
	if (unlink(cfg->state) && errno != ENOENT &&
	    (state_fd < 0 || ftruncate(state_fd, 0)))
		log_msg("%s: cannot remove: %m", cfg->state);
	if (state_fd >= 0)
		close(state_fd);
	state_fd = -1;
}
