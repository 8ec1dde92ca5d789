// SPDX-License-Identifier: GPL-2.0
/*
 * Histogram triggers: what users read. The "hist" and "hist_interval"
 * files, the spec printed in the "trigger" file and in the hist file's
 * header, and "hist_debug".
 *
 * A hist file holds one table per hist trigger of the event:
 *
 *	# event histogram
 *	#
 *	# trigger info: SPEC [active]
 *	#
 *
 *	{ KEY: VALUE, KEY: VALUE } hitcount:          N  VAL:          N
 *	...
 *
 *	Totals:
 *	    Hits: N
 *	    Entries: N
 *	    Dropped: N
 *
 * with two empty lines between tables. Entries come in the order of the
 * sort keys, from a snapshot of the map (tracing_map_snapshot()) taken
 * while events may keep coming. hist_interval is the same text made from
 * snapshots that took the sums out of the maps (see hist_tables_text()).
 *
 * Every function here runs in process context under event_mutex.
 */
#include <linux/fs.h>
#include <linux/kallsyms.h>
#include <linux/mm.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/unaligned.h>

#include "trace_hist.h"

#define HIST_GRAPH_WIDTH	20

/*
 * The modifiers, in the order the spec prints them. @roles: what a field
 * carrying it may be used as.
 */
const struct hist_mod_desc hist_mods[] = {
	{ "hex",	HIST_M_HEX,	   HIST_R_KEY | HIST_R_VAL | HIST_R_VAR },
	{ "sym",	HIST_M_SYM,	   HIST_R_KEY | HIST_R_VAR },
	{ "sym-offset",	HIST_M_SYM_OFFSET, HIST_R_KEY | HIST_R_VAR },
	{ "execname",	HIST_M_EXECNAME,   HIST_R_KEY | HIST_R_VAL | HIST_R_VAR },
	{ "syscall",	HIST_M_SYSCALL,	   HIST_R_KEY | HIST_R_VAR },
	{ "log2",	HIST_M_LOG2,	   HIST_R_KEY },
	{ "buckets",	HIST_M_BUCKET,	   HIST_R_KEY },
	{ "usecs",	HIST_M_USECS,	   HIST_R_ANY },
	{ "percent",	HIST_M_PERCENT,	   HIST_R_VAL, true },
	{ "graph",	HIST_M_GRAPH,	   HIST_R_VAL, true },
	{ "stacktrace",	HIST_M_STACKTRACE, HIST_R_KEY | HIST_R_VAR },
	{ "min",	HIST_M_MIN,	   HIST_R_VAL },
	{ "max",	HIST_M_MAX,	   HIST_R_VAL },
	{ "avg",	HIST_M_AVG,	   HIST_R_VAL },
	{ }
};

/* Print the modifiers of @f (".hex.usecs") as snprintf() would. */
static int hist_mods_fmt(char *buf, int size, const struct hist_field *f)
{
	const struct hist_mod_desc *d;
	int n = 0;

	for (d = hist_mods; d->name; d++) {
		char *at = n < size ? buf + n : NULL;
		int room = n < size ? size - n : 0;

		/* A stack array's .stacktrace is hist_dynstack_fmt()'s. */
		if (!(f->mods & d->mod) ||
		    (d->mod == HIST_M_STACKTRACE && f->kind == HIST_K_DYNSTACK))
			continue;
		/*
		 * An operand's .buckets shows without its size; the size
		 * shows as the signed long the ABI prints it as. .log2=N
		 * (ours) shows its N everywhere.
		 */
		if (d->mod == HIST_M_BUCKET && !(f->roles & HIST_R_OPERAND))
			n += snprintf(at, room, ".buckets=%lld", (s64)f->constant);
		else if (d->mod == HIST_M_LOG2 && f->constant)
			n += snprintf(at, room, ".log2=%llu", f->constant);
		else
			n += snprintf(at, room, ".%s", d->name);
	}
	return n;
}

/*
 * A stack array of the record: as the value of a variable, its name
 * alone; as an operand, its modifiers, or ".stacktrace" when it has none;
 * as a key, ".log2" or ".buckets=N" (which group it as a number), else
 * ".stacktrace", whatever other modifier it was given.
 */
static int hist_dynstack_fmt(char *buf, int size, const struct hist_field *f)
{
	int n, mods;

	if (f->roles & HIST_R_OPERAND) {
		n = snprintf(buf, size, "%s", f->name);
		mods = hist_mods_fmt(n < size ? buf + n : NULL,
				     n < size ? size - n : 0, f);
		n += mods ?: snprintf(n < size ? buf + n : NULL,
				      n < size ? size - n : 0, ".stacktrace");
		return n;
	}
	if (f->roles & HIST_R_VAR)
		return snprintf(buf, size, "%s", f->name);
	if ((f->mods & HIST_M_LOG2) && f->constant)
		return snprintf(buf, size, "%s.log2=%llu", f->name, f->constant);
	if (f->mods & HIST_M_LOG2)
		return snprintf(buf, size, "%s.log2", f->name);
	if (f->mods & HIST_M_BUCKET)
		return snprintf(buf, size, "%s.buckets=%lld", f->name,
				(s64)f->constant);
	return snprintf(buf, size, "%s.stacktrace", f->name);
}

/*
 * Print @f as the spec shows it. "cpu" and "stacktrace" are spelled in
 * full, and a stack trace shows no modifier (though it has them, for
 * telling triggers apart) but as an operand, where it is
 * "common_stacktrace.stacktrace"; a stack array as hist_dynstack_fmt()
 * says.
 */
