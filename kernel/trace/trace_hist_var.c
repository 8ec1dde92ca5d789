// SPDX-License-Identifier: GPL-2.0
/*
 * Histogram triggers: variables shared between histograms.
 *
 * A histogram defines variables ("ts0=common_timestamp.usecs"): every hit
 * stores the value in the variable of the entry it updates. Another
 * histogram of the same trace array reads it with "$ts0" (or
 * "sched.sched_waking.$ts0" when the name is not unique): at its own hit,
 * it builds its key, looks that key up in the defining histogram's map and
 * takes the value. Used in an expression, a variable is read once: taking
 * it clears it, so a timestamp is paired with one later event only. If any
 * variable a hit needs is not set, the hit is ignored.
 *
 * The registry. Every registered trigger that defines variables is on the
 * trace array's hist_vars list (struct trace_array.hist_vars), which is
 * what "$name" is looked up in: on the events of the command's onmatch()
 * handlers first, then anywhere; found twice, it is not unique. A trigger
 * being built is not registered yet, so it cannot read its own variables.
 * A trigger whose variables are read by others counts them in
 * hist_trigger.users and cannot be removed while that is not zero.
 *
 * Triggers are usually removed one by one, and one that others read
 * cannot be removed. But an instance or an event going away takes all its
 * triggers at once, in no particular order: a trigger removed while others
 * still read its variables stays allocated, off every list, until the last
 * of its readers is gone (hist_vars_unregister()).
 *
 * Everything here but hist_refs_resolve() runs under event_mutex.
 */
#include <linux/slab.h>
#include <linux/string.h>

#include "trace_hist.h"

static struct hist_var *find_var_in(struct hist_trigger *ht, const char *name)
{
	unsigned int i;

	for (i = 0; i < ht->n_vars; i++)
		if (!strcmp(ht->vars[i]->name, name))
			return ht->vars[i];
	return NULL;
}

static bool event_is(const struct trace_event_file *file, const char *system,
		     const char *event)
{
	struct trace_event_call *call = file->event_call;

	return !strcmp(call->class->system, system) &&
	       !strcmp(trace_event_name(call), event);
}

/*
 * The variable @name of a registered histogram of @tr, on the event
 * SYSTEM.EVENT when @system is given. *@others counts the other
 * histograms that define one of that name.
 */
static struct hist_var *find_var(struct trace_array *tr, const char *system,
				 const char *event, const char *name,
				 unsigned int *others)
{
	struct hist_var *var, *found = NULL;
	struct hist_trigger *ht;

	*others = 0;
	list_for_each_entry(ht, &tr->hist_vars, link) {
		if (system && !event_is(ht->file, system, event))
			continue;
		var = find_var_in(ht, name);
		if (!var)
			continue;
		if (found)
			(*others)++;
		else
			found = var;
	}
	return found;
}

/*
 * How many of the onmatch() handlers of the command being built name an
 * event with a histogram defining @name; *@var gets the first variable
 * found.  An unqualified variable is looked for there before anywhere
 * else, handler by handler as stock kernels do, so one event named by two
 * handlers finds it twice.
 */
static unsigned int find_match_var(struct hist_build *b, const char *name,
				   struct hist_var **var)
{
	const struct hist_spec *s = &b->p->spec;
	unsigned int i, others, n = 0;
	struct hist_var *v;

	*var = NULL;
	for (i = 0; i < s->n_actions; i++) {
		const struct hist_action_spec *as = &s->actions[i];

		if (as->handler != HIST_ON_MATCH)
			continue;
		v = find_var(b->ht->tr, as->system, as->arg, name, &others);
		if (!v)
			continue;
		if (!n++)
			*var = v;
	}
	return n;
}

/**
 * hist_var_on_event - whether a registered histogram of an event defines
 * a variable of this name
 * @file:	the event
 * @name:	the variable
 *
 * Return: true if so.
 */
bool hist_var_on_event(struct trace_event_file *file, const char *name)
{
	struct hist_trigger *ht;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(ht, &file->tr->hist_vars, link)
		if (ht->file == file && find_var_in(ht, name))
			return true;
	return false;
}

/**
 * hist_ref_field - compile "$NAME" or "SYSTEM.EVENT.$NAME"
 * @b:		the build
 * @system:	the event's system, or NULL for any
 * @event:	the event's name, when @system is given
 * @name:	the variable
 * @roles:	what the value is used as
 *
 * Return: the field, NULL when there is no such variable (logged), or an
 * ERR_PTR.
 */
struct hist_field *hist_ref_field(struct hist_build *b, const char *system,
				  const char *event, const char *name,
				  unsigned int roles)
{
	struct hist_trigger *ht = b->ht;
	unsigned int n, others;
	struct hist_ref *ref;
	struct hist_field *f;
	struct hist_var *var;
	char *fname;

	/* Action parameters are not looked up on the onmatch() events first */
	n = 0;
	if (!system && !(roles & HIST_R_PARAM))
		n = find_match_var(b, name, &var);
	if (n)
		others = n - 1;
	else
		var = find_var(ht->tr, system, event, name, &others);
	if (var && others)
		hist_err(b->p, HIST_ERR_VAR_NOT_UNIQUE, name);
	if (!var || others) {
		hist_err(b->p, HIST_ERR_VAR_NOT_FOUND, name);
		return NULL;
	}

	list_for_each_entry(ref, &ht->refs, list)
		if (ref->var == var)
			goto have_ref;
	ref = kzalloc(sizeof(*ref), GFP_KERNEL);
	if (!ref)
		return ERR_PTR(-ENOMEM);
	ref->var = var;
	ref->idx = ht->n_refs++;
	list_add_tail(&ref->list, &ht->refs);

have_ref:
	if (roles & HIST_R_OPERAND)
		ref->consume = true;
	/* A qualified name stays qualified where the trigger spec shows it */
	if (system && !(roles & HIST_R_PARAM))
		fname = kasprintf(GFP_KERNEL, "%s.%s.$%s", system, event, name);
	else
		fname = kasprintf(GFP_KERNEL, "$%s", name);
	if (!fname)
		return ERR_PTR(-ENOMEM);
	f = hist_field_new(b, HIST_K_VAR_REF, fname);
	kfree(fname);
	if (!f)
		return ERR_PTR(-ENOMEM);
	f->ref = ref;
	f->type = var->field->type;
	f->size = var->field->size;
	f->is_signed = var->field->is_signed;
	f->in_usecs = var->field->in_usecs;
	return f;
}

