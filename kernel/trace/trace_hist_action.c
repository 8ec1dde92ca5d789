// SPDX-License-Identifier: GPL-2.0
/*
 * Histogram triggers: handlers and actions (onmatch, onmax, onchange with
 * trace, save and snapshot).
 *
 * Not written yet: a command with an action is refused with -EINVAL.
 */
#include "trace_hist.h"

/**
 * hist_actions_build - compile the actions of a hist command
 * @b:	the build
 *
 * Return: 0, or -EINVAL while actions are not supported.
 */
int hist_actions_build(struct hist_build *b)
{
	return b->p->spec.n_actions ? -EINVAL : 0;
}

/**
 * hist_actions_run - run the actions of a trigger for one hit
 * @ht:		the trigger
 * @fr:		the hit
 * @elt:	the entry it updated
 */
void hist_actions_run(const struct hist_trigger *ht, struct hist_frame *fr,
		      struct tracing_map_elt *elt)
{
}

/**
 * hist_actions_print_spec - print the actions of a trigger in its spec
 * @m:	the output
 * @ht:	the trigger
 */
void hist_actions_print_spec(struct seq_file *m, const struct hist_trigger *ht)
{
}

/**
 * hist_actions_print_entry - print what the actions keep for one entry
 * @m:		the output
 * @ht:		the trigger
 * @elt:	the entry
 */
void hist_actions_print_entry(struct seq_file *m,
			      const struct hist_trigger *ht,
			      const struct tracing_map_elt *elt)
{
}

/**
 * hist_actions_same - whether two triggers have the same actions
 * @a:	one
 * @b:	the other
 */
bool hist_actions_same(const struct hist_trigger *a,
		       const struct hist_trigger *b)
{
	return list_empty(&a->actions) && list_empty(&b->actions);
}

/**
 * hist_actions_free - free the actions of a trigger
 * @ht:	the trigger
 */
void hist_actions_free(struct hist_trigger *ht)
{
}
