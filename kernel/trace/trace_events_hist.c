// SPDX-License-Identifier: GPL-2.0
/*
 * Histogram triggers: the "hist", "enable_hist" and "disable_hist"
 * trigger commands, and the "hist", "hist_interval", "hist_json" and
 * "hist_debug" files.
 *
 * This file ties the hist code to the trigger framework
 * (trace_events_trigger.c). Writing "hist:..." to an event's trigger file
 * calls hist_cmd_parse(), which
 *
 *	- cuts the command (trace_hist_parse.c) and compiles it into a
 *	  struct hist_trigger (trace_hist_build.c);
 *	- for "!hist:...", finds the registered trigger that is the same
 *	  histogram and removes it;
 *	- for a histogram that exists already, applies pause, cont and clear
 *	  to it, or fails with -EEXIST;
 *	- else gives the new trigger its table (or the table of the
 *	  histogram of the same name) and registers it.
 *
 * A registered trigger is a struct event_trigger_data on the event's
 * trigger list, whose private_data is the struct hist_trigger; it is
 * refcounted by the framework (data->ref) and freed by hist_cmd_free()
 * after tracepoint_synchronize_unregister(), so that no event is still
 * running it. A histogram does not pin its event: a
 * module whose events have histograms can be removed, and
 * hist_module_notify() removes those histograms first.
 *
 * A registered trigger that defines variables is on the trace array's
 * hist_vars list, where others look them up (trace_hist_var.c). A trigger
 * whose variables are read by others counts them in hist_trigger.users
 * and cannot be removed while that is not zero. Triggers are usually
 * removed one by one, and one that others read cannot be removed. But an
 * instance or an event going away takes all its triggers at once, in no
 * particular order: a trigger removed while others still read its
 * variables stays allocated, off every list, until the last of its
 * readers is gone (hist_vars_unregister()).
 *
 * Everything here runs under event_mutex, except hist_enable_trigger(),
 * which runs at event time.
 */
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/poll.h>
#include <linux/rcupdate.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

#include "trace_hist.h"

static struct event_command hist_cmd;

static bool hist_same_filter(const struct event_trigger_data *a,
			     const struct event_trigger_data *b)
{
	if (!a->filter_str || !b->filter_str)
		return a->filter_str == b->filter_str;
	return !strcmp(a->filter_str, b->filter_str);
}

/*
 * The registered trigger of @file that is the same histogram as @test,
 * filter included: the one "hist:..." duplicates, "!hist:..." removes.
 */
static struct event_trigger_data *hist_find_same(struct trace_event_file *file,
						 struct event_trigger_data *test)
{
	struct hist_trigger *ht = test->private_data;
	struct event_trigger_data *data;

	list_for_each_entry(data, &file->triggers, list) {
		if (!hist_is_hist_trigger(data))
			continue;
		if ((data->name || test->name) &&
		    (!data->name || !test->name || strcmp(data->name, test->name)))
			continue;
		if (!hist_same_filter(data, test))
			continue;
		if (hist_trigger_same(data->private_data, ht))
			return data;
	}
	return NULL;
}

/*
 * Removing a helper histogram frees it through hist_cmd_free(); freeing
 * the histogram that created it may free it too.
 */
static void hist_remove_trigger(struct event_trigger_data *data,
				struct trace_event_file *file);
static void hist_free_trigger(struct hist_trigger *ht);

/* Take @ht, registered, off its event (hist_cmd_free() frees it). */
static void hist_remove_registered(struct hist_trigger *ht)
{
	struct event_trigger_data *data;

	list_for_each_entry(data, &ht->file->triggers, list) {
		if (data->private_data == ht) {
			hist_remove_trigger(data, ht->file);
			return;
		}
	}
	WARN_ON_ONCE(1);
}

/*
 * How many of @c's users are @ht's, @c being a histogram @ht created. A
 * registered @ht holds it from its registration on (hist_vars_register()),
 * and each of its references to @c's variables holds it until @ht is freed
 * (hist_vars_unregister(), which sets ->removed). An @ht never registered
 * holds nothing.
 */
static unsigned int hist_holds_on(const struct hist_trigger *ht,
				  const struct hist_trigger *c, bool registered)
{
	const struct hist_ref *ref;
	unsigned int holds = registered;

	if (registered && !ht->removed)
		list_for_each_entry(ref, &ht->refs, list)
			holds += ref->var->owner == c;
	return holds;
}

/*
 * Remove the histograms @ht created for its field variables (@ht->created),
 * unless others read them; @ht is being removed from its event, or freed.
 *
 * @registered: a registered @ht's hold on each of them (hist_holds_on())
 * keeps each allocated until here, even when a module's going took it
 * off its event before @ht (->removed: nothing to remove, and its event
 * may be gone); that hold is given back here. The helpers of an @ht never
 * registered were registered by the same command, under the same hold of
 * event_mutex, and are still on their events.
 *
 * A registered @ht gives them back when it is removed (hist_remove_trigger()),
 * not when it is freed: only its own hits read them, and a free may run
 * under trace_types_lock (an instance's rmdir frees a trigger that was the
 * last to share a name with a removed @ht), which removing a helper takes
 * again (hist_release_resources()). A helper removed then, still read by
 * @ht's references, is freed with the last of them (hist_vars_unregister()).
 */