static int hist_spec_fmt(char *buf, int size, const struct hist_field *f)
{
	const char *name = f->name;
	int n;

	if (f->kind == HIST_K_CPU)
		name = "common_cpu";
	else if (f->kind == HIST_K_STACKTRACE)
		return snprintf(buf, size, "%s", f->roles & HIST_R_OPERAND ?
				"common_stacktrace.stacktrace" :
				"common_stacktrace");
	else if (f->kind == HIST_K_DYNSTACK)
		return hist_dynstack_fmt(buf, size, f);
	n = snprintf(buf, size, "%s", name);
	n += hist_mods_fmt(n < size ? buf + n : NULL, n < size ? size - n : 0, f);
	return n;
}

/* Run @fmt twice: to size the string, then to fill it. */
static char *hist_alloc_fmt(int (*fmt)(char *, int, const struct hist_field *),
			    const struct hist_field *f)
{
	int n = fmt(NULL, 0, f);
	char *buf = kmalloc(n + 1, GFP_KERNEL);

	if (buf) {
		buf[0] = '\0';		/* @fmt may have nothing to write */
		fmt(buf, n + 1, f);
	}
	return buf;
}

/**
 * hist_field_spec - the text of a field as the spec prints it
 * @f:	the field
 *
 * Return: its name followed by its modifiers ("count.hex",
 * "common_timestamp.usecs"), allocated; NULL when out of memory.
 */
char *hist_field_spec(const struct hist_field *f)
{
	return hist_alloc_fmt(hist_spec_fmt, f);
}

/**
 * hist_field_mods - the modifiers of a field as the spec prints them
 * @f:	the field
 *
 * Return: ".hex.usecs" and the like, or "", allocated; NULL when out of
 * memory.
 */
char *hist_field_mods(const struct hist_field *f)
{
	return hist_alloc_fmt(hist_mods_fmt, f);
}

/* A field as the spec prints it: "count.hex", "$ts0"... */
static void hist_print_field_spec(struct seq_file *m,
				  const struct hist_field *f)
{
	char *spec = hist_field_spec(f);

	seq_puts(m, spec ? spec : f->name);
	kfree(spec);
}

/*
 * A key as sort= shows it: as the spec shows it, but a stack array of the
 * record, which shows only a grouping modifier (.log2, .buckets=N) there.
 */
static void hist_print_sort_spec(struct seq_file *m,
				 const struct hist_field *f)
{
	if (f->kind == HIST_K_DYNSTACK && !(f->mods & HIST_M_GROUP))
		seq_puts(m, f->name);
	else
		hist_print_field_spec(m, f);
}

/*
 * Text of the command printed as written (a name=, a variable's name, an
 * action): the ABI shows every ".sym-offset" in it as ".symXoffset".
 */
static void hist_puts_written(struct seq_file *m, const char *s)
{
	const char *at;

	while ((at = strstr(s, ".sym-offset"))) {
		seq_write(m, s, at - s);
		seq_puts(m, ".symXoffset");
		s = at + strlen(".sym-offset");
	}
	seq_puts(m, s);
}

/* The actions of @ht, as its spec ends. */
static void hist_print_actions_spec(struct seq_file *m,
				    const struct hist_trigger *ht)
{
	const struct hist_action *act;

	list_for_each_entry(act, &ht->actions, list) {
		seq_putc(m, ':');
		hist_puts_written(m, act->spec);
	}
}

/**
 * hist_print_spec_text - print a trigger's normalized spec without its
 * state: "hist:keys=...[ if FILTER]"
 * @m:		the output
 * @data:	the trigger
 */
void hist_print_spec_text(struct seq_file *m, struct event_trigger_data *data)
{
	struct hist_trigger *ht = data->private_data;
	unsigned int i;

	lockdep_assert_held(&event_mutex);
	seq_puts(m, "hist:");
	if (data->name) {
		seq_puts(m, "name=");
		hist_puts_written(m, data->name);
		seq_putc(m, ':');
	}

	seq_puts(m, "keys=");
	for (i = 0; i < ht->n_keys; i++) {
		if (i)
			seq_putc(m, ',');
		hist_print_field_spec(m, ht->keys[i]);
	}

	seq_puts(m, ":vals=");
	for (i = ht->nohitcount ? 1 : 0; i < ht->n_vals; i++) {
		if (i > (ht->nohitcount ? 1 : 0))
			seq_putc(m, ',');
		hist_print_field_spec(m, ht->vals[i]);
	}

	for (i = 0; i < ht->n_vars; i++) {
		const struct hist_field *f = ht->vars[i]->field;

		seq_puts(m, i ? "," : ":");
		hist_puts_written(m, ht->vars[i]->name);
		seq_putc(m, '=');
		hist_print_field_spec(m, f);
		/* An alias shows the modifiers of what it aliases. */
		if (f->kind == HIST_K_VAR_REF) {
			char *mods = hist_field_mods(f->ref->var->field);

			seq_puts(m, mods ? mods : "");
			kfree(mods);
		}
	}

	seq_puts(m, ":sort=");
	for (i = 0; i < ht->n_sort; i++) {
		if (i)
			seq_putc(m, ',');
		hist_print_sort_spec(m, ht->sort[i].field);
		if (ht->sort[i].descending)
			seq_puts(m, ".descending");
	}

	seq_printf(m, ":size=%u", 1U << ht->bits);
	if (ht->uses_timestamp)
		seq_printf(m, ":clock=%s", ht->clock);
	if (ht->nohitcount)
		seq_puts(m, ":nohitcount");
	hist_print_actions_spec(m, ht);

	if (data->filter_str)
		seq_printf(m, " if %s", data->filter_str);
}

