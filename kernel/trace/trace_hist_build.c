// SPDX-License-Identifier: GPL-2.0
/*
 * Histogram triggers: building a struct hist_trigger from a parsed command.
 *
 * hist_build() compiles, in this order (the ABI's: it decides which error
 * of a command with several is reported), the values, the variables, the
 * keys and the sort keys; the command layer then sets the filter, and
 * hist_build_actions() compiles the actions, orders the program (the
 * fields the key needs first: phase KEY) and lays out what an entry and an
 * event in flight need:
 *
 *	key bytes	numbers take 8 bytes (sign-extended), so that keys of
 *			fields of different sizes but equal values match across
 *			histograms; strings take their buffer, stack traces
 *			HIST_STACKTRACE_SIZE; each part is 8-byte aligned
 *	sums		hitcount first, then the values
 *	variables	one map variable each; strings and stack traces also
 *			get two buffers in the entry's private data, which
 *			the map variable's protocol switches between
 *	private data	the comm saved for .execname, variable buffers, and
 *			what the actions keep (see trace_hist_action.c)
 *
 * No map is allocated here: a trigger built for "!hist:..." or to find an
 * existing trigger never needs one. hist_table_create() does that for a
 * trigger that is going to be registered.
 *
 * Called under event_mutex.
 */
#include <linux/bitmap.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace_hist.h"

/*
 * Give key @f its place in the map's key; false when the keys so far
 * would be longer than HIST_KEY_SIZE_MAX as the ABI counts them, which
 * refuses the command there, before the keys after it are read. @counted
 * is what the keys before @f count; updated.
 *
 * The ABI counts a key by its size, but for a stack array of the record
 * keyed otherwise than with ".stacktrace" (bare, ".hex", ".log2"...): that
 * counts as a string would, HIST_STR_MAX bytes, though it takes no more
 * than any stack in the key ("keys=delta,delta" is refused where
 * "keys=delta.stacktrace,delta.stacktrace" is taken).
 */
static bool hist_place_key(struct hist_trigger *ht, struct hist_field *f,
			   unsigned int *counted)
{
	unsigned int abi;

	if (hist_field_is_stack(f))
		f->key_size = HIST_STACKTRACE_SIZE;
	else if (hist_field_is_string(f))
		f->key_size = ALIGN(f->size, sizeof(u64));
	else
		f->key_size = sizeof(u64);
	abi = f->key_size;
	if (f->kind == HIST_K_DYNSTACK && !(f->mods & HIST_M_STACKTRACE))
		abi = HIST_STR_MAX;
	if (*counted + abi > HIST_KEY_SIZE_MAX)
		return false;
	*counted += abi;
	f->key_off = ht->key_size;
	ht->key_size += f->key_size;
	return true;
}

/* Whether @f reads a variable, itself or through an operand. */
static bool hist_reads_var(const struct hist_field *f)
{
	return f && (f->kind == HIST_K_VAR_REF || hist_reads_var(f->operand[0]) ||
		     hist_reads_var(f->operand[1]));
}

/* A key is never a variable's value: "keys=$x" and "keys=$x+1" are refused. */
static int hist_build_keys(struct hist_build *b)
{
	struct hist_spec *s = &b->p->spec;
	struct hist_trigger *ht = b->ht;
	struct hist_field *f;
	unsigned int i, counted = 0;

	for (i = 0; i < s->n_keys; i++) {
		if (!*s->keys[i])
			return hist_fail(b->p, HIST_ERR_FIELD_NOT_FOUND, "");
		f = hist_field_parse(b, s->keys[i], HIST_R_KEY);
		if (IS_ERR(f))
			return PTR_ERR(f);
		if (hist_reads_var(f))
			return hist_fail(b->p, HIST_ERR_KEY_VAR_REF,
					 s->keys[i]);
		/*
		 * A grouped hitcount or stack trace key has no name (none
		 * that sort= finds, the hitcount none printed either).
		 */
		if ((f->kind == HIST_K_HITCOUNT ||
		     f->kind == HIST_K_STACKTRACE) &&
		    (f->mods & HIST_M_GROUP)) {
			kfree(f->name);
			f->name = kstrdup("", GFP_KERNEL);
			if (!f->name)
				return -ENOMEM;
		}
		if (!hist_place_key(ht, f, &counted))
			return hist_fail(b->p, HIST_QUIET_KEY_TOO_BIG,
					 s->keys[i]);
		ht->keys[ht->n_keys++] = f;
	}
	if (s->keys_overflow)
		return hist_fail(b->p, HIST_QUIET_TOO_MANY_KEYS, NULL);
	return 0;
}

