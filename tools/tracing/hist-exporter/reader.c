// SPDX-License-Identifier: GPL-2.0
/*
 * One pass over a hist_json document, as it is read, with yajl's event
 * parser: the memory it takes is one entry's, whatever the table's size
 * (a table of 2^20 entries is a document of some 75 MB).
 *
 * The document (histogram.rst, section 3.9):
 *
 *	{"triggers":[{"spec":S, "paused":B, "entries":[E, ...], "totals":T}, ...]}
 *
 * The pass hands out, for each trigger, its spec (visit->trigger(), which
 * says where the trigger's entries go, if anywhere), then each entry E and
 * the totals T, each built as a tree of struct jnode that lives for the
 * call only. A trigger whose entries come before its spec has them
 * skipped. Anything else in the document is read and dropped; a member of
 * another shape than this (an "entries" that is no array...) is handed out
 * as it is, for the caller to judge, or skipped if it is not a container.
 *
 * Nesting is tracked by depth: 1 the document, 2 "triggers", 3 a trigger,
 * 4 its "entries" array (or its "totals" object, captured at once), 5 an
 * entry (captured). A captured value is built on a stack of containers at
 * most CAPTURE_DEPTH deep, of at most CAPTURE_NODES values in all, each
 * object of at most OBJECT_MEMBERS members (a later member of a key is
 * looked for among them). Past any bound the capture is dropped: nothing
 * more of it is built, and the levels it opens are only counted (extra).
 * An entry of the kernel's has a few keys, at most a few dozen values and
 * a stack of a few dozen frames; the bounds are there for a document that
 * is not the kernel's.
 *
 * The nodes and their text are cut from an arena (arena.c) that is emptied
 * after each capture is handed out, its first block kept: an entry costs
 * no allocation once the first has been read, and a document of any size
 * holds at most one entry's worth of memory.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <yajl/yajl_parse.h>

#include "hist-exporter.h"

#define CAPTURE_DEPTH	16
#define CAPTURE_NODES	4096
#define OBJECT_MEMBERS	256

struct pass {
	const struct hist_visit *visit;
	void *ctx;			/* the current trigger's, or NULL */
	int depth;			/* containers open */
	char member[16];		/* the trigger's member being read */
	bool in_entries;		/* depth 4 is the trigger's "entries" */
	/* The value being captured: an entry, or a trigger's totals. */
	struct jnode *stack[CAPTURE_DEPTH];
	int members[CAPTURE_DEPTH];	/* of each object on the stack */
	const char *key;		/* the member the next value is */
	int sp;				/* 0: not capturing */
	int nodes;			/* in the capture */
	int extra;			/* levels open past the bounds */
	bool capture_totals;
	bool dropped;			/* the capture went past a bound */
	struct arena arena;		/* what is captured, and its text */
};

/*
 * A node of TYPE with TEXT (LEN bytes, copied; a container: none), or
 * NULL out of memory.
 */
static struct jnode *node_new(struct pass *p, enum jtype type, const void *text, size_t len)
{
	struct jnode *n = arena_alloc(&p->arena, sizeof(*n));

	if (!n)
		return NULL;
	memset(n, 0, sizeof(*n));
	n->type = type;
	n->text = text ? arena_text(&p->arena, text, len) : "";
	return n->text ? n : NULL;
}

/*
 * The container on top of the stack takes VAL (as the next element, or as
 * the member p->key, in place of an earlier member of that key). Return
 * false past a bound of the capture.
 */
static bool put(struct pass *p, struct jnode *val)
{
	struct jnode *top = p->stack[p->sp - 1], *m, *prev = NULL;

	if (++p->nodes > CAPTURE_NODES)
		return false;
	if (top->type == JOBJECT) {
		val->key = p->key ? p->key : "";
		p->key = NULL;
		for (m = top->first; m; prev = m, m = m->next) {
			if (strcmp(m->key, val->key))
				continue;
			val->next = m->next;
			if (prev)
				prev->next = val;
			else
				top->first = val;
			if (top->last == m)
				top->last = val;
			return true;
		}
		if (++p->members[p->sp - 1] > OBJECT_MEMBERS)
			return false;
	}
	if (top->last)
		top->last->next = val;
	else
		top->first = val;
	top->last = val;
	return true;
}