static void hist_created_release(struct hist_trigger *ht, bool registered)
{
	unsigned int i;

	lockdep_assert_held(&event_mutex);
	for (i = 0; i < ht->n_created; i++) {
		struct hist_trigger *c = ht->created[i];

		if (!c->removed && c->users == hist_holds_on(ht, c, registered))
			hist_remove_registered(c);
		if (registered && !--c->users && c->removed)
			hist_free_trigger(c);
	}
	ht->n_created = 0;
}

/* Free a trigger nothing reads and no event runs any more. */
static void hist_free_trigger(struct hist_trigger *ht)
{
	if (ht)
		hist_created_release(ht, ht->removed);
	hist_trigger_free(ht);
}

/*
 * Pins. A trigger that reads a histogram on another event (a variable, or
 * a field variable's histogram it created there) holds pointers into that
 * event's trigger data and file. The histogram read stays registered while
 * it is read (its removal is refused, its instance's rmdir too), which
 * keeps a dynamic event busy; but a module's events go with the module
 * (hist_module_notify() removes their histograms whoever reads them, then
 * the event code frees their files). So the reader pins the event
 * (trace_event_try_get_ref(): the module, or the dynamic event's count)
 * for as long as it is registered, as an enable_hist trigger aimed at the
 * event does: rmmod is refused (EBUSY). An event of the reader's own
 * module needs no pin: both go together.
 *
 * The first trigger of a name needs none: removed while others share its
 * table, it is only compared with those joining the name, by what it owns
 * (its fields' names, types and layout), never through its event.
 */
static struct trace_event_call *hist_pin_target(const struct hist_trigger *ht,
						const struct hist_trigger *other)
{
	struct trace_event_call *call = other->file->event_call;
	struct trace_event_call *own = ht->file->event_call;

	if (call == own)
		return NULL;
	if (!(call->flags & TRACE_EVENT_FL_DYNAMIC) &&
	    !(own->flags & TRACE_EVENT_FL_DYNAMIC) && call->module == own->module)
		return NULL;
	return call;
}

static bool hist_pin(struct trace_event_call **pin, struct hist_trigger *ht,
		     const struct hist_trigger *other)
{
	struct trace_event_call *call = hist_pin_target(ht, other);

	if (call && !trace_event_try_get_ref(call))
		return false;
	*pin = call;
	return true;
}

static void hist_unpin(struct trace_event_call **pin)
{
	if (*pin)
		trace_event_put_ref(*pin);
	*pin = NULL;
}

/* Drop the pins of @ht's references. */
static void hist_refs_unpin(struct hist_trigger *ht)
{
	struct hist_ref *ref;

	list_for_each_entry(ref, &ht->refs, list)
		hist_unpin(&ref->pinned);
}

/* Pin the events of what @ht reads; -ENODEV if one of them is going. */
static int hist_refs_pin(struct hist_trigger *ht)
{
	struct hist_ref *ref;

	list_for_each_entry(ref, &ht->refs, list) {
		if (!hist_pin(&ref->pinned, ht, ref->var->owner)) {
			hist_refs_unpin(ht);
			return -ENODEV;
		}
	}
	return 0;
}

/* Make a registered trigger's variables visible; pin the ones it reads. */
static void hist_vars_register(struct hist_trigger *ht)
{
	struct hist_ref *ref;
	unsigned int i;

	lockdep_assert_held(&event_mutex);
	if (ht->n_vars)
		list_add_tail(&ht->link, &ht->tr->hist_vars);
	list_for_each_entry(ref, &ht->refs, list)
		ref->var->owner->users++;
	/* Given back when @ht is removed or freed (hist_created_release()). */
	for (i = 0; i < ht->n_created; i++)
		ht->created[i]->users++;
}

/*
 * Undo hist_vars_register() and free the trigger, removed from its event and
 * run by no event, now or when the last trigger reading its variables
 * goes.
 */
static void hist_vars_unregister(struct hist_trigger *ht)
{
	struct hist_ref *ref;

	lockdep_assert_held(&event_mutex);
	list_del_init(&ht->link);
	hist_refs_unpin(ht);
	list_for_each_entry(ref, &ht->refs, list) {
		struct hist_trigger *owner = ref->var->owner;

		if (!--owner->users && owner->removed)
			hist_free_trigger(owner);
	}
	ht->removed = true;
	if (!ht->users)
		hist_free_trigger(ht);
}

/* Clock and timestamps: what a trigger reading common_timestamp needs. */
static int hist_use_timestamps(struct hist_parse *p, struct hist_trigger *ht)
{
	const char *clock = p->spec.clock ? p->spec.clock : "global";
	int ret;

	ht->clock = kstrdup(clock, GFP_KERNEL);
	if (!ht->clock)
		return -ENOMEM;
	ret = tracing_set_clock(ht->tr, clock);
	if (ret) {
		/* The entry of the refusal, with the clock's own errno. */
		hist_fail(p, HIST_ERR_SET_CLOCK_FAIL, p->spec.clock);
		return ret;
	}
	ht->ts_to_usecs = ht->ts_usecs && trace_clock_in_ns(ht->tr);
	return tracing_set_filter_buffering(ht->tr, true);
}

/*
 * The last reference is gone: take the trigger apart. A histogram that
 * joined a name holds a reference on the first one of that name (its
 * named_data), which stays the name's spec and table, findable by
 * find_named_trigger(), until the last histogram of the name is gone.
 */