/*
 * Whether the next piece of a vals= list (up to a ',') ends in a
 * statistic, ".min", ".max" or ".avg". Read before the piece is parsed.
 */
static bool hist_names_stat(const char *list)
{
	const struct hist_mod_desc *m;
	size_t len, n;

	if (!list)
		return false;
	len = strcspn(list, ",");
	for (m = hist_mods; m->name; m++) {
		n = strlen(m->name);
		if ((m->mod & HIST_M_STAT) && len > n + 1 &&
		    list[len - n - 1] == '.' &&
		    !strncmp(list + len - n, m->name, n))
			return true;
	}
	return false;
}

/*
 * vals=: read until the table's sums are all taken. The first plain
 * "hitcount" is the sum every table has; a list with more values than
 * sums is refused, unless all that is left is one more "hitcount".
 * Statistics (.min, .max, .avg: new syntax) have sums of their own, up to
 * HIST_STATS_MAX, so that a list of plain values is taken or refused
 * exactly as the ABI has it.
 */
static int hist_build_vals(struct hist_build *b)
{
	struct hist_trigger *ht = b->ht;
	char *list = b->p->spec.vals, *piece;
	unsigned int n_plain = 1, n_stats = 0;
	bool plain_hitcount_seen = false;
	struct hist_field *f;

	f = hist_field_new(b, HIST_K_HITCOUNT, "hitcount");
	if (IS_ERR(f))
		return PTR_ERR(f);
	f->roles = HIST_R_VAL;
	ht->vals[ht->n_vals++] = f;

	while ((n_plain < HIST_VALS_MAX || hist_names_stat(list)) &&
	       (piece = hist_next(&list, ','))) {
		if (!*piece)
			return hist_fail(b->p, HIST_ERR_FIELD_NOT_FOUND, "");
		if (!strcmp(piece, "hitcount") && !plain_hitcount_seen) {
			plain_hitcount_seen = true;
			continue;
		}
		if (hist_names_stat(piece) && n_stats == HIST_STATS_MAX)
			return hist_fail(b->p, HIST_ERR_TOO_MANY_STATS, piece);
		f = hist_field_parse(b, piece, HIST_R_VAL);
		if (IS_ERR(f))
			return PTR_ERR(f);
		/*
		 * Counted by what the value is, not by how its text ends
		 * ("a.pid.graph.min" is a .graph value): these two bounds
		 * are what keeps @ht->vals within HIST_SUMS_MAX.
		 */
		if (f->mods & HIST_M_STAT) {
			if (n_stats == HIST_STATS_MAX)
				return hist_fail(b->p, HIST_ERR_TOO_MANY_STATS,
						 NULL);
			n_stats++;
		} else {
			if (n_plain == HIST_VALS_MAX)
				return hist_fail(b->p, HIST_QUIET_TOO_MANY_VALS,
						 NULL);
			n_plain++;
		}
		ht->vals[ht->n_vals++] = f;
	}
	if (list && strcmp(list, "hitcount"))
		return hist_fail(b->p, HIST_QUIET_TOO_MANY_VALS, list);
	if (ht->nohitcount && ht->n_vals == 1)
		return hist_fail(b->p, HIST_ERR_NEED_NOHC_VAL, NULL);
	return 0;
}

