// SPDX-License-Identifier: GPL-2.0
/*
 * The names a metric's series take, decided from its trigger's spec (the
 * kernel's own text of the trigger, known once it is installed or adopted)
 * rather than from a table, so that they are checked before the first
 * scrape, on a table with no entry yet as on a full one:
 *
 *   spec_histogram_key()  the key that makes the metric a histogram
 *   value_family()   the family of a value; expose.c names its series
 *                    with it, so the check and the output cannot differ
 *   key_label()      the label of a key, or none
 *   names_check()    refuses two families that share a name, the
 *                    exporter's own hist_exporter_* among them (or whose
 *                    samples do: a counter's NAME_total, a histogram's
 *                    NAME_count), and two keys of a metric that make one
 *                    label, or a label Prometheus reserves
 *
 * A spec is "hist:ITEM:ITEM... [if FILTER]"; the items that count here are
 * "keys=K,K..." and "vals=V,V...", each K and V a field with its
 * modifiers, as hist_json names keys and values.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "hist-exporter.h"

/* The comma-separated list of ITEM= in SPEC, malloc()ed, or NULL. */
static char *spec_item(const char *spec, const char *item)
{
	size_t len = strlen(item), n;
	const char *p, *end, *filter = strstr(spec, " if ");

	for (p = strchr(spec, ':'); p && (!filter || p < filter); p = strchr(p + 1, ':')) {
		if (strncmp(p + 1, item, len))
			continue;
		p += 1 + len;
		end = strchr(p, ':');
		n = end ? (size_t)(end - p) : strlen(p);
		if (filter && p + n > filter)
			n = filter - p;
		while (n && isspace((unsigned char)p[n - 1]))
			n--;
		return strndup(p, n);
	}
	return NULL;
}

static bool has_mod(const char *field, const char *mod)
{
	const char *p;
	size_t len = strlen(mod);

	for (p = strchr(field, '.'); p; p = strchr(p + 1, '.'))
		if (!strncmp(p + 1, mod, len) && (!p[1 + len] || strchr(".=", p[1 + len])))
			return true;
	return false;
}

/**
 * spec_histogram_key() - the key a metric's histogram is made of
 * @spec: the trigger's spec
 * @grouping: set to how that key groups its values (GROUP_NONE if none)
 * @step: set to the N of .buckets=N or .log2=N
 *
 * Return: the field name (as hist_json names the key) of the first key
 * grouped by .log2, .log2=N or .buckets=N, malloc()ed; NULL if none.
 */
char *spec_histogram_key(const char *spec, enum hist_grouping *grouping, uint64_t *step)
{
	char *keys = spec_item(spec, "keys="), *tok, *save, *dot, *eq, *found = NULL;

	*grouping = GROUP_NONE;
	*step = 0;
	for (tok = keys ? strtok_r(keys, ",", &save) : NULL; tok && !found;
	     tok = strtok_r(NULL, ",", &save)) {
		dot = strchr(tok, '.');
		if (!dot || !(has_mod(tok, "log2") || has_mod(tok, "buckets")))
			continue;
		found = strndup(tok, dot - tok);
		eq = strchr(dot, '=');
		*step = eq ? strtoull(eq + 1, NULL, 10) : 0;
		*grouping = has_mod(tok, "buckets") ? GROUP_BUCKETS :
			    eq ? GROUP_LOG2_N : GROUP_LOG2;
	}
	free(keys);
	return found;
}

/* The "range" of M: its edges exist and are not too many; false if not. */
static bool range_ok(const struct metric *m)
{
	uint64_t n = 0, e;

	if (!m->has_range)
		return true;
	if (m->grouping == GROUP_LOG2) {
		for (e = 1; e && e <= m->range_hi; e <<= 1)
			n += e >= m->range_lo;
	} else if (m->grouping == GROUP_BUCKETS && m->step) {
		/* Edges (k+1)N-1: those from range_lo to range_hi. */
		n = (m->range_hi + 1) / m->step -
		    (m->range_lo ? m->range_lo / m->step : 0);
	} else {
		log_msg("metric %s (line %d): 'range' needs a key grouped by .log2 or .buckets=N",
			m->name, m->line);
		return false;
	}
	if (!n || n > RANGE_EDGES_MAX) {
		log_msg("metric %s (line %d): 'range' makes %llu buckets, not 1 to %d",
			m->name, m->line, (unsigned long long)n, RANGE_EDGES_MAX);
		return false;
	}
	return true;
}

