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
 * Every refusal goes through hist_fail(), which writes the error_log
 * entry the ABI has for it (none for some), with a caret at the first
 * place the offending text appears in the command (the ABI's way of
 * pointing at it), and gives the errno.
 *
 * Nothing here looks at anything but the text, except that the event of
 * onmatch() is looked up through hist_parse.find_event: no lock is
 * needed, and the KUnit suite trace_hist_parse_kunit.c calls it directly.
 */
#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/log2.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace_hist.h"

/* The error_log text of each enum hist_err that has one. */
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
	[HIST_ERR_SYNTH_VAR_NOT_FOUND] = "Couldn't find synthetic variable",
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
	[HIST_ERR_MALFORMED_ASSIGNMENT] = "Malformed assignment",
	[HIST_ERR_TOO_MANY_VARS] = "Too many variables defined",
	[HIST_ERR_NO_CLOSING_PAREN] = "No closing paren found",
	[HIST_ERR_MATCH_HIST_NOT_FOUND] = "Matching event histogram not found",
	[HIST_ERR_EVENT_FILE_NOT_FOUND] = "Event file not found",
	[HIST_ERR_KEY_VAR_REF] =
		"Using variable references in keys not supported",
	[HIST_ERR_TOO_MANY_STATS] = "Too many statistics (Max = 6)",
	[HIST_ERR_BAD_LOG2_SUB] =
		"Invalid log2 sub-bucket bits (Min = 1, Max = 6)",
	[HIST_ERR_STACK_OPERAND] =
		"Stacktrace can not be an operand in expression",
	[HIST_ERR_TOO_MANY_FIELDS] =
		"Too many fields and operands (Max = 128)",
	[HIST_ERR_SCRATCH_TOO_BIG] =
		"Too many string and stack references and fields (scratch Max = 8192 bytes)",
};

/*
 * The caret of an error at @token: its first occurrence in @cmd, looked
 * for in a copy of the command in which every ".sym-offset" is spelled
 * otherwise (the ABI's carets), so a token holding the "sym-offset"
 * of one is found nowhere and careted at the start: one with
 * ".sym-offset" in it, or one that starts with "sym-offset" and was cut
 * right after a dot (@dotted, see hist_fail_dotted()).
 */
static unsigned int hist_caret(char *cmd, const char *token, bool dotted)
{
	const char *s = strstr(token, "sym-offset");

	if (s && (s > token ? s[-1] == '.' : dotted))
		return 0;
	return err_pos(cmd, token);
}

/* The errno of a refusal. */
static int hist_errno(enum hist_err why)
{
	switch (why) {
	case HIST_ERR_HIST_EXISTS:
	case HIST_ERR_TOO_MANY_SAVES:
		return -EEXIST;
	case HIST_ERR_HIST_NOT_FOUND:
	case HIST_ERR_NEED_NOHC_VAL:	/* the ABI's errno, odd as it is */
		return -ENOENT;
	case HIST_ERR_DIVISION_BY_ZERO:
		return -EDOM;
	case HIST_QUIET_VARS_IN_USE:
		return -EBUSY;
	case HIST_QUIET_SIZE_RANGE:
		return -ERANGE;
	default:
		return -EINVAL;
	}
}

static int hist_refuse(struct hist_parse *p, enum hist_err why,
		       const char *token, bool dotted)
{
	struct hist_parse *to = p->report_to ? p->report_to : p;
	unsigned int pos;

	if (!p->refused) {
		p->refused = true;
		p->why = why;
	}
	if (why >= HIST_QUIET_FIRST)
		return hist_errno(why);
	pos = token ? hist_caret(to->orig, token, dotted) : 0;
	if (!p->n_errs++) {
		p->err = why;
		p->err_pos = pos;
	}
	tracing_log_err(to->tr, to->loc, to->orig, (const char **)hist_err_text,
			why, pos);
	return hist_errno(why);
}

/**
 * hist_fail - refuse a hist command: the one way every step does
 * @p:		the parse of the command
 * @why:	what is wrong
 * @token:	the text the caret points at (its first occurrence in the
 *		command), or NULL for the start of the command
 *
 * Writes the error_log entry of @why, if it has one. The error of a
 * command made for another (@p->report_to) is logged as that command's,
 * the caret at @token's first occurrence in it. Where the ABI writes
 * several entries for one refusal, each is a hist_fail() of its own, the
 * last one's errno returned.
 *
 * Return: the negative errno of @why.
 */