/**
 * hist_print_spec - print a trigger's normalized spec, as "trigger" shows it
 * @m:		the output
 * @data:	the trigger
 *
 * Return: 0.
 */
int hist_print_spec(struct seq_file *m, struct event_trigger_data *data)
{
	hist_print_spec_text(m, data);
	seq_puts(m, data->paused ? " [paused]\n" : " [active]\n");
	return 0;
}

/*
 * A signed key compares as a number of its field's width: a key holds a
 * u64, and a bucket of a narrower field (.buckets=N, computed on the value
 * as a u64) by its low bytes, as the ABI sorts it, so that the bucket of
 * an s32 value below -2^31 sorts as its low 32 bits do.
 */
static void hist_sort_signed(const struct hist_field *f,
			     struct tracing_map_sort_key *key)
{
	switch (f->size) {
	case 1:
		key->cmp = TRACING_MAP_CMP_S8;
		break;
	case 2:
		key->cmp = TRACING_MAP_CMP_S16;
		break;
	case 4:
		key->cmp = TRACING_MAP_CMP_S32;
		break;
	default:
		key->cmp = TRACING_MAP_CMP_S64;
		return;
	}
	if (IS_ENABLED(CONFIG_CPU_BIG_ENDIAN))
		key->offset += sizeof(u64) - f->size;
	key->size = f->size;
}

/*
 * How a sort key compares, from the field it names. A .min or .max sum
 * holds hist_extreme()'s image of the value, which a minimum's reverses;
 * an .avg is its sum per hit (hitcount is sum 0 of every table).
 */
static void hist_sort_key_of(const struct hist_sort *sort,
			     struct tracing_map_sort_key *key)
{
	const struct hist_field *f = sort->field;

	memset(key, 0, sizeof(*key));
	key->descending = sort->descending;
	if (f->roles & HIST_R_VAL && !(f->roles & HIST_R_KEY)) {
		key->is_sum = true;
		key->sum = f->sum_idx;
		key->cmp = TRACING_MAP_CMP_U64;
		if (f->mods & HIST_M_MIN)
			key->descending = !sort->descending;
		if (f->mods & HIST_M_AVG) {
			key->per_hit = true;
			key->hits = 0;
			if (f->is_signed)
				key->cmp = TRACING_MAP_CMP_S64;
		}
		return;
	}
	key->offset = f->key_off;
	key->size = f->key_size;
	if (hist_field_is_stack(f))
		key->cmp = TRACING_MAP_CMP_NONE;
	else if (hist_field_is_string(f))
		key->cmp = TRACING_MAP_CMP_STRING;
	else if (f->is_signed && !(f->mods & HIST_M_LOG2))
		hist_sort_signed(f, key);
	else	/* .log2 and .log2=N keys are of the value as a u64 */
		key->cmp = TRACING_MAP_CMP_U64;
}

/**
 * hist_snapshot - the entries of a trigger's table, in its sort order
 * @ht:		the trigger
 * @take:	move the sums out of the table (tracing_map_snapshot_take())
 *
 * Return: the snapshot, to free with tracing_map_snapshot_free(), or an
 * ERR_PTR.
 */
struct tracing_map_snapshot *hist_snapshot(const struct hist_trigger *ht,
					   bool take)
{
	struct tracing_map_sort_key keys[HIST_SORT_KEYS_MAX];
	unsigned int i;

	for (i = 0; i < ht->n_sort; i++)
		hist_sort_key_of(&ht->sort[i], &keys[i]);
	if (take)
		return tracing_map_snapshot_take(ht->table->map, keys,
						 ht->n_sort);
	return tracing_map_snapshot(ht->table->map, keys, ht->n_sort);
}

/**
 * hist_key_label - a key's name in an entry
 * @f:	the key field
 *
 * Return: its name; the event's stack trace, however written, is
 * common_stacktrace.
 */
const char *hist_key_label(const struct hist_field *f)
{
	return f->kind == HIST_K_STACKTRACE ? "common_stacktrace" : f->name;
}

/**
 * hist_log2_sub_last - the last value of a .log2=N bucket
 * @lo:	the bucket's first value, its key (hist_key_num() in
 *	trace_hist_run.c)
 * @n:	N
 *
 * Return: @lo below 2^(N+1), where a bucket is one value, else the last
 * of the 2^(L-1-N) values of the bucket, for @lo of bit length L.
 */
u64 hist_log2_sub_last(u64 lo, unsigned int n)
{
	unsigned int len = fls64(lo);

	return len <= n + 1 ? lo : lo + (1ULL << (len - n - 1)) - 1;
}

