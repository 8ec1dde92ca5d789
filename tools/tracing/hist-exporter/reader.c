// SPDX-License-Identifier: GPL-2.0
/*
 * One pass over a hist_json document, as it is read, with yajl's event
 * parser: the memory it takes is one entry's, whatever the table's size
 * (a table of 2^20 entries is a document of some 100 MB, which json-c would
 * have held whole, and several times over as objects).
 *
 * The document (histogram.rst, section 3.9):
 *
 *	{"triggers":[{"spec":S, "paused":B, "entries":[E, ...], "totals":T}, ...]}
 *
 * The pass hands out, for each trigger, its spec (visit->trigger(), which
 * says where the trigger's entries go, if anywhere), then each entry E and
 * the totals T, each built as a small json-c object that lives for the
 * call only. A trigger whose entries come before its spec has them
 * skipped. Anything else in the document is read and dropped; a member of
 * another shape than this (an "entries" that is no array...) is handed out
 * as it is, for the caller to judge, or skipped if it is not a container.
 *
 * Nesting is tracked by depth: 1 the document, 2 "triggers", 3 a trigger,
 * 4 its "entries" array (or its "totals" object, captured at once), 5 an
 * entry (captured). A captured value is built on a stack of containers at
 * most CAPTURE_DEPTH deep; past that, levels are only counted (extra) and
 * the entry is dropped.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>
#include <yajl/yajl_parse.h>

#include "hist-exporter.h"

#define CAPTURE_DEPTH 16

struct pass {
	const struct hist_visit *visit;
	void *ctx;			/* the current trigger's, or NULL */
	int depth;			/* containers open */
	char member[16];		/* the trigger's member being read */
	bool in_entries;		/* depth 4 is the trigger's "entries" */
	/* The value being captured: an entry, or a trigger's totals. */
	struct json_object *stack[CAPTURE_DEPTH];
	char *keys[CAPTURE_DEPTH];	/* the member each level's next value is */
	int sp;				/* 0: not capturing */
	int extra;			/* levels open past CAPTURE_DEPTH */
	bool capture_totals;
	bool too_deep;
};

/* The object being captured takes VAL (as the next member or element). */
static void put(struct pass *p, struct json_object *val)
{
	struct json_object *top = p->stack[p->sp - 1];

	if (json_object_is_type(top, json_type_array)) {
		json_object_array_add(top, val);
	} else {
		json_object_object_add(top, p->keys[p->sp - 1] ? p->keys[p->sp - 1] : "", val);
		free(p->keys[p->sp - 1]);
		p->keys[p->sp - 1] = NULL;
	}
}

/* A scalar at depth 3 (a trigger's member) or inside a capture. */
static int scalar(struct pass *p, struct json_object *val)
{
	if (p->extra) {
		json_object_put(val);
		return 1;
	}
	if (p->sp) {
		put(p, val);
		return 1;
	}
	if (p->depth == 3 && !strcmp(p->member, "spec") &&
	    json_object_is_type(val, json_type_string))
		p->ctx = p->visit->trigger(p->visit->arg, json_object_get_string(val));
	json_object_put(val);
	return 1;
}

static int on_null(void *arg)
{
	return scalar(arg, NULL);
}

static int on_boolean(void *arg, int b)
{
	return scalar(arg, json_object_new_boolean(b));
}

/* Numbers as json-c keeps them: u64 and s64 exactly, doubles otherwise. */
static int on_number(void *arg, const char *text, size_t len)
{
	char buf[64], *end;
	struct json_object *val;

	if (len >= sizeof(buf))
		len = sizeof(buf) - 1;
	memcpy(buf, text, len);
	buf[len] = '\0';
	errno = 0;
	if (buf[0] == '-') {
		long long v = strtoll(buf, &end, 10);

		val = !*end && !errno ? json_object_new_int64(v) : NULL;
	} else {
		unsigned long long v = strtoull(buf, &end, 10);

		val = !*end && !errno ? json_object_new_uint64(v) : NULL;
	}
	if (!val)
		val = json_object_new_double(strtod(buf, NULL));
	return scalar(arg, val);
}

static int on_string(void *arg, const unsigned char *s, size_t len)
{
	return scalar(arg, json_object_new_string_len((const char *)s, len));
}

static int on_key(void *arg, const unsigned char *s, size_t len)
{
	struct pass *p = arg;

	if (p->extra)
		return 1;
	if (p->sp) {
		free(p->keys[p->sp - 1]);
		p->keys[p->sp - 1] = strndup((const char *)s, len);
	} else if (p->depth == 3) {
		snprintf(p->member, sizeof(p->member), "%.*s", (int)len, (const char *)s);
	}
	return 1;
}

/* A container opens: inside a capture, or one that starts one. */
static int open_container(struct pass *p, struct json_object *c)
{
	bool array = json_object_is_type(c, json_type_array);

	if (p->sp == CAPTURE_DEPTH || p->extra) {
		/* Too deep to keep: counted, not built, its entry dropped. */
		p->too_deep = true;
		p->extra++;
		json_object_put(c);
		return 1;
	}
	if (p->sp) {
		put(p, json_object_get(c));
	} else if (p->ctx && p->in_entries && p->depth == 4) {
		p->capture_totals = false;		/* an entry */
	} else if (p->ctx && p->depth == 3 && !strcmp(p->member, "totals")) {
		p->capture_totals = true;
	} else {
		/* Not kept; the entries array is where entries start. */
		p->depth++;
		p->in_entries = p->ctx && p->depth == 4 && array &&
				!strcmp(p->member, "entries");
		json_object_put(c);
		return 1;
	}
	p->stack[p->sp] = c;
	p->keys[p->sp++] = NULL;
	return 1;
}

static int close_container(struct pass *p)
{
	struct json_object *done;

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
	free(p->keys[p->sp]);
	p->keys[p->sp] = NULL;
	if (p->sp) {
		json_object_put(done);
		return 1;
	}
	/* A whole capture: handed out, then gone. */
	if (!p->too_deep) {
		if (p->capture_totals)
			p->visit->totals(p->ctx, done);
		else
			p->visit->entry(p->ctx, done);
	}
	p->too_deep = false;
	json_object_put(done);
	return 1;
}

static int on_start_map(void *arg)
{
	return open_container(arg, json_object_new_object());
}

static int on_start_array(void *arg)
{
	return open_container(arg, json_object_new_array());
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
	int i;

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
	for (i = 0; i < p.sp; i++) {
		json_object_put(p.stack[i]);
		free(p.keys[i]);
	}
	return st == yajl_status_ok ? 0 : -1;
}
