// SPDX-License-Identifier: GPL-2.0
/*
 * Histogram triggers: the "hist_json" file, what the hist file shows as
 * one JSON document (RFC 8259), for programs:
 *
 *	{"triggers": [
 *	 {"spec": "hist:keys=...", "paused": false,
 *	  "entries": [
 *	   {"keys": {"KEY": VALUE, ...}, "values": {"hitcount": N, ...}},
 *	   ...],
 *	  "totals": {"hits": N, "entries": N, "dropped": N}},
 *	 ...]}
 *
 * one line per entry, the triggers and entries in the order of the hist
 * file. A key is named as the hist file labels it; its value is a number
 * (signed for a signed field that is not grouped), a string, an array of
 * "function+offset/size" strings for a stack, or an object for what the
 * hist file shows as two parts: .sym and .sym-offset {"addr", "sym"},
 * .execname {"pid", "comm"}, .syscall {"nr", "name"}, .log2 {"log2"},
 * .buckets=N and .log2=N {"from", "to"}. A value is named as the trigger
 * file spells it ("bytes_req", "bytes_req.hex", "lat.max") and is the
 * number the sum stands for: .hex, .percent and .graph only change how the
 * hist file shows it. The values kept by onmax() and onchange() and saved
 * by save() are in "actions" ({"max" or "changed": N, and the saved
 * fields by name}).
 *
 * Numbers are written as decimal integers, full 64-bit ones included
 * (a reader whose numbers are doubles loses precision past 2^53). Strings
 * are escaped as JSON requires. Valid UTF-8 (RFC 3629: no overlong form,
 * no surrogate, nothing past U+10FFFF) is written as it is, so that a
 * reader gets back the bytes the hist file prints; every other byte that
 * is not printable ASCII (a control byte, DEL, a byte of no valid
 * sequence) becomes \u00XX, so that the document is valid UTF-8 whatever
 * a string holds, and such a byte reads back as the code point of its
 * value. A reader cannot tell that from the same character written as
 * valid UTF-8: a comm cut in the middle of "é" ends in the byte 0xc3,
 * which reads back as "Ã", as the two bytes of a real "Ã" do.
 *
 * Every function here runs in process context under event_mutex.
 */
#include <linux/kallsyms.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/unaligned.h>

#include "trace_hist.h"

/*
 * The length of the valid UTF-8 sequence at @s, whose first byte is above
 * 0x7f, within its @n bytes; 0 if there is none: a stray continuation
 * byte, a sequence cut short (by @n or by a byte that is no continuation,
 * the NUL included), an overlong form, a surrogate or a code point past
 * U+10FFFF. The second byte's range is what rules the last three out.
 */
static size_t json_utf8_len(const unsigned char *s, size_t n)
{
	unsigned char lo = 0x80, hi = 0xbf;
	size_t len, k;

	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4;
	else
		return 0;
	if (s[0] == 0xe0)
		lo = 0xa0;
	else if (s[0] == 0xed)
		hi = 0x9f;
	else if (s[0] == 0xf0)
		lo = 0x90;
	else if (s[0] == 0xf4)
		hi = 0x8f;
	if (len > n)
		return 0;
	/* A byte is read only after its predecessor passed. */
	for (k = 1; k < len; k++) {
		if (s[k] < lo || s[k] > hi)
			return 0;
		lo = 0x80;
		hi = 0xbf;
	}
	return len;
}

/*
 * @n bytes of @s at most, to its NUL, as a JSON string. The runs of bytes
 * that need no escape go out in one write each.
 */
static void json_str(struct seq_file *m, const char *s, size_t n)
{
	size_t i, len, run = 0;

	seq_putc(m, '"');
	for (i = 0; i < n && s[i]; i++) {
		unsigned char c = s[i];

		if (c >= 0x20 && c <= 0x7e && c != '"' && c != '\\')
			continue;
		if (c > 0x7f) {
			len = json_utf8_len((const unsigned char *)s + i, n - i);
			if (len) {
				i += len - 1;
				continue;
			}
		}
		seq_write(m, s + run, i - run);
		run = i + 1;
		if (c == '"' || c == '\\')
			seq_printf(m, "\\%c", c);
		else
			seq_printf(m, "\\u%04x", c);
	}
	seq_write(m, s + run, i - run);
	seq_putc(m, '"');
}

/* "NAME": as the key of a member. */
static void json_name(struct seq_file *m, const char *name)
{
	json_str(m, name, SIZE_MAX);
	seq_putc(m, ':');
}

/*
 * A number as the hist file prints it. A negative one is its sign and its
 * magnitude as an unsigned number: seq_put_decimal_ll() negates it as an
 * s64, which S64_MIN does not survive (it printed "-0").
 */
