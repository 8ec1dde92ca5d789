// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite of synthetic events (trace_events_synth.c), built in by
 * CONFIG_SYNTH_EVENTS_KUNIT_TEST and run at boot.
 *
 * The cases use the interfaces the users of synthetic events have: the
 * type helpers, lookup and pinning of trace_synth.h (the hist code),
 * synth_event_emit() called as a hist trace() action calls it, and the
 * synth_event_* API of <linux/trace_events.h> (kernel modules), including
 * the dynevent_cmd builder underneath it.
 *
 * Records are generated into a trace instance of their own, where only the
 * event under test is enabled, read back with ring_buffer_consume() and
 * decoded with the offsets and sizes of the event's format fields, as a
 * trace consumer reads them: so they also check that the format file tells
 * the truth about the layout.
 */

#include <kunit/test.h>
#include <linux/mutex.h>
#include <linux/preempt.h>
#include <linux/ring_buffer.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace.h>
#include <linux/trace_events.h>
#include <linux/vmalloc.h>

#include "trace.h"
#include "trace_synth.h"

#define SK_INSTANCE	"synth_kunit"

/* ---- type helpers --------------------------------------------------------- */

/**
 * struct sk_type_case - what stock 6.12 makes of one field type string
 * @type:	the type string
 * @size:	synth_field_size()
 * @is_signed:	synth_field_signed()
 * @is_string:	synth_field_is_string()
 * @is_stack:	synth_field_is_stack()
 */
struct sk_type_case {
	const char	*type;
	int		size;
	bool		is_signed;
	bool		is_string;
	bool		is_stack;
};

static const struct sk_type_case sk_type_cases[] = {
	{ "u64",		8,		false,	false,	false },
	{ "s64",		8,		true,	false,	false },
	{ "s8",			1,		true,	false,	false },
	{ "unsigned char",	1,		false,	false,	false },
	{ "bool",		1,		true,	false,	false },
	{ "pid_t",		4,		true,	false,	false },
	{ "gfp_t",		4,		false,	false,	false },
	{ "unsigned long",	sizeof(long),	false,	false,	false },
	{ "char[16]",		16,		true,	true,	false },
	{ "char[016]",		14,		true,	true,	false },
	{ "unsigned char[3]",	3,		false,	true,	false },
	{ "char[]",		0,		true,	true,	false },
	{ "char[0]",		0,		true,	true,	false },
	{ "long[]",		0,		true,	false,	true },
	{ "unsigned long[]",	0,		true,	false,	true },
	{ "char[257]",		-EINVAL },
	{ "char[0x10]",		-EINVAL },
	{ "short",		-EINVAL },
	{ "u64[]",		-EINVAL },
};

static void sk_test_types(struct kunit *test)
{
	const struct sk_type_case *c;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(sk_type_cases); i++) {
		c = &sk_type_cases[i];
		KUNIT_EXPECT_EQ_MSG(test, synth_field_size(c->type), c->size,
				    "type %s", c->type);
		KUNIT_EXPECT_EQ_MSG(test, synth_field_signed(c->type),
				    c->is_signed, "type %s", c->type);
		KUNIT_EXPECT_EQ_MSG(test, synth_field_is_string(c->type),
				    c->is_string, "type %s", c->type);
		KUNIT_EXPECT_EQ_MSG(test, synth_field_is_stack(c->type),
				    c->is_stack, "type %s", c->type);
	}
}

/* ---- lookup and pinning --------------------------------------------------- */

static struct synth_field_desc sk_pin_fields[] = {
	{ .type = "u64",	.name = "a" },
	{ .type = "char[8]",	.name = "s" },
};