/*
 * Whether a scalar here is wanted: one of a capture still being built, or
 * a trigger's spec. Nothing is allocated for the others.
 */
static bool wanted(struct pass *p)
{
	if (p->sp)
		return !p->extra && !p->dropped;
	return p->depth == 3 && !strcmp(p->member, "spec");
}

/* A wanted scalar: put in its capture, or the spec handed out. */
static int scalar(struct pass *p, struct jnode *val)
{
	if (!val)
		return 0;	/* out of memory: the read fails */
	if (p->sp) {
		if (!put(p, val))
			p->dropped = true;
		return 1;
	}
	if (val->type == JSTRING)
		p->ctx = p->visit->trigger(p->visit->arg, val->text);
	/* Not captured: nothing else of the arena is in use. */
	arena_reset(&p->arena, true);
	return 1;
}

static int on_null(void *arg)
{
	if (!wanted(arg))
		return 1;
	return scalar(arg, node_new(arg, JNULL, "null", 4));
}

static int on_boolean(void *arg, int b)
{
	if (!wanted(arg))
		return 1;
	return scalar(arg, node_new(arg, JBOOL, b ? "true" : "false", b ? 4 : 5));
}

/*
 * Whole numbers of 64 bits of either sign exactly, doubles otherwise. yajl
 * hands out only JSON's numbers: -?digits, then maybe a fraction and an
 * exponent; a whole number is one of digits alone.
 */
static int on_number(void *arg, const char *text, size_t len)
{
	struct jnode *n;
	const char *c;
	bool whole;

	if (!wanted(arg))
		return 1;
	n = node_new(arg, JINT, text, len);
	if (!n)
		return 0;
	n->neg = n->text[0] == '-';
	c = n->text + n->neg;
	whole = *c;
	for (; *c && whole; c++) {
		unsigned int digit = *c - '0';

		whole = digit <= 9 && n->mag <= (UINT64_MAX - digit) / 10;
		n->mag = n->mag * 10 + digit;
	}
	if (!whole || (n->neg && n->mag > (uint64_t)INT64_MAX + 1)) {
		n->type = JDOUBLE;
		n->mag = 0;
		n->neg = false;
		n->d = strtod(n->text, NULL);
	}
	return scalar(arg, n);
}

static int on_string(void *arg, const unsigned char *s, size_t len)
{
	if (!wanted(arg))
		return 1;
	return scalar(arg, node_new(arg, JSTRING, s, len));
}

static int on_key(void *arg, const unsigned char *s, size_t len)
{
	struct pass *p = arg;

	if (p->extra || p->dropped)
		return 1;
	if (p->sp) {
		p->key = arena_text(&p->arena, s, len);
		return p->key != NULL;
	}
	if (p->depth == 3)
		snprintf(p->member, sizeof(p->member), "%.*s", (int)len, (const char *)s);
	return 1;
}

/* A container opens: inside a capture, or one that starts one. */
static int open_container(struct pass *p, enum jtype type)
{
	struct jnode *c;

	if (p->sp == CAPTURE_DEPTH || p->extra || p->dropped) {
		/* Past a bound: counted, not built, its capture dropped. */
		p->dropped = true;
		p->extra++;
		return 1;
	}
	if (!p->sp && !(p->ctx && p->in_entries && p->depth == 4) &&
	    !(p->ctx && p->depth == 3 && !strcmp(p->member, "totals"))) {
		/* Not kept; the entries array is where entries start. */
		p->depth++;
		p->in_entries = p->ctx && p->depth == 4 && type == JARRAY &&
				!strcmp(p->member, "entries");
		return 1;
	}
	c = node_new(p, type, NULL, 0);
	if (!c)
		return 0;
	if (!p->sp) {
		p->capture_totals = p->depth == 3;	/* else an entry */
		p->nodes = 0;
	} else if (!put(p, c)) {
		p->dropped = true;
	}
	p->members[p->sp] = 0;
	p->stack[p->sp++] = c;
	return 1;
}