/**
 * value_family() - the family of a value of a metric's trigger
 * @m: the metric, its spec and hist_key known
 * @value: the value as hist_json names it ("hitcount", "lat", "lat.max")
 * @kind: set to what the value is
 * @is_sum: set when it is the sum of the histogram's own field
 *
 * Return: the family name, malloc()ed: NAME for hitcount, NAME_FIELD for a
 * sum, NAME_FIELD_min (_max, _avg) for a statistic, the field's characters
 * outside [a-zA-Z0-9_] made '_'; NULL when out of memory.
 */
char *value_family(const struct metric *m, const char *value, enum val_kind *kind,
		   bool *is_sum)
{
	char *base = strdup(value), *dot, *p, *family = NULL;

	if (!base)
		return NULL;
	*kind = VAL_COUNTER;
	/* .hex, .percent and .graph only change how hist shows a sum. */
	dot = strchr(base, '.');
	if (dot && (!strcmp(dot, ".hex") || !strcmp(dot, ".percent") || !strcmp(dot, ".graph")))
		*dot = '\0';
	if (dot && !strcmp(dot, ".min"))
		*kind = VAL_MIN;
	else if (dot && !strcmp(dot, ".max"))
		*kind = VAL_MAX;
	else if (dot && !strcmp(dot, ".avg"))
		*kind = VAL_AVG;
	*is_sum = m->hist_key && !strcmp(base, m->hist_key);
	for (p = base; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '_')
			*p = '_';
	if (!strncmp(base, "hitcount", 8))
		family = strdup(m->name);
	else if (asprintf(&family, "%s_%s", m->name, base) < 0)
		family = NULL;
	free(base);
	return family;
}

/**
 * key_label() - the label a key of a metric's trigger makes
 * @m: the metric
 * @key: the key as hist_json names it
 * @execname: the key is a pid shown with its comm (.execname)
 * @stack: the key is a stack trace
 *
 * Return: the label name (the "labels" line's, "comm" for .execname, else
 * the key), or NULL for a key that makes none: one "labels" leaves out, a
 * stack it does not name, the histogram's own key.
 */
const char *key_label(const struct metric *m, const char *key, bool execname, bool stack)
{
	int i;

	if (m->hist_key && !strcmp(key, m->hist_key))
		return NULL;
	if (m->labels) {
		for (i = 0; i < m->nr_labels; i++)
			if (!strcmp(m->labels[i].key, key))
				return m->labels[i].label;
		return NULL;
	}
	if (stack)
		return NULL;
	return execname ? "comm" : key;
}

/**
 * label_reserved() - whether a label name is one a metric may not use
 * @m: the metric
 * @label: the name
 *
 * Return: true for a name that is not [a-zA-Z_][a-zA-Z0-9_]*, one that
 * Prometheus reserves (starting "__"), and "le" beside a histogram key.
 */
bool label_reserved(const struct metric *m, const char *label)
{
	const char *p;

	if (!*label || isdigit((unsigned char)*label) || !strncmp(label, "__", 2) ||
	    (m->hist_key && !strcmp(label, "le")))
		return true;
	for (p = label; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '_')
			return true;
	return false;
}

/**
 * spec_values() - the values of a metric's trigger
 * @m: the metric
 *
 * Return: the spec's vals= (comma-separated, as hist_json names them),
 * malloc()ed, or NULL (out of memory, or a spec without one).
 */
char *spec_values(const struct metric *m)
{
	return spec_item(m->spec, "vals=");
}

/* One name a family takes: its own, or one of its samples'. */
struct taken {
	const char *metric;
	char *family;
	int id;			/* the family's: one per take_family() */
	char *name;
};

struct names {
	struct taken *t;
	int nr;
	int ids;
	bool bad;
};

/* Family ID, FAMILY of metric M, takes NAME: false if another has it. */
static bool take(struct names *n, const struct metric *m, int id, const char *family,
		 const char *name)
{
	int i;

	for (i = 0; i < n->nr; i++) {
		if (n->t[i].id == id || strcmp(n->t[i].name, name))
			continue;
		log_msg("metric %s (line %d): its family %s and metric %s's family %s both make '%s'; rename a metric or name the value apart",
			m->name, m->line, family, n->t[i].metric, n->t[i].family, name);
		n->bad = true;
		return false;
	}
	n->t = realloc(n->t, (n->nr + 1) * sizeof(*n->t));
	n->t[n->nr].metric = m->name;
	n->t[n->nr].family = strdup(family);
	n->t[n->nr].id = id;
	n->t[n->nr].name = strdup(name);
	n->nr++;
	return true;
}