/*
 * Whether variable @i of the command is defined already: by an earlier
 * assignment of the command, or by another histogram of the event (even
 * when the command would only pause or clear an existing histogram). A
 * "!hist:..." defines nothing: it is never refused for either.
 */
static bool hist_var_defined(struct hist_build *b, unsigned int i)
{
	struct hist_spec *s = &b->p->spec;
	unsigned int j;

	if (b->probe)
		return false;
	for (j = 0; j < i; j++)
		if (!strcmp(s->vars[j].name, s->vars[i].name))
			return true;
	return hist_var_on_event(b->ht->file, s->vars[i].name);
}

static int hist_build_vars(struct hist_build *b)
{
	struct hist_spec *s = &b->p->spec;
	struct hist_trigger *ht = b->ht;
	struct hist_field *f;
	struct hist_var *var;
	unsigned int i;

	for (i = 0; i < s->n_vars; i++) {
		if (hist_var_defined(b, i))
			return hist_fail(b->p, HIST_ERR_VAR_DEFINED,
					 s->vars[i].name);
		if (hist_var_lead(b, i))
			return -ENOMEM;
		f = hist_field_parse(b, s->vars[i].expr, HIST_R_VAR);
		if (IS_ERR(f))
			return PTR_ERR(f);

		var = kzalloc(sizeof(*var), GFP_KERNEL);
		if (!var)
			return -ENOMEM;
		ht->vars[ht->n_vars++] = var;
		var->name = kstrdup(s->vars[i].name, GFP_KERNEL);
		if (!var->name)
			return -ENOMEM;
		var->field = f;
		var->owner = ht;
		var->idx = ht->n_vars - 1;
		var->priv_off = -1;
	}
	return 0;
}

/*
 * The key or value a sort key names: "hitcount", a value, or a key. A
 * value "$x" is named "x" ("vals=$x:sort=x"). @stat: the statistic named
 * ("lat.min" is HIST_M_MIN of lat), 0 for none.
 */
static struct hist_field *hist_sort_target(struct hist_trigger *ht,
					   const char *name, unsigned int stat)
{
	const char *vname;
	unsigned int i;

	for (i = 0; i < ht->n_vals; i++) {
		vname = ht->vals[i]->name;
		if (ht->vals[i]->kind == HIST_K_VAR_REF && *vname == '$')
			vname++;
		if (!strcmp(vname, name) &&
		    (ht->vals[i]->mods & HIST_M_STAT) == stat)
			return ht->vals[i];
	}
	if (stat)
		return NULL;
	for (i = 0; i < ht->n_keys; i++)
		if (!strcmp(ht->keys[i]->name, name))
			return ht->keys[i];
	return NULL;
}

/*
 * The statistic a sort key's modifiers @*mod start with ("min" of
 * "lat.min.descending"), moving @*mod past it; 0 when there is none.
 */
static unsigned int hist_sort_stat(char **mod)
{
	const struct hist_mod_desc *m;
	size_t n;

	if (!*mod)
		return 0;
	for (m = hist_mods; m->name; m++) {
		n = strlen(m->name);
		if (!(m->mod & HIST_M_STAT) || strncmp(*mod, m->name, n) ||
		    ((*mod)[n] && (*mod)[n] != '.'))
			continue;
		*mod = (*mod)[n] ? *mod + n + 1 : NULL;
		return m->mod;
	}
	return 0;
}

