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
 * tracked value is an atomic64_t in the entry's private data, updated with
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
 *		(hist_field_var_hist() in trace_events_hist.c);
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

static struct hist_var *hist_own_var(struct hist_trigger *ht, const char *name)
{
	unsigned int i;

	for (i = 0; i < ht->n_vars; i++)
		if (!strcmp(ht->vars[i]->name, name))
			return ht->vars[i];
	return NULL;
}

/* A field whose value is the hit's value of one of our own variables. */
static struct hist_field *hist_self_ref(struct hist_build *b,
					struct hist_var *var)
{
	struct hist_field *f = hist_field_new(b, HIST_K_SELF, "$%s", var->name);

	if (IS_ERR(f))
		return f;
	f->operand[0] = var->field;
	f->form = var->field->form;
	f->type = var->field->type;
	f->size = var->field->size;
	f->is_signed = var->field->is_signed;
	return f;
}

/*
 * Where an error about parameter @text points: a SYSTEM.EVENT.FIELD or
 * SYSTEM.EVENT.$VAR is reported at its FIELD or $VAR.
 */
static const char *hist_param_caret(const char *text)
{
	const char *dot = strchr(text, '.');

	dot = dot ? strchr(dot + 1, '.') : NULL;
	return dot ? dot + 1 : text;
}

/* Whether @text is "SYSTEM.EVENT.FIELD" with the event of @b's trigger. */
static bool hist_own_field_name(struct hist_build *b, const char *text)
{
	const char *system = b->call->class->system;
	const char *event = trace_event_name(b->call);
	size_t n = strlen(system), m = strlen(event);

	return !strncmp(text, system, n) && text[n] == '.' &&
	       !strncmp(text + n + 1, event, m) && text[n + 1 + m] == '.';
}

/*
 * save() of "$VAR" or "SYSTEM.EVENT.$VAR" (@text, cut and restored here)
 * naming no variable is refused as an operand of an expression is, then
 * as a field variable that could not be made: four entries. 0 when the
 * variable is there, or @text names none.
 */
static int hist_check_saved_var(struct hist_build *b, char *text)
{
	char *dollar = strchr(text, '$'), *dot1, *dot2;
	bool found;

	if (!dollar)
		return 0;
	if (dollar == text) {
		found = hist_own_var(b->ht, text + 1) ||
			hist_var_find(b, NULL, NULL, text + 1, HIST_R_PARAM);
	} else {
		dot1 = strchr(text, '.');
		dot2 = dot1 ? strchr(dot1 + 1, '.') : NULL;
		if (!dot2 || dollar != dot2 + 1)
			return 0;
		*dot1 = *dot2 = '\0';
		found = hist_var_find(b, text, dot1 + 1, dollar + 1,
				      HIST_R_PARAM);
		*dot1 = *dot2 = '.';
	}
	if (found)
		return 0;
	hist_fail(b->p, HIST_ERR_VAR_NOT_FOUND, dollar + 1);
	hist_fail(b->p, HIST_ERR_FIELD_NOT_FOUND, dollar);
	hist_fail(b->p, HIST_ERR_FIELD_VAR_PARSE_FAIL, text);
	return hist_fail(b->p, HIST_ERR_FIELD_VAR_CREATE_FAIL, text);
}

/*
 * One parameter of trace() or save(). A synthetic event's parameter with a
 * dot must be SYSTEM.EVENT.FIELD[.MODIFIER] or SYSTEM.EVENT.$VAR: "x.hex"
 * and "$x.hex" are refused, silently, where save() takes "x.hex". A field
 * that is not ours is then looked for on @act's onmatch event.
 */
