// SPDX-License-Identifier: GPL-2.0
/*
 * The configuration file: one setting a line, "KEYWORD VALUE", where VALUE
 * is the rest of the line with its outer blanks cut; '#' starts a comment
 * line; blank lines are ignored. Global settings come first:
 *
 *   listen ADDR:PORT   where /metrics is served (default 0.0.0.0:9464)
 *   tracefs DIR        the tracefs mount (default: found by libtracefs)
 *   state FILE         what a run installed, for the next run to remove
 *                      if this one is killed (state.c; default
 *                      /run/hist-exporter-PORT.triggers)
 *   user NAME          the user to become once the triggers are in
 *                      (privs.c)
 *
 * then one section per metric, from "metric NAME" to the next one:
 *
 *   help TEXT          the HELP text of its families
 *   instance NAME      a trace instance (default: the top level)
 *   event SYS/EVENT    the event the trigger is on
 *   trigger hist:...   a trigger to install at start and remove at exit
 *   adopt hist:...     or: an existing trigger to export, left as it is
 *   scale FACTOR       the histogram key field's unit in base units (1e-6
 *                      for microseconds): its bucket edges and every value
 *                      of that field are multiplied by it
 *   range LOW HIGH     every bucket edge from LOW to HIGH (in the key's
 *                      units) is a bucket of each label set, hits or not
 *   labels K[=L] ...   only these keys become labels (named L); the others
 *                      are summed over. Without it every key but a stack
 *                      is a label, named after the key. Each key once,
 *                      each label once, none 'le' or beginning with '__'.
 *
 * Every error names the file and line; hist-exporter.rst has an example.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "hist-exporter.h"

static bool valid_name(const char *s, bool colon)
{
	if (!*s || isdigit((unsigned char)*s))
		return false;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_' && !(colon && *s == ':'))
			return false;
	return true;
}

/* The state file named after the port, unless the file names one. */
static int state_default(struct config *cfg)
{
	free(cfg->state);
	cfg->state_is_default = true;
	if (asprintf(&cfg->state, "/run/hist-exporter-%d.triggers", cfg->port) >= 0)
		return 0;
	cfg->state = NULL;
	return -1;
}

/**
 * config_listen() - set the address and port to serve on
 * @cfg: the configuration
 * @text: "ADDR:PORT" (ADDR empty: every address)
 *
 * Return: 0, or -1 if @text is not that.
 */
int config_listen(struct config *cfg, const char *text)
{
	char *val = strdup(text), *colon = strrchr(val, ':'), *end;
	long port;

	if (!colon) {
		free(val);
		return -1;
	}
	port = strtol(colon + 1, &end, 10);
	if (*end || port < 1 || port > 65535) {
		free(val);
		return -1;
	}
	*colon = '\0';
	free(cfg->listen_addr);
	cfg->listen_addr = strdup(*val ? val : "0.0.0.0");
	cfg->port = port;
	free(val);
	return cfg->state_is_default ? state_default(cfg) : 0;
}