/**
 * hist_foreign_field - compile "SYSTEM.EVENT.FIELD", a field of another
 * event, for an action parameter
 * @b:		the build
 * @text:	the text, "SYSTEM" up to @dot1
 * @dot1:	the dot after SYSTEM
 * @dot2:	the dot after EVENT
 *
 * The field is read through a variable of a histogram on that event.
 *
 * Return: the field, or an ERR_PTR (logged).
 */
struct hist_field *hist_foreign_field(struct hist_build *b, char *text,
				      char *dot1, char *dot2)
{
	*dot1 = '\0';
	*dot2 = '\0';
	return hist_field_var_hist(b, text, dot1 + 1, dot2 + 1);
}

/**
 * hist_var_lookup - the variable @name of a registered histogram on the
 * event SYSTEM.EVENT of @tr
 * @tr:		the trace array
 * @system:	the event's system
 * @event:	the event
 * @name:	the variable
 *
 * Return: the variable or NULL.
 */
struct hist_var *hist_var_lookup(struct trace_array *tr, const char *system,
				 const char *event, const char *name)
{
	unsigned int others;

	lockdep_assert_held(&event_mutex);
	return find_var(tr, system, event, name, &others);
}

/*
 * Tries of a read of a string or stacktrace variable that lost its buffer
 * to concurrent sets; past them, the variable counts as not set.
 */
#define HIST_REF_READ_TRIES	8

/*
 * Read the variable of @ref in @elt into fr->refs; the bytes of a string
 * or stack trace are copied into the hit's scratch, whole, and the value
 * points to that copy.
 */
static bool read_ref(const struct hist_ref *ref, struct tracing_map_elt *elt,
		     struct hist_frame *fr)
{
	const struct hist_var *var = ref->var;
	u64 *val = &fr->refs[ref->idx];
	struct tracing_map_var_read rd;
	void *copy;
	int tries;

	if (!var->bytes)
		return ref->consume ?
		       tracing_map_elt_var_read_once(elt, var->idx, val) :
		       tracing_map_elt_var_get(elt, var->idx, val);

	copy = fr->scratch + ref->copy_off;
	for (tries = 0; tries < HIST_REF_READ_TRIES; tries++) {
		if (!tracing_map_elt_var_read_begin(elt, var->idx, &rd))
			return false;
		memcpy(copy, (void *)(unsigned long)rd.val, var->bytes);
		if (tracing_map_elt_var_read_end(elt, var->idx, &rd,
						 ref->consume)) {
			*val = (unsigned long)copy;
			return true;
		}
	}
	return false;
}

/**
 * hist_refs_resolve - read the variables a hit needs, with its key
 * @ht:	the trigger
 * @fr:	the hit; fr->key is built, fr->refs receives the values
 *
 * The key looked up is ours, zero-extended (or cut) to the key size of the
 * histogram read: a histogram keyed otherwise than we are matches the
 * entries whose key bytes begin with ours and are zero after them.
 *
 * Context: the event's, see trace_hist_run.c.
 *
 * Return: true when every variable was set (and is now consumed).
 */
bool hist_refs_resolve(const struct hist_trigger *ht, struct hist_frame *fr)
{
	const struct hist_ref *ref;
	struct tracing_map_elt *elt;

	list_for_each_entry(ref, &ht->refs, list) {
		elt = tracing_map_lookup(ref->var->owner->table->map, fr->key);
		if (!elt || !read_ref(ref, elt, fr))
			return false;
	}
	return true;
}

/**
 * hist_vars_register - make a registered trigger's variables visible and
 * pin the histograms it reads
 * @ht:	the trigger
 *
 * Return: 0.
 */
int hist_vars_register(struct hist_trigger *ht)
{
	struct hist_ref *ref;

	lockdep_assert_held(&event_mutex);
	if (ht->n_vars)
		list_add_tail(&ht->link, &ht->tr->hist_vars);
	list_for_each_entry(ref, &ht->refs, list)
		ref->var->owner->users++;
	return 0;
}

/**
 * hist_vars_unregister - undo hist_vars_register() and free the trigger,
 * now or when the last trigger reading its variables goes
 * @ht:	the trigger, removed from its event, no event running it
 */
void hist_vars_unregister(struct hist_trigger *ht)
{
	struct hist_ref *ref;

	lockdep_assert_held(&event_mutex);
	list_del_init(&ht->link);
	list_for_each_entry(ref, &ht->refs, list) {
		struct hist_trigger *owner = ref->var->owner;

		if (!--owner->users && owner->removed)
			hist_trigger_free(owner);
	}
	ht->removed = true;
	if (!ht->users)
		hist_trigger_free(ht);
}

/**
 * hist_refs_put - free a trigger's references
 * @ht:	the trigger, unregistered
 */
void hist_refs_put(struct hist_trigger *ht)
{
	struct hist_ref *ref, *next;

	list_for_each_entry_safe(ref, next, &ht->refs, list) {
		list_del(&ref->list);
		kfree(ref);
	}
}
