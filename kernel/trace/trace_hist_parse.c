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

/* The error_log text of each enum hist_err. */
static const char * const hist_err_text[] = {
	[HIST_ERR_EMPTY_ASSIGNMENT] = "Empty assignment",
	[HIST_ERR_TOO_MANY_SORT_FIELDS] = "Too many sort fields (Max = 2)",
	[HIST_ERR_EMPTY_SORT_FIELD] = "Empty sort field",
	[HIST_ERR_INVALID_SORT_FIELD] = "Sort field must be a key or a val",
	[HIST_ERR_INVALID_SORT_MODIFIER] = "Invalid sort modifier",
	[HIST_ERR_FIELD_NOT_FOUND] = "Couldn't find field",
	[HIST_ERR_BAD_FIELD_MODIFIER] = "Invalid field modifier",
	[HIST_ERR_VAR_NOT_FOUND] = "Couldn't find variable",
	[HIST_ERR_VAR_DEFINED] = "Variable already defined",
	[HIST_ERR_VAR_NOT_UNIQUE] =
		"Variable name not unique, need to use fully qualified name (subsys.event.var) for variable",
	[HIST_ERR_MISSING_SUBSYSTEM] = "Missing subsystem",
	[HIST_ERR_SYNTH_COUNT_MISMATCH] =
		"Param count doesn't match synthetic event field count",
	[HIST_ERR_TOO_MANY_SUBEXPR] = "Too many subexpressions (3 max)",
	[HIST_ERR_UNARY_MINUS_SUBEXPR] =
		"Unary minus not supported in sub-expressions",
	[HIST_ERR_DIVISION_BY_ZERO] = "Division by zero",
	[HIST_ERR_TIMESTAMP_MISMATCH] =
		"Timestamp units in expression don't match",
	[HIST_ERR_NEED_NOHC_VAL] =
		"Non-hitcount value is required for 'nohitcount'",
	[HIST_ERR_HIST_EXISTS] = "Hist trigger already exists",
	[HIST_ERR_HIST_NOT_FOUND] =
		"Can't clear or continue a nonexistent hist trigger",
	[HIST_ERR_NAMED_MISMATCH] =
		"Named hist trigger doesn't match existing named trigger (includes variables)",
	[HIST_ERR_SET_CLOCK_FAIL] = "Couldn't set trace_clock",
	[HIST_ERR_EXPECT_NUMBER] = "Expecting numeric literal",
	[HIST_ERR_STRING_OPERAND] =
		"String type can not be an operand in expression",
	[HIST_ERR_PARAM_NOT_FOUND] = "Couldn't find param",
	[HIST_ERR_FIELD_VAR_PARSE_FAIL] = "Couldn't parse field variable",
	[HIST_ERR_FIELD_VAR_CREATE_FAIL] = "Couldn't create field variable",
	[HIST_ERR_FIELD_VAR_HIST_FAIL] = "Couldn't create histogram for field",
	[HIST_ERR_SYNTH_NOT_FOUND] = "Couldn't find synthetic event",
	[HIST_ERR_SYNTH_TYPE_MISMATCH] =
		"Param type doesn't match synthetic event field type",
	[HIST_ERR_INVALID_PARAM] = "Invalid action param",
	[HIST_ERR_BAD_MATCH_EVENT] = "Invalid subsystem or event name",
	[HIST_ERR_TRACK_NOT_VAR] =
		"For onmax(x) or onchange(x), x must be a variable",
	[HIST_ERR_TRACK_VAR_NOT_FOUND] =
		"Couldn't find onmax or onchange variable",
	[HIST_ERR_NO_ACTION] = "No action found",
	[HIST_ERR_HANDLER_ACTION] = "Handler doesn't support action",
	[HIST_ERR_TOO_MANY_SAVES] =
		"Can't have more than one save() action per hist",
};

/**
 * hist_err - log a hist command error in the trace array's error_log
 * @p:		the parse of the command
 * @err:	what is wrong
 * @token:	the text the caret points at (its first occurrence in the
 *		command), or NULL for the start of the command
 */