static struct hist_field *hist_param_field(struct hist_build *b,
					   struct hist_action *act, char *text,
					   bool save)
{
	const char *dot = strchr(text, '.');
	struct hist_field *f;
	struct hist_var *var;
	char *orig;
	int ret;

	if (!save && dot && !strchr(dot + 1, '.'))
		return ERR_PTR(hist_fail(b->p, HIST_QUIET_PARAM_DOTTED, text));
	ret = save ? hist_check_saved_var(b, text) : 0;
	if (ret)
		return ERR_PTR(ret);
	if (text[0] == '$') {
		var = hist_own_var(b->ht, text + 1);
		if (var)
			return hist_self_ref(b, var);
		/* Not ours: onmatch() looks on its event only. */
		if (!hist_var_lookup(b->ht->tr, act->match_system,
				     act->match_event, text + 1))
			return ERR_PTR(hist_fail(b->p, HIST_ERR_PARAM_NOT_FOUND,
						 text + 1));
		return hist_ref_field(b, act->match_system, act->match_event,
				      text + 1, HIST_R_PARAM);
	}
	/*
	 * SYSTEM.EVENT.$VAR, and another event's SYSTEM.EVENT.FIELD (read
	 * through a histogram there), are all they are.
	 */
	if (isdigit(*text) ||
	    (!save && dot && (strchr(text, '$') || !hist_own_field_name(b, text))))
		return hist_field_parse(b, text, HIST_R_PARAM);

	/* Parsing cuts @text; the errors after it point at the whole. */
	orig = kstrdup(hist_param_caret(text), GFP_KERNEL);
	if (!orig)
		return ERR_PTR(-ENOMEM);
	f = hist_field_parse(b, text, HIST_R_PARAM);
	if (!IS_ERR(f))
		goto out;
	/* Entries of their own after the parse's; its errno is kept. */
	hist_fail(b->p, HIST_ERR_FIELD_VAR_PARSE_FAIL, orig);
	if (save) {
		hist_fail(b->p, HIST_ERR_FIELD_VAR_CREATE_FAIL, orig);
		goto out;
	}
	/* Not a field of ours: maybe one of the onmatch event's. */
	if (act->match_event)
		f = b->p->field_var(b, act->match_system, act->match_event,
				    orig);
out:
	kfree(orig);
	return f;
}

/*
 * Whether a parameter fits a synthetic field. First by what the parameter
 * is (its form), never by the type it was given, since the event reads a
 * string or a stack from the address its value is: a stack field takes a
 * stack, a string field a string, and a numeric field a number (an
 * expression is one, whatever the type its operands lent it). A string
 * fits a dynamic string field, and a static one of its type or size.
 * Then the ABI's matrix for numbers: the types are the same, or of the
 * same size and signedness, a field of the record passed as it is
 * counting as unsigned. The ABI also lets a number be passed for a string
 * and a string for a number, the event then reading a string from any
 * address the number is, or showing the address of one (ours refuses
 * both: differences.txt).
 */
static bool hist_param_fits(const struct hist_field *f,
			    const struct synth_field *sf)
{
	bool is_signed = f->is_signed;

	if (sf->is_stack || hist_field_is_stack(f))
		return sf->is_stack && hist_field_is_stack(f);
	if (sf->is_string || hist_field_is_string(f))
		return sf->is_string && hist_field_is_string(f) &&
		       (sf->is_dynamic || !strcmp(f->type, sf->type) ||
			f->size == sf->size);
	if (!strcmp(f->type, sf->type))
		return true;
	if (f->kind == HIST_K_NUM)
		is_signed = false;
	return f->size == sf->size && is_signed == sf->is_signed;
}

/*
 * trace(SYNTH,PARAMS) or SYNTH(PARAMS). The parameters are checked in
 * order, those past the most an action keeps too: one that does not fit
 * is what is reported; more than that many that all fit are refused
 * without a word.
 */
static int hist_build_trace(struct hist_build *b, struct hist_action *act,
			    const struct hist_action_spec *as)
{
	char *synth_name = as->shorthand ? as->name : as->params[0];
	char *const *params = as->shorthand ? as->params : as->params + 1;
	int n = as->shorthand ? as->n_params : as->n_params - 1;
	struct synth_event *se;
	struct hist_field *f;
	int i;

	se = synth_event_find(synth_name);
	if (!se) {
		if (as->shorthand)
			return hist_fail_dotted(b->p, HIST_ERR_SYNTH_NOT_FOUND,
						synth_name);
		return hist_fail(b->p, HIST_ERR_SYNTH_NOT_FOUND, synth_name);
	}
	/* A parameter too many is a mismatch; too few, a count error. */
	for (i = 0; i < n; i++) {
		const struct synth_field *sf = synth_event_field(se, i);
		const char *caret = hist_param_caret(params[i]);

		f = hist_param_field(b, act, params[i], false);
		if (IS_ERR(f))
			return PTR_ERR(f);
		if (!sf || !hist_param_fits(f, sf))
			return hist_fail(b->p, HIST_ERR_SYNTH_TYPE_MISMATCH,
					 caret);
		act->params[act->n_params++] = f;
	}
	if (as->params_overflow)
		return hist_fail(b->p, HIST_QUIET_TOO_MANY_PARAMS, NULL);
	if (act->n_params != synth_event_n_fields(se))
		return hist_fail(b->p, HIST_ERR_SYNTH_COUNT_MISMATCH,
				 synth_name);
	act->synth = se;
	return 0;
}

/*
 * save(PARAMS): each kept in the entry as what it is, a number in a u64 or
 * a string in HIST_STR_MAX bytes. A stack trace is refused (ours: the ABI
 * keeps the address of the stack, which is stale by the time it is shown);
 * the caret is at the parameter, as written.
 */