static void hist_print_key_num(struct seq_file *m,
			       const struct hist_trigger *ht,
			       const struct hist_field *f, u64 val, const void *priv)
{
	const char *label = hist_key_label(f);
	char sym[KSYM_SYMBOL_LEN];
	const char *name;

	if (f->mods & HIST_M_HEX) {
		seq_printf(m, "%s: %llx", label, val);
	} else if (f->mods & HIST_M_SYM) {
		sprint_symbol_no_offset(sym, val);
		seq_printf(m, "%s: [%llx] %-45s", label, val, sym);
	} else if (f->mods & HIST_M_SYM_OFFSET) {
		sprint_symbol(sym, val);
		seq_printf(m, "%s: [%llx] %-55s", label, val, sym);
	} else if (f->mods & HIST_M_EXECNAME) {
		seq_printf(m, "%s: %-16s[%10llu]", label,
			   (const char *)priv + ht->comm_off, val);
	} else if (f->mods & HIST_M_SYSCALL) {
		name = get_syscall_name(val);
		seq_printf(m, "%s: %-30s[%3llu]", label,
			   name ? name : "unknown_syscall", val);
	} else if ((f->mods & HIST_M_LOG2) && f->constant) {
		seq_printf(m, "%s: ~ %llu-%llu", label, val,
			   hist_log2_sub_last(val, f->constant));
	} else if (f->mods & HIST_M_LOG2) {
		seq_printf(m, "%s: ~ 2^%-2llu", label, val);
	} else if (f->mods & HIST_M_BUCKET) {
		seq_printf(m, "%s: ~ %llu-%llu", label, val,
			   val + f->constant - 1);
	} else {
		seq_printf(m, "%s: %10llu", label, val);
	}
}

/*
 * A stack trace key: the event's stack as "common_stacktrace:" and the
 * frames on the lines below; a stack array of the record (a synthetic
 * event's) as "NAME.stacktrace" and the frames from the same line on.
 */
static void hist_print_key_stack(struct seq_file *m, const struct hist_field *f,
				 const unsigned long *stack)
{
	unsigned int i;
	char *spec;

	if (f->kind == HIST_K_STACKTRACE) {
		seq_printf(m, "%s:\n", hist_key_label(f));
	} else {
		spec = hist_field_spec(f);
		seq_puts(m, spec ? spec : f->name);
		kfree(spec);
	}
	for (i = 0; i < HIST_STACKTRACE_DEPTH && stack[i]; i++)
		seq_printf(m, "%*c%pS\n", 9, ' ', (void *)stack[i]);
}

/**
 * hist_key_shown_as - how the hist file shows a key field
 * @f:	the key field
 *
 * A display modifier shows even a string or a stack as a number, but a
 * stack's .log2 and .buckets do not.
 *
 * Return: HIST_FORM_NUM, HIST_FORM_STRING or HIST_FORM_STACK.
 */
enum hist_form hist_key_shown_as(const struct hist_field *f)
{
	unsigned int mods = f->mods;

	if (hist_field_is_stack(f))
		mods &= ~HIST_M_GROUP;
	if (mods & HIST_M_NUMBER)
		return HIST_FORM_NUM;
	return f->form;
}

/* The key of the entry @elt: "{ KEY: VALUE, ... }". */
static void hist_print_key(struct seq_file *m, const struct hist_trigger *ht,
			   const struct tracing_map_elt *elt)
{
	const void *key = tracing_map_elt_key(elt);
	const void *priv = tracing_map_elt_private(elt);
	bool stack_shown = false;
	unsigned int i;

	seq_puts(m, "{ ");
	for (i = 0; i < ht->n_keys; i++) {
		const struct hist_field *f = ht->keys[i];
		const void *p = key + f->key_off;

		if (i)
			seq_puts(m, ", ");
		switch (hist_key_shown_as(f)) {
		case HIST_FORM_STACK:
			hist_print_key_stack(m, f, p);
			stack_shown = true;
			break;
		case HIST_FORM_STRING:
			seq_printf(m, "%s: %-50s", f->name, (const char *)p);
			break;
		default:
			hist_print_key_num(m, ht, f, get_unaligned((const u64 *)p),
					   priv);
		}
	}
	/* After a stack, the key closes without the blank. */
	seq_puts(m, stack_shown ? "}" : " }");
}

/*
 * @val * @scale / @whole, as the ABI computes the shares of .percent and
 * .graph:
 * in 64 bits, multiplying first unless that overflows, else dividing
 * @whole by @scale first. Sums are unsigned, so negative values make huge
 * shares, and shares beyond the whole happen.
 *
 * Return: false when there is no answer (a division by zero); nothing is
 * always 0, even of a whole of 0.
 */
static bool hist_scaled(u64 val, u64 scale, u64 whole, u64 *res)
{
	*res = 0;
	if (!val)
		return true;
	if (val <= div64_u64(U64_MAX, scale)) {
		if (!whole)
			return false;
		*res = div64_u64(val * scale, whole);
		return true;
	}
	whole = div64_u64(whole, scale);
	if (!whole)
		return false;
	*res = div64_u64(val, whole);
	return true;
}

/*
 * One value of an entry. An expression shows no sum, a constant
 * its sum without a name.
 */
/* The name of the statistic @f is, "min" for a .min value. */
static const char *hist_stat_name(const struct hist_field *f)
{
	const struct hist_mod_desc *d;

	for (d = hist_mods; d->name; d++)
		if (f->mods & d->mod & HIST_M_STAT)
			break;
	return d->name ?: "";
}