void hist_err(struct hist_parse *p, enum hist_err err, const char *token)
{
	tracing_log_err(p->tr, p->loc, p->orig, (const char **)hist_err_text,
			err, token ? err_pos(p->orig, token) : 0);
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
 * hist_next - the next piece of a list whose pieces are separated by @sep
 * outside parentheses
 * @cursor:	where the rest of the list starts; NULL after the last piece
 * @sep:	the separator
 *
 * The piece is cut out of the list in place.
 *
 * Return: the piece, or NULL when the list is done.
 */
char *hist_next(char **cursor, char sep)
{
	char *piece = *cursor, *c;
	int depth = 0;

	if (!piece)
		return NULL;
	for (c = piece; *c; c++) {
		if (*c == '(') {
			depth++;
		} else if (*c == ')') {
			depth--;
		} else if (*c == sep && !depth) {
			*c = '\0';
			*cursor = c + 1;
			return piece;
		}
	}
	*cursor = NULL;
	return piece;
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
	char *piece;

	while ((piece = hist_next(&item, ',')) && s->n_assigns < HIST_VARS_MAX)
		s->assigns[s->n_assigns++] = piece;
	return 0;
}

static int parse_keys(struct hist_parse *p, char *item, char *value)
{
	return parse_list(p, item, value, p->spec.keys, HIST_KEYS_MAX,
			  &p->spec.n_keys);
}

static int parse_vals(struct hist_parse *p, char *item, char *value)
{
	return parse_list(p, item, value, p->spec.vals, HIST_VALS_MAX,
			  &p->spec.n_vals);
}

static int parse_sort(struct hist_parse *p, char *item, char *value)
{
	return parse_list(p, item, value, p->spec.sort, HIST_SORT_KEYS_MAX,
			  &p->spec.n_sort);
}

static int parse_name(struct hist_parse *p, char *item, char *value)
{
	p->spec.name_item = item;
	return parse_string_attr(p, item, value, &p->spec.name);
}

static int parse_clock(struct hist_parse *p, char *item, char *value)
{
	return parse_string_attr(p, item, value, &p->spec.clock);
}

/*
 * What stock kernels check of an action as they read the command, before
 * anything is resolved: that there is an action, that the handler takes
 * it, and that it has parameters.
 */
static int check_action(struct hist_parse *p, const char *item)
{
	const char *action, *open;

	action = strstr(item, ").");
	if (!action || !strchr(action + 2, '(')) {
		hist_err(p, HIST_ERR_NO_ACTION, NULL);
		return -EINVAL;
	}
	action += 2;
	open = strchr(action, '(');
	if (str_has_prefix(item, "onmatch(") &&
	    (str_has_prefix(action, "save(") ||
	     str_has_prefix(action, "snapshot("))) {
		hist_err(p, HIST_ERR_HANDLER_ACTION, action);
		return -EINVAL;
	}
	if (!str_has_prefix(action, "snapshot(") &&
	    (open[1] == ')' || !open[1])) {
		hist_err(p, HIST_ERR_INVALID_PARAM, NULL);
		return -EINVAL;
	}
	return 0;
}

/* The NAME=VALUE items that are not variables. */
static const struct hist_attr {
	const char	*name;
	int		(*parse)(struct hist_parse *p, char *item, char *value);
} hist_attrs[] = {
	{ "keys",	parse_keys },
	{ "key",	parse_keys },
	{ "vals",	parse_vals },
	{ "val",	parse_vals },
	{ "values",	parse_vals },
	{ "sort",	parse_sort },
	{ "size",	parse_size },
	{ "name",	parse_name },
	{ "clock",	parse_clock },
};

/* The items that are one word. */
static int parse_flag(struct hist_parse *p, const char *item)
{
	struct hist_spec *s = &p->spec;

	if (!strcmp(item, "pause"))
		s->pause = true;
	else if (!strcmp(item, "cont") || !strcmp(item, "continue"))
		s->cont = true;
	else if (!strcmp(item, "clear"))
		s->clear = true;
	else if (!strcmp(item, "nohitcount") || !strcmp(item, "NOHC"))
		s->nohitcount = true;
	else
		return -EINVAL;
	return 0;
}

static int parse_item(struct hist_parse *p, char *item)
{
	struct hist_spec *s = &p->spec;
	char *value;
	int i;

	if (str_has_prefix(item, "onmatch(") || str_has_prefix(item, "onmax(") ||
	    str_has_prefix(item, "onchange(")) {
		if (s->n_actions == HIST_ACTIONS_MAX)
			return -EINVAL;
		s->actions[s->n_actions++] = item;
		return check_action(p, item);
	}
	for (i = 0; i < ARRAY_SIZE(hist_attrs); i++) {
		value = item_value(item, hist_attrs[i].name);
		if (value)
			return hist_attrs[i].parse(p, item, value);
	}
	if (strchr(item, '='))
		return parse_assignments(p, item);
	return parse_flag(p, item);
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
	char *items, *item, *filter;
	int ret;

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

	items = p->text + strlen("hist:");
	while ((item = hist_next(&items, ':'))) {
		if (!*item)
			return -EINVAL;
		ret = parse_item(p, item);
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