static void sk_test_lookup_pin(struct kunit *test)
{
	const struct synth_field *f;
	struct synth_event *se;

	KUNIT_ASSERT_EQ(test, synth_event_create("sk_pin", sk_pin_fields,
						 ARRAY_SIZE(sk_pin_fields),
						 NULL), 0);

	mutex_lock(&event_mutex);
	KUNIT_EXPECT_NULL(test, synth_event_find("sk_none"));
	se = synth_event_find("sk_pin");
	KUNIT_EXPECT_NOT_NULL(test, se);
	if (se) {
		KUNIT_EXPECT_STREQ(test, synth_event_name(se), "sk_pin");
		KUNIT_EXPECT_EQ(test, synth_event_n_fields(se), 2);
		f = synth_event_field(se, 1);
		KUNIT_EXPECT_STREQ(test, f->name, "s");
		KUNIT_EXPECT_STREQ(test, f->type, "char[8]");
		KUNIT_EXPECT_EQ(test, f->size, 8);
		KUNIT_EXPECT_TRUE(test, f->is_string && !f->is_dynamic);
		KUNIT_EXPECT_NULL(test, synth_event_field(se, 2));
		synth_event_get(se);
	}
	mutex_unlock(&event_mutex);
	if (!se)
		goto out_delete;

	KUNIT_EXPECT_EQ(test, synth_event_delete("sk_pin"), -EBUSY);
	mutex_lock(&event_mutex);
	synth_event_put(se);
	mutex_unlock(&event_mutex);
out_delete:
	KUNIT_EXPECT_EQ(test, synth_event_delete("sk_pin"), 0);
	KUNIT_EXPECT_EQ(test, synth_event_delete("sk_pin"), -ENOENT);
}

/* ---- generating records and reading them back ----------------------------- */

/**
 * struct sk_env - an event under test, enabled in its own instance
 * @tr:		the instance, or NULL before it is got
 * @file:	the event's file in it, or NULL before it is got
 * @enabled:	whether the event was enabled in the instance
 * @se:		the event, pinned, or NULL before it is
 * @name:	the event's name
 * @destroy_ret: what trace_array_destroy() of the instance returned
 * @delete_ret:	what synth_event_delete() of the event returned
 *
 * Made by sk_env_init(), which also registers sk_env_undo() to run when
 * the case ends, however it ends: a failed assertion in the middle of a
 * case leaves no event or instance to the cases after it. sk_env_exit()
 * runs the undo at once and checks that both went away.
 */
struct sk_env {
	struct trace_array	*tr;
	struct trace_event_file	*file;
	bool			enabled;
	struct synth_event	*se;
	const char		*name;
	int			destroy_ret;
	int			delete_ret;
};

/* Undoes, last first, what sk_env_init() did of its steps. */
static void sk_env_undo(void *data)
{
	struct sk_env *env = data;

	if (env->se) {
		mutex_lock(&event_mutex);
		synth_event_put(env->se);
		mutex_unlock(&event_mutex);
	}
	if (env->enabled)
		trace_array_set_clr_event(env->tr, SYNTH_SYSTEM, env->name,
					  false);
	if (env->file)
		trace_put_event_file(env->file);
	if (env->tr) {
		trace_array_put(env->tr);
		env->destroy_ret = trace_array_destroy(env->tr);
	}
	env->delete_ret = synth_event_delete(env->name);
}

static struct sk_env *sk_env_init(struct kunit *test, const char *name,
				  struct synth_field_desc *fields,
				  unsigned int n_fields)
{
	struct trace_event_file *file;
	struct sk_env *env;

	env = kunit_kzalloc(test, sizeof(*env), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, env);
	env->name = name;
	KUNIT_ASSERT_EQ(test, synth_event_create(name, fields, n_fields, NULL),
			0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, sk_env_undo, env),
			0);

	env->tr = trace_array_get_by_name(SK_INSTANCE, NULL);
	KUNIT_ASSERT_NOT_NULL(test, env->tr);
	file = trace_get_event_file(SK_INSTANCE, SYNTH_SYSTEM, name);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, file);
	env->file = file;
	KUNIT_ASSERT_EQ(test, trace_array_set_clr_event(env->tr, SYNTH_SYSTEM,
							name, true), 0);
	env->enabled = true;

	mutex_lock(&event_mutex);
	env->se = synth_event_find(name);
	synth_event_get(env->se);
	mutex_unlock(&event_mutex);
	return env;
}

static void sk_env_exit(struct kunit *test, struct sk_env *env)
{
	kunit_release_action(test, sk_env_undo, env);
	KUNIT_EXPECT_EQ(test, env->destroy_ret, 0);
	KUNIT_EXPECT_EQ(test, env->delete_ret, 0);
}

