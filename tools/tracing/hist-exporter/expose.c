// SPDX-License-Identifier: GPL-2.0
/*
 * One scrape: each metric's trigger, read from one read of its event's
 * hist_json, written as the Prometheus text format (version 0.0.4) or as
 * OpenMetrics 1.0. For a metric NAME:
 *
 *   NAME_total              hitcount, a counter (without a histogram key)
 *   NAME_bucket{le}, NAME_count, NAME_sum
 *                           a histogram, when a key is grouped by .log2,
 *                           .log2=N or .buckets=N: le is the bucket's upper
 *                           edge (2^N for .log2, "to" for the others), the
 *                           counts cumulative; _sum is the trigger's sum of
 *                           that key's field, when it has one
 *   NAME_FIELD_total        every other sum, a counter
 *   NAME_FIELD_min, _max, _avg   .min, .max and .avg values, gauges
 *   NAME_entries, NAME_dropped_total   the table's fill and its losses
 *
 * The other keys are labels. Entries whose labels are equal once the keys
 * not exported are left out (a stack, or keys a "labels" line omits) are
 * merged: counters added (up to 2^64 - 1, never wrapping; a signed field's
 * result never below 0), the least .min and the greatest .max kept, .avg
 * weighted by hitcount (without hitcount, nohitcount, an .avg is known for
 * a series of one entry only, and is NaN for more); so are a histogram's
 * buckets, for its values other than the bucket counts and _sum. Series
 * come sorted by labels, then le.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "hist-exporter.h"

/* The keys of an entry that make labels, at most (the kernel's take 3). */
#define KEYS_MAX 16

/* A value of the trigger: hitcount, a sum, or a .min/.max/.avg. */
struct val_def {
	char *json;		/* the name hist_json gives it */
	char *family;		/* NAME_FIELD[_min|_max|_avg], or NAME */
	enum val_kind kind;
	bool is_sum;		/* the sum of the histogram's key field */
	bool of_key;		/* a value of that field: "scale" applies */
	bool seen;		/* in an entry of this read (not an expression's) */
};

/* A whole number of either sign, exactly: a .min or .max. */
struct num {
	bool neg;
	uint64_t mag;
};

struct val {
	uint64_t u;		/* a counter: what its entries added, ... */
	uint64_t neg;		/* ... and what their negative sums take off */
	struct num n;		/* a .min or .max, ... */
	bool seen;		/* ... once an entry had the value */
	double d;		/* an .avg: the sum of avg * hits */
};

/* One exported series (a histogram's: one bucket of it). */
struct series {
	char *labels;		/* 'a="x",b="y"', or "" (in the table's mem) */
	uint64_t le;
	uint64_t hits;
	size_t entries;		/* of the table, merged into it */
	struct val *v;
};

/* A metric's series, gathered over one pass of its event's hist_json. */
struct table {
	struct metric *m;
	char *lb;		/* the labels of the entry being added */
	size_t lb_len, lb_cap;
	bool read;		/* its event's pass is done, ... */
	bool unread;		/* ... and failed */
	double seconds;		/* the pass's wall time */
	bool found;		/* its trigger was in the document */
	struct table *same;	/* the next table of the same trigger */
	bool has_totals;	/* the trigger's totals gave ... */
	uint64_t entries, dropped;	/* ... these two */
	struct val_def *defs;
	int nr_defs;
	struct series *s;
	size_t nr, cap;
	size_t *slot;		/* open addressing: index + 1, 0 when free */
	size_t nr_slots;	/* a power of two, at least twice nr */
	struct arena mem;	/* the series' labels and values */
	bool oom;		/* something could not be allocated */
};

/* The labels being built: LEN bytes of S appended. */
static void lb_put(struct table *t, const char *s, size_t len)
{
	if (t->lb_len + len + 1 > t->lb_cap) {
		size_t cap = 2 * (t->lb_len + len + 1);
		char *lb = realloc(t->lb, cap);

		if (!lb) {
			t->oom = true;
			return;
		}
		t->lb = lb;
		t->lb_cap = cap;
	}
	memcpy(t->lb + t->lb_len, s, len);
	t->lb_len += len;
	t->lb[t->lb_len] = '\0';
}

static void lb_str(struct table *t, const char *s)
{
	lb_put(t, s, strlen(s));
}

/* A number in decimal into BUF (at least 21 bytes); its length. */
static size_t num_text(char *buf, bool neg, uint64_t mag)
{
	char tmp[24];
	size_t n = 0, len = 0;

	do {
		tmp[n++] = '0' + mag % 10;
		mag /= 10;
	} while (mag);
	if (neg)
		buf[len++] = '-';
	while (n)
		buf[len++] = tmp[--n];
	buf[len] = '\0';
	return len;
}