static int hist_build_sort(struct hist_build *b)
{
	struct hist_spec *s = &b->p->spec;
	struct hist_trigger *ht = b->ht;
	char *text, *mod, *stat_mod;
	unsigned int i, stat;

	if (!s->n_sort) {
		ht->sort[ht->n_sort++].field = ht->vals[0];
		return 0;
	}
	for (i = 0; i < s->n_sort; i++) {
		struct hist_sort *sort = &ht->sort[ht->n_sort];

		/*
		 * Too many: found when the last one that fits is reached,
		 * unless it is empty; the field ("" in ".descending" too),
		 * then its modifier.
		 */
		text = s->sort[i];
		if (*text && s->sort_overflow && i == HIST_SORT_KEYS_MAX - 1)
			return hist_fail(b->p, HIST_ERR_TOO_MANY_SORT_FIELDS,
					 s->sort_overflow);
		mod = strchr(text, '.');
		if (mod)
			*mod++ = '\0';
		if (!*text)
			return hist_fail(b->p, HIST_ERR_EMPTY_SORT_FIELD,
					 "sort=");
		/*
		 * "lat.min" names lat's .min value; with none, ".min" is
		 * an invalid sort modifier of lat, as the ABI has it.
		 */
		stat_mod = mod;
		stat = hist_sort_stat(&mod);
		sort->field = hist_sort_target(ht, text, stat);
		if (!sort->field && stat) {
			mod = stat_mod;
			sort->field = hist_sort_target(ht, text, 0);
		}
		if (!sort->field)
			return hist_fail(b->p, HIST_ERR_INVALID_SORT_FIELD,
					 text);
		if (mod && !strcmp(mod, "descending"))
			sort->descending = true;
		else if (mod && strcmp(mod, "ascending"))
			return hist_fail_dotted(b->p,
						HIST_ERR_INVALID_SORT_MODIFIER,
						mod);
		ht->n_sort++;
	}
	return 0;
}

/* Where every value, variable and stack buffer goes. */
static void hist_layout(struct hist_trigger *ht)
{
	unsigned int i, priv = 0;

	/* The keys were placed as they were built (hist_place_key()). */
	for (i = 0; i < ht->n_keys; i++)
		if (ht->keys[i]->mods & HIST_M_EXECNAME)
			ht->comm_off = 0;
	if (ht->comm_off == 0)
		priv = TASK_COMM_LEN;

	for (i = 0; i < ht->n_vals; i++)
		ht->vals[i]->sum_idx = i;

	for (i = 0; i < ht->n_vars; i++) {
		struct hist_var *var = ht->vars[i];

		if (hist_field_is_stack(var->field))
			var->bytes = HIST_STACKTRACE_SIZE;
		else if (hist_field_is_string(var->field))
			var->bytes = HIST_STR_MAX;
		if (var->bytes) {
			var->priv_off = priv;
			priv += 2 * var->bytes;
		}
	}
	hist_actions_layout(ht, &priv);
	ht->priv_size = priv;
}

/* Mark @f and the operands it is computed from. */
static void hist_mark_tree(const struct hist_field *f, unsigned long *marks)
{
	unsigned int i;

	__set_bit(f->slot, marks);
	for (i = 0; i < ARRAY_SIZE(f->operand) && f->operand[i]; i++)
		hist_mark_tree(f->operand[i], marks);
}

/*
 * The program: every field in evaluation order, those the key needs first
 * (phase KEY), each group in creation order, which puts operands before
 * the fields that use them. Fields are numbered (their slots) in that
 * order.
 */
