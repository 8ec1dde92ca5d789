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
 * The registry, which this file only reads. Every registered trigger that
 * defines variables is on the trace array's hist_vars list (struct
 * trace_array.hist_vars; trace_events_hist.c adds and removes them), which
 * is what "$name" is looked up in: on the events of the command's
 * onmatch() handlers first, then anywhere; found twice, it is not unique.
 * A trigger being built is not registered yet, so it cannot read its own
 * variables. trace_hist_field.c compiles a reference to what is found
 * here; trace_hist_run.c reads it at event time.
 *
 * Everything here runs under event_mutex.
 */
#include <linux/string.h>

#include "trace_hist.h"

static struct hist_var *hist_find_var_in(struct hist_trigger *ht,
					 const char *name)
{
	unsigned int i;

	for (i = 0; i < ht->n_vars; i++)
		if (!strcmp(ht->vars[i]->name, name))
			return ht->vars[i];
	return NULL;
}

static bool hist_event_is(const struct trace_event_file *file,
			  const char *system,
			  const char *event)
{
	struct trace_event_call *call = file->event_call;

	return !strcmp(call->class->system, system) &&
	       !strcmp(trace_event_name(call), event);
}

/*
 * The variable @name of a registered histogram of @tr, on the event
 * SYSTEM.EVENT when @system is given. *@others counts the other
 * histograms that define one of that name. SYSTEM.EVENT is looked up as
 * find_event_file() does: the tracer's own events (ftrace.print and the
 * like, TRACE_EVENT_FL_IGNORE_ENABLE) are not found, so their variables
 * are read as "$name" only.
 */
static struct hist_var *hist_find_var(struct trace_array *tr,
				      const char *system,
				      const char *event, const char *name,
				      unsigned int *others)
{
	struct hist_var *var, *found = NULL;
	struct hist_trigger *ht;

	*others = 0;
	if (system && !find_event_file(tr, system, event))
		return NULL;
	list_for_each_entry(ht, &tr->hist_vars, link) {
		if (system && !hist_event_is(ht->file, system, event))
			continue;
		var = hist_find_var_in(ht, name);
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
 * else, handler by handler, so one event named by two
 * handlers finds it twice.
 */
static unsigned int hist_find_match_var(struct hist_build *b, const char *name,
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
		v = hist_find_var(b->ht->tr, as->system, as->arg, name, &others);
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
		if (ht->file == file && hist_find_var_in(ht, name))
			return true;
	return false;
}

/**
 * hist_var_find - the variable "$NAME" or "SYSTEM.EVENT.$NAME" of a
 * command being built
 * @b:		the build
 * @system:	the event's system, or NULL for any
 * @event:	the event's name, when @system is given
 * @name:	the variable
 * @roles:	what its value is used as
 *
 * An unqualified name is looked for on the events of the command's
 * onmatch() handlers first, but for an action parameter.
 *
 * Return: the variable, or NULL when there is none or more than one
 * (that one logged).
 */
struct hist_var *hist_var_find(struct hist_build *b, const char *system,
			       const char *event, const char *name,
			       unsigned int roles)
{
	unsigned int n = 0, others;
	struct hist_var *var;

	lockdep_assert_held(&event_mutex);
	if (!system && !(roles & HIST_R_PARAM))
		n = hist_find_match_var(b, name, &var);
	if (n)
		others = n - 1;
	else
		var = hist_find_var(b->ht->tr, system, event, name, &others);
	if (var && others) {
		/* The first entry; the caller's "not found" is the second. */
		hist_fail(b->p, HIST_ERR_VAR_NOT_UNIQUE, name);
		return NULL;
	}
	return var;
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
	return hist_find_var(tr, system, event, name, &others);
}