/* The next record of the instance, from any CPU, or NULL. */
static void *sk_next_record(struct sk_env *env)
{
	struct ring_buffer_event *ev;
	int cpu;

	for_each_online_cpu(cpu) {
		ev = ring_buffer_consume(env->tr->array_buffer.buffer, cpu,
					 NULL, NULL);
		if (ev)
			return ring_buffer_event_data(ev);
	}
	return NULL;
}

/* The format field @name of the event. */
static struct ftrace_event_field *sk_field(struct kunit *test,
					   struct sk_env *env,
					   const char *name)
{
	struct ftrace_event_field *field;

	list_for_each_entry(field, trace_get_fields(env->file->event_call), link)
		if (!strcmp(field->name, name))
			return field;
	KUNIT_FAIL_AND_ABORT(test, "no format field %s", name);
}

/* A __data_loc field of @rec: its data, and its length in @len. */
static const void *sk_data_loc(struct kunit *test, struct sk_env *env,
			       const void *rec, const char *name,
			       unsigned int *len)
{
	struct ftrace_event_field *field = sk_field(test, env, name);
	u32 loc;

	KUNIT_EXPECT_TRUE(test, str_has_prefix(field->type, "__data_loc "));
	loc = *(const u32 *)(rec + field->offset);
	*len = loc >> 16;
	return rec + (loc & 0xffff);
}

static u64 sk_number(struct kunit *test, struct sk_env *env,
		     const void *rec, const char *name)
{
	struct ftrace_event_field *field = sk_field(test, env, name);
	const void *p = rec + field->offset;

	switch (field->size) {
	case 1:
		return field->is_signed ? (u64)*(const s8 *)p : *(const u8 *)p;
	case 2:
		return field->is_signed ? (u64)*(const s16 *)p : *(const u16 *)p;
	case 4:
		return field->is_signed ? (u64)*(const s32 *)p : *(const u32 *)p;
	default:
		return *(const u64 *)p;
	}
}

static struct synth_field_desc sk_emit_fields[] = {
	{ .type = "u64",		.name = "num" },
	{ .type = "s8",			.name = "small" },
	{ .type = "char[8]",		.name = "str" },
	{ .type = "char[]",		.name = "dyn" },
	{ .type = "unsigned long[]",	.name = "stack" },
	{ .type = "pid_t",		.name = "pid" },
	{ .type = "char[]",		.name = "longdyn" },
};

/*
 * synth_event_emit() as a hist action calls it: values in any order,
 * picked through the index array; strings and stack traces by pointer.
 */
static void sk_test_emit(struct kunit *test)
{
	static const unsigned long stack[HIST_STACKTRACE_DEPTH] = {
		0x1234, 0x5678, 0
	};
	/* Field i takes vals[idx[i]]: the values are stored backwards. */
	static const unsigned int idx[] = { 6, 5, 4, 3, 2, 1, 0 };
	const void *rec, *data;
	struct sk_env *env;
	unsigned int len;
	char *longstr;
	u64 vals[7];

	longstr = kunit_kzalloc(test, 2 * STR_VAR_LEN_MAX, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, longstr);
	memset(longstr, 'x', 2 * STR_VAR_LEN_MAX - 1);

	vals[6] = 0x1122334455667788ULL;
	vals[5] = (u64)-3;
	vals[4] = (u64)(unsigned long)"truncated";
	vals[3] = (u64)(unsigned long)"dynamic";
	vals[2] = (u64)(unsigned long)stack;
	vals[1] = 42;
	vals[0] = (u64)(unsigned long)longstr;

	env = sk_env_init(test, "sk_emit", sk_emit_fields,
			  ARRAY_SIZE(sk_emit_fields));

	preempt_disable();
	synth_event_emit(env->se, vals, idx);
	preempt_enable();

	rec = sk_next_record(env);
	KUNIT_ASSERT_NOT_NULL(test, rec);
	KUNIT_EXPECT_EQ(test, ((const struct trace_entry *)rec)->type,
			env->file->event_call->event.type);
	KUNIT_EXPECT_EQ(test, sk_number(test, env, rec, "num"),
			0x1122334455667788ULL);
	KUNIT_EXPECT_EQ(test, (s64)sk_number(test, env, rec, "small"), -3);
	KUNIT_EXPECT_EQ(test, sk_number(test, env, rec, "pid"), 42);

	/* char[8] keeps 7 characters and the NUL */
	KUNIT_EXPECT_STREQ(test, (const char *)rec +
			   sk_field(test, env, "str")->offset, "truncat");

	/* char[] takes exactly strlen() + 1 bytes */
	data = sk_data_loc(test, env, rec, "dyn", &len);
	KUNIT_EXPECT_EQ(test, len, sizeof("dynamic"));
	KUNIT_EXPECT_MEMEQ(test, data, "dynamic", sizeof("dynamic"));

	/* up to STR_VAR_LEN_MAX - 1 characters and the NUL */
	data = sk_data_loc(test, env, rec, "longdyn", &len);
	KUNIT_EXPECT_EQ(test, len, STR_VAR_LEN_MAX);
	KUNIT_EXPECT_EQ(test, strnlen(data, len), STR_VAR_LEN_MAX - 1);

	/* the stack ends at its first zero entry */
	data = sk_data_loc(test, env, rec, "stack", &len);
	KUNIT_EXPECT_EQ(test, len, 2 * sizeof(long));
	KUNIT_EXPECT_MEMEQ(test, data, stack, 2 * sizeof(long));

	KUNIT_EXPECT_NULL(test, sk_next_record(env));

	/* Disabled in the instance: nothing is generated. */
	trace_array_set_clr_event(env->tr, SYNTH_SYSTEM, env->name, false);
	preempt_disable();
	synth_event_emit(env->se, vals, idx);
	preempt_enable();
	KUNIT_EXPECT_NULL(test, sk_next_record(env));

	sk_env_exit(test, env);
}