static int hist_program(struct hist_trigger *ht)
{
	DECLARE_BITMAP(keyed, HIST_FIELDS_MAX) = { };
	DECLARE_BITMAP(resolved, HIST_FIELDS_MAX) = { };
	unsigned int i, pass, n = 0;
	struct hist_field *f;
	u64 fixed;

	ht->prog = kcalloc(ht->n_slots, sizeof(*ht->prog), GFP_KERNEL);
	ht->run = kcalloc(ht->n_slots, sizeof(*ht->run), GFP_KERNEL);
	if (!ht->prog || !ht->run)
		return -ENOMEM;
	for (i = 0; i < ht->n_keys; i++)
		hist_mark_tree(ht->keys[i], keyed);
	ht->n_key_fields = bitmap_weight(keyed, HIST_FIELDS_MAX);

	ht->n_stacks = 1;	/* buffer 0: the stack of the event */
	for (pass = 0; pass < 2; pass++)
		list_for_each_entry(f, &ht->fields, list)
			if (test_bit(f->slot, keyed) == !pass)
				ht->prog[n++] = f;
	for (i = 0; i < n; i++) {
		f = ht->prog[i];
		f->slot = i;
		if (f->kind == HIST_K_STACKTRACE)
			ht->has_stacktrace = true;
		if (f->kind == HIST_K_DYNSTACK)
			f->stack_idx = ht->n_stacks++;
		if (f->kind == HIST_K_TIMESTAMP && (f->mods & HIST_M_USECS))
			ht->ts_usecs = true;
		/*
		 * Not run: a value fixed for the trigger, or the stack of the
		 * event, which a hit captures first, in a place fixed for each
		 * scratch chunk. hist_scratch_alloc() stores both.
		 */
		if (hist_field_fixed_value(f, &fixed) ||
		    f->kind == HIST_K_STACKTRACE)
			continue;
		/*
		 * Nor the first field of each reference: hist_resolve_refs()
		 * reads the variable into its slot.
		 */
		if (f->kind == HIST_K_VAR_REF &&
		    !__test_and_set_bit(f->ref->idx, resolved)) {
			f->ref->slot = i;
			continue;
		}
		ht->run[ht->n_run++] = f;
		if (i < ht->n_key_fields)
			ht->n_run_key++;
	}
	/*
	 * Every reference has a field (hist_drop_folded()), so a slot, and
	 * n_refs <= n_slots <= HIST_FIELDS_MAX bounds @resolved.
	 */
	if (WARN_ON_ONCE(bitmap_weight(resolved, HIST_FIELDS_MAX) != ht->n_refs))
		return -EINVAL;
	return 0;
}

/**
 * hist_build - compile the fields of a parsed hist command for an event
 * @p:		the parsed command; errors are logged through it
 * @file:	the event
 * @probe:	build it only to compare it with registered triggers
 *
 * The values, variables, keys and sort keys; hist_build_actions() does
 * the rest.
 *
 * Return: the trigger, without its table, or an ERR_PTR.
 */
struct hist_trigger *hist_build(struct hist_parse *p,
				struct trace_event_file *file, bool probe)
{
	struct hist_build b = {
		.p = p, .call = file->event_call, .probe = probe,
	};
	struct hist_trigger *ht;
	unsigned int i;
	int ret;

	lockdep_assert_held(&event_mutex);
	ht = kzalloc(sizeof(*ht), GFP_KERNEL);
	if (!ht)
		return ERR_PTR(-ENOMEM);
	INIT_LIST_HEAD(&ht->fields);
	INIT_LIST_HEAD(&ht->refs);
	INIT_LIST_HEAD(&ht->actions);
	INIT_LIST_HEAD(&ht->link);
	ht->file = file;
	ht->tr = file->tr;
	ht->comm_off = -1;
	ht->bits = p->spec.bits;
	ht->nohitcount = p->spec.nohitcount;

	b.ht = ht;

	/* In the ABI's order, which decides which error a user sees first. */
	ret = hist_build_vals(&b);
	if (!ret)
		ret = hist_build_vars(&b);
	if (!ret)
		ret = hist_build_keys(&b);
	if (!ret)
		ret = hist_build_sort(&b);
	for (i = 0; i < ARRAY_SIZE(b.leads); i++)
		kfree(b.leads[i]);
	if (ret) {
		hist_trigger_free(ht);
		return ERR_PTR(ret);
	}
	return ht;
}

