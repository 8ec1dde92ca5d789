// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite of the hist command parser (trace_hist_parse.c), built in by
 * CONFIG_HIST_PARSE_KUNIT_TEST and run at boot.
 *
 * The parser is string code only: it cuts "hist:..." into a struct
 * hist_spec and refuses malformed commands with an error_log entry. Each
 * case feeds it commands and checks the pieces, or the error and the
 * caret it logged (struct hist_parse records the first one). Errors go to
 * the error_log of a trace instance of the suite's own, and the event of
 * onmatch() is looked up by a stand-in that knows one event, sys.ev.
 *
 * The commands are those that once reached the builder malformed and
 * oopsed it, and the corner cases of the ABI's way of cutting: no
 * parenthesis protects a separator, a handler's argument ends at the first
 * ')', what follows an action's parameters is ignored.
 */

#include <kunit/test.h>
#include <linux/string.h>
#include <linux/trace.h>

#include "trace_hist.h"

#define HPK_INSTANCE	"hist_parse_kunit"

static struct trace_array *hpk_tr;

/* The one event onmatch() finds: sys.ev. Any non-NULL file will do. */
static struct trace_event_file *hpk_find_event(struct trace_array *tr,
					       const char *system,
					       const char *event)
{
	static struct trace_event_file file;

	return !strcmp(system, "sys") && !strcmp(event, "ev") ? &file : NULL;
}

/* Parse @cmd (the text after "hist:") into @p; returns what parsing did. */
static int hpk_parse(struct kunit *test, struct hist_parse *p,
		     const char *cmd)
{
	memset(p, 0, sizeof(*p));
	p->tr = hpk_tr;
	p->loc = "hist:kunit";
	p->find_event = hpk_find_event;
	return hist_parse_init(p, cmd);
}

static void hpk_free(void *p)
{
	hist_parse_free(p);
}

/* A parse that the test frees when it ends. */
static struct hist_parse *hpk_new(struct kunit *test)
{
	struct hist_parse *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, p);
	KUNIT_ASSERT_EQ(test, kunit_add_action(test, hpk_free, p), 0);
	return p;
}

/* @cmd is refused with @err logged first, its caret under @at. */
static void hpk_refused(struct kunit *test, const char *cmd,
			enum hist_err err, const char *at)
{
	struct hist_parse *p = hpk_new(test);
	char *full;

	KUNIT_EXPECT_EQ_MSG(test, hpk_parse(test, p, cmd), -EINVAL, "%s", cmd);
	KUNIT_ASSERT_GT_MSG(test, p->n_errs, 0, "%s: nothing logged", cmd);
	KUNIT_EXPECT_EQ_MSG(test, p->err, err, "%s", cmd);
	full = kasprintf(GFP_KERNEL, "hist:%s", cmd);
	KUNIT_ASSERT_NOT_NULL(test, full);
	KUNIT_EXPECT_EQ_MSG(test, p->err_pos, (unsigned int)(strstr(full, at) - full),
			    "%s: caret", cmd);
	kfree(full);
}

/* @cmd is refused for @why, without a word in error_log. */
static void hpk_refused_silently(struct kunit *test, const char *cmd,
				 enum hist_err why)
{
	struct hist_parse *p = hpk_new(test);

	KUNIT_EXPECT_EQ_MSG(test, hpk_parse(test, p, cmd), -EINVAL, "%s", cmd);
	KUNIT_EXPECT_EQ_MSG(test, p->n_errs, 0, "%s", cmd);
	KUNIT_EXPECT_TRUE_MSG(test, p->refused, "%s", cmd);
	KUNIT_EXPECT_EQ_MSG(test, p->why, why, "%s", cmd);
}

/* @cmd is accepted; the parse is returned for checking. */
static struct hist_parse *hpk_accepted(struct kunit *test, const char *cmd)
{
	struct hist_parse *p = hpk_new(test);

	KUNIT_EXPECT_EQ_MSG(test, hpk_parse(test, p, cmd), 0, "%s", cmd);
	KUNIT_EXPECT_EQ_MSG(test, p->n_errs, 0, "%s", cmd);
	return p;
}