static struct synth_field_desc sk_edge_fields[] = {
	{ .type = "char[]",	.name = "d" },
};

/*
 * Emit a kernel string at @str into sk_edge's char[] field; return what the
 * record holds (its length in @len), or NULL.
 */
static const char *sk_edge_emit(struct kunit *test, struct sk_env *env,
				const char *str, unsigned int *len)
{
	static const unsigned int idx[] = { 0 };
	u64 vals[] = { (u64)(unsigned long)str };
	const void *rec;

	preempt_disable();
	synth_event_emit(env->se, vals, idx);
	preempt_enable();
	rec = sk_next_record(env);
	KUNIT_EXPECT_NOT_NULL(test, rec);
	return rec ? sk_data_loc(test, env, rec, "d", len) : NULL;
}

/*
 * A kernel string is measured a word at a time up to its NUL, never past
 * its page: at the end of a page followed by an unmapped one (a vmalloc
 * guard page), a string whose NUL is the page's last byte is recorded
 * whole from any start offset, and one that runs into the next page is
 * unreadable, recorded empty.
 */
static void sk_test_emit_page_end(struct kunit *test)
{
	const char *data;
	struct sk_env *env;
	unsigned int len, n;
	char *page, *end;

	page = vmalloc(PAGE_SIZE);
	KUNIT_ASSERT_NOT_NULL(test, page);
	end = page + PAGE_SIZE;
	memset(page, 'y', PAGE_SIZE);
	env = sk_env_init(test, "sk_edge", sk_edge_fields,
			  ARRAY_SIZE(sk_edge_fields));

	end[-1] = '\0';
	for (n = 1; n <= 2 * sizeof(long) + 1; n++) {
		data = sk_edge_emit(test, env, end - n, &len);
		if (!data)
			break;
		KUNIT_EXPECT_EQ(test, len, n);
		KUNIT_EXPECT_EQ(test, strnlen(data, len), n - 1);
	}

	end[-1] = 'y';
	for (n = 1; n <= sizeof(long) + 1; n++) {
		data = sk_edge_emit(test, env, end - n, &len);
		if (!data)
			break;
		KUNIT_EXPECT_EQ(test, len, 1);
		KUNIT_EXPECT_EQ(test, data[0], '\0');
	}

	sk_env_exit(test, env);
	vfree(page);
}

/* ---- the module API ------------------------------------------------------- */

static struct synth_field_desc sk_api_fields[] = {
	{ .type = "int",	.name = "i" },
	{ .type = "char[]",	.name = "d" },
};

static struct synth_field_desc sk_fixed_fields[] = {
	{ .type = "u32",	.name = "a" },
	{ .type = "u32",	.name = "b" },
};