static void hist_cmd_free(struct event_trigger_data *data)
{
	struct hist_trigger *ht = data->private_data;
	struct event_trigger_data *leader = data->named_data;

	if (WARN_ON_ONCE(data->ref <= 0))
		return;
	if (--data->ref)
		return;

	if (data->name)
		del_named_trigger(data);
	trigger_data_free(data);	/* waits for events in flight */
	hist_vars_unregister(ht);
	if (leader)
		hist_cmd_free(leader);
}

/*
 * What a registered trigger holds in its trace array: a reference when it
 * has variables (an instance with histograms others may read cannot go
 * away: its rmdir fails with -EBUSY), the trace
 * clock and unbuffered filtering for timestamps, the conditional snapshot.
 * They are given back when the trigger is removed, not when it is freed:
 * an instance being removed frees its triggers under trace_types_lock,
 * which giving them back would take again.
 */
static int hist_claim_resources(struct hist_parse *p, struct hist_trigger *ht)
{
	int ret;

	if (ht->n_vars && trace_array_get(ht->tr) < 0)
		return -ENODEV;
	if (ht->uses_timestamp) {
		ret = hist_use_timestamps(p, ht);
		if (ret)
			goto out_put;
	}
	ret = hist_actions_enable(ht);
	if (ret)
		goto out_timestamps;
	return 0;

out_timestamps:
	if (ht->uses_timestamp)
		tracing_set_filter_buffering(ht->tr, false);
out_put:
	if (ht->n_vars)
		trace_array_put(ht->tr);
	return ret;
}

static void hist_release_resources(struct hist_trigger *ht)
{
	hist_actions_disable(ht);
	if (ht->uses_timestamp)
		tracing_set_filter_buffering(ht->tr, false);
	if (ht->n_vars)
		trace_array_put(ht->tr);
}

static int hist_cmd_reg(char *glob, struct event_trigger_data *data,
			struct trace_event_file *file)
{
	int ret;

	lockdep_assert_held(&event_mutex);

	data->ref++;	/* the list's; hist_cmd_free() drops it on removal */
	list_add_tail_rcu(&data->list, &file->triggers);
	update_cond_flag(file);
	ret = trace_event_trigger_enable_disable(file, 1);
	if (ret) {
		/*
		 * The event could not be enabled (its probe not registered:
		 * an allocation failed). The trigger and soft mode references
		 * taken on the way are dropped too, or the event would stay in
		 * soft mode, never to be enabled by a later trigger.
		 */
		trace_event_trigger_enable_disable(file, 0);
		list_del_rcu(&data->list);
		update_cond_flag(file);
		data->ref--;
	}
	return ret;
}

static void hist_remove_trigger(struct event_trigger_data *data,
				struct trace_event_file *file)
{
	struct hist_trigger *ht = data->private_data;

	list_del_rcu(&data->list);
	trace_event_trigger_enable_disable(file, 0);
	update_cond_flag(file);
	hist_release_resources(ht);
	hist_created_release(ht, true);
	/* The first of a name that others still hold: its variables go now. */
	if (data->ref > 1)
		list_del_init(&ht->link);
	hist_cmd_free(data);
}

/*
 * The first histogram on @file, or NULL. Removing one histogram may remove
 * others (the field variable histograms it created, maybe on @file too),
 * so a loop removing them all starts again from the first each time.
 */
static struct event_trigger_data *hist_first_of(struct trace_event_file *file)
{
	struct event_trigger_data *data;

	list_for_each_entry(data, &file->triggers, list)
		if (hist_is_hist_trigger(data))
			return data;
	return NULL;
}

/*
 * struct event_command requires it, but the core calls it only from
 * event_trigger_parse(), which "hist" does not use: hist_cmd_parse()
 * removes through hist_remove_matching(), which also refuses the removal
 * of a histogram whose variables are read.
 */
static void hist_cmd_unreg(char *glob, struct event_trigger_data *test,
			   struct trace_event_file *file)
{
	struct event_trigger_data *data = hist_find_same(file, test);

	if (data)
		hist_remove_trigger(data, file);
}

/*
 * Truncating the trigger file removes every histogram of the event, unless
 * another trigger reads a variable of one of them: then it removes none.
 */
static void hist_cmd_unreg_all(struct trace_event_file *file)
{
	struct event_trigger_data *data;

	list_for_each_entry(data, &file->triggers, list) {
		struct hist_trigger *ht = data->private_data;

		if (hist_is_hist_trigger(data) && ht->users)
			return;
	}
	while ((data = hist_first_of(file)))
		hist_remove_trigger(data, file);
}

/* pause, cont or clear on a histogram that exists. */
static void hist_apply_state(struct hist_parse *p,
			     struct event_trigger_data *data)
{
	struct hist_trigger *ht = data->private_data;
	struct hist_spec *s = &p->spec;

	if (s->pause) {
		data->paused = true;
	} else if (s->cont) {
		data->paused = false;
	} else if (s->clear) {
		/* tracing_map_clear() wants no event in flight. */
		if (data->name) {
			pause_named_trigger(data);
		} else {
			data->paused_tmp = data->paused;
			data->paused = true;
		}
		tracepoint_synchronize_unregister();
		hist_trigger_clear(ht);
		if (data->name)
			unpause_named_trigger(data);
		else
			data->paused = data->paused_tmp;
	}
}

/*
 * The first histogram named as @data is, or NULL; an ERR_PTR (logged)
 * when it is not the same histogram as @data's, or the same text whose
 * entries would not be laid out alike (hist_table_fits()).
 */