/**
 * hist_build_actions - compile the actions of what hist_build() built
 * @p:		the parsed command; errors are logged through it
 * @ht:		the trigger hist_build() returned
 * @probe:	as for hist_build()
 *
 * The actions, then the program's order and the layout. On failure the
 * caller frees @ht.
 *
 * Return: 0 or a negative errno.
 */
int hist_build_actions(struct hist_parse *p, struct hist_trigger *ht,
		       bool probe)
{
	struct hist_build b = {
		.p	= p,
		.ht	= ht,
		.call	= ht->file->event_call,
		.probe	= probe,
	};
	int ret;

	lockdep_assert_held(&event_mutex);
	ret = hist_actions_build(&b);
	if (!ret)
		ret = hist_program(ht);
	if (!ret)
		hist_layout(ht);
	return ret;
}

/* The map hooks get the table, which outlives every trigger sharing it. */
static void *hist_elt_alloc(void *data)
{
	struct hist_table *table = data;

	/* A million entries of a few kilobytes: fail, as the map does. */
	return kzalloc(table->priv_size,
		       GFP_KERNEL_ACCOUNT | __GFP_RETRY_MAYFAIL | __GFP_NOWARN);
}

static void hist_elt_free(void *data, void *priv)
{
	kfree(priv);
}

/*
 * A new key: start its private data afresh, with the comm of the task
 * that hit it for .execname. Event context.
 */
static void hist_elt_init(void *data, struct tracing_map_elt *elt)
{
	struct hist_table *table = data;
	void *priv = tracing_map_elt_private(elt);

	memset(priv, 0, table->priv_size);
	if (table->comm_off >= 0)
		memcpy(priv + table->comm_off, current->comm, TASK_COMM_LEN);
}

static void hist_elt_clear(void *data, struct tracing_map_elt *elt)
{
	struct hist_table *table = data;

	memset(tracing_map_elt_private(elt), 0, table->priv_size);
}

static const struct tracing_map_ops hist_elt_ops = {
	.elt_alloc	= hist_elt_alloc,
	.elt_free	= hist_elt_free,
	.elt_init	= hist_elt_init,
	.elt_clear	= hist_elt_clear,
};

/**
 * hist_table_create - give a trigger its own map
 * @ht:	the trigger, built
 *
 * Return: 0 or -ENOMEM.
 */
int hist_table_create(struct hist_trigger *ht)
{
	struct tracing_map_params params = {
		.bits		= ht->bits,
		.key_size	= ht->key_size,
		.n_sums		= ht->n_vals,
		.n_vars		= ht->n_vars,
	};
	struct hist_table *table;

	table = kzalloc(sizeof(*table), GFP_KERNEL);
	if (!table)
		return -ENOMEM;
	table->priv_size = ht->priv_size;
	table->comm_off = ht->comm_off;
	table->refs = 1;
	ht->table = table;
	params.data = table;
	if (table->priv_size)
		params.ops = &hist_elt_ops;
	table->map = tracing_map_create(&params);
	if (IS_ERR(table->map)) {
		int ret = PTR_ERR(table->map);

		kfree(table);
		ht->table = NULL;
		return ret;
	}
	return 0;
}

/**
 * hist_table_share - make @ht use the table of @leader (named histograms)
 * @ht:		the new trigger
 * @leader:	the first trigger of that name
 */
void hist_table_share(struct hist_trigger *ht, struct hist_trigger *leader)
{
	ht->table = leader->table;
	ht->table->refs++;
}

static void hist_table_put(struct hist_table *table)
{
	if (!table || --table->refs)
		return;
	tracing_map_destroy(table->map);
	kfree(table);
}

/**
 * hist_trigger_clear - forget every entry of a trigger's table
 * @ht:	the trigger; the caller has paused it and waited for events in
 *	flight (tracing_map_clear()'s contract)
 */
void hist_trigger_clear(struct hist_trigger *ht)
{
	tracing_map_clear(ht->table->map);
	ht->table->taken_hits = 0;
	ht->table->taken_drops = 0;
}