static void sk_test_trace_api(struct kunit *test)
{
	struct synth_event_trace_state state;
	const void *rec, *data;
	struct sk_env *env;
	unsigned int len;
	u64 vals[2] = { (u64)-7, (u64)(unsigned long)"api" };

	env = sk_env_init(test, "sk_api", sk_api_fields,
			  ARRAY_SIZE(sk_api_fields));

	KUNIT_EXPECT_EQ(test, synth_event_trace_array(env->file, vals, 1),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, synth_event_trace_array(env->file, vals, 2), 0);
	rec = sk_next_record(env);
	KUNIT_ASSERT_NOT_NULL(test, rec);
	KUNIT_EXPECT_EQ(test, (s64)sk_number(test, env, rec, "i"), -7);
	data = sk_data_loc(test, env, rec, "d", &len);
	KUNIT_EXPECT_EQ(test, len, sizeof("api"));
	KUNIT_EXPECT_MEMEQ(test, data, "api", sizeof("api"));

	/* The piecewise API cannot size variable-length fields. */
	KUNIT_EXPECT_EQ(test, synth_event_trace_start(env->file, &state),
			-EINVAL);
	sk_env_exit(test, env);

	env = sk_env_init(test, "sk_fixed", sk_fixed_fields,
			  ARRAY_SIZE(sk_fixed_fields));
	KUNIT_ASSERT_EQ(test, synth_event_trace_start(env->file, &state), 0);
	KUNIT_EXPECT_EQ(test, synth_event_add_val("b", 2, &state), 0);
	KUNIT_EXPECT_EQ(test, synth_event_add_val("nope", 3, &state), -EINVAL);
	KUNIT_EXPECT_EQ(test, synth_event_add_next_val(1, &state), -EINVAL);
	KUNIT_EXPECT_EQ(test, synth_event_trace_end(&state), 0);
	rec = sk_next_record(env);
	KUNIT_ASSERT_NOT_NULL(test, rec);
	/* a field not set reads as zero */
	KUNIT_EXPECT_EQ(test, sk_number(test, env, rec, "a"), 0);
	KUNIT_EXPECT_EQ(test, sk_number(test, env, rec, "b"), 2);
	sk_env_exit(test, env);
}

/*
 * A command that outgrows its buffer stays overflowed: later pieces and
 * running it fail with -E2BIG, and nothing is created.
 */
static void sk_test_cmd_overflow(struct kunit *test)
{
	struct dynevent_cmd cmd;
	char buf[24];

	synth_event_cmd_init(&cmd, buf, sizeof(buf));
	KUNIT_EXPECT_EQ(test, synth_event_gen_cmd_start(&cmd, "sk_overflow",
							NULL, "u64", "a"), 0);
	KUNIT_EXPECT_EQ(test, synth_event_add_field(&cmd, "u64", "too_long"),
			-E2BIG);
	KUNIT_EXPECT_EQ(test, synth_event_add_field(&cmd, "u8", "b"), -E2BIG);
	KUNIT_EXPECT_EQ(test, synth_event_gen_cmd_end(&cmd), -E2BIG);
	KUNIT_EXPECT_EQ(test, synth_event_delete("sk_overflow"), -ENOENT);

	synth_event_cmd_init(&cmd, buf, sizeof(buf));
	KUNIT_EXPECT_EQ(test, synth_event_gen_cmd_start(&cmd, "sk_fits",
							NULL, "u64", "a"), 0);
	KUNIT_EXPECT_STREQ(test, buf, "sk_fits u64 a;");
	KUNIT_EXPECT_EQ(test, synth_event_gen_cmd_end(&cmd), 0);
	KUNIT_EXPECT_EQ(test, synth_event_delete("sk_fits"), 0);
}

static struct kunit_case synth_event_test_cases[] = {
	KUNIT_CASE(sk_test_types),
	KUNIT_CASE(sk_test_lookup_pin),
	KUNIT_CASE(sk_test_emit),
	KUNIT_CASE(sk_test_emit_page_end),
	KUNIT_CASE(sk_test_trace_api),
	KUNIT_CASE(sk_test_cmd_overflow),
	{}
};

static struct kunit_suite synth_event_test_suite = {
	.name = "synth_events",
	.test_cases = synth_event_test_cases,
};

kunit_test_suite(synth_event_test_suite);