static void hpk_test_scan(struct kunit *test)
{
	char list[] = "a,-(b,c),,d";
	char *out[5];

	KUNIT_EXPECT_STREQ(test, hist_scan("ab:c,d", ",:"), ":c,d");
	KUNIT_EXPECT_STREQ(test, hist_scan("abc", ","), "");
	/* Parentheses protect nothing. */
	KUNIT_EXPECT_EQ(test, hist_split(list, ',', out, ARRAY_SIZE(out)), 5);
	KUNIT_EXPECT_STREQ(test, out[1], "-(b");
	KUNIT_EXPECT_STREQ(test, out[2], "c)");
	KUNIT_EXPECT_STREQ(test, out[3], "");
	KUNIT_EXPECT_STREQ(test, out[4], "d");
	strscpy(list, "a,b,c", sizeof(list));
	KUNIT_EXPECT_EQ(test, hist_split(list, ',', out, 2), -E2BIG);
}

static void hpk_test_attributes(struct kunit *test)
{
	static const char cmd[] =
		"keys=pid,prio:vals=v,w:sort=pid.descending:size=4096:name=n1:pause:NOHC if prio>1";
	struct hist_parse *p;
	int ret;

	p = hpk_accepted(test, cmd);
	KUNIT_EXPECT_EQ(test, p->spec.n_keys, 2);
	KUNIT_EXPECT_STREQ(test, p->spec.keys[1], "prio");
	KUNIT_EXPECT_STREQ(test, p->spec.vals, "v,w");
	KUNIT_EXPECT_EQ(test, p->spec.n_sort, 1);
	KUNIT_EXPECT_STREQ(test, p->spec.sort[0], "pid.descending");
	KUNIT_EXPECT_EQ(test, p->spec.bits, 12);
	KUNIT_EXPECT_STREQ(test, p->spec.name, "n1");
	KUNIT_EXPECT_TRUE(test, p->spec.pause);
	KUNIT_EXPECT_TRUE(test, p->spec.nohitcount);
	KUNIT_EXPECT_STREQ(test, p->spec.filter, "if prio>1");

	/* The last of an attribute given twice counts. */
	p = hpk_accepted(test, "key=a:keys=b:values=c:val=d");
	KUNIT_EXPECT_STREQ(test, p->spec.keys[0], "b");
	KUNIT_EXPECT_STREQ(test, p->spec.vals, "d");

	hpk_refused(test, "keys=", HIST_ERR_EMPTY_ASSIGNMENT, "keys=");
	/* Too many sort fields: refused by the builder, after those that fit. */
	p = hpk_accepted(test, "keys=v:sort=a,b,c");
	KUNIT_EXPECT_STREQ(test, p->spec.sort_overflow, "sort");
	p = hpk_accepted(test, "keys=v:sort=a,b,c:sort=a");
	KUNIT_EXPECT_NULL(test, p->spec.sort_overflow);
	/* So are too many keys, silently. */
	p = hpk_accepted(test, "keys=a,b,c,d");
	KUNIT_EXPECT_TRUE(test, p->spec.keys_overflow);
	KUNIT_EXPECT_EQ(test, p->spec.n_keys, HIST_KEYS_MAX);
	hpk_refused_silently(test, "keys=v:bogus", HIST_QUIET_UNKNOWN_ITEM);
	hpk_refused_silently(test, "keys=v:size=64", HIST_QUIET_SIZE);
	hpk_refused_silently(test, "keys=v::vals=w", HIST_QUIET_EMPTY_ITEM);
	hpk_refused_silently(test, "vals=w", HIST_QUIET_NO_KEYS);
	hpk_refused_silently(test, "keys=v:size=0x", HIST_QUIET_SIZE);
	/* Up to 2^20 entries, where mainline stops at 2^17. */
	p = hpk_accepted(test, "keys=v:size=131073");
	KUNIT_EXPECT_EQ(test, p->spec.bits, 18);
	p = hpk_accepted(test, "keys=v:size=0x100000");
	KUNIT_EXPECT_EQ(test, p->spec.bits, HIST_BITS_MAX);
	hpk_refused_silently(test, "keys=v:size=1048577", HIST_QUIET_SIZE);
	/* A size past an unsigned long is refused with its own errno. */
	p = hpk_new(test);
	ret = hpk_parse(test, p, "keys=v:size=99999999999999999999");
	KUNIT_EXPECT_EQ(test, ret, -ERANGE);
	KUNIT_EXPECT_EQ(test, p->why, HIST_QUIET_SIZE_RANGE);
	KUNIT_EXPECT_EQ(test, p->n_errs, 0);
}