/*
 * FAMILY takes its name and, with SUFFIXES ("_total", ...), its samples';
 * the first clash is reported, not each name of the family that clashes.
 */
static void take_family(struct names *n, const struct metric *m, const char *family,
			const char *const *suffixes)
{
	int id = ++n->ids;
	bool ok;
	char *s;

	if (!take(n, m, id, family, family))
		return;
	for (; *suffixes; suffixes++) {
		if (asprintf(&s, "%s%s", family, *suffixes) < 0)
			continue;
		ok = take(n, m, id, family, s);
		free(s);
		if (!ok)
			return;
	}
}

static void families_of(struct names *n, const struct metric *m)
{
	static const char *const none[] = { NULL };
	static const char *const counter[] = { "_total", NULL };
	static const char *const histogram[] = { "_bucket", "_count", "_sum", NULL };
	char *vals = spec_item(m->spec, "vals="), *tok, *save, *family;
	enum val_kind kind;
	bool is_sum;

	if (m->hist_key)
		take_family(n, m, m->name, histogram);
	for (tok = vals ? strtok_r(vals, ",", &save) : NULL; tok; tok = strtok_r(NULL, ",", &save)) {
		family = value_family(m, tok, &kind, &is_sum);
		if (family && !(m->hist_key && (is_sum || !strcmp(family, m->name))))
			take_family(n, m, family, kind == VAL_COUNTER ? counter : none);
		free(family);
	}
	free(vals);
	if (asprintf(&family, "%s_entries", m->name) >= 0) {
		take_family(n, m, family, none);
		free(family);
	}
	if (asprintf(&family, "%s_dropped", m->name) >= 0) {
		take_family(n, m, family, counter);
		free(family);
	}
}

/* The labels of M's keys: each once, none Prometheus reserves. */
static bool labels_ok(const struct metric *m)
{
	char *keys = spec_item(m->spec, "keys="), *tok, *save, *dot;
	const char *label, *seen[64];
	char *seen_key[64];
	int nr = 0, i;
	bool ok = true;

	for (tok = keys ? strtok_r(keys, ",", &save) : NULL; tok && ok;
	     tok = strtok_r(NULL, ",", &save)) {
		bool execname = has_mod(tok, "execname");
		bool stack = has_mod(tok, "stacktrace") || !strncmp(tok, "common_stacktrace", 17);

		dot = strchr(tok, '.');
		if (dot)
			*dot = '\0';
		label = key_label(m, tok, execname, stack);
		if (!label)
			continue;
		if (label_reserved(m, label)) {
			log_msg("metric %s (line %d): the key %s makes the label '%s', a name Prometheus reserves or does not allow; name it in a 'labels' line",
				m->name, m->line, tok, label);
			ok = false;
		}
		for (i = 0; i < nr && ok; i++) {
			if (strcmp(seen[i], label))
				continue;
			log_msg("metric %s (line %d): the keys %s and %s both make the label '%s'; name them apart in a 'labels' line",
				m->name, m->line, seen_key[i], tok, label);
			ok = false;
		}
		if (nr < 64) {
			seen[nr] = label;
			seen_key[nr++] = strdup(tok);
		}
	}
	for (i = 0; i < nr; i++)
		free(seen_key[i]);
	free(keys);
	return ok;
}

/**
 * names_check() - the names of every metric's series, checked
 * @cfg: the configuration, its triggers started (each metric's spec known)
 *
 * Return: 0, or -1 after logging each family or label name made twice.
 */
int names_check(struct config *cfg)
{
	static const char *const none[] = { NULL };
	/* The exporter itself, as if it were a metric: "metric hist_exporter". */
	static const struct metric self = { .name = "hist_exporter" };
	struct names n = { 0 };
	bool ok = true;
	int i;

	/* The exporter's own families (expose.c, self_out()) are taken first. */
	take_family(&n, &self, "hist_exporter_read_duration_seconds", none);
	take_family(&n, &self, "hist_exporter_read_success", none);
	take_family(&n, &self, "hist_exporter_trigger_present", none);
	take_family(&n, &self, "hist_exporter_build_info", none);
	for (i = 0; i < cfg->nr_metrics; i++) {
		families_of(&n, &cfg->metrics[i]);
		ok &= labels_ok(&cfg->metrics[i]);
		ok &= range_ok(&cfg->metrics[i]);
	}
	for (i = 0; i < n.nr; i++) {
		free(n.t[i].family);
		free(n.t[i].name);
	}
	free(n.t);
	return ok && !n.bad ? 0 : -1;
}
