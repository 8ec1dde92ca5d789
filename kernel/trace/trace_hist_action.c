// SPDX-License-Identifier: GPL-2.0
/*
 * Histogram triggers: handlers and actions.
 *
 *	onmatch(SYSTEM.EVENT).trace(SYNTH,PARAM,...)	or .SYNTH(PARAM,...)
 *	onmax($VAR).ACTION	onchange($VAR).ACTION
 *		with ACTION one of trace(...), SYNTH(...), save(FIELD,...),
 *		snapshot()
 *
 * A handler decides, after a hit has updated its entry, whether the action
 * runs: onmatch always (the hit got this far, so every variable it reads
 * was set); onmax when $VAR exceeds the largest value seen for the entry;
 * onchange when $VAR differs from the last value seen for the entry. The
 * tracked value lives in the entry's private data and is updated with
 * cmpxchg/xchg, so that hits of one entry on several CPUs agree on which
 * of them fired.
 *
 * The actions:
 *	trace	generates a synthetic event (synth_event_emit()); each
 *		parameter is compiled into a program field, so its value is
 *		a slot of the hit: a field of this event, a constant, one of
 *		our own variables (read from the hit, not consumed), a
 *		variable of another histogram (read with the key, like every
 *		reference), or SYSTEM.EVENT.FIELD of another event, which
 *		becomes a variable "synthetic_FIELD" of a histogram created
 *		on that event with the keys and filter of the histogram there
 *		(hist_field_var_hist());
 *	save	copies fields of the hit into the entry's private data, which
 *		the hist file prints under the entry;
 *	snapshot takes a snapshot of the trace buffer (conditional snapshot:
 *		the trigger records the value and the entry that caused it,
 *		which the hist file prints).
 *
 * Building and printing run under event_mutex; hist_actions_run() runs at
 * event time.
 */
#include <linux/ctype.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace_hist.h"
#include "trace_synth.h"

/*
 * Where the text of a "name(args)" call is: NUL-terminate args, or NULL.
 * A missing ')' at the very end is forgiven, as stock kernels do.
 */
static char *call_args(char *s, char **name)
{
	char *open = strchr(s, '('), *close;

	if (!open)
		return NULL;
	close = strrchr(open, ')');
	if (close && close[1])
		return NULL;
	*open = '\0';
	if (close)
		*close = '\0';
	*name = s;
	return open + 1;
}

/* The handler part "onmax($x)" up to the dot that starts the action. */
static char *split_handler(char *s)
{
	int depth = 0;
	char *c;

	for (c = s; *c; c++) {
		if (*c == '(')
			depth++;
		else if (*c == ')')
			depth--;
		else if (*c == '.' && !depth)
			return c;
	}
	return NULL;
}

static struct hist_var *own_var(struct hist_trigger *ht, const char *name)
{
	unsigned int i;

	for (i = 0; i < ht->n_vars; i++)
		if (!strcmp(ht->vars[i]->name, name))
			return ht->vars[i];
	return NULL;
}

/* A field whose value is the hit's value of one of our own variables. */
static struct hist_field *self_ref(struct hist_build *b, struct hist_var *var)
{
	struct hist_field *f;
	char *name = kasprintf(GFP_KERNEL, "$%s", var->name);

	if (!name)
		return ERR_PTR(-ENOMEM);
	f = hist_field_new(b, HIST_K_SELF, name);
	kfree(name);
	if (!f)
		return ERR_PTR(-ENOMEM);
	f->operand[0] = var->field;
	f->type = var->field->type;
	f->size = var->field->size;
	f->is_signed = var->field->is_signed;
	return f;
}

/*
 * One parameter of trace() or save(). @act's onmatch event is where a
 * field that is not ours is looked for.
 */