static void json_num(struct seq_file *m, u64 val, bool is_signed)
{
	if (is_signed && (s64)val < 0) {
		seq_putc(m, '-');
		val = -val;
	}
	seq_put_decimal_ull(m, "", val);
}

/* A key printed as a number by the hist file (hist_print_key_num()). */
static void json_key_num(struct seq_file *m, const struct hist_trigger *ht,
			 const struct hist_field *f, u64 val, const void *priv)
{
	char sym[KSYM_SYMBOL_LEN];
	const char *name;

	if (f->mods & (HIST_M_SYM | HIST_M_SYM_OFFSET)) {
		if (f->mods & HIST_M_SYM)
			sprint_symbol_no_offset(sym, val);
		else
			sprint_symbol(sym, val);
		seq_printf(m, "{\"addr\":%llu,\"sym\":", val);
		json_str(m, sym, sizeof(sym));
		seq_putc(m, '}');
	} else if (f->mods & HIST_M_EXECNAME) {
		seq_printf(m, "{\"pid\":%llu,\"comm\":", val);
		json_str(m, priv + ht->comm_off, TASK_COMM_LEN);
		seq_putc(m, '}');
	} else if (f->mods & HIST_M_SYSCALL) {
		name = get_syscall_name(val);
		seq_printf(m, "{\"nr\":%llu,\"name\":", val);
		json_str(m, name ? name : "unknown_syscall", SIZE_MAX);
		seq_putc(m, '}');
	} else if ((f->mods & HIST_M_LOG2) && f->constant) {
		seq_printf(m, "{\"from\":%llu,\"to\":%llu}", val,
			   hist_log2_sub_last(val, f->constant));
	} else if (f->mods & HIST_M_LOG2) {
		seq_printf(m, "{\"log2\":%llu}", val);
	} else if (f->mods & HIST_M_BUCKET) {
		seq_printf(m, "{\"from\":%llu,\"to\":%llu}", val,
			   val + f->constant - 1);
	} else {
		json_num(m, val, f->is_signed && !(f->mods & HIST_M_NUMBER));
	}
}

static void json_stack(struct seq_file *m, const unsigned long *stack)
{
	char sym[KSYM_SYMBOL_LEN];
	unsigned int i;

	seq_putc(m, '[');
	for (i = 0; i < HIST_STACKTRACE_DEPTH && stack[i]; i++) {
		if (i)
			seq_putc(m, ',');
		sprint_symbol(sym, stack[i]);
		json_str(m, sym, sizeof(sym));
	}
	seq_putc(m, ']');
}

/* The keys of @elt, as hist_print_key() tells them apart. */
static void json_keys(struct seq_file *m, const struct hist_trigger *ht,
		      const struct tracing_map_elt *elt)
{
	const void *key = tracing_map_elt_key(elt);
	const void *priv = tracing_map_elt_private(elt);
	unsigned int i;

	seq_puts(m, "\"keys\":{");
	for (i = 0; i < ht->n_keys; i++) {
		const struct hist_field *f = ht->keys[i];
		const void *p = key + f->key_off;

		if (i)
			seq_putc(m, ',');
		json_name(m, hist_key_label(f));
		switch (hist_key_shown_as(f)) {
		case HIST_FORM_STACK:
			json_stack(m, p);
			break;
		case HIST_FORM_STRING:
			json_str(m, p, f->key_size);
			break;
		default:
			json_key_num(m, ht, f, get_unaligned((const u64 *)p), priv);
		}
	}
	seq_putc(m, '}');
}

static void json_free_names(const struct hist_trigger *ht, char **names)
{
	unsigned int i;

	for (i = 0; i < ht->n_vals; i++)
		kfree(names[i]);
	kfree(names);
}

/*
 * The names of the values of @ht as the trigger file spells them
 * ("bytes_req.hex", "lat.max"), made once for the whole table. Return:
 * an array of ht->n_vals names, or NULL when out of memory.
 */
static char **json_val_names(const struct hist_trigger *ht)
{
	char **names;
	unsigned int i;

	names = kcalloc(ht->n_vals, sizeof(*names), GFP_KERNEL);
	if (!names)
		return NULL;
	for (i = 0; i < ht->n_vals; i++) {
		names[i] = hist_field_spec(ht->vals[i]);
		if (!names[i]) {
			json_free_names(ht, names);
			return NULL;
		}
	}
	return names;
}