int hist_fail(struct hist_parse *p, enum hist_err why, const char *token)
{
	return hist_refuse(p, why, token, false);
}

/**
 * hist_fail_dotted - hist_fail() for a token that follows a '.' in the
 * command: a modifier, the event of SYSTEM.EVENT, the name of a shorthand
 * action ".NAME(...)"
 * @p:		the parse of the command
 * @why:	what is wrong
 * @token:	the text the caret points at
 *
 * Return: the negative errno of @why.
 */
int hist_fail_dotted(struct hist_parse *p, enum hist_err why,
		     const char *token)
{
	return hist_refuse(p, why, token, true);
}

/**
 * hist_scan - find the first of some characters
 * @s:		the string
 * @stops:	the characters looked for
 *
 * The one scanner of the hist command language: items are separated by
 * ':', list entries by ',', the filter starts after a blank. Parentheses
 * protect nothing from it: "-(a,b)" is the two entries "-(a" and "b)" of
 * a list, and "save(a:b)" two items, as the ABI has them.
 *
 * Return: the first character of @s that is in @stops, or the
 * terminating NUL.
 */
char *hist_scan(const char *s, const char *stops)
{
	return (char *)s + strcspn(s, stops);
}

/*
 * The filter: "if" between a blank and a blank or the end. Returns the
 * blank before it, NULL, or ERR_PTR(-EINVAL) when a blank and "if" come
 * with one character after them at the end ("keys=v ifx"): the ABI
 * refuses that, silently.
 */
static char *hist_find_filter(char *s)
{
	char *c;

	for (c = hist_scan(s, " \t"); *c; c = hist_scan(c + 1, " \t")) {
		if (c[1] != 'i' || c[2] != 'f')
			continue;
		if (isspace(c[3]) || !c[3])
			return c;
		if (!c[4])
			return ERR_PTR(-EINVAL);
	}
	return NULL;
}

/**
 * hist_next - the next piece of a list whose pieces are separated by @sep
 * @cursor:	where the rest of the list starts; NULL after the last piece
 * @sep:	the separator
 *
 * The piece is cut out of the list in place.
 *
 * Return: the piece, or NULL when the list is done.
 */
char *hist_next(char **cursor, char sep)
{
	char stops[2] = { sep, '\0' };
	char *piece = *cursor, *end;

	if (!piece)
		return NULL;
	end = hist_scan(piece, stops);
	if (*end) {
		*end = '\0';
		*cursor = end + 1;
	} else {
		*cursor = NULL;
	}
	return piece;
}

/**
 * hist_split - split a string at every separator
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
	char *piece;

	while ((piece = hist_next(&s, sep))) {
		if (n == max)
			return -E2BIG;
		out[n++] = piece;
	}
	return n;
}

/* "NAME=value": the value if @item starts with "@name=", else NULL. */
static char *hist_item_value(char *item, const char *name)
{
	size_t len = strlen(name);

	if (strncmp(item, name, len) == 0 && item[len] == '=')
		return item + len + 1;
	return NULL;
}

/* keys=, sort=: a list of at most @max pieces (more: see below). */
static int hist_parse_list(struct hist_parse *p, char *item, char *value,
			   char **out, unsigned int max, unsigned int *n)
{
	int ret;

	if (!*value)
		return hist_fail(p, HIST_ERR_EMPTY_ASSIGNMENT, item);
	if (out == p->spec.sort)
		p->spec.sort_overflow = NULL;
	else
		p->spec.keys_overflow = false;
	ret = hist_split(value, ',', out, max);
	/*
	 * Too many: refused by hist_build_keys() and hist_build_sort(), after the
	 * errors of the values, the variables and the pieces that fit.
	 */
	if (ret == -E2BIG && out == p->spec.sort) {
		value[-1] = '\0';
		p->spec.sort_overflow = item;
		ret = max;
	} else if (ret == -E2BIG) {
		p->spec.keys_overflow = true;
		ret = max;
	}
	*n = ret;
	return 0;
}