static void hist_print_val(struct seq_file *m, const struct hist_field *f,
			   u64 val, u64 total, u64 max)
{
	const char *name = f->kind == HIST_K_CONST ? "" : f->name;
	char bar[HIST_GRAPH_WIDTH + 1];
	unsigned int n;
	u64 pc;

	if (f->kind >= HIST_K_NEG)
		return;
	if (f->mods & HIST_M_STAT) {
		/* Shown as the field's type: -3 is not 2^64 - 3 here. */
		if (f->is_signed)
			seq_printf(m, "  %s.%s: %10lld", name,
				   hist_stat_name(f), (s64)val);
		else
			seq_printf(m, "  %s.%s: %10llu", name,
				   hist_stat_name(f), val);
	} else if (f->mods & HIST_M_PERCENT) {
		if (!hist_scaled(val, 10000, total, &pc)) {
			seq_printf(m, "  %s (%%):[ERROR]", name);
			return;
		}
		/* Hundredths of a percent, in 32 bits as the ABI has them. */
		seq_printf(m, "  %s (%%): %3u.%02u", name, (u32)pc / 100,
			   (u32)pc % 100);
	} else if (f->mods & HIST_M_GRAPH) {
		/* The bar is the share of the largest sum, in 1/10000s. */
		if (!hist_scaled(val, 10000, max, &pc))
			pc = 0;
		n = min_t(u32, (u32)pc * HIST_GRAPH_WIDTH / 10000,
			  HIST_GRAPH_WIDTH);
		memset(bar, '#', n);
		bar[n] = '\0';
		seq_printf(m, "  %s: %-*s", name, HIST_GRAPH_WIDTH, bar);
	} else if (f->mods & HIST_M_HEX) {
		seq_printf(m, "  %s: %10llx", name, val);
	} else {
		seq_printf(m, "  %s: %10llu", name, val);
	}
}

/*
 * The fields the trigger's save() keeps for the entry whose private data
 * is @priv. A string never saved shows as "(null)", as the ABI has it.
 */
static void hist_print_saved(struct seq_file *m, const struct hist_action *save,
			     const void *priv)
{
	bool saved = READ_ONCE(*(const u64 *)(priv + save->saved_off));
	unsigned int i;

	for (i = 0; i < save->n_params; i++) {
		const struct hist_field *f = save->params[i];
		const void *v = priv + save->save_off[i];

		if (hist_field_is_string(f))
			seq_printf(m, "  %s: %-32s", f->name,
				   saved ? (const char *)v : "(null)");
		else
			seq_printf(m, "  %s: %10llu", f->name,
				   *(const u64 *)v);
	}
}

/*
 * What the actions keep for the entry @elt: the tracked value of each
 * onmax and onchange handler, each followed by the saved fields, whichever
 * handler saves them.
 */
static void hist_print_actions_entry(struct seq_file *m,
				     const struct hist_trigger *ht,
				     const struct tracing_map_elt *elt)
{
	const void *priv = tracing_map_elt_private(elt);
	const struct hist_action *act;

	list_for_each_entry(act, &ht->actions, list) {
		if (act->handler == HIST_ON_MATCH || act->kind == HIST_DO_SNAPSHOT)
			continue;
		seq_printf(m, "\n\t%s: %10llu",
			   act->handler == HIST_ON_MAX ? "max" : "changed",
			   (u64)atomic64_read(priv + act->track_off));
		if (ht->save)
			hist_print_saved(m, ht->save, priv);
	}
}

/* The cause of the last snapshot @ht took, if any. */
static void hist_print_snapshot_cause(struct seq_file *m,
				      const struct hist_trigger *ht)
{
	const struct tracing_map_elt *elt = READ_ONCE(ht->snap_elt);
	const char *spec;

	if (!ht->snapshot || !elt)
		return;
	/* The handler "onmax($x)" is the spec up to its first ')'. */
	spec = ht->snapshot->spec;
	seq_printf(m, "\nSnapshot taken (see tracing/snapshot).  Details:\n\ttriggering value { %.*s }: %10llu\ttriggered by event with key: ",
		   (int)(strchr(spec, ')') + 1 - spec), spec,
		   READ_ONCE(ht->snap_val));
	hist_print_key(m, ht, elt);
	seq_putc(m, '\n');
}

/*
 * The sums of every entry of a snapshot, read once: the totals and maxima
 * that .percent and .graph scale by, and the values printed, then agree
 * however the sums grow meanwhile (a bar never grows past its width).
 */
struct hist_sums {
	u64	*vals;		/* n_entries rows of n_vals */
	u64	total[HIST_SUMS_MAX];
	u64	max[HIST_SUMS_MAX];
};

/**
 * hist_stat_value - what a sum of an entry stands for
 * @f:		the value it is the sum of
 * @sum:	the sum
 * @hits:	the entry's hitcount
 *
 * Return: @sum, or the statistic it holds (.min, .max, .avg), signed for a
 * signed @f.
 */
u64 hist_stat_value(const struct hist_field *f, u64 sum, u64 hits)
{
	if (f->mods & HIST_M_EXTREME)
		return hist_extreme(f, sum);
	if (!(f->mods & HIST_M_AVG))
		return sum;
	if (!hits)
		return 0;
	if (f->is_signed)
		return div64_s64(sum, hits);
	return div64_u64(sum, hits);
}

static int hist_read_sums(const struct hist_trigger *ht,
			  const struct tracing_map_snapshot *snap,
			  struct hist_sums *sums)
{
	unsigned int i, j;

	memset(sums, 0, sizeof(*sums));
	sums->vals = kvcalloc(max(snap->n_entries, 1U) * ht->n_vals,
			      sizeof(u64), GFP_KERNEL_ACCOUNT);
	if (!sums->vals)
		return -ENOMEM;
	for (i = 0; i < snap->n_entries; i++) {
		u64 *row = sums->vals + i * ht->n_vals;

		for (j = 0; j < ht->n_vals; j++) {
			row[j] = hist_stat_value(ht->vals[j],
						 tracing_map_entry_sum(&snap->entries[i],
								       ht->vals[j]->sum_idx),
						 row[0]);
			sums->total[j] += row[j];
			sums->max[j] = max(sums->max[j], row[j]);
		}
	}
	return 0;
}