/*
 * Whether two fields hold values of one type (name, size), each counted
 * signed as told.
 */
static bool hist_same_type(const struct hist_field *a, bool a_signed,
			   const struct hist_field *b, bool b_signed)
{
	return !strcmp(a->type, b->type) && a->size == b->size &&
	       a_signed == b_signed;
}

/*
 * Whether two keys, values or variables count as the same: the same name,
 * modifiers and type (a named histogram on another event whose field of
 * that name has another type is not the same histogram). The size of
 * .buckets= is not compared ("keys=x.buckets=10" and "keys=x.buckets=20"
 * are the same histogram); the N of .log2=N (ours) is: "x.log2",
 * "x.log2=2" and "x.log2=3" group x apart. Operators are told apart by
 * their type only, not by their operands: "vals=a+b" and "vals=c-d" of
 * one type are the same value to the ABI.
 */
static bool hist_same_field(const struct hist_field *a,
			    const struct hist_field *b)
{
	bool a_op = a->kind >= HIST_K_NEG, b_op = b->kind >= HIST_K_NEG;

	if (a_op != b_op ||
	    (!a_op && strcmp(hist_field_plain(a), hist_field_plain(b))))
		return false;
	return a->mods == b->mods &&
	       (!(a->mods & HIST_M_LOG2) || a->constant == b->constant) &&
	       hist_same_type(a, a->is_signed, b, b->is_signed);
}

/* A .log2 or .buckets key counts as unsigned for hist_trigger_keys_alike(). */
static bool hist_key_signed(const struct hist_field *f)
{
	return f->is_signed && !(f->mods & HIST_M_GROUP);
}

/**
 * hist_trigger_keys_alike - whether two triggers have keys of the same
 * types, whatever their names
 * @a:	one
 * @b:	the other
 *
 * A histogram on another event whose keys are alike is where a field
 * variable of that event is read (hist_field_var_hist() in
 * trace_events_hist.c). Keys are alike when their types are (the type's
 * name too: "int" is not "s32"), where a key grouped by .log2 or .buckets
 * counts as unsigned, as the ABI has it: an s32 "x.log2" is not alike an
 * s32 "code", a u32 "id.log2" is alike a u32 "id".
 *
 * Return: true if so.
 */
bool hist_trigger_keys_alike(const struct hist_trigger *a,
			     const struct hist_trigger *b)
{
	const struct hist_field *x, *y;
	unsigned int i;

	if (a->n_keys != b->n_keys)
		return false;
	for (i = 0; i < a->n_keys; i++) {
		x = a->keys[i];
		y = b->keys[i];
		if (!hist_same_type(x, hist_key_signed(x), y, hist_key_signed(y)))
			return false;
	}
	return true;
}

/**
 * hist_trigger_same_keys - whether two triggers have the same keys
 * @a:	one
 * @b:	the other
 *
 * Return: true if so.
 */
bool hist_trigger_same_keys(const struct hist_trigger *a,
			    const struct hist_trigger *b)
{
	unsigned int i;

	if (a->n_keys != b->n_keys)
		return false;
	for (i = 0; i < a->n_keys; i++)
		if (!hist_same_field(a->keys[i], b->keys[i]))
			return false;
	return true;
}

/**
 * hist_trigger_same - whether two triggers are the same histogram: same
 * keys, values, sort keys, variables and actions (size, name and state are
 * not compared)
 * @a:	one
 * @b:	the other
 *
 * Return: true if so.
 */