static int hist_build_save(struct hist_build *b, struct hist_action *act,
			   char **params, int n)
{
	struct hist_field *f;
	char *text;
	int i;

	for (i = 0; i < n; i++) {
		text = kstrdup(params[i], GFP_KERNEL);
		if (!text)
			return -ENOMEM;
		f = hist_param_field(b, act, params[i], true);
		if (!IS_ERR(f) && hist_field_is_stack(f))
			f = ERR_PTR(hist_fail(b->p, HIST_ERR_INVALID_PARAM, text));
		kfree(text);
		if (IS_ERR(f))
			return PTR_ERR(f);
		act->params[act->n_params++] = f;
	}
	return 0;
}

/* HANDLER(ARG): onmatch's event (checked by the parser), or a variable. */
static int hist_build_handler(struct hist_build *b, struct hist_action *act,
			      const struct hist_action_spec *as)
{
	struct hist_var *var;

	if (as->handler == HIST_ON_MATCH) {
		act->match_system = as->system;
		act->match_event = as->arg;
		return 0;
	}
	if (as->arg[0] != '$')
		return hist_fail(b->p, HIST_ERR_TRACK_NOT_VAR, as->arg);
	var = hist_own_var(b->ht, as->arg + 1);
	if (!var)
		return hist_fail(b->p, HIST_ERR_TRACK_VAR_NOT_FOUND,
				 as->arg + 1);
	act->watched = var->field;
	return 0;
}

/* The parameters of an action as the spec prints them: "a,b,c". */
static char *hist_join_params(const struct hist_action_spec *as)
{
	size_t len = 1;
	unsigned int i;
	char *s;

	for (i = 0; i < as->n_params; i++)
		len += strlen(as->params[i]) + 1;
	s = kzalloc(len, GFP_KERNEL);
	for (i = 0; s && i < as->n_params; i++) {
		const char *dot = strchr(as->params[i], '.');

		if (i)
			strcat(s, ",");
		/* save() shows SYSTEM.EVENT.FIELD or .$VAR as SYSTEM. */
		if (as->kind == HIST_DO_SAVE && dot && strchr(dot + 1, '.'))
			strncat(s, as->params[i], dot - as->params[i]);
		else
			strcat(s, as->params[i]);
	}
	return s;
}

/*
 * What an action is printed as, and compared by: rebuilt from its parts,
 * so that what the parser ignored does not show; the shorthand
 * SYNTH(...) is compared as trace(SYNTH,...).
 */
static int hist_action_texts(struct hist_action *act,
			     const struct hist_action_spec *as)
{
	char *params = hist_join_params(as), *handler;
	int ret = -ENOMEM;

	handler = kasprintf(GFP_KERNEL, "%s(%s%s%s)",
			    hist_handler_name(as->handler), as->system ?: "",
			    as->system ? "." : "", as->arg);
	if (!params || !handler)
		goto out;
	act->spec = kasprintf(GFP_KERNEL, "%s.%s(%s)", handler, as->name,
			      params);
	if (!act->spec)
		goto out;
	ret = 0;
	if (as->shorthand) {
		act->canon = kasprintf(GFP_KERNEL, "%s.trace(%s,%s)", handler,
				       as->name, params);
		if (!act->canon)
			ret = -ENOMEM;
	}
out:
	kfree(handler);
	kfree(params);
	return ret;
}

static int hist_snapshot_available(struct hist_trigger *ht);

/* One action of the command; hist_parse_init() checked its shape. */
static int hist_build_action(struct hist_build *b, struct hist_action *act,
			     struct hist_action_spec *as)
{
	int ret;

	act->handler = as->handler;
	ret = hist_action_texts(act, as);
	if (ret)
		return ret;
	/*
	 * "!hist:..." compares actions by their text only, and a trigger is
	 * removed without its actions being resolved (nor logging them).
	 */
	if (b->probe)
		return 0;
	ret = hist_build_handler(b, act, as);
	if (ret)
		return ret;
	act->kind = as->kind;
	switch (as->kind) {
	case HIST_DO_SNAPSHOT:
		/*
		 * Found busy when built, before the actions after it; a
		 * second snapshot() of the command finds the conditional
		 * snapshot taken by the first (-EBUSY, nothing logged).
		 */
		if (b->ht->snapshot)
			return -EBUSY;
		return hist_snapshot_available(b->ht);
	case HIST_DO_SAVE:
		if (as->params_overflow)
			return hist_fail(b->p, HIST_QUIET_TOO_MANY_PARAMS,
					 NULL);
		return hist_build_save(b, act, as->params, as->n_params);
	default:
		return hist_build_trace(b, act, as);
	}
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