static void hist_print_entry(struct seq_file *m, const struct hist_trigger *ht,
			     struct tracing_map_elt *elt, const u64 *row,
			     const struct hist_sums *sums)
{
	unsigned int i;

	hist_print_key(m, ht, elt);
	if (!ht->nohitcount)
		seq_printf(m, " hitcount: %10llu", row[0]);
	for (i = 1; i < ht->n_vals; i++)
		hist_print_val(m, ht->vals[i], row[i], sums->total[i], sums->max[i]);
	hist_print_actions_entry(m, ht, elt);
	seq_putc(m, '\n');
}

/* The entries of @snap, a snapshot of @ht's table, and what it took. */
static int hist_print_entries(struct seq_file *m, const struct hist_trigger *ht,
			      const struct tracing_map_snapshot *snap)
{
	struct hist_sums sums;
	unsigned int i;
	int ret;

	ret = hist_read_sums(ht, snap, &sums);
	if (ret)
		return ret;
	for (i = 0; i < snap->n_entries; i++) {
		hist_print_entry(m, ht, snap->entries[i].elt,
				 sums.vals + i * ht->n_vals, &sums);
		cond_resched();
	}
	kvfree(sums.vals);
	hist_print_snapshot_cause(m, ht);
	return 0;
}

/* Hits are the hits recorded: the dropped ones are not. */
static void hist_print_totals(struct seq_file *m, u64 hits, u64 drops,
			      unsigned int entries)
{
	seq_printf(m, "\nTotals:\n    Hits: %llu\n    Entries: %u\n    Dropped: %llu\n",
		   hist_hits_recorded(hits, drops), entries, drops);
}

static void hist_print_header(struct seq_file *m,
			      struct event_trigger_data *data,
			      bool first)
{
	if (!first)
		seq_puts(m, "\n\n");
	seq_puts(m, "# event histogram\n#\n# trigger info: ");
	hist_print_spec(m, data);
	seq_puts(m, "#\n\n");
}

/* Every hist trigger of @file: its header, then @body, until one fails. */
static int hist_show_each(struct seq_file *m, struct trace_event_file *file,
			  int (*body)(struct seq_file *m,
				      struct event_trigger_data *data))
{
	struct event_trigger_data *data;
	bool first = true;
	int ret = 0;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(data, &file->triggers, list) {
		if (!hist_is_hist_trigger(data))
			continue;
		hist_print_header(m, data, first);
		first = false;
		ret = body(m, data);
		if (ret)
			break;
	}
	return ret;
}

/*
 * The hist and hist_interval files are made from parts (struct hist_part,
 * trace_hist.h): each hist trigger's snapshot and the counters read with
 * it, all taken first (hist_parts_take()), then printed into a buffer by
 * hist_render(). When the buffer must grow, only the printing runs again:
 * the tables are collected and sorted once per text, however long it is.
 *
 * hist_interval: each open ends an interval of every hist trigger of the
 * event and prints it, as the hist file would print the counts of that
 * interval alone. The sums are moved out of the tables
 * (tracing_map_snapshot_take(): no hit path takes a lock or sees a
 * difference), the counters of hits and drops are read against what the
 * previous interval read left (hist_table.taken_hits and taken_drops), so
 * that over any sequence of reads every hit counts in exactly one. If the
 * text cannot be made, what was taken goes back into the tables.
 */

/* Put the sums @part took back where they came from (nothing is lost). */
static void hist_part_put_back(struct hist_part *part)
{
	const struct hist_trigger *ht = part->data->private_data;
	const struct tracing_map_sort_entry *ent;
	const struct hist_field *f;
	unsigned int i, j;

	for (i = 0; i < part->snap->n_entries; i++) {
		ent = &part->snap->entries[i];
		for (j = 0; j < ht->n_vals; j++) {
			f = ht->vals[j];
			if (f->mods & HIST_M_EXTREME)
				tracing_map_elt_sum_max(ent->elt, f->sum_idx,
							ent->taken[f->sum_idx]);
			else
				tracing_map_elt_sum_add(ent->elt, f->sum_idx,
							ent->taken[f->sum_idx]);
		}
	}
	ht->table->taken_hits -= part->hits;
	ht->table->taken_drops -= part->drops;
}

/*
 * The snapshot of @part's trigger and its counters: since the last
 * interval taken, and with @take, ending this one.
 */
static int hist_part_take(struct hist_part *part, bool take)
{
	const struct hist_trigger *ht = part->data->private_data;
	struct hist_table *table = ht->table;
	u64 hits, drops;

	part->snap = hist_snapshot(ht, take);
	if (IS_ERR(part->snap))
		return PTR_ERR(part->snap);
	drops = tracing_map_drops(table->map);
	hits = tracing_map_hits(table->map);
	part->hits = hits - table->taken_hits;
	part->drops = drops - table->taken_drops;
	if (take) {
		table->taken_hits = hits;
		table->taken_drops = drops;
		part->entries = part->snap->n_entries;
	} else {
		part->entries = tracing_map_entries(table->map);
	}
	return 0;
}