static struct hist_field *param_field(struct hist_build *b,
				      struct hist_action *act, char *text,
				      bool save)
{
	struct hist_field *f;
	struct hist_var *var;

	/* Stock kernels take no parameter of a single character. */
	if (strlen(text) < 2) {
		hist_err(b->p, HIST_ERR_INVALID_PARAM, text);
		return ERR_PTR(-EINVAL);
	}

	if (text[0] == '$') {
		var = own_var(b->ht, text + 1);
		if (var)
			return self_ref(b, var);
		if (!hist_var_lookup(b->ht->tr, NULL, NULL, text + 1)) {
			hist_err(b->p, HIST_ERR_PARAM_NOT_FOUND, text + 1);
			return ERR_PTR(-EINVAL);
		}
		return hist_ref_field(b, NULL, NULL, text + 1, HIST_R_PARAM);
	}
	if (strchr(text, '.') || isdigit(*text))
		return hist_field_parse(b, text, HIST_R_PARAM);

	f = hist_field_parse(b, text, HIST_R_PARAM);
	if (!IS_ERR(f))
		return f;
	hist_err(b->p, HIST_ERR_FIELD_VAR_PARSE_FAIL, text);
	if (save) {
		hist_err(b->p, HIST_ERR_FIELD_VAR_CREATE_FAIL, text);
		return f;
	}
	/* Not a field of ours: maybe one of the onmatch event's. */
	return hist_field_var_hist(b, act->match_system, act->match_event,
				   text);
}

/*
 * Whether a parameter fits a synthetic field: strings and stack traces go
 * to fields of their kind; a number to a field of its type, or of its
 * size and signedness (a constant is a u64).
 */
static bool param_fits(const struct hist_field *f,
		       const struct synth_field *sf)
{
	if (sf->is_stack)
		return hist_field_is_stack(f);
	if (sf->is_string)
		return hist_field_is_string(f);
	if (!strcmp(f->type, sf->type))
		return true;
	/* A field of the record counts as unsigned here, as on stock */
	return f->size == sf->size &&
	       (f->kind != HIST_K_NUM && f->is_signed) == sf->is_signed;
}

static int build_trace(struct hist_build *b, struct hist_action *act,
		       char *synth_name, char **params, int n)
{
	struct synth_event *se;
	struct hist_field *f;
	int i;

	se = synth_event_find(synth_name);
	if (!se) {
		hist_err(b->p, HIST_ERR_SYNTH_NOT_FOUND, synth_name);
		return -EINVAL;
	}
	/* A parameter too many is a mismatch; too few, a count error. */
	for (i = 0; i < n; i++) {
		const struct synth_field *sf = synth_event_field(se, i);

		f = param_field(b, act, params[i], false);
		if (IS_ERR(f))
			return PTR_ERR(f);
		if (!sf || !param_fits(f, sf)) {
			hist_err(b->p, HIST_ERR_SYNTH_TYPE_MISMATCH, params[i]);
			return -EINVAL;
		}
		act->params[act->n_params++] = f;
	}
	if (act->n_params != synth_event_n_fields(se)) {
		hist_err(b->p, HIST_ERR_SYNTH_COUNT_MISMATCH, synth_name);
		return -EINVAL;
	}
	act->synth = se;
	return 0;
}

static int build_save(struct hist_build *b, struct hist_action *act,
		      char **params, int n)
{
	struct hist_field *f;
	int i;

	for (i = 0; i < n; i++) {
		f = param_field(b, act, params[i], true);
		if (IS_ERR(f))
			return PTR_ERR(f);
		act->params[act->n_params++] = f;
	}
	return 0;
}

/* HANDLER(ARG): onmatch's event, or onmax/onchange's variable. */
static int build_handler(struct hist_build *b, struct hist_action *act,
			 char *name, char *arg)
{
	struct hist_var *var;
	char *dot;

	if (!strcmp(name, "onmatch")) {
		act->handler = HIST_ON_MATCH;
		dot = strchr(arg, '.');
		if (!dot) {
			hist_err(b->p, HIST_ERR_MISSING_SUBSYSTEM, arg);
			return -EINVAL;
		}
		*dot = '\0';
		if (!__find_event_file(b->ht->tr, arg, dot + 1)) {
			hist_err(b->p, HIST_ERR_BAD_MATCH_EVENT, dot + 1);
			return -EINVAL;
		}
		act->match_system = arg;
		act->match_event = dot + 1;
		return 0;
	}
	if (!strcmp(name, "onmax"))
		act->handler = HIST_ON_MAX;
	else if (!strcmp(name, "onchange"))
		act->handler = HIST_ON_CHANGE;
	else
		return -EINVAL;

	if (arg[0] != '$') {
		hist_err(b->p, HIST_ERR_TRACK_NOT_VAR, arg);
		return -EINVAL;
	}
	var = own_var(b->ht, arg + 1);
	if (!var) {
		hist_err(b->p, HIST_ERR_TRACK_VAR_NOT_FOUND, arg + 1);
		return -EINVAL;
	}
	act->watched = var->field;
	return 0;
}