static struct event_trigger_data *hist_named_leader(struct hist_parse *p,
						    struct event_trigger_data *data)
{
	struct event_trigger_data *leader;

	if (!data->name)
		return NULL;
	leader = find_named_trigger(data->name);
	if (leader && (!hist_trigger_same(leader->private_data,
					  data->private_data) ||
		       !hist_table_fits(data->private_data,
					leader->private_data)))
		return ERR_PTR(hist_fail(p, HIST_ERR_NAMED_MISMATCH,
					 p->spec.name_item));
	return leader;
}

/* name=: share the table of the first histogram of that name. */
static int hist_join_named(struct hist_parse *p,
			   struct event_trigger_data *data)
{
	struct event_trigger_data *leader = hist_named_leader(p, data);
	struct hist_trigger *ht = data->private_data;

	if (IS_ERR(leader))
		return PTR_ERR(leader);
	if (!leader)
		return hist_table_create(ht);
	hist_table_share(ht, leader->private_data);
	set_named_trigger_data(data, leader);
	return 0;
}

/* Whether @call is an event of a module going away. */
static bool hist_module_going(struct trace_event_call *call)
{
#ifdef CONFIG_MODULES
	return !(call->flags & TRACE_EVENT_FL_DYNAMIC) && call->module &&
	       !module_is_live(call->module);
#else
	return false;
#endif
}

static int hist_add_trigger(struct hist_parse *p, struct trace_event_file *file,
			    struct event_trigger_data *data)
{
	struct hist_trigger *ht = data->private_data;
	struct event_trigger_data *same;
	int ret;

	/*
	 * A module going away has had its histograms removed already
	 * (hist_module_notify()); its events' files go next, so nothing is
	 * added to them in between.
	 */
	if (hist_module_going(file->event_call))
		return -ENODEV;

	same = hist_find_same(file, data);
	if (same) {
		if (p->spec.pause || p->spec.cont || p->spec.clear) {
			hist_apply_state(p, same);
			return 1;
		}
		return hist_fail(p, HIST_ERR_HIST_EXISTS, NULL);
	}
	if (p->spec.cont || p->spec.clear) {
		/* A histogram of that name that is another is found first. */
		ret = PTR_ERR_OR_ZERO(hist_named_leader(p, data));
		if (ret)
			return ret;
		return hist_fail(p, HIST_ERR_HIST_NOT_FOUND, NULL);
	}

	ret = data->name ? hist_join_named(p, data) : hist_table_create(ht);
	if (ret)
		return ret;
	ret = hist_scratch_alloc(ht);
	if (ret == -E2BIG)
		return hist_fail(p, HIST_ERR_SCRATCH_TOO_BIG, NULL);
	if (ret)
		return ret;
	ret = hist_refs_pin(ht);
	if (ret)
		return ret;
	ret = hist_claim_resources(p, ht);
	if (ret)
		goto out_unpin;
	if (data->name) {
		ret = save_named_trigger(p->spec.name, data);
		if (ret) {
			data->name = p->spec.name;
			goto out_release;
		}
	}
	data->paused = p->spec.pause;
	ret = hist_cmd_reg(NULL, data, file);
	if (ret)
		goto out_unname;
	if (data->named_data)		/* dropped by hist_cmd_free() */
		data->named_data->ref++;
	hist_actions_pin(ht);
	hist_vars_register(ht);
	return 0;

out_unname:
	if (data->name) {
		del_named_trigger(data);
		data->name = p->spec.name;
	}
out_release:
	hist_release_resources(ht);
out_unpin:
	hist_refs_unpin(ht);
	return ret;
}

static int hist_remove_matching(struct hist_parse *p,
				struct trace_event_file *file,
				struct event_trigger_data *test)
{
	struct event_trigger_data *data = hist_find_same(file, test);
	struct hist_trigger *ht;

	if (!data)
		return 0;
	ht = data->private_data;
	if (ht->users)		/* others read its variables */
		return hist_fail(p, HIST_QUIET_VARS_IN_USE, NULL);
	hist_remove_trigger(data, file);
	return 0;
}

static int hist_cmd_parse_for(struct event_command *cmd_ops,
			      struct trace_event_file *file, char *glob,
			      char *cmd, char *param_and_filter,
			      struct hist_parse *report_to);

/*
 * The histogram of @file that a field variable histogram copies its keys
 * and filter from: the first one whose keys are of the types of @ht's.
 */
static struct event_trigger_data *
hist_template_of(struct trace_event_file *file, struct hist_trigger *ht)
{
	struct event_trigger_data *data;

	list_for_each_entry(data, &file->triggers, list) {
		if (hist_is_hist_trigger(data) &&
		    hist_trigger_keys_alike(data->private_data, ht))
			return data;
	}
	return NULL;
}

/* "keys=K,...:VAR=FIELD [if FILTER]" for a field variable histogram. */
static char *hist_field_var_cmd(struct event_trigger_data *tmpl,
				const char *var,
				const char *field)
{
	struct hist_trigger *t = tmpl->private_data;
	char *cmd, *key, *next;
	unsigned int i;

	cmd = kstrdup("keys=", GFP_KERNEL);
	for (i = 0; cmd && i < t->n_keys; i++) {
		key = hist_field_spec(t->keys[i]);
		next = key ? kasprintf(GFP_KERNEL, "%s%s%s", cmd, i ? "," : "",
				       key) : NULL;
		kfree(key);
		kfree(cmd);
		cmd = next;
	}
	if (!cmd)
		return NULL;
	next = kasprintf(GFP_KERNEL, "%s:%s=%s%s%s", cmd, var, field,
			 tmpl->filter_str ? " if " : "",
			 tmpl->filter_str ? tmpl->filter_str : "");
	kfree(cmd);
	return next;
}