/*
 * hist_parts_free - free what hist_parts_take() took
 * @parts:	the parts
 * @put_back:	the sums taken go back into the tables
 */
static void hist_parts_free(struct hist_parts *parts, bool put_back)
{
	while (parts->n--) {
		if (put_back)
			hist_part_put_back(&parts->part[parts->n]);
		tracing_map_snapshot_free(parts->part[parts->n].snap);
	}
	kfree(parts->part);
	parts->part = NULL;
	parts->n = 0;
}

/*
 * hist_parts_take - a part of every hist trigger of an event
 * @parts:	filled in; free with hist_parts_free()
 * @file:	the event
 * @take:	end an interval: move the sums out of the tables
 *
 * Context: event_mutex held.
 *
 * Return: 0, or a negative errno and nothing taken.
 */
static int hist_parts_take(struct hist_parts *parts,
			   struct trace_event_file *file, bool take)
{
	struct event_trigger_data *data;
	unsigned int n = 0;
	int ret = 0;

	lockdep_assert_held(&event_mutex);
	parts->n = 0;
	list_for_each_entry(data, &file->triggers, list)
		n += hist_is_hist_trigger(data);
	parts->part = kcalloc(n, sizeof(*parts->part), GFP_KERNEL);
	if (!parts->part && n)
		return -ENOMEM;
	list_for_each_entry(data, &file->triggers, list) {
		if (!hist_is_hist_trigger(data))
			continue;
		parts->part[parts->n].data = data;
		ret = hist_part_take(&parts->part[parts->n], take);
		if (ret)
			break;
		parts->n++;
	}
	if (ret)
		hist_parts_free(parts, take);
	return ret;
}

static int hist_parts_print(struct seq_file *m, const void *arg)
{
	const struct hist_parts *parts = arg;
	const struct hist_part *part;
	unsigned int i;
	int ret;

	for (i = 0; i < parts->n; i++) {
		part = &parts->part[i];
		hist_print_header(m, part->data, !i);
		ret = hist_print_entries(m, part->data->private_data,
					 part->snap);
		if (ret)
			return ret;
		hist_print_totals(m, part->hits, part->drops, part->entries);
	}
	return 0;
}

/**
 * hist_render - what a printer prints, in a buffer of its own
 * @print:	the printer, called as often as the buffer must grow
 * @arg:	its argument
 * @len:	set to the length of the text, which is not terminated
 *
 * The buffer starts at a page and doubles until the text fits: @print
 * starts again each time, so it should only print what was taken before.
 * The buffer is charged to the reader's memory cgroup, and stops growing
 * at MAX_RW_COUNT, where seq_file's does: a longer text could not be read
 * in one read() anyway, and kvmalloc() warns past INT_MAX.
 *
 * Return: the text, to free with kvfree(), or an ERR_PTR: -ENOMEM, or
 * what @print returned.
 */
char *hist_render(int (*print)(struct seq_file *m, const void *arg),
		  const void *arg, size_t *len)
{
	struct seq_file m = { };
	size_t size = PAGE_SIZE;
	int ret;

	for (;; size *= 2) {
		if (size > MAX_RW_COUNT)
			return ERR_PTR(-ENOMEM);
		m.buf = kvmalloc(size, GFP_KERNEL_ACCOUNT);
		if (!m.buf)
			return ERR_PTR(-ENOMEM);
		m.size = size;
		m.count = 0;
		ret = print(&m, arg);
		if (!ret && !seq_has_overflowed(&m)) {
			*len = m.count;
			return m.buf;
		}
		kvfree(m.buf);
		if (ret)
			return ERR_PTR(ret);
	}
}

/**
 * hist_parts_text - a file made of a part of every hist trigger of an
 * event
 * @file:	the event
 * @take:	end the interval of every hist trigger of the event: the
 *		parts hold the sums moved out of the tables
 * @print:	the printer of the parts (struct hist_parts)
 * @len:	set to the length of the text
 *
 * Context: event_mutex held.
 *
 * Return: the text, to free with kvfree(), or an ERR_PTR; on error an
 * interval goes on, nothing taken.
 */
char *hist_parts_text(struct trace_event_file *file, bool take,
		      int (*print)(struct seq_file *m, const void *arg),
		      size_t *len)
{
	struct hist_parts parts;
	char *text;
	int ret;

	ret = hist_parts_take(&parts, file, take);
	if (ret)
		return ERR_PTR(ret);
	text = hist_render(print, &parts, len);
	hist_parts_free(&parts, take && IS_ERR(text));
	return text;
}

/**
 * hist_tables_text - the "hist" file of an event, or with @take its
 * "hist_interval" file: every hist trigger's table
 * @file:	the event
 * @take:	end the interval of every hist trigger and print that
 * @len:	set to the length of the text
 *
 * Context: event_mutex held.
 *
 * Return: as hist_parts_text().
 */
char *hist_tables_text(struct trace_event_file *file, bool take, size_t *len)
{
	return hist_parts_text(file, take, hist_parts_print, len);
}

/*
 * hist_debug: the compiled program of each trigger, in the layout that
 * Documentation/trace/histogram-design.rst describes.
 */