static void hpk_test_assignments(struct kunit *test)
{
	struct hist_parse *p;
	char cmd[256];
	int i, n;

	p = hpk_accepted(test, "keys=v:a=1,b=$c:x=y-$z,=v");
	KUNIT_EXPECT_EQ(test, p->spec.n_vars, 4);
	KUNIT_EXPECT_STREQ(test, p->spec.vars[1].name, "b");
	KUNIT_EXPECT_STREQ(test, p->spec.vars[1].expr, "$c");
	KUNIT_EXPECT_STREQ(test, p->spec.vars[2].expr, "y-$z");
	KUNIT_EXPECT_STREQ(test, p->spec.vars[3].name, "");

	/*
	 * A piece without '=' is refused once every item is read (these once
	 * reached the builder, which assumed a '='); a bad item after it, or
	 * no keys, is what is reported then.
	 */
	hpk_refused(test, "keys=v:a=1,b", HIST_ERR_MALFORMED_ASSIGNMENT, "b");
	hpk_refused(test, "keys=v:ts0=common_timestamp,",
		    HIST_ERR_MALFORMED_ASSIGNMENT, "");
	hpk_refused(test, "keys=v:x=-(v,w)", HIST_ERR_MALFORMED_ASSIGNMENT,
		    "w)");
	hpk_refused_silently(test, "keys=v:a=w,,b=v:nosuchflag",
			     HIST_QUIET_UNKNOWN_ITEM);
	hpk_refused_silently(test, "key,s=v", HIST_QUIET_NO_KEYS);

	/*
	 * Past 16 variables: the rest of the first item is ignored, a piece
	 * of a later item refused.
	 */
	n = snprintf(cmd, sizeof(cmd), "keys=v:a0=v");
	for (i = 1; i < 18; i++)
		n += snprintf(cmd + n, sizeof(cmd) - n, ",a%d=v", i);
	p = hpk_accepted(test, cmd);
	KUNIT_EXPECT_EQ(test, p->spec.n_vars, HIST_VARS_MAX);
	strlcat(cmd, ":b=w", sizeof(cmd));
	hpk_refused(test, cmd, HIST_ERR_TOO_MANY_VARS, "b=w");
	n = snprintf(cmd, sizeof(cmd), "keys=v:a0=v:a1=v");
	for (i = 2; i < 17; i++)
		n += snprintf(cmd + n, sizeof(cmd) - n, ",a%d=v", i);
	hpk_refused(test, cmd, HIST_ERR_TOO_MANY_VARS, "a16=v");

	/*
	 * The variable pieces are judged once every item is read, in the
	 * order written: a bad item first, then the first piece that is
	 * malformed or past the limit.
	 */
	n = snprintf(cmd, sizeof(cmd), "keys=v:a0=v");
	for (i = 1; i < 16; i++)
		n += snprintf(cmd + n, sizeof(cmd) - n, ",a%d=v", i);
	strlcat(cmd, ":a16=v:size=3", sizeof(cmd));
	hpk_refused_silently(test, cmd, HIST_QUIET_SIZE);
	cmd[n] = '\0';
	strlcat(cmd, ":bad,a16=v", sizeof(cmd));
	hpk_refused(test, cmd, HIST_ERR_MALFORMED_ASSIGNMENT, "bad");
	cmd[n] = '\0';
	strlcat(cmd, ":a16=v,bad", sizeof(cmd));
	hpk_refused(test, cmd, HIST_ERR_TOO_MANY_VARS, "a16=v");
	n = snprintf(cmd, sizeof(cmd), "keys=v:a0=v,bad");
	for (i = 1; i < 16; i++)
		n += snprintf(cmd + n, sizeof(cmd) - n, ",a%d=v", i);
	strlcat(cmd, ":a16=v", sizeof(cmd));
	hpk_refused(test, cmd, HIST_ERR_MALFORMED_ASSIGNMENT, "bad");
}