/*
 * hist_parse.field_var: the value of @field of the event @system.@event
 * (@system NULL when the action has none), for an action parameter of the
 * trigger @b builds. The value is read through the variable "synthetic_FIELD" of a histogram
 * on that event, with the same keys and filter as the histogram there that
 * we read variables of (so the event must have a histogram). That
 * histogram is created if it does not exist yet, and removed with the
 * trigger that created it; its command's errors are logged as ours (a
 * FIELD the event lacks is "Couldn't find field" at our parameter).
 *
 * Returns the field referencing the variable, or an ERR_PTR: logged,
 * except when the command would be MAX_FILTER_STR_VAL long or more.
 */
static struct hist_field *hist_field_var_hist(struct hist_build *b,
					      const char *system,
					      const char *event, char *field)
{
	struct hist_trigger *ht = b->ht;
	struct event_trigger_data *tmpl;
	struct trace_event_file *file;
	char glob[] = "hist", *var, *cmd;
	struct hist_field *f = NULL;
	bool made = false;
	int ret;

	lockdep_assert_held(&event_mutex);
	file = system ? __find_event_file(ht->tr, system, event) : NULL;
	if (system && !file)
		return ERR_PTR(hist_fail(b->p, HIST_ERR_EVENT_FILE_NOT_FOUND,
					 field));
	tmpl = file ? hist_template_of(file, ht) : NULL;
	if (file && !tmpl)
		return ERR_PTR(hist_fail(b->p, HIST_ERR_MATCH_HIST_NOT_FOUND,
					 field));
	if (!file) {
		/* Two entries: this one, then that of any failed field var. */
		hist_fail(b->p, HIST_ERR_FIELD_NOT_FOUND, field);
		goto fail;
	}
	var = kasprintf(GFP_KERNEL, "synthetic_%s", field);
	if (!var)
		return ERR_PTR(-ENOMEM);
	if (!hist_var_lookup(ht->tr, system, event, var) && !b->probe &&
	    ht->n_created < ARRAY_SIZE(ht->created)) {
		cmd = hist_field_var_cmd(tmpl, var, field);
		if (!cmd) {
			kfree(var);
			return ERR_PTR(-ENOMEM);
		}
		/* The ABI's command buffer: a longer one is refused. */
		if (strlen(cmd) >= MAX_FILTER_STR_VAL) {
			kfree(cmd);
			kfree(var);
			return ERR_PTR(hist_fail(b->p, HIST_QUIET_FIELD_VAR_CMD,
						 field));
		}
		ret = hist_cmd_parse_for(&hist_cmd, file, glob, glob, cmd,
					 b->p);
		kfree(cmd);
		if (!ret) {
			ht->created[ht->n_created++] =
				list_last_entry(&file->triggers,
						struct event_trigger_data,
						list)->private_data;
			made = true;
		}
	}
	if (hist_var_lookup(ht->tr, system, event, var)) {
		f = hist_ref_field(b, system, event, var, HIST_R_PARAM);
	} else if (made) {
		/* Made on an event whose variables are not found by name. */
		f = ERR_PTR(hist_fail(b->p, HIST_ERR_SYNTH_VAR_NOT_FOUND,
				      field));
	}
	kfree(var);
	if (IS_ERR(f))
		return f;
	if (f)
		return f;
fail:
	return ERR_PTR(hist_fail(b->p, HIST_ERR_FIELD_VAR_HIST_FAIL, field));
}

/*
 * The command @param_and_filter for @file; with @report_to, made for that
 * command, which its errors are logged as.
 */
static int hist_cmd_parse_for(struct event_command *cmd_ops,
			      struct trace_event_file *file, char *glob,
			      char *cmd, char *param_and_filter,
			      struct hist_parse *report_to)
{
	struct trace_event_call *call = file->event_call;
	struct event_trigger_data *data;
	struct hist_parse p = {
		.tr		= file->tr,
		.find_event	= __find_event_file,
		.field_var	= hist_field_var_hist,
		.report_to	= report_to,
	};
	struct hist_trigger *ht;
	char loc[MAX_EVENT_NAME_LEN * 2 + 8];
	int ret;

	lockdep_assert_held(&event_mutex);

	snprintf(loc, sizeof(loc), "hist:%s:%s", call->class->system,
		 trace_event_name(call));
	p.loc = loc;
	ret = hist_parse_init(&p, param_and_filter);
	if (ret)
		goto out;

	ht = hist_build(&p, file, event_trigger_check_remove(glob));
	if (IS_ERR(ht)) {
		ret = PTR_ERR(ht);
		goto out;
	}
	data = trigger_data_alloc(cmd_ops, cmd, NULL, ht);
	if (!data) {
		hist_free_trigger(ht);
		ret = -ENOMEM;
		goto out;
	}
	/* Borrowed from the parse until save_named_trigger() copies it. */
	data->name = p.spec.name;
	/* The filter before the actions: its errors are reported first. */
	if (p.spec.filter) {
		ret = set_trigger_filter(p.spec.filter, data, file);
		if (ret < 0)
			goto out_free;
	}
	ret = hist_build_actions(&p, ht, event_trigger_check_remove(glob));
	if (ret)
		goto out_free;