static const char *const kind_names[] = {
	[HIST_K_HITCOUNT]	= "hitcount",
	[HIST_K_NUM]		= "number",
	[HIST_K_STR]		= "string",
	[HIST_K_DYNSTR]		= "dynamic string",
	[HIST_K_RELSTR]		= "relative dynamic string",
	[HIST_K_COMM]		= "comm",
	[HIST_K_CPU]		= "cpu",
	[HIST_K_TIMESTAMP]	= "timestamp",
	[HIST_K_STACKTRACE]	= "stacktrace",
	[HIST_K_DYNSTACK]	= "stacktrace array",
	[HIST_K_CONST]		= "constant",
	[HIST_K_VAR_REF]	= "variable reference",
	[HIST_K_SELF]		= "own variable",
	[HIST_K_NEG]		= "negation",
	[HIST_K_ADD]		= "addition",
	[HIST_K_SUB]		= "subtraction",
	[HIST_K_MUL]		= "multiplication",
	[HIST_K_DIV]		= "division",
	[HIST_K_MOD]		= "remainder",
};

static void hist_debug_field(struct seq_file *m, const struct hist_field *f,
			     const char *role)
{
	const struct hist_mod_desc *d;
	unsigned int i;

	seq_printf(m, "    fields[%u]:\n", f->slot);
	seq_printf(m, "      %s: %s\n", role, kind_names[f->kind]);
	seq_printf(m, "      name: %s\n", f->name);
	if (f->mods) {
		seq_puts(m, "      modifiers:");
		for (d = hist_mods; d->name; d++) {
			if (!(f->mods & d->mod))
				continue;
			seq_printf(m, " %s", d->name);
			if (d->mod == HIST_M_LOG2 && f->constant)
				seq_printf(m, "=%llu", f->constant);
		}
		seq_putc(m, '\n');
	}
	if (f->event_field)
		seq_printf(m, "      ftrace_event_field name: %s (offset %u)\n",
			   f->event_field->name, f->offset);
	for (i = 0; i < ARRAY_SIZE(f->operand) && f->operand[i]; i++)
		seq_printf(m, "      operand[%u]: fields[%u]\n", i,
			   f->operand[i]->slot);
	if (f->ref)
		seq_printf(m, "      reads: $%s (refs[%u], variable %u of hist_trigger %p)\n",
			   f->ref->var->name, f->ref->idx, f->ref->var->idx,
			   f->ref->var->owner);
	seq_printf(m, "      type: %s\n", f->type);
	seq_printf(m, "      size: %u\n", f->size);
	seq_printf(m, "      is_signed: %d\n\n", f->is_signed);
}

static int hist_debug_trigger(struct seq_file *m,
			      struct event_trigger_data *data)
{
	const struct hist_trigger *ht = data->private_data;
	const struct hist_table *table = ht->table;
	unsigned int i, max;
	size_t per_entry;

	seq_printf(m, "hist_trigger: %p\n\n", ht);
	seq_printf(m, "  n_vals: %u\n", ht->n_vals);
	seq_printf(m, "  n_keys: %u\n", ht->n_keys);
	seq_printf(m, "  n_vars: %u\n", ht->n_vars);
	seq_printf(m, "  n_refs: %u\n", ht->n_refs);
	seq_printf(m, "  n_fields: %u\n", ht->n_slots);
	seq_printf(m, "  key_size: %u\n", ht->key_size);
	seq_printf(m, "  entry private bytes: %u\n", ht->priv_size);
	/*
	 * What the table took at creation: entries, index and private data,
	 * which is one kmalloc() per entry (a named trigger shows its shared
	 * table's, made by the first one).
	 */
	max = tracing_map_max_entries(table->map);
	per_entry = tracing_map_bytes_per_entry(table->map);
	if (table->priv_size)
		per_entry += kmalloc_size_roundup(table->priv_size);
	seq_printf(m, "  table: %u entries of %zu bytes, %zu bytes\n\n",
		   max, per_entry, per_entry * max);

	seq_puts(m, "  val fields:\n\n");
	for (i = 0; i < ht->n_vals; i++) {
		hist_debug_field(m, ht->vals[i], "VAL");
		seq_printf(m, "      sum: %u\n\n", ht->vals[i]->sum_idx);
	}
	seq_puts(m, "  key fields:\n\n");
	for (i = 0; i < ht->n_keys; i++) {
		hist_debug_field(m, ht->keys[i], "KEY");
		seq_printf(m, "      key bytes: %u-%u\n\n", ht->keys[i]->key_off,
			   ht->keys[i]->key_off + ht->keys[i]->key_size - 1);
	}
	if (ht->n_vars) {
		seq_puts(m, "  variables:\n\n");
		for (i = 0; i < ht->n_vars; i++) {
			hist_debug_field(m, ht->vars[i]->field, "VAR");
			seq_printf(m, "      var.name: %s\n      var.idx: %u\n\n",
				   ht->vars[i]->name, ht->vars[i]->idx);
		}
	}
	/* One line a step: its phase, slot, kind and name (once if the same). */
	seq_puts(m, "  program:\n\n");
	for (i = 0; i < ht->n_slots; i++) {
		const struct hist_field *f = ht->prog[i];

		seq_printf(m, "    %s%u: %s", i < ht->n_key_fields ? "key " : "val ",
			   i, kind_names[f->kind]);
		if (strcmp(kind_names[f->kind], f->name))
			seq_printf(m, " %s", f->name);
		seq_putc(m, '\n');
	}
	return 0;
}

/**
 * hist_debug_show - the "hist_debug" file of an event
 * @m:		the output
 * @file:	the event
 *
 * Context: event_mutex held.
 *
 * Return: 0.
 */
int hist_debug_show(struct seq_file *m, struct trace_event_file *file)
{
	return hist_show_each(m, file, hist_debug_trigger);
}