	lockdep_assert_held(&event_mutex);
	for (i = 0; i < s->n_actions; i++) {
		act = kzalloc(sizeof(*act), GFP_KERNEL);
		if (!act)
			return -ENOMEM;
		list_add_tail(&act->list, &ht->actions);
		ret = hist_build_action(b, act, &s->actions[i]);
		if (ret)
			return ret;
		if (act->kind == HIST_DO_SAVE && saves++)
			return hist_fail(b->p, HIST_ERR_TOO_MANY_SAVES, NULL);
		if (act->kind == HIST_DO_SAVE)
			ht->save = act;
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
			*priv += sizeof(atomic64_t);
		}
		if (act->kind == HIST_DO_SAVE) {
			act->saved_off = *priv;
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

#ifdef CONFIG_TRACER_SNAPSHOT
/*
 * Whether the conditional snapshot of @ht's instance could be had now: the
 * refusals of tracing_snapshot_cond_enable() (a tracer that uses the
 * snapshot buffer, a conditional snapshot taken, the buffer mapped or its
 * count of users full), asked under the locks it takes them under. It is
 * not taken and dropped to learn that: tracing_snapshot_cond_disable()
 * frees with interrupts off, which sleeps on PREEMPT_RT.
 */
static int hist_snapshot_available(struct hist_trigger *ht)
{
	struct trace_array *tr = ht->tr;
	bool busy;

	guard(mutex)(&trace_types_lock);
	spin_lock(&tr->snapshot_trigger_lock);
	busy = tr->current_trace->use_max_tr || tr->cond_snapshot ||
	       tr->snapshot == UINT_MAX || tr->mapped;
	spin_unlock(&tr->snapshot_trigger_lock);
	/* As the core, no buffer is allocated for a refusal. */
	return busy ? -EBUSY : tracing_alloc_snapshot_instance(tr);
}

/**
 * hist_actions_enable - turn on what the actions need at registration
 * @ht:	the trigger
 *
 * Return: 0 or a negative errno.
 */
int hist_actions_enable(struct hist_trigger *ht)
{
	if (!ht->snapshot)
		return 0;
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
static int hist_snapshot_available(struct hist_trigger *ht)
{
	return -ENODEV;
}

int hist_actions_enable(struct hist_trigger *ht)
{
	return ht->snapshot ? -ENODEV : 0;
}

void hist_actions_disable(struct hist_trigger *ht)
{
}
#endif

/*
 * Whether the actions of @a and @b are alike one by one, in order, as
 * @alike tells of two of them, and as many.
 */
static bool hist_actions_pairwise(const struct hist_trigger *a,
				  const struct hist_trigger *b,
				  bool (*alike)(const struct hist_action *x,
						const struct hist_action *y))
{
	const struct list_head *y = b->actions.next;
	const struct hist_action *x;

	list_for_each_entry(x, &a->actions, list) {
		if (y == &b->actions ||
		    !alike(x, list_entry(y, struct hist_action, list)))
			return false;
		y = y->next;
	}
	return y == &b->actions;
}

/* What actions are compared by: their spec, the shorthand spelled out. */
static bool hist_action_same(const struct hist_action *x,
			     const struct hist_action *y)
{
	return !strcmp(x->canon ?: x->spec, y->canon ?: y->spec);
}

/**
 * hist_actions_same - whether two triggers have the same actions
 * @a:	one
 * @b:	the other
 *
 * Return: true if so.
 */
bool hist_actions_same(const struct hist_trigger *a,
		       const struct hist_trigger *b)
{
	return hist_actions_pairwise(a, b, hist_action_same);
}

/* Whether @x and @y keep the same state in an entry, each part alike. */
static bool hist_action_fits(const struct hist_action *x,
			     const struct hist_action *y)
{
	unsigned int i;

	if (x->handler != y->handler || x->kind != y->kind ||
	    x->n_params != y->n_params || x->track_off != y->track_off ||
	    x->saved_off != y->saved_off || x->synth != y->synth ||
	    !x->watched != !y->watched ||
	    (x->watched && x->watched->form != y->watched->form))
		return false;
	for (i = 0; i < x->n_params; i++)
		if (x->params[i]->form != y->params[i]->form ||
		    x->params[i]->size != y->params[i]->size ||
		    (x->kind == HIST_DO_SAVE && x->save_off[i] != y->save_off[i]))
			return false;
	return true;
}

/**
 * hist_actions_fit - whether the actions of two triggers laid out keep
 * the same state in the same bytes of an entry (hist_table_fits())
 * @a:	one
 * @b:	the other
 *
 * Return: true if so.
 */
bool hist_actions_fit(const struct hist_trigger *a,
		      const struct hist_trigger *b)
{
	return hist_actions_pairwise(a, b, hist_action_fits);
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