/* size=N: the map holds N entries rounded up to a power of two. */
static int hist_parse_size(struct hist_parse *p, char *item, char *value)
{
	unsigned long size;
	int ret;

	if (!*value)
		return hist_fail(p, HIST_ERR_EMPTY_ASSIGNMENT, item);
	ret = kstrtoul(value, 0, &size);
	if (ret == -ERANGE)
		return hist_fail(p, HIST_QUIET_SIZE_RANGE, value);
	if (ret || !size || order_base_2(size) < HIST_BITS_MIN ||
	    order_base_2(size) > HIST_BITS_MAX)
		return hist_fail(p, HIST_QUIET_SIZE, value);
	p->spec.bits = order_base_2(size);
	return 0;
}

static int hist_parse_string_attr(struct hist_parse *p, char *item, char *value,
				  char **out)
{
	if (!*value)
		return hist_fail(p, HIST_ERR_EMPTY_ASSIGNMENT, item);
	*out = value;
	return 0;
}

/*
 * VAR=EXPR[,VAR=EXPR]...: appended to the variables of the spec. An item
 * with nothing after its first '=' is an error at once. Past
 * HIST_VARS_MAX variables, the rest of the first such item is ignored, and
 * the first piece of a later item is kept in vars_overflow. A piece
 * without '=' is kept with a NULL expr. Both are refused once all items
 * are read, so that a bad item after them is reported instead; see
 * hist_check_assignments().
 */
static int hist_parse_assignments(struct hist_parse *p, char *item)
{
	struct hist_spec *s = &p->spec;
	bool first = !s->n_vars;
	char *piece, *eq;

	/* Nothing after the first '=': refused at once, as an attribute is. */
	if (!strchr(item, '=')[1])
		return hist_fail(p, HIST_ERR_EMPTY_ASSIGNMENT, item);
	while ((piece = hist_next(&item, ','))) {
		if (s->n_vars == HIST_VARS_MAX) {
			if (!first && !s->vars_overflow)
				s->vars_overflow = piece;
			break;
		}
		eq = strchr(piece, '=');
		if (eq)
			*eq = '\0';
		s->vars[s->n_vars].name = piece;
		s->vars[s->n_vars].expr = eq ? eq + 1 : NULL;
		s->n_vars++;
	}
	return 0;
}

static int hist_parse_keys(struct hist_parse *p, char *item, char *value)
{
	return hist_parse_list(p, item, value, p->spec.keys, HIST_KEYS_MAX,
			  &p->spec.n_keys);
}

/* vals=: kept whole; how many fit depends on "hitcount" (hist_build_vals()). */
static int hist_parse_vals(struct hist_parse *p, char *item, char *value)
{
	return hist_parse_string_attr(p, item, value, &p->spec.vals);
}

static int hist_parse_sort(struct hist_parse *p, char *item, char *value)
{
	return hist_parse_list(p, item, value, p->spec.sort, HIST_SORT_KEYS_MAX,
			  &p->spec.n_sort);
}

static int hist_parse_name(struct hist_parse *p, char *item, char *value)
{
	p->spec.name_item = item;
	return hist_parse_string_attr(p, item, value, &p->spec.name);
}

static int hist_parse_clock(struct hist_parse *p, char *item, char *value)
{
	return hist_parse_string_attr(p, item, value, &p->spec.clock);
}

static const char *const hist_handlers[] = {
	[HIST_ON_MATCH]		= "onmatch",
	[HIST_ON_MAX]		= "onmax",
	[HIST_ON_CHANGE]	= "onchange",
};

/**
 * hist_handler_name - the name of a handler as commands write it
 * @handler:	the handler
 *
 * Return: "onmatch", "onmax" or "onchange".
 */
const char *hist_handler_name(enum hist_handler handler)
{
	return hist_handlers[handler];
}

/*
 * onmatch(SYSTEM.EVENT): the event must exist. It is looked up as the
 * command is read, before the action is: a command with a bad event and
 * no action is refused for the event.
 */
static int hist_parse_match_event(struct hist_parse *p,
				  struct hist_action_spec *act)
{
	char *dot = strchr(act->arg, '.');

	if (!dot)
		return hist_fail(p, HIST_ERR_MISSING_SUBSYSTEM, act->arg);
	*dot = '\0';
	act->system = act->arg;
	act->arg = dot + 1;
	if (!p->find_event(p->tr, act->system, act->arg))
		return hist_fail_dotted(p, HIST_ERR_BAD_MATCH_EVENT, act->arg);
	return 0;
}