	if (event_trigger_check_remove(glob)) {
		ret = hist_remove_matching(&p, file, data);
		goto out_free;
	}
	ret = hist_add_trigger(&p, file, data);
	if (ret)
		goto out_free;
	goto out;

out_free:
	/* Never registered: free it here (ret 1: acted on an existing one). */
	if (ret > 0)
		ret = 0;
	set_trigger_filter(NULL, data, NULL);
	data->name = NULL;
	trigger_data_free(data);
	hist_free_trigger(ht);
out:
	hist_parse_free(&p);
	return ret;
}

static int hist_cmd_parse(struct event_command *cmd_ops,
			  struct trace_event_file *file, char *glob, char *cmd,
			  char *param_and_filter)
{
	return hist_cmd_parse_for(cmd_ops, file, glob, cmd, param_and_filter,
				  NULL);
}

static struct event_command hist_cmd = {
	.name		= "hist",
	.trigger_type	= ETT_EVENT_HIST,
	.flags		= EVENT_CMD_FL_NEEDS_REC,
	.parse		= hist_cmd_parse,
	.reg		= hist_cmd_reg,
	.unreg		= hist_cmd_unreg,
	.unreg_all	= hist_cmd_unreg_all,
	.set_filter	= set_trigger_filter,
	.trigger	= hist_trigger_hit,
	.print		= hist_print_spec,
	.free		= hist_cmd_free,
};

/* Remove every histogram of an event. */
static void hist_remove_all(struct trace_event_file *file)
{
	struct event_trigger_data *data;

	while ((data = hist_first_of(file)))
		hist_remove_trigger(data, file);
}

/*
 * A module going away takes its events with it, and the event code does
 * not free their triggers: remove the histograms on them first. This runs
 * before the event code's notifier (priority 1).
 */
static int hist_module_notify(struct notifier_block *nb, unsigned long val,
			      void *data)
{
	struct module *mod = data;
	struct trace_event_file *file;
	struct trace_array *tr;

	if (val != MODULE_STATE_GOING)
		return NOTIFY_DONE;
	mutex_lock(&event_mutex);
	list_for_each_entry(tr, &ftrace_trace_arrays, list) {
		list_for_each_entry(file, &tr->events, list) {
			struct trace_event_call *call = file->event_call;

			/* A dynamic event keeps a refcount where .module is. */
			if (!(call->flags & TRACE_EVENT_FL_DYNAMIC) &&
			    call->module == mod)
				hist_remove_all(file);
		}
	}
	mutex_unlock(&event_mutex);
	return NOTIFY_OK;
}

static struct notifier_block hist_module_nb = {
	.notifier_call	= hist_module_notify,
	.priority	= 2,
};

/**
 * register_trigger_hist_cmd - register the "hist" trigger command
 *
 * Return: 0 or a negative errno.
 */
__init int register_trigger_hist_cmd(void)
{
	int ret = register_event_command(&hist_cmd);

	if (WARN_ON(ret < 0))
		return ret;
	if (IS_ENABLED(CONFIG_MODULES))
		register_module_notifier(&hist_module_nb);
	return 0;
}

/*
 * enable_hist:SYSTEM:EVENT and disable_hist:SYSTEM:EVENT: the parsing,
 * registration and printing of enable_event are reused; only what happens
 * at a hit differs. It runs at event time.
 */
static void hist_enable_trigger(struct event_trigger_data *data,
				struct trace_buffer *buffer, void *rec,
				struct ring_buffer_event *event)
{
	struct enable_trigger_data *enable_data = data->private_data;
	struct event_trigger_data *test;

	list_for_each_entry_rcu(test, &enable_data->file->triggers, list) {
		if (hist_is_hist_trigger(test))
			WRITE_ONCE(test->paused, !enable_data->enable);
	}
}

/* Every hit counts, whether or not the histograms were paused already. */
static bool hist_enable_count(struct event_trigger_data *data,
			      struct trace_buffer *buffer, void *rec,
			      struct ring_buffer_event *event)
{
	if (!data->count)
		return false;
	if (data->count != -1)
		data->count--;
	return true;
}

/*
 * Truncating the trigger file removes every enable_hist and disable_hist
 * trigger of the event. event_enable_unregister_trigger() removes the one
 * of that type and target, and there is only one (a second is EEXIST).
 */
static void hist_enable_unreg_all(struct trace_event_file *file)
{
	struct event_trigger_data *data, *next;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry_safe(data, next, &file->triggers, list)
		if (data->cmd_ops->trigger_type == ETT_HIST_ENABLE)
			event_enable_unregister_trigger(NULL, data, file);
}

/* enable_hist and disable_hist differ only in their names. */
#define HIST_ENABLE_COMMAND(cmd_name) {				\
	.name		= cmd_name,					\
	.trigger_type	= ETT_HIST_ENABLE,				\
	.parse		= event_enable_trigger_parse,			\
	.reg		= event_enable_register_trigger,		\
	.unreg		= event_enable_unregister_trigger,		\
	.unreg_all	= hist_enable_unreg_all,			\
	.set_filter	= set_trigger_filter,				\
	.trigger	= hist_enable_trigger,				\
	.count_func	= hist_enable_count,				\
	.print		= event_enable_trigger_print,			\
	.init		= event_trigger_init,				\
	.free		= event_enable_trigger_free,			\
}