/*
 * One "HANDLER(ARG).ACTION(PARAMS)"; hist_parse_init() checked its shape,
 * that the handler takes the action and that there are parameters.
 */
static int build_action(struct hist_build *b, struct hist_action *act,
			char *text)
{
	char *hname, *harg, *aname, *aargs, *dot;
	char *params[HIST_PARAMS_MAX + 1];
	int n, ret;

	dot = split_handler(text);
	*dot = '\0';
	harg = call_args(text, &hname);
	aargs = call_args(dot + 1, &aname);
	if (!harg || !aargs)
		return -EINVAL;
	/* As the spec prints it: rebuilt, so a forgiven ')' shows. */
	act->spec = kasprintf(GFP_KERNEL, "%s(%s).%s(%s)", hname, harg, aname,
			      aargs);
	if (!act->spec)
		return -ENOMEM;
	/* The shorthand SYNTH(...) is the same action as trace(SYNTH,...) */
	if (strcmp(aname, "trace") && strcmp(aname, "save") &&
	    strcmp(aname, "snapshot")) {
		act->canon = kasprintf(GFP_KERNEL, "%s(%s).trace(%s,%s)", hname,
				       harg, aname, aargs);
		if (!act->canon)
			return -ENOMEM;
	}
	/*
	 * "!hist:..." compares actions by their text only, and stock kernels
	 * remove a trigger without resolving its actions (nor logging them).
	 */
	if (b->probe)
		return 0;
	ret = build_handler(b, act, hname, harg);
	if (ret)
		return ret;

	n = hist_split(aargs, ',', params, ARRAY_SIZE(params));
	if (n < 0 || n > HIST_PARAMS_MAX)
		return -EINVAL;

	if (!strcmp(aname, "snapshot")) {
		act->kind = HIST_DO_SNAPSHOT;
		return 0;
	}
	if (!strcmp(aname, "save")) {
		act->kind = HIST_DO_SAVE;
		return build_save(b, act, params, n);
	}
	act->kind = HIST_DO_TRACE;
	if (!strcmp(aname, "trace"))
		return build_trace(b, act, params[0], params + 1, n - 1);
	return build_trace(b, act, aname, params, n);
}

/**
 * hist_actions_build - compile the actions of a hist command
 * @b:	the build
 *
 * Return: 0 or a negative errno (logged).
 */
int hist_actions_build(struct hist_build *b)
{
	struct hist_spec *s = &b->p->spec;
	struct hist_trigger *ht = b->ht;
	struct hist_action *act;
	unsigned int i, saves = 0;
	int ret;

	for (i = 0; i < s->n_actions; i++) {
		act = kzalloc(sizeof(*act), GFP_KERNEL);
		if (!act)
			return -ENOMEM;
		list_add_tail(&act->list, &ht->actions);
		ret = build_action(b, act, s->actions[i]);
		if (ret)
			return ret;
		if (act->kind == HIST_DO_SAVE && saves++) {
			hist_err(b->p, HIST_ERR_TOO_MANY_SAVES, NULL);
			return -EEXIST;
		}
		if (act->kind == HIST_DO_SNAPSHOT)
			ht->snapshot = act;
	}
	return 0;
}

/**
 * hist_actions_layout - place what the actions keep per entry
 * @ht:		the trigger
 * @priv:	the private data bytes used so far; updated
 */
void hist_actions_layout(struct hist_trigger *ht, unsigned int *priv)
{
	struct hist_action *act;
	unsigned int i;

	list_for_each_entry(act, &ht->actions, list) {
		act->track_off = -1;
		if (act->handler != HIST_ON_MATCH) {
			act->track_off = *priv;
			*priv += sizeof(u64);
		}
		for (i = 0; act->kind == HIST_DO_SAVE && i < act->n_params; i++) {
			act->save_off[i] = *priv;
			*priv += hist_field_is_string(act->params[i]) ?
				 HIST_STR_MAX : sizeof(u64);
		}
		for (i = 0; act->kind == HIST_DO_TRACE && i < act->n_params; i++)
			act->param_slots[i] = act->params[i]->slot;
	}
}