/* The values of the entry @ent, as the sums stand for them. */
static void json_values(struct seq_file *m, const struct hist_trigger *ht,
			char *const *names,
			const struct tracing_map_sort_entry *ent)
{
	u64 hits = tracing_map_entry_sum(ent, 0);
	const struct hist_field *f;
	bool first = true;
	unsigned int i;

	seq_puts(m, ",\"values\":{");
	for (i = 0; i < ht->n_vals; i++) {
		f = ht->vals[i];
		/* As in the hist file: no expression, hitcount if counted. */
		if (f->kind >= HIST_K_NEG || (!i && ht->nohitcount))
			continue;
		if (!first)
			seq_putc(m, ',');
		first = false;
		json_name(m, names[i]);
		/* A sum of a signed field is the signed number it adds to. */
		json_num(m, hist_stat_value(f, tracing_map_entry_sum(ent, f->sum_idx),
					    hits), f->is_signed);
	}
	seq_putc(m, '}');
}

/*
 * What onmax(), onchange() and save() keep for the entry @elt; a string
 * never saved is null.
 */
static void json_actions(struct seq_file *m, const struct hist_trigger *ht,
			 const struct tracing_map_elt *elt)
{
	const void *priv = tracing_map_elt_private(elt);
	const struct hist_action *act;
	bool first = true, saved;
	unsigned int i;

	list_for_each_entry(act, &ht->actions, list) {
		if (act->handler == HIST_ON_MATCH || act->kind == HIST_DO_SNAPSHOT)
			continue;
		seq_puts(m, first ? ",\"actions\":[{" : ",{");
		first = false;
		seq_printf(m, "\"%s\":",
			   act->handler == HIST_ON_MAX ? "max" : "changed");
		/* Signed as the variable it tracks, as a saved field is. */
		json_num(m, (u64)atomic64_read(priv + act->track_off),
			 act->watched->is_signed);
		saved = act->kind == HIST_DO_SAVE &&
			READ_ONCE(*(const u64 *)(priv + act->saved_off));
		for (i = 0; act->kind == HIST_DO_SAVE && i < act->n_params; i++) {
			const struct hist_field *f = act->params[i];
			const void *v = priv + act->save_off[i];

			seq_putc(m, ',');
			json_name(m, f->name);
			if (!hist_field_is_string(f))
				json_num(m, *(const u64 *)v, f->is_signed);
			else if (saved)
				json_str(m, v, SIZE_MAX);
			else
				seq_puts(m, "null");
		}
		seq_putc(m, '}');
	}
	if (!first)
		seq_putc(m, ']');
}

static int json_spec(struct seq_file *m, const void *data)
{
	hist_print_spec_text(m, (struct event_trigger_data *)data);
	return 0;
}

static int json_trigger(struct seq_file *m, const struct hist_part *part)
{
	const struct hist_trigger *ht = part->data->private_data;
	const struct tracing_map_snapshot *snap = part->snap;
	char *spec, **names;
	size_t len;
	unsigned int i;

	spec = hist_render(json_spec, part->data, &len);
	if (IS_ERR(spec))
		return PTR_ERR(spec);
	seq_puts(m, "{\"spec\":");
	json_str(m, spec, len);
	kvfree(spec);
	seq_printf(m, ",\"paused\":%s,\n  \"entries\":[",
		   part->data->paused ? "true" : "false");

	names = json_val_names(ht);
	if (!names)
		return -ENOMEM;
	for (i = 0; i < snap->n_entries; i++) {
		seq_puts(m, i ? ",\n   {" : "\n   {");
		json_keys(m, ht, snap->entries[i].elt);
		json_values(m, ht, names, &snap->entries[i]);
		json_actions(m, ht, snap->entries[i].elt);
		seq_putc(m, '}');
		cond_resched();
	}
	json_free_names(ht, names);

	/* The hist file's totals (hist_parts_print()). */
	seq_printf(m, "],\n  \"totals\":{\"hits\":%llu,\"entries\":%u,\"dropped\":%llu}}",
		   hist_hits_recorded(part->hits, part->drops),
		   part->entries, part->drops);
	return 0;
}

static int json_print(struct seq_file *m, const void *arg)
{
	const struct hist_parts *parts = arg;
	unsigned int i;
	int ret;

	seq_puts(m, "{\"triggers\":[");
	for (i = 0; i < parts->n; i++) {
		seq_puts(m, i ? ",\n " : "\n ");
		ret = json_trigger(m, &parts->part[i]);
		if (ret)
			return ret;
	}
	seq_puts(m, "]}\n");
	return 0;
}

/**
 * hist_json_text - the "hist_json" file of an event
 * @file:	the event
 * @len:	set to the length of the text
 *
 * The tables are taken once (hist_parts_text()); only the printing runs
 * again when hist_render()'s buffer grows.
 *
 * Context: event_mutex held.
 *
 * Return: the text, to free with kvfree(), or an ERR_PTR.
 */
char *hist_json_text(struct trace_event_file *file, size_t *len)
{
	return hist_parts_text(file, false, json_print, len);
}