static struct event_command hist_enable_cmd =
	HIST_ENABLE_COMMAND(ENABLE_HIST_STR);
static struct event_command hist_disable_cmd =
	HIST_ENABLE_COMMAND(DISABLE_HIST_STR);

/**
 * register_trigger_hist_enable_disable_cmds - register enable_hist and
 * disable_hist
 *
 * Return: 0 or a negative errno.
 */
__init int register_trigger_hist_enable_disable_cmds(void)
{
	int ret;

	ret = register_event_command(&hist_enable_cmd);
	if (WARN_ON(ret < 0))
		return ret;
	ret = register_event_command(&hist_disable_cmd);
	if (WARN_ON(ret < 0))
		unregister_event_command(&hist_enable_cmd);
	return ret;
}

/*
 * The hist, hist_json and hist_debug files. A read that starts at offset
 * 0 makes the text anew, in one go under event_mutex, and the reads after
 * it take the rest of that text, as they would from seq_file's buffer; a
 * read from elsewhere (after a seek, a pread) makes it anew too, as
 * seq_file shows it again, and SEEK_END is refused, as seq_lseek() does.
 * hist_tables_text() and hist_json_text() collect and sort each table
 * once, however long the text: with single_open(), seq_file would run the
 * whole show again each time its buffer doubled, a dozen times for a
 * table of 10^5 entries.
 *
 * poll() on the hist file tells whether the tables changed: POLLIN when
 * there were hits since the file was last read through this open file (or
 * ever, before its first read), POLLPRI when there were hits since the
 * last poll() or read (or the open). Hits are what the maps count anyway,
 * so the event path pays nothing for it but the wake-up of pollers, and
 * that only while an open file has been polled (hist_poll_armed).
 */
struct hist_file {
	/* what the file shows: hist_tables_text() or another */
	char		*(*make)(struct trace_event_file *file, size_t *len);
	/* orders the reads of one open file, as seq_file's lock does */
	struct mutex	lock;
	char		*text;		/* of the last read from offset 0 */
	size_t		len;
	loff_t		read_pos;	/* where the last read ended */
	u64		last_read;
	u64		last_poll;
	bool		armed;
};

static DEFINE_MUTEX(hist_poll_arm_lock);

/*
 * Turn hist_poll_armed on for the life of @hf, before its first poll
 * looks at the hits. No hit is missed: a hit runs with preemption off,
 * so each one either saw the key on, and wakes pollers as
 * hist_poll_wakeup() does (its barrier pairs with the wait queue's), or
 * ran all of it before the grace period below ended, and then its counts
 * are visible to the poll that follows it here.
 */
static void hist_file_arm(struct hist_file *hf)
{
	mutex_lock(&hist_poll_arm_lock);
	if (!hf->armed) {
		static_branch_inc(&hist_poll_armed);
		synchronize_rcu();
		/* Pairs with the acquire in event_hist_poll(). */
		smp_store_release(&hf->armed, true);
	}
	mutex_unlock(&hist_poll_arm_lock);
}

/* Every hit of every hist trigger of the event. Under event_mutex. */
static u64 hist_event_hits(struct trace_event_file *file)
{
	struct event_trigger_data *data;
	u64 hits = 0;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(data, &file->triggers, list) {
		struct hist_trigger *ht = data->private_data;

		if (hist_is_hist_trigger(data))
			hits += tracing_map_hits(ht->table->map);
	}
	return hits;
}

/*
 * The text of the file, made anew for a read from offset 0 or from where
 * the last read did not end (a seek, a pread), as seq_file would show it
 * again; a read of nothing reads nothing.
 */
static ssize_t event_hist_read(struct file *filp, char __user *ubuf,
			       size_t count, loff_t *ppos)
{
	struct hist_file *hf = filp->private_data;
	struct trace_event_file *file;
	size_t len = 0;
	ssize_t ret;
	char *text;

	if (!count)
		return 0;
	mutex_lock(&hf->lock);
	if (!*ppos || *ppos != hf->read_pos || !hf->text) {
		mutex_lock(&event_mutex);
		file = event_file_file(filp);
		text = file ? hf->make(file, &len) : ERR_PTR(-ENODEV);
		if (file) {
			hf->last_read = hist_event_hits(file);
			hf->last_poll = hf->last_read;
		}
		mutex_unlock(&event_mutex);
		if (IS_ERR(text)) {
			ret = PTR_ERR(text);
			goto out;
		}
		kvfree(hf->text);
		hf->text = text;
		hf->len = len;
	}
	ret = simple_read_from_buffer(ubuf, count, ppos, hf->text, hf->len);
	hf->read_pos = *ppos;
out:
	mutex_unlock(&hf->lock);
	return ret;
}

static __poll_t event_hist_poll(struct file *filp,
				struct poll_table_struct *wait)
{
	struct hist_file *hf = filp->private_data;
	struct trace_event_file *file;
	__poll_t mask = 0;
	u64 hits;

	/* Armed, grace period included, before we look at the hits. */
	if (!smp_load_acquire(&hf->armed))
		hist_file_arm(hf);
	hist_poll_wait(filp, wait);