/* A JSON integer as a struct num (a double: its whole part). */
static struct num num_of(const struct jnode *v)
{
	int64_t i = jnode_i64(v);

	if (i < 0)
		return (struct num){ true, -(uint64_t)i };
	return (struct num){ false, jnode_u64(v) };
}

/*
 * A + B, or 2^64 - 1 past it: a counter the merge of entries would wrap
 * stays at its greatest, rather than coming back as a small number that
 * Prometheus would take for a reset. (A sum the kernel itself wrapped is
 * not known here: it comes as a smaller number, as a cleared table does.)
 */
static uint64_t add_sat(uint64_t a, uint64_t b)
{
	return a + b < a ? UINT64_MAX : a + b;
}

static bool num_less(struct num a, struct num b)
{
	if (a.neg != b.neg)
		return a.neg;
	return a.neg ? a.mag > b.mag : a.mag < b.mag;
}

/*
 * " X\n", a sample's value that "scale" made a fraction: 15 digits, so
 * that 4 us is 4e-06 and not 3.9999999999999998e-06.
 */
static void value_scaled(FILE *out, double x)
{
	if (isnan(x))
		fputs(" NaN\n", out);
	else if (isinf(x))
		fputs(x > 0 ? " +Inf\n" : " -Inf\n", out);
	else
		fprintf(out, " %.15g\n", x);
}

/* " N\n", a sample's value. */
static void value_num(FILE *out, bool neg, uint64_t mag)
{
	char buf[24];

	fputc_unlocked(' ', out);
	fwrite_unlocked(buf, 1, num_text(buf, neg, mag), out);
	fputc_unlocked('\n', out);
}

/*
 * The length of the UTF-8 sequence at S (N bytes there), or 0 if it is not
 * one RFC 3629 allows: no overlong form, no surrogate, nothing past
 * U+10FFFF. (yajl checks the shape of a sequence only, and a \uXXXX of a
 * lone surrogate comes out of it as bytes no reader of labels takes.)
 */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	size_t len, i;
	uint32_t cp;

	if (s[0] < 0x80)
		return 1;
	len = s[0] < 0xc2 ? 0 : s[0] < 0xe0 ? 2 : s[0] < 0xf0 ? 3 : s[0] < 0xf5 ? 4 : 0;
	if (!len || len > n)
		return 0;
	cp = s[0] & (0x7f >> len);
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}

/* LEN bytes of S, a byte of no valid UTF-8 sequence as U+FFFD. */
static void lb_utf8(struct table *t, const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, run = 0, n;

	while (i < len) {
		n = utf8_len(u + i, len - i);
		if (n) {
			i += n;
			continue;
		}
		lb_put(t, s + run, i - run);
		lb_put(t, "\xef\xbf\xbd", 3);
		run = ++i;
	}
	lb_put(t, s + run, i - run);
}

/* A label value escaped as the text formats say: \\, \", \n. */
static void lb_escaped(struct table *t, const char *s)
{
	const char *run = s;

	for (; *s; s++) {
		if (*s != '\\' && *s != '\n' && *s != '"')
			continue;
		lb_utf8(t, run, s - run);
		lb_put(t, *s == '\\' ? "\\\\" : *s == '"' ? "\\\"" : "\\n", 2);
		run = s + 1;
	}
	lb_utf8(t, run, s - run);
}

static void escape(FILE *out, const char *s, bool quote)
{
	for (; *s; s++) {
		if (*s == '\\')
			fputs("\\\\", out);
		else if (*s == '\n')
			fputs("\\n", out);
		else if (*s == '"' && quote)
			fputs("\\\"", out);
		else
			fputc(*s, out);
	}
}

/*
 * V as JSON, escaped for a label: a scalar as written, a container
 * compact, a string's bytes below 0x20 (and '"', '\\') escaped as JSON
 * does.
 */