/*
 * "HANDLER(ARG).ACTION(PARAMS)", read left to right as the ABI has it:
 * ARG ends at the first ')' (without one, onmatch() is "No closing paren
 * found" at ARG, the others are refused without a word), ACTION starts
 * after the first '.' behind it and ends at its '(', PARAMS end at the
 * next ')' or at the end of the item. Whatever
 * follows those is ignored, so "onmax($x)).save(a)" is
 * "onmax($x).save(a)". The action must be one the handler takes;
 * snapshot() needs its ')' and ignores what it holds; the others need
 * parameters, blanks around them do not count, and each must have two
 * characters at least.
 */
/*
 * The parameters of @act, @params up to @close (or the end): each of two
 * characters at least. More than HIST_PARAMS_MAX are refused when the
 * action is built, after the keys.
 */
static int hist_parse_params(struct hist_parse *p, struct hist_action_spec *act,
			     char *params, char *close)
{
	char *param;

	if (close)
		*close = '\0';
	if (!*params)
		return hist_fail(p, HIST_ERR_INVALID_PARAM, NULL);
	while ((param = hist_next(&params, ','))) {
		param = strim(param);
		if (strlen(param) < 2)
			return hist_fail(p, HIST_ERR_INVALID_PARAM, param);
		if (act->n_params == HIST_PARAMS_MAX)
			act->params_overflow = true;
		else
			act->params[act->n_params++] = param;
	}
	return 0;
}

/*
 * Cut the action @act, HANDLER(ARG).ACTION(PARAMS), whose whole text
 * hist_parse_item() left in @act->arg.
 */
static int hist_parse_action(struct hist_parse *p, struct hist_action_spec *act)
{
	enum hist_handler handler = act->handler;
	char *rest, *dot, *params, *open, *c;
	int ret;

	act->arg += strlen(hist_handlers[handler]) + 1;
	rest = strchr(act->arg, ')');
	if (!rest)
		/* Said for onmatch() only, at its argument. */
		return hist_fail(p, handler == HIST_ON_MATCH ?
				 HIST_ERR_NO_CLOSING_PAREN :
				 HIST_QUIET_TRACK_NO_PAREN, act->arg);
	*rest++ = '\0';
	if (handler == HIST_ON_MATCH) {
		ret = hist_parse_match_event(p, act);
		if (ret)
			return ret;
	}
	dot = strchr(rest, '.');
	open = dot ? strchr(dot + 1, '(') : NULL;
	if (!open)
		return hist_fail(p, HIST_ERR_NO_ACTION, NULL);
	*open = '\0';
	act->name = dot + 1;
	params = open + 1;
	c = strchr(params, ')');

	/* The action is told by how its name starts: "snapshotx()" snapshots. */
	if (str_has_prefix(act->name, "snapshot")) {
		act->kind = HIST_DO_SNAPSHOT;
	} else if (str_has_prefix(act->name, "save")) {
		act->kind = HIST_DO_SAVE;
	} else {
		act->kind = HIST_DO_TRACE;
		act->shorthand = !str_has_prefix(act->name, "trace");
	}

	if (act->kind == HIST_DO_SNAPSHOT) {
		if (!c) {
			/* At what follows the '(', as a parameter would be. */
			return hist_fail(p, HIST_ERR_NO_CLOSING_PAREN, params);
		}
	} else {
		ret = hist_parse_params(p, act, params, c);
		if (ret)
			return ret;
	}
	/* onmatch() only traces; checked once the parameters are read. */
	if (handler == HIST_ON_MATCH && act->kind != HIST_DO_TRACE)
		return hist_fail(p, HIST_ERR_HANDLER_ACTION, act->name);
	return 0;
}

/* The NAME=VALUE items that are not variables. */
static const struct hist_attr {
	const char	*name;
	int		(*parse)(struct hist_parse *p, char *item, char *value);
} hist_attrs[] = {
	{ "keys",	hist_parse_keys },
	{ "key",	hist_parse_keys },
	{ "vals",	hist_parse_vals },
	{ "val",	hist_parse_vals },
	{ "values",	hist_parse_vals },
	{ "sort",	hist_parse_sort },
	{ "size",	hist_parse_size },
	{ "name",	hist_parse_name },
	{ "clock",	hist_parse_clock },
};

/* The items that are one word. */
static int hist_parse_flag(struct hist_parse *p, const char *item)
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
		return hist_fail(p, HIST_QUIET_UNKNOWN_ITEM, item);
	return 0;
}

/*
 * One item: an attribute (NAME=...), else variables (any other item with
 * an '=', even one that starts like an action), else an action, else a
 * flag.
 */