	mutex_lock(&event_mutex);
	file = event_file_file(filp);
	if (!file) {
		mutex_unlock(&event_mutex);
		return EPOLLERR;
	}
	hits = hist_event_hits(file);
	if (hits != hf->last_read)
		mask |= EPOLLIN | EPOLLRDNORM;
	if (hits != hf->last_poll)
		mask |= EPOLLPRI;
	hf->last_poll = hits;
	mutex_unlock(&event_mutex);
	return mask;
}

static int event_hist_release(struct inode *inode, struct file *filp)
{
	struct hist_file *hf = filp->private_data;

	if (hf->armed)
		static_branch_dec(&hist_poll_armed);
	kvfree(hf->text);
	mutex_destroy(&hf->lock);
	kfree(hf);
	return tracing_release_file_tr(inode, filp);
}

static int hist_file_open(struct inode *inode, struct file *filp,
			  char *(*make)(struct trace_event_file *file,
					size_t *len))
{
	struct trace_event_file *file;
	struct hist_file *hf;
	int ret;

	ret = tracing_open_file_tr(inode, filp);
	if (ret)
		return ret;

	hf = kzalloc(sizeof(*hf), GFP_KERNEL);
	if (!hf) {
		ret = -ENOMEM;
		goto out_release;
	}
	hf->make = make;
	mutex_init(&hf->lock);

	mutex_lock(&event_mutex);
	file = event_file_file(filp);
	if (file)
		hf->last_poll = hist_event_hits(file);
	mutex_unlock(&event_mutex);
	if (!file) {
		ret = -ENODEV;
		goto out_free;
	}
	filp->private_data = hf;
	return 0;

out_free:
	mutex_destroy(&hf->lock);
	kfree(hf);
out_release:
	tracing_release_file_tr(inode, filp);
	return ret;
}

static char *hist_file_text(struct trace_event_file *file, size_t *len)
{
	return hist_tables_text(file, false, len);
}

static int event_hist_open(struct inode *inode, struct file *filp)
{
	return hist_file_open(inode, filp, hist_file_text);
}

const struct file_operations event_hist_fops = {
	.open		= event_hist_open,
	.read		= event_hist_read,
	.llseek		= no_seek_end_llseek,
	.release	= event_hist_release,
	.poll		= event_hist_poll,
};

/*
 * The hist_interval file. Its text is made when it is opened
 * (hist_tables_text()), so that one open is one interval, however it is
 * then read.
 *
 * Opening it changes the tables, as a "clear" written to the trigger file
 * does, so it takes what writing there takes: the file has the trigger
 * file's mode (TRACE_MODE_WRITE), and an open for reading must pass the
 * write permission check too. Whom a tracefs "gid=" lets read the hist
 * files cannot take intervals from under the others' eyes.
 */
struct hist_interval_file {
	char	*text;
	size_t	len;
};

static int event_hist_interval_open(struct inode *inode, struct file *filp)
{
	struct hist_interval_file *hif;
	struct trace_event_file *file;
	int ret;

	ret = inode_permission(&nop_mnt_idmap, inode, MAY_WRITE);
	if (ret)
		return ret;
	ret = tracing_open_file_tr(inode, filp);
	if (ret)
		return ret;
	hif = kzalloc(sizeof(*hif), GFP_KERNEL);
	if (!hif) {
		ret = -ENOMEM;
		goto out_release;
	}
	mutex_lock(&event_mutex);
	file = event_file_file(filp);
	hif->text = file ? hist_tables_text(file, true, &hif->len) :
			   ERR_PTR(-ENODEV);
	mutex_unlock(&event_mutex);
	if (IS_ERR(hif->text)) {
		ret = PTR_ERR(hif->text);
		kfree(hif);
		goto out_release;
	}
	filp->private_data = hif;
	return 0;

out_release:
	tracing_release_file_tr(inode, filp);
	return ret;
}

static ssize_t event_hist_interval_read(struct file *filp, char __user *ubuf,
					size_t count, loff_t *ppos)
{
	struct hist_interval_file *hif = filp->private_data;

	return simple_read_from_buffer(ubuf, count, ppos, hif->text, hif->len);
}

static int event_hist_interval_release(struct inode *inode, struct file *filp)
{
	struct hist_interval_file *hif = filp->private_data;

	kvfree(hif->text);
	kfree(hif);
	return tracing_release_file_tr(inode, filp);
}

const struct file_operations event_hist_interval_fops = {
	.open		= event_hist_interval_open,
	.read		= event_hist_interval_read,
	.llseek		= default_llseek,
	.release	= event_hist_interval_release,
};

static int event_hist_json_open(struct inode *inode, struct file *filp)
{
	return hist_file_open(inode, filp, hist_json_text);
}

const struct file_operations event_hist_json_fops = {
	.open		= event_hist_json_open,
	.read		= event_hist_read,
	.llseek		= no_seek_end_llseek,
	.release	= event_hist_release,
};

#ifdef CONFIG_HIST_TRIGGERS_DEBUG
static int hist_debug_print(struct seq_file *m, const void *arg)
{
	return hist_debug_show(m, (struct trace_event_file *)arg);
}

static char *hist_debug_text(struct trace_event_file *file, size_t *len)
{
	return hist_render(hist_debug_print, file, len);
}

static int event_hist_debug_open(struct inode *inode, struct file *filp)
{
	return hist_file_open(inode, filp, hist_debug_text);
}

const struct file_operations event_hist_debug_fops = {
	.open		= event_hist_debug_open,
	.read		= event_hist_read,
	.llseek		= no_seek_end_llseek,
	.release	= event_hist_release,
};
#endif