bool hist_trigger_same(const struct hist_trigger *a,
		       const struct hist_trigger *b)
{
	unsigned int i;

	if (!hist_trigger_same_keys(a, b) || a->n_vals != b->n_vals ||
	    a->n_sort != b->n_sort || a->n_vars != b->n_vars ||
	    a->nohitcount != b->nohitcount)
		return false;
	for (i = 0; i < a->n_vals; i++)
		if (!hist_same_field(a->vals[i], b->vals[i]))
			return false;
	for (i = 0; i < a->n_sort; i++)
		if (!hist_same_field(a->sort[i].field, b->sort[i].field) ||
		    a->sort[i].descending != b->sort[i].descending)
			return false;
	for (i = 0; i < a->n_vars; i++)
		if (strcmp(a->vars[i]->name, b->vars[i]->name) ||
		    !hist_same_field(a->vars[i]->field, b->vars[i]->field))
			return false;
	return hist_actions_same(a, b);
}

/* Whether @a and @b take the same bytes of an entry, and hold alike there. */
static bool hist_fields_fit(struct hist_field *const *a,
			    struct hist_field *const *b, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (a[i]->form != b[i]->form || a[i]->size != b[i]->size ||
		    a[i]->key_off != b[i]->key_off ||
		    a[i]->key_size != b[i]->key_size ||
		    a[i]->sum_idx != b[i]->sum_idx)
			return false;
	return true;
}

/**
 * hist_table_fits - whether @ht may share the table of @leader
 * @ht:		a trigger joining the name of @leader, built and laid out
 * @leader:	the first trigger of that name
 *
 * A name is one table, so one layout: every byte of an entry (key, sums,
 * variables, and the private data of .execname, string and stack
 * variables and the actions) must mean the same to every trigger of the
 * name, each part of the same form and size. hist_trigger_same() compares
 * what the ABI compares, the text of the actions among it, and one text
 * may be a number on one event and a string on another: "save(filename)".
 *
 * Return: true if so.
 */
bool hist_table_fits(const struct hist_trigger *ht,
		     const struct hist_trigger *leader)
{
	struct hist_field *a[HIST_VARS_MAX], *b[HIST_VARS_MAX];
	unsigned int i;

	if (ht->key_size != leader->key_size || ht->n_keys != leader->n_keys ||
	    ht->n_vals != leader->n_vals || ht->n_vars != leader->n_vars ||
	    ht->priv_size != leader->priv_size ||
	    ht->comm_off != leader->comm_off ||
	    !hist_fields_fit(ht->keys, leader->keys, ht->n_keys) ||
	    !hist_fields_fit(ht->vals, leader->vals, ht->n_vals))
		return false;
	for (i = 0; i < ht->n_vars; i++) {
		if (ht->vars[i]->idx != leader->vars[i]->idx ||
		    ht->vars[i]->priv_off != leader->vars[i]->priv_off ||
		    ht->vars[i]->bytes != leader->vars[i]->bytes)
			return false;
		a[i] = ht->vars[i]->field;
		b[i] = leader->vars[i]->field;
	}
	return hist_fields_fit(a, b, ht->n_vars) &&
	       hist_actions_fit(ht, leader);
}

/* Free the references of @ht, unregistered. */
static void hist_refs_put(struct hist_trigger *ht)
{
	struct hist_ref *ref, *next;

	list_for_each_entry_safe(ref, next, &ht->refs, list) {
		list_del(&ref->list);
		kfree(ref->qualifier);
		kfree(ref);
	}
}

/**
 * hist_trigger_free - free a trigger and everything it owns
 * @ht:	the trigger, unregistered (or never registered)
 */
void hist_trigger_free(struct hist_trigger *ht)
{
	struct hist_field *f, *next;
	unsigned int i;

	if (!ht)
		return;
	hist_actions_free(ht);
	hist_refs_put(ht);
	for (i = 0; i < ht->n_vars; i++) {
		kfree(ht->vars[i]->name);
		kfree(ht->vars[i]);
	}
	list_for_each_entry_safe(f, next, &ht->fields, list)
		hist_field_free(f);
	hist_table_put(ht->table);
	free_percpu(ht->scratch);
	kfree(ht->prog);
	kfree(ht->run);
	kfree(ht->clock);
	kfree(ht);
}