static int hist_parse_item(struct hist_parse *p, char *item)
{
	struct hist_spec *s = &p->spec;
	enum hist_handler h;
	char *value;
	int i;

	for (i = 0; i < ARRAY_SIZE(hist_attrs); i++) {
		value = hist_item_value(item, hist_attrs[i].name);
		if (value)
			return hist_attrs[i].parse(p, item, value);
	}
	if (strchr(item, '='))
		return hist_parse_assignments(p, item);
	for (h = HIST_ON_MATCH; h < ARRAY_SIZE(hist_handlers); h++) {
		if (!str_has_prefix(item, hist_handlers[h]) ||
		    item[strlen(hist_handlers[h])] != '(')
			continue;
		if (s->n_actions == HIST_ACTIONS_MAX)
			return hist_fail(p, HIST_QUIET_TOO_MANY_ACTIONS, item);
		/* Cut once every item is known: see hist_parse_init(). */
		s->actions[s->n_actions].handler = h;
		s->actions[s->n_actions++].arg = item;
		return 0;
	}
	return hist_parse_flag(p, item);
}

/*
 * Once every item is read, the variable pieces in the order written: the
 * first without '=' is a malformed assignment, unless a well-formed one
 * past HIST_VARS_MAX comes before it.
 */
static int hist_check_assignments(struct hist_parse *p)
{
	struct hist_spec *s = &p->spec;
	unsigned int i;

	for (i = 0; i < s->n_vars; i++) {
		if (!s->vars[i].expr)
			return hist_fail(p, HIST_ERR_MALFORMED_ASSIGNMENT,
					 s->vars[i].name);
	}
	if (!s->vars_overflow)
		return 0;
	return hist_fail(p, strchr(s->vars_overflow, '=') ?
			 HIST_ERR_TOO_MANY_VARS : HIST_ERR_MALFORMED_ASSIGNMENT,
			 s->vars_overflow);
}

/**
 * hist_parse_init - cut a hist command into @p->spec
 * @p:		the parse, zeroed, with @tr and @loc set
 * @param:	the text after "hist:", filter included
 *
 * Keeps a copy of the whole command ("hist:" + @param) for error_log and
 * cuts another one into pieces.
 *
 * Return: 0, -ENOMEM, -ERANGE (a size that does not fit), or -EINVAL
 * (with an error_log entry where the ABI has one).
 */
int hist_parse_init(struct hist_parse *p, const char *param)
{
	struct hist_spec *s = &p->spec;
	char *items, *item, *filter;
	unsigned int i;
	int ret;

	p->orig = kasprintf(GFP_KERNEL, "hist:%s", param ? param : "");
	p->text = kstrdup(p->orig, GFP_KERNEL);
	s->actions = kcalloc(HIST_ACTIONS_MAX, sizeof(*s->actions), GFP_KERNEL);
	if (!p->orig || !p->text || !s->actions)
		return -ENOMEM;
	s->bits = HIST_BITS_DEFAULT;

	filter = hist_find_filter(p->text);
	if (IS_ERR(filter))
		return hist_fail(p, HIST_QUIET_FILTER_TAIL, NULL);
	if (filter) {
		s->filter = skip_spaces(filter);
		*filter = '\0';
		/* "if" and nothing after it is refused first. */
		if (!*skip_spaces(s->filter + 2))
			return hist_fail(p, HIST_QUIET_FILTER_EMPTY, s->filter);
	}
	strim(p->text);

	items = p->text + strlen("hist:");
	while ((item = hist_next(&items, ':'))) {
		if (!*item)
			return hist_fail(p, HIST_QUIET_EMPTY_ITEM, NULL);
		ret = hist_parse_item(p, item);
		if (ret)
			return ret;
	}
	if (!s->n_keys)
		return hist_fail(p, HIST_QUIET_NO_KEYS, NULL);
	/*
	 * An item that is no item at all is refused before a malformed
	 * action, and that before a malformed variable piece.
	 */
	for (i = 0; i < s->n_actions; i++) {
		ret = hist_parse_action(p, &s->actions[i]);
		if (ret)
			return ret;
	}
	return hist_check_assignments(p);
}

/**
 * hist_parse_free - free what hist_parse_init() allocated
 * @p:	the parse
 */
void hist_parse_free(struct hist_parse *p)
{
	kfree(p->orig);
	kfree(p->text);
	kfree(p->spec.actions);
}