/* onmax/onchange: whether @val is news for the entry; records it if so. */
static bool track(const struct hist_action *act, void *priv, u64 val)
{
	u64 *tracked = priv + act->track_off;
	u64 old;

	if (act->handler == HIST_ON_CHANGE)
		return xchg(tracked, val) != val;

	old = READ_ONCE(*tracked);
	do {
		if (val <= old)
			return false;
	} while (!try_cmpxchg(tracked, &old, val));
	return true;
}

static void save_fields(const struct hist_action *act, struct hist_frame *fr,
			void *priv)
{
	unsigned int i;

	for (i = 0; i < act->n_params; i++) {
		const struct hist_field *f = act->params[i];
		void *dst = priv + act->save_off[i];

		if (hist_field_is_string(f))
			hist_copy_str(dst, HIST_STR_MAX, f, fr);
		else
			*(u64 *)dst = fr->vals[f->slot];
	}
}

#ifdef CONFIG_TRACER_SNAPSHOT
/* What a hit hands to hist_snapshot_update() through the snapshot code. */
struct hist_snap_cause {
	struct hist_trigger		*ht;
	const struct tracing_map_elt	*elt;
	u64				val;
};

/* Called by tracing_snapshot_cond() with max_lock held, irqs off. */
static bool hist_snapshot_update(struct trace_array *tr, void *data)
{
	struct hist_snap_cause *cause = data;
	struct hist_trigger *ht = cause->ht;

	WRITE_ONCE(ht->snap_elt, cause->elt);
	WRITE_ONCE(ht->snap_val, cause->val);
	return true;
}

static void take_snapshot(struct hist_trigger *ht,
			  const struct tracing_map_elt *elt, u64 val)
{
	struct hist_snap_cause cause = { .ht = ht, .elt = elt, .val = val };

	tracing_snapshot_cond(ht->tr, &cause);
}

/**
 * hist_actions_enable - turn on what the actions need at registration
 * @ht:	the trigger
 *
 * Return: 0 or a negative errno.
 */
int hist_actions_enable(struct hist_trigger *ht)
{
	int ret;

	if (!ht->snapshot)
		return 0;
	ret = tracing_alloc_snapshot_instance(ht->tr);
	if (ret)
		return ret;
	return tracing_snapshot_cond_enable(ht->tr, ht, hist_snapshot_update);
}

/**
 * hist_actions_disable - undo hist_actions_enable()
 * @ht:	the trigger
 */
void hist_actions_disable(struct hist_trigger *ht)
{
	if (ht->snapshot)
		tracing_snapshot_cond_disable(ht->tr);
}
#else
static void take_snapshot(struct hist_trigger *ht,
			  const struct tracing_map_elt *elt, u64 val)
{
}

int hist_actions_enable(struct hist_trigger *ht)
{
	return ht->snapshot ? -ENODEV : 0;
}

void hist_actions_disable(struct hist_trigger *ht)
{
}
#endif

/**
 * hist_actions_run - run the actions of a trigger for one hit
 * @ht:		the trigger
 * @fr:		the hit, its entry updated
 * @elt:	that entry
 *
 * Context: the event's (trace_hist_run.c).
 */
void hist_actions_run(struct hist_trigger *ht, struct hist_frame *fr,
		      struct tracing_map_elt *elt)
{
	void *priv = tracing_map_elt_private(elt);
	const struct hist_action *act;
	u64 val = 0;

	list_for_each_entry(act, &ht->actions, list) {
		if (act->handler != HIST_ON_MATCH) {
			val = fr->vals[act->watched->slot];
			if (!track(act, priv, val))
				continue;
		}
		switch (act->kind) {
		case HIST_DO_TRACE:
			synth_event_emit(act->synth, fr->vals, act->param_slots);
			break;
		case HIST_DO_SAVE:
			save_fields(act, fr, priv);
			break;
		case HIST_DO_SNAPSHOT:
			take_snapshot(ht, elt, val);
			break;
		}
	}
}