/* "labels K[=L] ...": an error message or NULL. */
static const char *parse_labels(struct metric *m, char *val)
{
	char *tok, *save, *eq;
	int i;

	for (tok = strtok_r(val, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
		struct label_map *l;

		m->labels = realloc(m->labels, (m->nr_labels + 1) * sizeof(*m->labels));
		l = &m->labels[m->nr_labels++];
		eq = strchr(tok, '=');
		if (eq)
			*eq++ = '\0';
		l->key = strdup(tok);
		l->label = strdup(eq ? eq : tok);
		if (!valid_name(l->label, false) || !strcmp(l->label, "le") ||
		    !strncmp(l->label, "__", 2))
			return "KEY or KEY=LABEL expected, a LABEL of [a-zA-Z0-9_], not 'le' nor beginning with '__'";
		for (i = 0; i < m->nr_labels - 1; i++) {
			if (!strcmp(m->labels[i].key, l->key))
				return "a key named twice";
			if (!strcmp(m->labels[i].label, l->label))
				return "a label name given to two keys";
		}
	}
	return m->nr_labels ? NULL : "KEY or KEY=LABEL expected";
}

static int set_once(char **field, const char *val)
{
	if (*field)
		return -1;
	*field = strdup(val);
	return 0;
}

/* A setting of the current metric section; an error message or NULL. */
static const char *metric_setting(struct metric *m, const char *kw, char *val)
{
	char *slash;

	if (!strcmp(kw, "help"))
		return set_once(&m->help, val) ? "help given twice" : NULL;
	if (!strcmp(kw, "instance"))
		return set_once(&m->instance, val) ? "instance given twice" : NULL;
	if (!strcmp(kw, "event")) {
		slash = strchr(val, '/');
		if (!slash || slash == val || !slash[1] || strchr(slash + 1, '/'))
			return "event must be SYSTEM/EVENT";
		if (m->system)
			return "event given twice";
		*slash = '\0';
		m->system = strdup(val);
		m->event = strdup(slash + 1);
		return NULL;
	}
	if (!strcmp(kw, "trigger") || !strcmp(kw, "adopt")) {
		if (strncmp(val, "hist:", 5))
			return "a trigger must begin with 'hist:'";
		if (m->install || m->adopt)
			return "one trigger or adopt a metric";
		m->install = kw[0] == 't' ? strdup(val) : NULL;
		m->adopt = kw[0] == 'a' ? strdup(val) : NULL;
		return NULL;
	}
	if (!strcmp(kw, "scale")) {
		char *end;

		m->scale = strtod(val, &end);
		return *end || !(m->scale > 0) ? "scale must be a number above 0" : NULL;
	}
	if (!strcmp(kw, "range")) {
		unsigned long long lo, hi;
		int used = -1;

		if (sscanf(val, "%llu %llu%n", &lo, &hi, &used) != 2 || val[used] || lo > hi)
			return "range must be LOW HIGH, two whole numbers, LOW not above HIGH";
		m->has_range = true;
		m->range_lo = lo;
		m->range_hi = hi;
		return NULL;
	}
	if (!strcmp(kw, "labels")) {
		if (m->labels)
			return "labels given twice";
		return parse_labels(m, val);
	}
	return "unknown keyword";
}

static const char *metric_check(struct config *cfg, struct metric *m)
{
	int i;

	if (!m->event)
		return "no 'event'";
	if (!m->install && !m->adopt)
		return "no 'trigger' or 'adopt'";
	for (i = 0; i < cfg->nr_metrics - 1; i++)
		if (!strcmp(cfg->metrics[i].name, m->name))
			return "metric name used twice";
	return NULL;
}

static const char *line_setting(struct config *cfg, char *kw, char *val)
{
	struct metric *m;

	if (!*val)
		return "a value is missing";
	if (!strcmp(kw, "metric")) {
		if (!valid_name(val, true))
			return "a metric name is made of [a-zA-Z0-9_:], not a digit first";
		cfg->metrics = realloc(cfg->metrics, (cfg->nr_metrics + 1) * sizeof(*m));
		m = &cfg->metrics[cfg->nr_metrics++];
		memset(m, 0, sizeof(*m));
		m->trigger_fd = -1;
		m->name = strdup(val);
		return NULL;
	}
	if (!cfg->nr_metrics) {
		if (!strcmp(kw, "listen"))
			return config_listen(cfg, val) ? "listen must be ADDR:PORT" : NULL;
		if (!strcmp(kw, "tracefs"))
			return set_once(&cfg->tracefs, val) ? "tracefs given twice" : NULL;
		if (!strcmp(kw, "state"))
			return set_once(&cfg->state, val) ? "state given twice" : NULL;
		if (!strcmp(kw, "user"))
			return set_once(&cfg->user, val) ? "user given twice" : NULL;
		return "unknown keyword (or outside a 'metric' section)";
	}
	return metric_setting(&cfg->metrics[cfg->nr_metrics - 1], kw, val);
}

/* Cut a line into its keyword and value, in place; false for no setting. */
static bool split_line(char *line, char **kw, char **val)
{
	char *p, *end;

	for (p = line; isspace((unsigned char)*p); p++)
		;
	if (!*p || *p == '#')
		return false;
	*kw = p;
	while (*p && !isspace((unsigned char)*p))
		p++;
	if (*p)
		*p++ = '\0';
	while (isspace((unsigned char)*p))
		p++;
	for (end = p + strlen(p); end > p && isspace((unsigned char)end[-1]); )
		*--end = '\0';
	*val = p;
	return true;
}

/* The last section's own errors (a setting missing), logged at its line. */
static int section_check(struct config *cfg)
{
	struct metric *m = &cfg->metrics[cfg->nr_metrics - 1];
	const char *err = metric_check(cfg, m);

	if (err)
		log_msg("%s:%d: metric %s: %s", cfg->path, m->line, m->name, err);
	return err ? -1 : 0;
}

/**
 * config_load() - read the configuration file
 * @path: the file
 * @cfg: filled in; config_free() it whatever the result
 *
 * Return: 0, or -1 after printing "PATH:LINE: reason".
 */
int config_load(const char *path, struct config *cfg)
{
	char *line = NULL, *kw, *val;
	const char *err;
	size_t cap = 0;
	int lineno = 0, ret = 0;
	FILE *f;

	memset(cfg, 0, sizeof(*cfg));
	cfg->path = strdup(path);
	cfg->listen_addr = strdup("0.0.0.0");
	cfg->port = 9464;
	f = fopen(path, "r");
	if (!f) {
		log_msg("%s: cannot open: %m", path);
		return -1;
	}
	while (!ret && getline(&line, &cap, f) > 0) {
		lineno++;
		if (!split_line(line, &kw, &val))
			continue;
		if (!strcmp(kw, "metric") && cfg->nr_metrics && section_check(cfg)) {
			ret = -1;
			break;
		}
		err = line_setting(cfg, kw, val);
		if (err) {
			log_msg("%s:%d: '%s': %s", path, lineno, kw, err);
			ret = -1;
		} else if (!strcmp(kw, "metric")) {
			cfg->metrics[cfg->nr_metrics - 1].line = lineno;
		}
	}
	free(line);
	fclose(f);
	if (ret)
		return -1;
	if (!cfg->nr_metrics) {
		log_msg("%s: no 'metric' section", path);
		return -1;
	}
	if (!cfg->state && state_default(cfg))
		return -1;
	return section_check(cfg);
}

/**
 * config_free() - free what config_load() allocated
 * @cfg: the configuration
 */
void config_free(struct config *cfg)
{
	int i, j;

	for (i = 0; i < cfg->nr_metrics; i++) {
		struct metric *m = &cfg->metrics[i];

		free(m->name);
		free(m->help);
		free(m->instance);
		free(m->system);
		free(m->event);
		free(m->install);
		free(m->adopt);
		for (j = 0; j < m->nr_labels; j++) {
			free(m->labels[j].key);
			free(m->labels[j].label);
		}
		free(m->labels);
		free(m->spec);
		free(m->hist_key);
	}
	free(cfg->metrics);
	free(cfg->path);
	free(cfg->listen_addr);
	free(cfg->tracefs);
	free(cfg->state);
	free(cfg->user);
}
