// SPDX-License-Identifier: GPL-2.0
/*
 * Histogram triggers: cutting the command text into a struct hist_spec.
 *
 * A hist command is "hist:ITEM[:ITEM]... [if FILTER]" where an ITEM is one
 * of
 *	keys=K[,K]...	key= too		vals=V[,V]...	values= too
 *	sort=S[,S]...	size=N			name=NAME	clock=CLOCK
 *	pause  cont  continue  clear  nohitcount  NOHC
 *	HANDLER(ARGS).ACTION(ARGS)		onmatch, onmax, onchange
 *	VAR=EXPR[,VAR=EXPR]...			any other NAME=...
 *
 * An attribute given twice takes its last value. Nothing is resolved
 * here: struct hist_spec points into a private copy of the command, cut
 * with NULs.
 *
 * Errors go to the trace array's error_log through hist_err(), with a
 * caret at the first place the offending text appears in the command, the
 * way stock kernels point at it.
 *
 * Called under event_mutex by the hist command (trace_events_hist.c).
 */
#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/log2.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace_hist.h"

#define HIST_E(a, b)	b
static const char *hist_err_text[] = { HIST_ERRORS };
#undef HIST_E

/**
 * hist_err - log a hist command error in the trace array's error_log
 * @p:		the parse of the command
 * @err:	what is wrong
 * @token:	the text the caret points at (its first occurrence in the
 *		command), or NULL for the start of the command
 */
void hist_err(struct hist_parse *p, enum hist_err err, const char *token)
{
	tracing_log_err(p->tr, p->loc, p->orig, hist_err_text, err,
			token ? err_pos(p->orig, token) : 0);
}

/*
 * Find the filter: "if" after a blank, at parenthesis depth 0. Returns a
 * pointer to the blank before it, or NULL.
 */
static char *find_filter(char *s)
{
	int depth = 0;
	char *c;

	for (c = s; *c; c++) {
		if (*c == '(')
			depth++;
		else if (*c == ')')
			depth--;
		else if (depth == 0 && isspace(*c) && c[1] == 'i' &&
			 c[2] == 'f' && (isspace(c[3]) || !c[3]))
			return c;
	}
	return NULL;
}

/**
 * hist_split - split a string at every separator outside parentheses
 * @s:		the string, cut in place
 * @sep:	the separator
 * @out:	the pieces
 * @max:	room in @out
 *
 * Return: the number of pieces, or -E2BIG when there are more than @max.
 */
int hist_split(char *s, char sep, char **out, unsigned int max)
{
	unsigned int n = 0;
	int depth = 0;
	char *c;

	out[n++] = s;
	for (c = s; *c; c++) {
		if (*c == '(') {
			depth++;
		} else if (*c == ')') {
			depth--;
		} else if (*c == sep && depth == 0) {
			if (n == max)
				return -E2BIG;
			*c = '\0';
			out[n++] = c + 1;
		}
	}
	return n;
}

/* "NAME=value": the value if @item starts with "@name=", else NULL. */
static char *item_value(char *item, const char *name)
{
	size_t len = strlen(name);

	if (strncmp(item, name, len) == 0 && item[len] == '=')
		return item + len + 1;
	return NULL;
}

/* keys=, vals=, sort=: a list of at most @max pieces. */
static int parse_list(struct hist_parse *p, char *item, char *value,
		      char **out, unsigned int max, unsigned int *n)
{
	int ret;

	if (!*value) {
		hist_err(p, HIST_ERR_EMPTY_ASSIGNMENT, item);
		return -EINVAL;
	}
	ret = hist_split(value, ',', out, max);
	if (ret == -E2BIG && out == p->spec.sort) {
		value[-1] = '\0';
		hist_err(p, HIST_ERR_TOO_MANY_SORT_FIELDS, item);
		return -EINVAL;
	}
	if (ret < 0)
		return -EINVAL;
	*n = ret;
	return 0;
}

/* size=N: the map holds N entries rounded up to a power of two. */
static int parse_size(struct hist_parse *p, char *item, char *value)
{
	unsigned int size;

	if (!*value) {
		hist_err(p, HIST_ERR_EMPTY_ASSIGNMENT, item);
		return -EINVAL;
	}
	if (kstrtouint(value, 0, &size) || !size ||
	    order_base_2(size) < HIST_BITS_MIN ||
	    order_base_2(size) > HIST_BITS_MAX)
		return -EINVAL;
	p->spec.bits = order_base_2(size);
	return 0;
}