/**
 * hist_actions_print_spec - print the actions of a trigger in its spec
 * @m:	the output
 * @ht:	the trigger
 */
void hist_actions_print_spec(struct seq_file *m, const struct hist_trigger *ht)
{
	const struct hist_action *act;

	list_for_each_entry(act, &ht->actions, list)
		seq_printf(m, ":%s", act->spec);
}

/**
 * hist_actions_print_entry - print what the actions keep for one entry:
 * the tracked value of onmax/onchange, and the saved fields
 * @m:		the output
 * @ht:		the trigger
 * @elt:	the entry
 */
void hist_actions_print_entry(struct seq_file *m,
			      const struct hist_trigger *ht,
			      const struct tracing_map_elt *elt)
{
	const void *priv = tracing_map_elt_private(elt);
	const struct hist_action *act;
	unsigned int i;

	list_for_each_entry(act, &ht->actions, list) {
		if (act->handler == HIST_ON_MATCH || act->kind == HIST_DO_SNAPSHOT)
			continue;
		seq_printf(m, "\n\t%s: %10llu",
			   act->handler == HIST_ON_MAX ? "max" : "changed",
			   *(const u64 *)(priv + act->track_off));
		for (i = 0; act->kind == HIST_DO_SAVE && i < act->n_params; i++) {
			const struct hist_field *f = act->params[i];
			const void *v = priv + act->save_off[i];

			if (hist_field_is_string(f))
				seq_printf(m, "  %s: %-32s", f->name,
					   (const char *)v);
			else
				seq_printf(m, "  %s: %10llu", f->name,
					   *(const u64 *)v);
		}
	}
}

/**
 * hist_actions_print_snapshot - print the cause of the last snapshot a
 * trigger took, if any
 * @m:	the output
 * @ht:	the trigger
 */
void hist_actions_print_snapshot(struct seq_file *m,
				 const struct hist_trigger *ht)
{
	const struct tracing_map_elt *elt = READ_ONCE(ht->snap_elt);
	char *handler;

	if (!ht->snapshot || !elt)
		return;
	handler = kstrdup(ht->snapshot->spec, GFP_KERNEL);
	if (handler)
		*split_handler(handler) = '\0';
	seq_printf(m, "\nSnapshot taken (see tracing/snapshot).  Details:\n\ttriggering value { %s }: %10llu\ttriggered by event with key: ",
		   handler ? handler : "", READ_ONCE(ht->snap_val));
	kfree(handler);
	hist_print_key(m, ht, elt);
	seq_putc(m, '\n');
}

/* What actions are compared by: their spec, the shorthand spelled out. */
static const char *action_canon(const struct hist_action *act)
{
	return act->canon ?: act->spec;
}

/**
 * hist_actions_same - whether two triggers have the same actions
 * @a:	one
 * @b:	the other
 */
bool hist_actions_same(const struct hist_trigger *a,
		       const struct hist_trigger *b)
{
	const struct list_head *y = b->actions.next;
	const struct hist_action *x;

	list_for_each_entry(x, &a->actions, list) {
		if (y == &b->actions ||
		    strcmp(action_canon(x),
			   action_canon(list_entry(y, struct hist_action, list))))
			return false;
		y = y->next;
	}
	return y == &b->actions;
}

/**
 * hist_actions_pin - take the references the actions need while the
 * trigger is registered
 * @ht:	the trigger
 */
void hist_actions_pin(struct hist_trigger *ht)
{
	struct hist_action *act;

	list_for_each_entry(act, &ht->actions, list)
		if (act->synth)
			synth_event_get(act->synth);
	ht->actions_pinned = true;
}

/**
 * hist_actions_free - free the actions of a trigger
 * @ht:	the trigger, unregistered
 */
void hist_actions_free(struct hist_trigger *ht)
{
	struct hist_action *act, *next;

	list_for_each_entry_safe(act, next, &ht->actions, list) {
		if (act->synth && ht->actions_pinned)
			synth_event_put(act->synth);
		list_del(&act->list);
		kfree(act->spec);
		kfree(act->canon);
		kfree(act);
	}
}