static void lb_json(struct table *t, const struct jnode *v)
{
	const struct jnode *m;
	const char *s, *run;
	char esc[8];

	switch (v->type) {
	case JSTRING:
		lb_put(t, "\\\"", 2);
		for (s = run = v->text; *s; s++) {
			if (*s != '"' && *s != '\\' && (unsigned char)*s >= 0x20)
				continue;
			lb_utf8(t, run, s - run);
			snprintf(esc, sizeof(esc), *s == '"' || *s == '\\' ? "\\%c" : "\\u%04x",
				 *s);
			lb_escaped(t, esc);
			run = s + 1;
		}
		lb_utf8(t, run, s - run);
		lb_put(t, "\\\"", 2);
		return;
	case JARRAY:
	case JOBJECT:
		lb_put(t, v->type == JARRAY ? "[" : "{", 1);
		for (m = v->first; m; m = m->next) {
			if (m != v->first)
				lb_put(t, ",", 1);
			if (v->type == JOBJECT) {
				lb_json(t, &(struct jnode){ .type = JSTRING, .text = m->key });
				lb_put(t, ":", 1);
			}
			lb_json(t, m);
		}
		lb_put(t, v->type == JARRAY ? "]" : "}", 1);
		return;
	default:
		lb_str(t, v->text);
	}
}

/* V's text, escaped for a label: a string's bytes, other values as JSON. */
static void lb_text(struct table *t, const struct jnode *v)
{
	if (v->type == JARRAY || v->type == JOBJECT)
		lb_json(t, v);
	else
		lb_escaped(t, v->text);
}

/* What a key's value says in a label: the name, not the number. */
static void label_value(struct table *t, const struct jnode *v)
{
	const struct jnode *f, *to;
	struct num n;
	char buf[24];

	switch (v->type) {
	case JINT:
		n = num_of(v);
		lb_put(t, buf, num_text(buf, n.neg, n.mag));
		return;
	case JARRAY:	/* a stack: frames innermost first, ';' between */
		for (f = v->first; f; f = f->next) {
			if (f != v->first)
				lb_put(t, ";", 1);
			lb_text(t, f);
		}
		return;
	case JOBJECT:
		f = jnode_get(v, "sym");
		if (!f)
			f = jnode_get(v, "comm");
		if (!f)
			f = jnode_get(v, "name");
		if (f) {
			lb_text(t, f);
		} else if ((f = jnode_get(v, "log2"))) {
			lb_str(t, "2^");
			lb_text(t, f);
		} else if ((f = jnode_get(v, "from")) && (to = jnode_get(v, "to"))) {
			lb_text(t, f);
			lb_put(t, "-", 1);
			lb_text(t, to);
		} else {
			lb_text(t, v);
		}
		return;
	default:
		lb_text(t, v);
	}
}

static const char *label_name(struct metric *m, const char *key, const struct jnode *v)
{
	return key_label(m, key, jnode_get(v, "comm") != NULL, v->type == JARRAY);
}

/* The upper edge of a histogram key's bucket. */
static uint64_t bucket_edge(const struct jnode *v)
{
	const struct jnode *f;
	int64_t n;

	if ((f = jnode_get(v, "log2"))) {
		n = jnode_i64(f);
		if (n <= 0)
			return 1;
		return n >= 64 ? UINT64_MAX : (uint64_t)1 << n;
	}
	if ((f = jnode_get(v, "to")))
		return jnode_u64(f);
	return jnode_u64(v);
}

/* The def of the value NAME, or NULL. */
static struct val_def *def_of(struct table *t, const char *name)
{
	int i;

	for (i = 0; i < t->nr_defs; i++)
		if (!strcmp(t->defs[i].json, name))
			return &t->defs[i];
	return NULL;
}

/*
 * The values of M's spec, in its order: hist_json names each as the spec
 * writes it, and only those names were checked at start-up (names.c). They
 * are made before any entry is read, so every series has room for each;
 * a value no entry has (hitcount with nohitcount, an expression, which
 * hist_json leaves out) is not exported.
 */