static void hpk_test_actions(struct kunit *test)
{
	static const char cmd[] =
		"keys=v:onmatch(sys.ev).trace(lat,$d,next_pid):onmax($d).save( code , val )";
	struct hist_action_spec *act;
	struct hist_parse *p;
	char cmd33[160];
	int i, n;

	p = hpk_accepted(test, cmd);
	KUNIT_ASSERT_EQ(test, p->spec.n_actions, 2);
	act = &p->spec.actions[0];
	KUNIT_EXPECT_EQ(test, act->handler, HIST_ON_MATCH);
	KUNIT_EXPECT_STREQ(test, act->system, "sys");
	KUNIT_EXPECT_STREQ(test, act->arg, "ev");
	KUNIT_EXPECT_STREQ(test, act->name, "trace");
	KUNIT_EXPECT_EQ(test, act->n_params, 3);
	KUNIT_EXPECT_STREQ(test, act->params[2], "next_pid");
	act = &p->spec.actions[1];
	KUNIT_EXPECT_EQ(test, act->handler, HIST_ON_MAX);
	KUNIT_EXPECT_STREQ(test, act->arg, "$d");
	KUNIT_EXPECT_STREQ(test, act->params[0], "code");
	KUNIT_EXPECT_STREQ(test, act->params[1], "val");

	/* What follows the handler's first ')' or the parameters is ignored. */
	p = hpk_accepted(test, "keys=v:onmax($d)).save(code):onchange($d)(x).snapshot()x");
	KUNIT_EXPECT_STREQ(test, p->spec.actions[0].arg, "$d");
	KUNIT_EXPECT_STREQ(test, p->spec.actions[0].params[0], "code");
	KUNIT_EXPECT_STREQ(test, p->spec.actions[1].name, "snapshot");
	p = hpk_accepted(test, "keys=v:onmax($d).save(code:vals=w");
	KUNIT_EXPECT_STREQ(test, p->spec.vals, "w");

	/* The argument ends at the first ')', however many '(' came. */
	p = hpk_accepted(test, "keys=v:onmax(($d).save(code)");
	KUNIT_EXPECT_STREQ(test, p->spec.actions[0].arg, "($d");

	/* These once split differently in the parser and the builder. */
	hpk_refused(test, "keys=v:onmatch((sys.ev).trace(lat,$d)",
		    HIST_ERR_BAD_MATCH_EVENT, "ev).");
	hpk_refused(test, "keys=v:onmatch(sys.ev.trace(lat,$d)",
		    HIST_ERR_BAD_MATCH_EVENT, "ev.trace");
	hpk_refused(test, "keys=v:onmatch(sysev).trace(lat,$d)",
		    HIST_ERR_MISSING_SUBSYSTEM, "sysev");
	hpk_refused(test, "keys=v:onmax($d.save(code)", HIST_ERR_NO_ACTION,
		    "hist:");
	hpk_refused(test, "keys=v:onmax($d)save(code)", HIST_ERR_NO_ACTION,
		    "hist:");
	hpk_refused(test, "keys=v:onmatch(sys.ev).save(code)",
		    HIST_ERR_HANDLER_ACTION, "save(");
	hpk_refused(test, "keys=v:onmax($d).snapshot(",
		    HIST_ERR_NO_CLOSING_PAREN, "hist:");
	/* At what follows the '(': its first occurrence, onmax's '('. */
	hpk_refused(test, "keys=v:onmax($d).snapshot((",
		    HIST_ERR_NO_CLOSING_PAREN, "(");
	hpk_refused(test, "keys=v:onmax($d).save()", HIST_ERR_INVALID_PARAM,
		    "hist:");
	hpk_refused(test, "keys=v:onmax($d).save(", HIST_ERR_INVALID_PARAM,
		    "hist:");
	hpk_refused(test, "keys=v:onmax($d).save(code,w)",
		    HIST_ERR_INVALID_PARAM, "w)");
	hpk_refused_silently(test, "keys=v:onmax($d",
			     HIST_QUIET_TRACK_NO_PAREN);
	/* ... but onmatch() without a ')' says so, at its argument. */
	hpk_refused(test, "keys=v:onmatch(sys.ev", HIST_ERR_NO_CLOSING_PAREN,
		    "sys.ev");
	hpk_refused(test, "keys=v:onmatch(", HIST_ERR_NO_CLOSING_PAREN, "hist:");
	hpk_refused_silently(test, "keys=v:onmax ($d).save(code)",
			     HIST_QUIET_UNKNOWN_ITEM);
	hpk_refused_silently(test, "keys=v:onmax($d).save(code,val:id)",
			     HIST_QUIET_UNKNOWN_ITEM);

	/* An action is told by how its name starts; the name stays. */
	p = hpk_accepted(test, "keys=v:onmax($d).snapshotx():onmax($d).save.hex(code)");
	KUNIT_EXPECT_EQ(test, p->spec.actions[0].kind, HIST_DO_SNAPSHOT);
	KUNIT_EXPECT_EQ(test, p->spec.actions[1].kind, HIST_DO_SAVE);
	KUNIT_EXPECT_STREQ(test, p->spec.actions[1].name, "save.hex");
	p = hpk_accepted(test, "keys=v:onmax($d).tracex(lat,$d):onmax($d).lat($d)");
	KUNIT_EXPECT_FALSE(test, p->spec.actions[0].shorthand);
	KUNIT_EXPECT_TRUE(test, p->spec.actions[1].shorthand);
	/* onmatch() refuses save() once its parameters are read. */
	hpk_refused(test, "keys=v:onmatch(sys.ev).save(code,w)",
		    HIST_ERR_INVALID_PARAM, "w)");
	hpk_refused(test, "keys=v:onmatch(sys.ev).snapshotx()",
		    HIST_ERR_HANDLER_ACTION, "snapshotx");
	/* Too many parameters are left to the build. */
	n = snprintf(cmd33, sizeof(cmd33), "keys=v:onmax($d).save(p0");
	for (i = 1; i <= HIST_PARAMS_MAX; i++)
		n += snprintf(cmd33 + n, sizeof(cmd33) - n, ",p%d", i);
	strlcat(cmd33, ")", sizeof(cmd33));
	p = hpk_accepted(test, cmd33);
	KUNIT_EXPECT_TRUE(test, p->spec.actions[0].params_overflow);
	KUNIT_EXPECT_EQ(test, p->spec.actions[0].n_params, HIST_PARAMS_MAX);
	/* An item that is none is refused first, a malformed action next. */
	hpk_refused_silently(test, "keys=v:onmax($d).save():bogus",
			     HIST_QUIET_UNKNOWN_ITEM);
	hpk_refused(test, "keys=v:a=1,b:onmax($d).save()",
		    HIST_ERR_INVALID_PARAM, "hist:");
}