static int close_container(struct pass *p)
{
	struct jnode *done;

	if (p->extra) {
		p->extra--;
		return 1;
	}
	if (!p->sp) {
		if (p->depth == 4)
			p->in_entries = false;
		if (p->depth == 3)
			p->ctx = NULL;
		p->depth--;
		return 1;
	}
	done = p->stack[--p->sp];
	if (p->sp)
		return 1;
	/* A whole capture: handed out, then gone. */
	if (!p->dropped) {
		if (p->capture_totals)
			p->visit->totals(p->ctx, done);
		else
			p->visit->entry(p->ctx, done);
	}
	p->dropped = false;
	arena_reset(&p->arena, true);
	return 1;
}

static int on_start_map(void *arg)
{
	return open_container(arg, JOBJECT);
}

static int on_start_array(void *arg)
{
	return open_container(arg, JARRAY);
}

static int on_end(void *arg)
{
	return close_container(arg);
}

static const yajl_callbacks callbacks = {
	.yajl_null = on_null,
	.yajl_boolean = on_boolean,
	.yajl_number = on_number,
	.yajl_string = on_string,
	.yajl_start_map = on_start_map,
	.yajl_map_key = on_key,
	.yajl_end_map = on_end,
	.yajl_start_array = on_start_array,
	.yajl_end_array = on_end,
};

/**
 * hist_json_visit() - one pass over a hist_json document, read from a file
 * @fd: the open file, read to its end (and not closed)
 * @visit: what to call for each trigger, entry and totals
 *
 * Return: 0 when the whole document was read and is JSON, else -1 (what
 * was handed out before the error must then be dropped by the caller).
 */
int hist_json_visit(int fd, const struct hist_visit *visit)
{
	struct pass p = { .visit = visit };
	unsigned char buf[65536];
	yajl_handle h;
	yajl_status st = yajl_status_ok;
	ssize_t n;

	h = yajl_alloc(&callbacks, NULL, &p);
	if (!h)
		return -1;
	while (st == yajl_status_ok && (n = read(fd, buf, sizeof(buf))) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			st = yajl_status_error;
			break;
		}
		st = yajl_parse(h, buf, n);
	}
	if (st == yajl_status_ok)
		st = yajl_complete_parse(h);
	yajl_free(h);
	arena_reset(&p.arena, false);
	return st == yajl_status_ok ? 0 : -1;
}

const struct jnode *jnode_get(const struct jnode *obj, const char *key)
{
	const struct jnode *m;

	if (!obj || obj->type != JOBJECT)
		return NULL;
	for (m = obj->first; m; m = m->next)
		if (!strcmp(m->key, key))
			return m;
	return NULL;
}

/* A string's number: 0 if it is none, or not finite ("nan", "inf"). */
static double text_double(const char *s)
{
	char *end;
	double d = strtod(s, &end);

	return *s && !*end && isfinite(d) ? d : 0;
}

int64_t jnode_i64(const struct jnode *v)
{
	double d;

	switch (v ? v->type : JNULL) {
	case JINT:
		if (v->neg)
			return (int64_t)-v->mag;
		return v->mag > INT64_MAX ? INT64_MAX : (int64_t)v->mag;
	case JDOUBLE:
	case JSTRING:
		d = jnode_double(v);
		if (isnan(d))
			return 0;
		if (d >= (double)INT64_MAX)
			return INT64_MAX;
		if (d <= (double)INT64_MIN)
			return INT64_MIN;
		return (int64_t)d;
	case JBOOL:
		return v->text[0] == 't';
	default:
		return 0;
	}
}

uint64_t jnode_u64(const struct jnode *v)
{
	double d;

	switch (v ? v->type : JNULL) {
	case JINT:
		return v->neg ? 0 : v->mag;
	case JDOUBLE:
	case JSTRING:
		d = jnode_double(v);
		if (isnan(d))
			return 0;
		if (d >= (double)UINT64_MAX)
			return UINT64_MAX;
		return d < 0 ? 0 : (uint64_t)d;
	case JBOOL:
		return v->text[0] == 't';
	default:
		return 0;
	}
}

double jnode_double(const struct jnode *v)
{
	switch (v ? v->type : JNULL) {
	case JINT:
		return v->neg ? -(double)v->mag : (double)v->mag;
	case JDOUBLE:
		return v->d;
	case JSTRING:
		return text_double(v->text);
	case JBOOL:
		return v->text[0] == 't';
	default:
		return 0;
	}
}