static int parse_string_attr(struct hist_parse *p, char *item, char *value,
			     char **out)
{
	if (!*value) {
		hist_err(p, HIST_ERR_EMPTY_ASSIGNMENT, item);
		return -EINVAL;
	}
	*out = value;
	return 0;
}

/*
 * VAR=EXPR[,VAR=EXPR]...: appended to the variables of the spec. More
 * than HIST_VARS_MAX are ignored, as stock kernels do.
 */
static int parse_assignments(struct hist_parse *p, char *item)
{
	struct hist_spec *s = &p->spec;
	char *pieces[HIST_ITEMS_MAX];
	int n, i;

	n = hist_split(item, ',', pieces, ARRAY_SIZE(pieces));
	if (n < 0)
		return -EINVAL;
	for (i = 0; i < n && s->n_assigns < HIST_VARS_MAX; i++)
		s->assigns[s->n_assigns++] = pieces[i];
	return 0;
}

static int parse_item(struct hist_parse *p, char *item)
{
	struct hist_spec *s = &p->spec;
	char *v;

	if (!strcmp(item, "pause")) {
		s->pause = true;
	} else if (!strcmp(item, "cont") || !strcmp(item, "continue")) {
		s->cont = true;
	} else if (!strcmp(item, "clear")) {
		s->clear = true;
	} else if (!strcmp(item, "nohitcount") || !strcmp(item, "NOHC")) {
		s->nohitcount = true;
	} else if ((v = item_value(item, "keys")) || (v = item_value(item, "key"))) {
		return parse_list(p, item, v, s->keys, HIST_KEYS_MAX, &s->n_keys);
	} else if ((v = item_value(item, "vals")) || (v = item_value(item, "values"))) {
		return parse_list(p, item, v, s->vals, HIST_VALS_MAX, &s->n_vals);
	} else if ((v = item_value(item, "sort"))) {
		return parse_list(p, item, v, s->sort, HIST_SORT_KEYS_MAX, &s->n_sort);
	} else if ((v = item_value(item, "size"))) {
		return parse_size(p, item, v);
	} else if ((v = item_value(item, "name"))) {
		s->name_item = item;
		return parse_string_attr(p, item, v, &s->name);
	} else if ((v = item_value(item, "clock"))) {
		return parse_string_attr(p, item, v, &s->clock);
	} else if (str_has_prefix(item, "onmatch(") ||
		   str_has_prefix(item, "onmax(") ||
		   str_has_prefix(item, "onchange(")) {
		if (s->n_actions == HIST_ACTIONS_MAX)
			return -EINVAL;
		s->actions[s->n_actions++] = item;
	} else if (strchr(item, '=')) {
		return parse_assignments(p, item);
	} else {
		return -EINVAL;
	}
	return 0;
}

/**
 * hist_parse_init - cut a hist command into @p->spec
 * @p:		the parse, zeroed, with @tr and @loc set
 * @param:	the text after "hist:", filter included
 *
 * Keeps a copy of the whole command ("hist:" + @param) for error_log and
 * cuts another one into pieces.
 *
 * Return: 0, -ENOMEM, or -EINVAL (logged when stock kernels log it).
 */
int hist_parse_init(struct hist_parse *p, const char *param)
{
	struct hist_spec *s = &p->spec;
	char *items[HIST_ITEMS_MAX], *filter;
	int n, i, ret;

	p->orig = kasprintf(GFP_KERNEL, "hist:%s", param ? param : "");
	p->text = kstrdup(p->orig, GFP_KERNEL);
	if (!p->orig || !p->text)
		return -ENOMEM;
	s->bits = HIST_BITS_DEFAULT;

	filter = find_filter(p->text);
	if (filter) {
		s->filter = skip_spaces(filter);
		*filter = '\0';
	}
	strim(p->text);

	n = hist_split(p->text + strlen("hist:"), ':', items,
		       ARRAY_SIZE(items));
	if (n < 0)
		return -EINVAL;
	for (i = 0; i < n; i++) {
		if (!*items[i])
			return -EINVAL;
		ret = parse_item(p, items[i]);
		if (ret)
			return ret;
	}
	if (!s->n_keys)
		return -EINVAL;
	return 0;
}

/**
 * hist_parse_free - free what hist_parse_init() allocated
 * @p:	the parse
 */
void hist_parse_free(struct hist_parse *p)
{
	kfree(p->orig);
	kfree(p->text);
}