static void hpk_test_filter(struct kunit *test)
{
	struct hist_parse *p;

	p = hpk_accepted(test, "keys=v:vals=w\tif v == 1");
	KUNIT_EXPECT_STREQ(test, p->spec.vals, "w");
	KUNIT_EXPECT_STREQ(test, p->spec.filter, "if v == 1");
	/* No blank after "if": no filter. */
	p = hpk_accepted(test, "keys=v:vals=w if(v == 1)");
	KUNIT_EXPECT_NULL(test, p->spec.filter);
	/* The filter is cut first, parentheses or not. */
	p = hpk_accepted(test, "keys=v:onmax($d).save(code if v == 1)");
	KUNIT_EXPECT_STREQ(test, p->spec.filter, "if v == 1)");
	/* "if" and nothing else is refused before anything else. */
	hpk_refused_silently(test, "keys=v:a=1,b if", HIST_QUIET_FILTER_EMPTY);
	hpk_refused_silently(test, "keys=v:onmax($d).save() if \t",
			     HIST_QUIET_FILTER_EMPTY);
	/* A blank, "if" and one character end the command: refused too. */
	hpk_refused_silently(test, "keys=v ifx", HIST_QUIET_FILTER_TAIL);
}

static int hpk_suite_init(struct kunit_suite *suite)
{
	hpk_tr = trace_array_get_by_name(HPK_INSTANCE, NULL);
	return hpk_tr ? 0 : -ENOMEM;
}

static void hpk_suite_exit(struct kunit_suite *suite)
{
	trace_array_put(hpk_tr);
	trace_array_destroy(hpk_tr);
}

static struct kunit_case hist_parse_test_cases[] = {
	KUNIT_CASE(hpk_test_scan),
	KUNIT_CASE(hpk_test_attributes),
	KUNIT_CASE(hpk_test_assignments),
	KUNIT_CASE(hpk_test_actions),
	KUNIT_CASE(hpk_test_filter),
	{}
};

static struct kunit_suite hist_parse_test_suite = {
	.name		= "hist_parse",
	.suite_init	= hpk_suite_init,
	.suite_exit	= hpk_suite_exit,
	.test_cases	= hist_parse_test_cases,
};

kunit_test_suite(hist_parse_test_suite);

MODULE_DESCRIPTION("KUnit tests for the hist command parser");
MODULE_LICENSE("GPL");