static void defs_make(struct table *t, struct metric *m)
{
	char *vals = spec_values(m), *name, *save;
	struct val_def *d;

	if (!vals) {
		/* None, or out of memory. */
		t->oom = strstr(m->spec, ":vals=") != NULL;
		return;
	}
	for (name = strtok_r(vals, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
		if (def_of(t, name))
			continue;
		d = realloc(t->defs, (t->nr_defs + 1) * sizeof(*t->defs));
		if (!d) {
			t->oom = true;
			break;
		}
		t->defs = d;
		d = &t->defs[t->nr_defs++];
		memset(d, 0, sizeof(*d));
		d->json = strdup(name);
		if (!d->json) {
			t->nr_defs--;
			t->oom = true;
			break;
		}
		d->family = value_family(m, name, &d->kind, &d->is_sum);
		d->of_key = m->hist_key && !strncmp(name, m->hist_key, strlen(m->hist_key)) &&
			    strchr(".", name[strlen(m->hist_key)]);
	}
	free(vals);
}

/*
 * The hash of a series: FNV-1a from a start drawn at random once a run,
 * then murmur3's finalizer, so that every bit of it reaches the low bits
 * the slots are chosen by. Labels are what a traced program chose (a
 * comm, a file name): without the random start, a table of them could be
 * made to fall in one run of slots and make each scrape quadratic.
 */
static uint64_t hash_seed;

static size_t hash(const char *s, uint64_t le)
{
	uint64_t h = 14695981039346656037ULL ^ hash_seed;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
	h ^= le;
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ULL;
	h ^= h >> 33;
	return h;
}

/* Twice the slots, every series put in again; false out of memory. */
static bool slots_grow(struct table *t)
{
	size_t j, i, nr_slots = t->nr_slots ? 2 * t->nr_slots : 64;
	size_t *slot = calloc(nr_slots, sizeof(*slot));

	if (!slot)
		return false;
	free(t->slot);
	t->slot = slot;
	t->nr_slots = nr_slots;
	for (j = 0; j < t->nr; j++) {
		i = hash(t->s[j].labels, t->s[j].le) & (t->nr_slots - 1);
		while (t->slot[i])
			i = (i + 1) & (t->nr_slots - 1);
		t->slot[i] = j + 1;
	}
	return true;
}

/*
 * The series of these labels and bucket, made (labels copied) when new;
 * NULL out of memory.
 */
static struct series *series_get(struct table *t, const char *labels, uint64_t le)
{
	size_t i;
	struct series *s;

	if (2 * (t->nr + 1) > t->nr_slots && !slots_grow(t))
		return NULL;
	i = hash(labels, le) & (t->nr_slots - 1);

	while (t->slot[i]) {
		s = &t->s[t->slot[i] - 1];
		if (s->le == le && !strcmp(s->labels, labels))
			return s;
		i = (i + 1) & (t->nr_slots - 1);
	}
	if (t->nr == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 64;

		s = realloc(t->s, cap * sizeof(*t->s));
		if (!s)
			return NULL;
		t->s = s;
		t->cap = cap;
	}
	s = &t->s[t->nr];
	s->labels = arena_text(&t->mem, labels, strlen(labels));
	s->v = arena_alloc(&t->mem, t->nr_defs * sizeof(*s->v));
	if (!s->labels || !s->v)
		return NULL;
	memset(s->v, 0, t->nr_defs * sizeof(*s->v));
	s->le = le;
	s->hits = 0;
	s->entries = 0;
	t->slot[i] = ++t->nr;
	return s;
}

static bool is_number(const struct jnode *v)
{
	return v->type == JINT || v->type == JDOUBLE;
}

/* Whether every value of ENTRY the table counts is a number. */
static bool values_ok(struct table *t, const struct jnode *values)
{
	const struct jnode *f;
	int i;

	if ((f = jnode_get(values, "hitcount")) && !is_number(f))
		return false;
	for (i = 0; i < t->nr_defs; i++)
		if ((f = jnode_get(values, t->defs[i].json)) && !is_number(f))
			return false;
	return true;
}

static void entry_add(struct table *t, struct metric *m, const struct jnode *entry)
{
	const struct jnode *keys, *values, *hv = NULL, *f, *v;
	const char *used[KEYS_MAX];
	bool has_hits;
	struct series *s;
	uint64_t le = 0, hits;
	int i, nr_used = 0;

	if (t->oom)
		return;
	/* A shape of another kernel (or a bug of it) costs the entry only. */
	keys = jnode_get(entry, "keys");
	values = jnode_get(entry, "values");
	if (!keys || !values || keys->type != JOBJECT || values->type != JOBJECT ||
	    !values_ok(t, values))
		return;
	t->lb_len = 0;
	lb_put(t, "", 0);
	for (v = keys->first; v; v = v->next) {
		const char *k = v->key, *name;

		if (m->hist_key && !strcmp(k, m->hist_key)) {
			hv = v;
			continue;
		}
		name = label_name(m, k, v);
		/*
		 * The keys of the spec were checked at start-up; a key of
		 * another name (not the kernel's) makes a label only if it is
		 * a valid one, and not one this entry already has.
		 */
		if (!name || label_reserved(m, name) || nr_used == KEYS_MAX)
			continue;
		for (i = 0; i < nr_used && strcmp(used[i], name); i++)
			;
		if (i < nr_used)
			continue;
		if (nr_used)
			lb_put(t, ",", 1);
		used[nr_used++] = name;
		lb_str(t, name);
		lb_put(t, "=\"", 2);
		label_value(t, v);
		lb_put(t, "\"", 1);
	}
	if (hv)
		le = bucket_edge(hv);
	s = t->oom ? NULL : series_get(t, t->lb, le);	/* lb_put() may have failed */
	if (!s) {
		t->oom = true;
		return;
	}
	s->entries++;
	f = jnode_get(values, "hitcount");
	has_hits = f != NULL;
	hits = jnode_u64(f);
	s->hits = add_sat(s->hits, hits);
	for (i = 0; i < t->nr_defs; i++) {
		struct val *v = &s->v[i];
		double d;

		f = jnode_get(values, t->defs[i].json);
		if (!f)
			continue;
		t->defs[i].seen = true;
		d = jnode_double(f);
		switch (t->defs[i].kind) {
		case VAL_COUNTER:
			/* The sum of a signed field may be below zero. */
			if (jnode_i64(f) < 0)
				v->neg = add_sat(v->neg, -(uint64_t)jnode_i64(f));
			else
				v->u = add_sat(v->u, jnode_u64(f));
			break;
		case VAL_MIN:
			if (!v->seen || num_less(num_of(f), v->n))
				v->n = num_of(f);
			break;
		case VAL_MAX:
			if (!v->seen || num_less(v->n, num_of(f)))
				v->n = num_of(f);
			break;
		case VAL_AVG:
			/* Without hitcount, the average of one entry only. */
			v->d = has_hits ? v->d + d * hits : d;
			break;
		}
		v->seen = true;
	}
}

static int series_cmp(const void *a, const void *b)
{
	const struct series *x = a, *y = b;
	int c = strcmp(x->labels, y->labels);

	if (c)
		return c;
	return x->le < y->le ? -1 : x->le > y->le;
}

static void family_head(FILE *out, bool om, const char *family, const char *suffix,
			const char *type, struct metric *m, const char *what)
{
	fprintf(out, "# HELP %s%s ", family, om ? "" : suffix);
	escape(out, m->help ? m->help : m->spec, om);
	fprintf(out, " (%s)\n# TYPE %s%s %s\n", what, family, om ? "" : suffix, type);
}

static void labels_out(FILE *out, const char *labels, const char *more)
{
	if (!*labels && !*more)
		return;
	fputc_unlocked('{', out);
	fputs_unlocked(labels, out);
	if (*labels && *more)
		fputc_unlocked(',', out);
	fputs_unlocked(more, out);
	fputc_unlocked('}', out);
}

/* The series of one label set, t->s[a] to t->s[b - 1]: a histogram's buckets. */
static size_t group_end(struct table *t, size_t a)
{
	size_t b = a + 1;

	while (b < t->nr && !strcmp(t->s[b].labels, t->s[a].labels))
		b++;
	return b;
}

/* The edge after E of M's "range" (the first with FIRST), 0 past its end. */
static uint64_t range_edge(const struct metric *m, uint64_t e, bool first)
{
	if (m->grouping == GROUP_LOG2) {
		for (e = first ? 1 : e << 1; e && e < m->range_lo; e <<= 1)
			;
	} else {
		/* .buckets=N: the edges are (k+1)N-1. */
		if (first)
			e = m->range_lo / m->step * m->step + m->step - 1;
		else
			e = e + m->step < e ? 0 : e + m->step;
	}
	return e && e <= m->range_hi ? e : 0;
}

/* One bucket line: NAME_bucket{LABELS,le="E"} CUM. */
static void bucket_out(FILE *out, struct metric *m, const char *labels, uint64_t e,
		       uint64_t cum)
{
	char le[48];
	size_t k;

	memcpy(le, "le=\"", 4);
	if (m->scale)
		k = 4 + snprintf(le + 4, sizeof(le) - 6, "%.15g", e * m->scale);
	else
		k = 4 + num_text(le + 4, false, e);
	le[k++] = '"';
	le[k] = '\0';
	fputs_unlocked(m->name, out);
	fputs_unlocked("_bucket", out);
	labels_out(out, labels, le);
	value_num(out, false, cum);
}

/*
 * The buckets of each label set (the series a to end - 1 of one label
 * set, sorted by le): those that have hits, or with "range" every edge of
 * it (hits below its first edge counted there, above its last in +Inf
 * only); then +Inf, _count and _sum.
 */
static int histogram_out(FILE *out, bool om, struct metric *m, struct table *t)
{
	int sum = -1, i, n = 0;
	size_t a, b, j;
	uint64_t cum, neg, total, e;

	for (i = 0; i < t->nr_defs; i++)
		if (t->defs[i].is_sum && t->defs[i].kind == VAL_COUNTER && t->defs[i].seen)
			sum = i;
	family_head(out, om, m->name, "", "histogram", m, "hits by bucket");
	for (a = 0; a < t->nr; a = b) {
		size_t end = group_end(t, a);

		for (total = 0, b = a; b < end; b++)
			total = add_sat(total, t->s[b].hits);
		cum = 0;
		if (m->has_range) {
			for (j = a, e = range_edge(m, 0, true); e; e = range_edge(m, e, false), n++) {
				for (; j < end && t->s[j].le <= e; j++)
					cum = add_sat(cum, t->s[j].hits);
				bucket_out(out, m, t->s[a].labels, e, cum);
			}
		} else {
			for (j = a; j < end; j++, n++) {
				cum = add_sat(cum, t->s[j].hits);
				bucket_out(out, m, t->s[a].labels, t->s[j].le, cum);
			}
		}
		fprintf(out, "%s_bucket", m->name);
		labels_out(out, t->s[a].labels, "le=\"+Inf\"");
		fprintf(out, " %llu\n%s_count", (unsigned long long)total, m->name);
		labels_out(out, t->s[a].labels, "");
		fprintf(out, " %llu\n", (unsigned long long)total);
		n += 2;
		if (sum < 0)
			continue;
		for (cum = 0, neg = 0, j = a; j < end; j++) {
			cum = add_sat(cum, t->s[j].v[sum].u);
			neg = add_sat(neg, t->s[j].v[sum].neg);
		}
		fprintf(out, "%s_sum", m->name);
		labels_out(out, t->s[a].labels, "");
		if (m->scale)
			value_scaled(out, (cum > neg ? cum - neg : 0) * m->scale);
		else
			value_num(out, false, cum > neg ? cum - neg : 0);
		n++;
	}
	return n;
}

/* Value i of the series a to b - 1, merged as the head comment says. */
static void value_out(FILE *out, struct table *t, int i, size_t a, size_t b)
{
	enum val_kind kind = t->defs[i].kind;
	uint64_t u = 0, neg = 0, hits = 0;
	struct num n = { false, 0 };
	bool any = false;
	double d = 0, scale;
	size_t j, entries = 0;

	for (j = a; j < b; j++) {
		struct val *v = &t->s[j].v[i];

		u = add_sat(u, v->u);
		neg = add_sat(neg, v->neg);
		hits = add_sat(hits, t->s[j].hits);
		entries += t->s[j].entries;
		d += v->d;
		if (v->seen && (!any || (kind == VAL_MIN && num_less(v->n, n)) ||
				(kind == VAL_MAX && num_less(n, v->n))))
			n = v->n;
		any |= v->seen;
	}
	scale = t->defs[i].of_key && t->m->scale ? t->m->scale : 1;
	if (kind == VAL_COUNTER && scale == 1)
		value_num(out, false, u > neg ? u - neg : 0);
	else if (kind == VAL_COUNTER)
		value_scaled(out, (u > neg ? u - neg : 0) * scale);
	else if ((kind == VAL_MIN || kind == VAL_MAX) && scale == 1)
		value_num(out, n.neg, n.mag);
	else if (kind == VAL_MIN || kind == VAL_MAX)
		value_scaled(out, (n.neg ? -(double)n.mag : (double)n.mag) * scale);
	else if (hits)
		value_scaled(out, d / hits * scale);
	else if (entries != 1)
		/* No hitcount to weight by: known for one entry alone. */
		fputs(" NaN\n", out);
	else
		value_scaled(out, d * scale);
}

static int values_out(FILE *out, bool om, struct metric *m, struct table *t)
{
	static const char * const what[] = { "sum", "minimum", "maximum", "average" };
	size_t a, b;
	int i, n = 0;

	for (i = 0; i < t->nr_defs; i++) {
		struct val_def *d = &t->defs[i];
		bool counter = d->kind == VAL_COUNTER;

		if (!d->family || !d->seen ||
		    (m->hist_key && (d->is_sum || !strcmp(d->json, "hitcount"))))
			continue;
		family_head(out, om, d->family, counter ? "_total" : "",
			    counter ? "counter" : "gauge", m,
			    strcmp(d->json, "hitcount") ? what[d->kind] : "hits");
		for (a = 0; a < t->nr; a = b) {
			b = group_end(t, a);
			fputs_unlocked(d->family, out);
			if (counter)
				fputs_unlocked("_total", out);
			labels_out(out, t->s[a].labels, "");
			value_out(out, t, i, a, b);
			n++;
		}
	}
	return n;
}

static int totals_out(FILE *out, bool om, struct metric *m, struct table *t)
{
	char *fam;

	if (!t->has_totals || asprintf(&fam, "%s_entries", m->name) < 0)
		return 0;
	family_head(out, om, fam, "", "gauge", m, "entries in the table");
	fprintf(out, "%s %llu\n", fam, (unsigned long long)t->entries);
	free(fam);
	if (asprintf(&fam, "%s_dropped", m->name) < 0)
		return 1;
	family_head(out, om, fam, "_total", "counter", m, "hits dropped: the table was full");
	fprintf(out, "%s_total %llu\n", fam, (unsigned long long)t->dropped);
	free(fam);
	return 2;
}

/* Back to no series and no values, its metric and pass state kept. */
static void table_clear(struct table *t)
{
	int i;

	arena_reset(&t->mem, false);
	for (i = 0; i < t->nr_defs; i++) {
		free(t->defs[i].json);
		free(t->defs[i].family);
	}
	free(t->defs);
	free(t->s);
	free(t->slot);
	free(t->lb);
	t->lb = NULL;
	t->lb_len = t->lb_cap = 0;
	t->defs = NULL;
	t->nr_defs = 0;
	t->s = NULL;
	t->nr = t->cap = 0;
	t->slot = NULL;
	t->nr_slots = 0;
	t->has_totals = false;
	t->oom = false;
	t->found = false;
}

static int metric_out(FILE *out, bool om, struct table *t)
{
	struct metric *m = t->m;
	int series;

	if (t->nr)
		qsort(t->s, t->nr, sizeof(*t->s), series_cmp);
	series = m->hist_key && t->nr ? histogram_out(out, om, m, t) : 0;
	series += values_out(out, om, m, t);
	series += totals_out(out, om, m, t);
	return series;
}

static bool same_event(struct metric *a, struct metric *b)
{
	if (strcmp(a->system, b->system) || strcmp(a->event, b->event))
		return false;
	if (!a->instance || !b->instance)
		return a->instance == b->instance;
	return !strcmp(a->instance, b->instance);
}

/*
 * The exporter's own families (names.c's SELF_FAMILIES), one series a
 * metric: how its last read went, and whether its trigger was there.
 */
static int self_out(FILE *out, struct table *t, int nr)
{
	static const struct {
		const char *family, *help;
	} self[] = {
		{ "hist_exporter_read_duration_seconds",
		  "Wall time of the last read of the metric's hist_json" },
		{ "hist_exporter_read_success",
		  "Whether the last read of the metric's hist_json was whole and valid (1) or not (0)" },
		{ "hist_exporter_trigger_present",
		  "Whether the metric's trigger was in its hist_json at the last read (1) or not (0)" },
	};
	int f, i, n = 0;

	for (f = 0; f < 3; f++) {
		fprintf(out, "# HELP %s %s\n# TYPE %s gauge\n", self[f].family, self[f].help,
			self[f].family);
		for (i = 0; i < nr; i++, n++) {
			fprintf(out, "%s{metric=\"%s\"} ", self[f].family, t[i].m->name);
			if (f == 0)
				fprintf(out, "%.6f\n", t[i].seconds);
			else
				fprintf(out, "%d\n", f == 1 ? !t[i].unread : t[i].found);
		}
	}
	fprintf(out, "# HELP hist_exporter_build_info The exporter's version, as a label of a constant 1\n"
		"# TYPE hist_exporter_build_info gauge\n"
		"hist_exporter_build_info{version=\"%s\"} 1\n", HIST_EXPORTER_VERSION);
	return n + 1;
}

/* One pass: the scrape's tables, and the event being read. */
struct pass_arg {
	struct table *t;
	int nr;
	struct metric *event;
};

/*
 * A trigger of the document: the tables of its spec on this event, which
 * are then found, chained by 'same' (two metrics may export one trigger);
 * NULL if it is no metric's.
 */
static void *on_trigger(void *arg, const char *spec)
{
	struct pass_arg *a = arg;
	struct table *first = NULL, *last = NULL;
	int i;

	for (i = 0; i < a->nr; i++) {
		struct table *t = &a->t[i];

		if (t->found || !same_event(t->m, a->event) || strcmp(t->m->spec, spec))
			continue;
		t->found = true;
		defs_make(t, t->m);
		if (last)
			last->same = t;
		else
			first = t;
		last = t;
	}
	return first;
}

static void on_entry(void *ctx, const struct jnode *entry)
{
	struct table *t;

	for (t = ctx; t; t = t->same)
		entry_add(t, t->m, entry);
}

static void on_totals(void *ctx, const struct jnode *totals)
{
	const struct jnode *e = jnode_get(totals, "entries"), *d = jnode_get(totals, "dropped");
	struct table *t;

	for (t = ctx; t; t = t->same) {
		t->has_totals = e && d;
		t->entries = jnode_u64(e);
		t->dropped = jnode_u64(d);
	}
}

/*
 * Read the hist_json of metric I's event into the tables of every metric
 * of that event. Return: 0, or -1 when it could not be read whole (the
 * tables of the event are then emptied: nothing of a partial read is
 * exported). A table that could not hold its series (out of memory) is
 * emptied alone, as if unread.
 */
static int event_read(struct table *t, int nr, int i)
{
	struct pass_arg a = { .t = t, .nr = nr, .event = t[i].m };
	struct hist_visit v = {
		.trigger = on_trigger, .entry = on_entry, .totals = on_totals, .arg = &a,
	};
	struct timespec t0, t1;
	int fd, ret, j;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	fd = trigger_open_json(t[i].m);
	ret = fd < 0 ? -1 : hist_json_visit(fd, &v);
	if (fd >= 0)
		close(fd);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	for (j = i; j < nr; j++) {
		if (!same_event(t[j].m, t[i].m))
			continue;
		t[j].read = true;
		t[j].unread = ret != 0 || t[j].oom;
		t[j].seconds = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
		if (t[j].oom)
			log_msg("metric %s: out of memory for the series of its table", t[j].m->name);
		if (t[j].unread)
			table_clear(&t[j]);
	}
	return ret;
}

/**
 * expose() - write every metric, one read of hist_json per event
 * @cfg: the configuration, its triggers started
 * @openmetrics: OpenMetrics 1.0 rather than the text format 0.0.4
 * @out: where to write
 * @st: what was written
 *
 * Each event's hist_json is read once, as a stream (reader.c): the memory
 * a scrape takes is that of the series it writes, not of the document.
 * A trigger that is gone (removed by someone else, or its event deleted)
 * is left out and logged, once; it is logged again if it comes back, and
 * is then exported but not removed at exit: it is no longer the exporter's.
 * A hist_json that cannot be read or parsed while its event is there says
 * nothing of the trigger: the metric is left out (logged once) and the
 * trigger stays the exporter's.
 *
 * Return: 0, or -1 when out of memory before anything was written.
 */
int expose(struct config *cfg, bool openmetrics, FILE *out, struct scrape_stats *st)
{
	struct table *t = calloc(cfg->nr_metrics, sizeof(*t));
	int i;

	st->series = 0;
	if (!t)
		return -1;
	if (!hash_seed && getrandom(&hash_seed, sizeof(hash_seed), 0) != sizeof(hash_seed))
		hash_seed = (uint64_t)time(NULL) | 1;
	for (i = 0; i < cfg->nr_metrics; i++)
		t[i].m = &cfg->metrics[i];
	for (i = 0; i < cfg->nr_metrics; i++) {
		struct metric *m = t[i].m;

		if (!t[i].read)
			event_read(t, cfg->nr_metrics, i);
		if (t[i].unread && trigger_event_exists(m)) {
			/*
			 * Not read, or not JSON: the trigger is not known to be
			 * gone, and stays the exporter's to remove at exit.
			 */
			if (!m->unreadable)
				log_msg("metric %s: cannot read or parse the hist_json of %s/%s: not exported until it can",
					m->name, m->system, m->event);
			m->unreadable = true;
			continue;
		}
		if (m->unreadable)
			log_msg("metric %s: hist_json of %s/%s read again", m->name, m->system, m->event);
		m->unreadable = false;
		if (!t[i].found != m->gone) {
			m->gone = !t[i].found;
			log_msg("metric %s: the trigger on %s/%s %s", m->name, m->system, m->event,
				t[i].found ? "is back: exported again, left at exit" :
				"is gone (removed by someone else?): not exported");
		}
		/* Whoever removed it owns what comes back in its place. */
		if (!t[i].found)
			m->installed = false;
		else
			st->series += metric_out(out, openmetrics, &t[i]);
	}
	st->series += self_out(out, t, cfg->nr_metrics);
	if (openmetrics)
		fputs("# EOF\n", out);
	for (i = 0; i < cfg->nr_metrics; i++)
		table_clear(&t[i]);
	free(t);
	return 0;
}
