// SPDX-License-Identifier: GPL-2.0
/*
 * The dynamic event framework: one list and one tracefs file for every kind
 * of event that is defined at run time.
 *
 * Each kind of dynamic event (kprobes, uprobes, fprobes, eprobes, user
 * events, synthetic events) registers a struct dyn_event_operations with
 * dyn_event_register() and embeds a struct dyn_event in each of its events.
 *
 * Data structures and their locks:
 *
 *   dyn_event_ops_list   the registered kinds, in registration order.
 *                        Protected by dyn_event_ops_mutex, which is also
 *                        held around every ->create() call: trace_probe.c
 *                        keeps the error-log context of the command being
 *                        parsed in a single static and asserts this mutex.
 *   dyn_event_list       every dynamic event of every kind, in creation
 *                        order.  Protected by event_mutex; the kinds add and
 *                        remove their entries with dyn_event_add() and
 *                        dyn_event_remove() (trace_dynevent.h).
 *
 * Lock order: dyn_event_ops_mutex, then event_mutex.  ->create() takes
 * event_mutex itself when it registers the event; ->match(), ->is_busy(),
 * ->free() and ->show() are called with event_mutex held.
 *
 * The `dynamic_events` file lists every event through its kind's ->show(),
 * dispatches a definition to the kinds until one accepts it (a kind answers
 * -ECANCELED to a command that is not its own), deletes the events named by
 * a `-:` (or `!`) command and deletes every event when opened with O_TRUNC.
 *
 * Dynamic events are reference counted in trace_event_call::refcnt (for
 * static events that union holds the owning module).  A user of an event
 * (a trigger, a perf event, an eprobe on top of it, a hist action) takes a
 * reference; the kinds refuse to delete an event while trace_event_dyn_busy().
 *
 * The second half of the file is the dynevent_cmd builder: kernel code
 * assembles a command string piece by piece in a caller-supplied buffer and
 * hands it to the kind's run_command callback.  An argument that does not
 * fit marks the command overflowed; every later call then fails with -E2BIG,
 * so a truncated command is never run.
 */

#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/security.h>
#include <linux/seq_buf.h>
#include <linux/seq_file.h>
#include <linux/string.h>

#include "trace.h"
#include "trace_output.h"	/* trace_event_sem */
#include "trace_dynevent.h"

/* trace_probe.c declares this itself; it is not in any header. */
extern struct mutex dyn_event_ops_mutex;
/* Protects dyn_event_ops_list and serializes ->create() calls. */
DEFINE_MUTEX(dyn_event_ops_mutex);
static LIST_HEAD(dyn_event_ops_list);

LIST_HEAD(dyn_event_list);

/*
 * Dynamic events are counted per trace_event_call.  The caller found @call
 * on a list it walked under event_mutex; a call that has been unlinked from
 * ftrace_events meanwhile must not be pinned, so look for it there.
 */

/**
 * trace_event_dyn_try_get_ref - pin a dynamic event against deletion
 * @call: the event; it must carry TRACE_EVENT_FL_DYNAMIC
 *
 * Context: process context; takes trace_event_sem for reading.
 * Return: true if @call is still a registered event and is now pinned,
 * false otherwise.
 */
bool trace_event_dyn_try_get_ref(struct trace_event_call *call)
{
	struct trace_event_call *pos;
	bool live = false;

	if (WARN_ON_ONCE(!(call->flags & TRACE_EVENT_FL_DYNAMIC)))
		return false;

	down_read(&trace_event_sem);
	list_for_each_entry(pos, &ftrace_events, list) {
		if (pos != call)
			continue;
		atomic_inc(&call->refcnt);
		live = true;
		break;
	}
	up_read(&trace_event_sem);

	return live;
}

/**
 * trace_event_dyn_put_ref - drop a reference taken by trace_event_dyn_try_get_ref()
 * @call: the event
 *
 * Context: any.
 */
void trace_event_dyn_put_ref(struct trace_event_call *call)
{
	if (WARN_ON_ONCE(!(call->flags & TRACE_EVENT_FL_DYNAMIC)))
		return;
	/* An unbalanced put would let the event be freed under its users. */
	WARN_ON_ONCE(atomic_dec_if_positive(&call->refcnt) < 0);
}

/**
 * trace_event_dyn_busy - tell whether a dynamic event is in use
 * @call: the event
 *
 * Context: event_mutex held, so that no new reference can be taken by the
 * usual callers while the answer is acted upon.
 * Return: true while someone holds a reference to @call.
 */
bool trace_event_dyn_busy(struct trace_event_call *call)
{
	lockdep_assert_held(&event_mutex);
	return atomic_read(&call->refcnt) != 0;
}

/**
 * dyn_event_register - add a kind of dynamic event
 * @ops: its methods; every one of them must be set
 *
 * Kinds are offered a `dynamic_events` command in registration order.
 *
 * Context: process context, usually an initcall.
 * Return: 0, or -EINVAL if a method is missing.
 */
int dyn_event_register(struct dyn_event_operations *ops)
{
	if (!ops || !ops->create || !ops->show || !ops->is_busy ||
	    !ops->free || !ops->match)
		return -EINVAL;

	INIT_LIST_HEAD(&ops->list);
	mutex_lock(&dyn_event_ops_mutex);
	list_add_tail(&ops->list, &dyn_event_ops_list);
	mutex_unlock(&dyn_event_ops_mutex);
	return 0;
}

/**
 * dyn_event_create - run a definition through one kind's parser
 * @raw_command: the definition, as written by the user
 * @type: the kind whose ->create() is called
 *
 * Used by the kind-specific files (kprobe_events, uprobe_events) so that
 * their parser runs under the same lock as when the command comes through
 * `dynamic_events`.
 *
 * Context: process context; takes dyn_event_ops_mutex.
 * Return: what @type->create() returns.
 */
int dyn_event_create(const char *raw_command, struct dyn_event_operations *type)
{
	int ret;

	mutex_lock(&dyn_event_ops_mutex);
	ret = type->create(raw_command);
	mutex_unlock(&dyn_event_ops_mutex);
	return ret;
}

/*
 * The head of a delete command is "-:[GROUP/]EVENT" or, as written to
 * `dynamic_events`, the definition itself behind a '!' ("!p:EVENT ...").
 * Split it in place into its group (NULL when absent) and event name.  An
 * empty event name after a group ("-:GROUP/") is left to the kinds: some
 * take it for every event of the group.  "-:" alone is malformed, and so is
 * a '-' not followed by ':' ("-p:EVENT").
 */
static int dyn_event_parse_target(char *head, const char **group,
				  const char **event)
{
	char *name, *slash;

	if ((head[0] != '-' || head[1] != ':') && head[0] != '!')
		return -EINVAL;
	name = strchr(head, ':');
	if (!name)
		return -EINVAL;
	name++;

	slash = strchr(name, '/');
	if (slash) {
		*slash = '\0';
		*group = name;
		*event = slash + 1;
	} else {
		*group = NULL;
		*event = name;
		if (!**event)
			return -EINVAL;
	}
	return 0;
}

/**
 * dyn_event_release - delete the dynamic events a command names
 * @raw_command: "-:[GROUP/]EVENT [ARGS...]" (or a definition behind '!');
 *	the arguments, when given, must match the event's own
 * @type: only consider events of this kind; NULL for every kind
 *
 * Every event that matches is deleted, until one refuses (because it is
 * busy, for example).
 *
 * Context: process context; takes event_mutex.
 * Return: 0 if at least one event was deleted and none refused, -ENOENT if
 * none matched, -EINVAL for a malformed command, or the error of the first
 * event that could not be deleted.
 */
int dyn_event_release(const char *raw_command, struct dyn_event_operations *type)
{
	struct dyn_event *pos, *next;
	const char *group, *event;
	int argc, ret;
	char **argv;

	argv = argv_split(GFP_KERNEL, raw_command, &argc);
	if (!argv)
		return -ENOMEM;

	ret = -EINVAL;
	if (!argc || dyn_event_parse_target(argv[0], &group, &event))
		goto out_free;

	ret = -ENOENT;
	mutex_lock(&event_mutex);
	for_each_dyn_event_safe(pos, next) {
		if (type && pos->ops != type)
			continue;
		if (!pos->ops->match(group, event, argc - 1,
				     (const char **)argv + 1, pos))
			continue;
		ret = pos->ops->free(pos);
		if (ret)
			break;
	}
	/*
	 * Records of deleted events cannot be decoded any more: they go
	 * before event_mutex is dropped, or an event made meanwhile could
	 * take a freed type id and be shown them. trace_types_lock, which
	 * the reset takes, nests inside event_mutex (as in the core's
	 * module notifier).
	 */
	tracing_reset_all_online_cpus();
	mutex_unlock(&event_mutex);
out_free:
	argv_free(argv);
	return ret;
}

/* A definition written to `dynamic_events`: offer it to every kind. */
static int dyn_event_command(const char *raw_command)
{
	struct dyn_event_operations *ops;
	int ret = -EINVAL;

	raw_command = skip_spaces(raw_command);
	if (!*raw_command)
		return 0;
	if (raw_command[0] == '-' || raw_command[0] == '!')
		return dyn_event_release(raw_command, NULL);

	mutex_lock(&dyn_event_ops_mutex);
	list_for_each_entry(ops, &dyn_event_ops_list, list) {
		ret = ops->create(raw_command);
		if (ret != -ECANCELED)
			break;
	}
	mutex_unlock(&dyn_event_ops_mutex);

	return ret == -ECANCELED ? -EINVAL : ret;
}

/**
 * dyn_event_seq_start - seq_file start over dyn_event_list
 * @m: the seq_file
 * @pos: the position to start from
 *
 * Takes event_mutex, which dyn_event_seq_stop() releases, so the list
 * cannot change while it is printed.
 *
 * Return: the dyn_event at @pos, or NULL past the end.
 */
void *dyn_event_seq_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&event_mutex);
	return seq_list_start(&dyn_event_list, *pos);
}

/**
 * dyn_event_seq_next - seq_file next over dyn_event_list
 * @m: the seq_file
 * @v: the current dyn_event
 * @pos: the position, advanced by one
 *
 * Return: the next dyn_event, or NULL at the end.
 */
void *dyn_event_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	return seq_list_next(v, &dyn_event_list, pos);
}

/**
 * dyn_event_seq_stop - seq_file stop over dyn_event_list
 * @m: the seq_file
 * @v: the last dyn_event visited
 *
 * Releases the event_mutex taken by dyn_event_seq_start().
 */
void dyn_event_seq_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&event_mutex);
}

static int dyn_event_seq_show(struct seq_file *m, void *v)
{
	struct dyn_event *ev = v;

	return ev->ops->show(m, ev);
}

static const struct seq_operations dyn_event_seq_ops = {
	.start	= dyn_event_seq_start,
	.next	= dyn_event_seq_next,
	.stop	= dyn_event_seq_stop,
	.show	= dyn_event_seq_show,
};

/**
 * dyn_events_release_all - delete every dynamic event of a kind
 * @type: the kind; NULL for every kind
 *
 * Nothing is deleted if any of the events is busy.
 *
 * Context: process context; takes event_mutex.
 * Return: 0, -EBUSY if an event is in use, or the error of the first event
 * that could not be deleted.
 */
int dyn_events_release_all(struct dyn_event_operations *type)
{
	struct dyn_event *pos, *next;
	int ret = 0;

	mutex_lock(&event_mutex);
	for_each_dyn_event(pos) {
		if (type && pos->ops != type)
			continue;
		if (pos->ops->is_busy(pos)) {
			ret = -EBUSY;
			goto out_unlock;
		}
	}
	for_each_dyn_event_safe(pos, next) {
		if (type && pos->ops != type)
			continue;
		ret = pos->ops->free(pos);
		if (ret)
			break;
	}
out_unlock:
	/* Under event_mutex, as in dyn_event_release(). */
	tracing_reset_all_online_cpus();
	mutex_unlock(&event_mutex);
	return ret;
}

static int dyn_events_open(struct inode *inode, struct file *file)
{
	int ret;

	ret = security_locked_down(LOCKDOWN_TRACEFS);
	if (ret)
		return ret;

	if ((file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC)) {
		ret = dyn_events_release_all(NULL);
		if (ret < 0)
			return ret;
	}

	return seq_open(file, &dyn_event_seq_ops);
}

static ssize_t dyn_events_write(struct file *file, const char __user *buffer,
				size_t count, loff_t *ppos)
{
	return trace_parse_run_command(file, buffer, count, ppos,
				       dyn_event_command);
}

static const struct file_operations dyn_events_fops = {
	.owner		= THIS_MODULE,
	.open		= dyn_events_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
	.write		= dyn_events_write,
};

static __init int dyn_events_init_tracefs(void)
{
	if (tracing_init_dentry())
		return 0;

	trace_create_file("dynamic_events", TRACE_MODE_WRITE, NULL, NULL,
			  &dyn_events_fops);
	return 0;
}
fs_initcall(dyn_events_init_tracefs);

/* The dynevent_cmd builder. */

/**
 * dynevent_cmd_init - prepare a command to be built in a buffer
 * @cmd: the command
 * @buf: where the command string is assembled
 * @maxlen: the size of @buf, including the terminating NUL
 * @type: the kind of command, checked by the kind-specific helpers
 * @run_command: the function dynevent_create() calls to run the command
 *
 * Context: any.
 */
void dynevent_cmd_init(struct dynevent_cmd *cmd, char *buf, int maxlen,
		       enum dynevent_type type, dynevent_create_fn_t run_command)
{
	memset(cmd, 0, sizeof(*cmd));
	seq_buf_init(&cmd->seq, buf, maxlen);
	cmd->type = type;
	cmd->run_command = run_command;
}

/*
 * Append "[LEAD]LHS[OP][RHS][SEP]" to the command, all or nothing; NULL
 * strings and zero characters stand for nothing.  On overflow the command
 * is marked overflowed, so that it can no longer be completed or run.
 */
static int dynevent_cmd_append(struct dynevent_cmd *cmd, const char *lead,
			       const char *lhs, char op, const char *rhs,
			       char sep)
{
	size_t need;

	if (seq_buf_has_overflowed(&cmd->seq))
		return -E2BIG;

	need = (lead ? strlen(lead) : 0) + strlen(lhs) + !!op +
	       (rhs ? strlen(rhs) : 0) + !!sep;
	/* Keep room for the terminating NUL. */
	if (need >= seq_buf_buffer_left(&cmd->seq)) {
		pr_err("dynevent: command too long (%zu bytes at most) adding '%s'\n",
		       cmd->seq.size - 1, rhs ? rhs : lhs);
		seq_buf_set_overflow(&cmd->seq);
		return -E2BIG;
	}

	if (lead)
		seq_buf_puts(&cmd->seq, lead);
	seq_buf_puts(&cmd->seq, lhs);
	if (op)
		seq_buf_putc(&cmd->seq, op);
	if (rhs)
		seq_buf_puts(&cmd->seq, rhs);
	if (sep)
		seq_buf_putc(&cmd->seq, sep);
	seq_buf_str(&cmd->seq);
	return 0;
}

/**
 * dynevent_arg_init - prepare a single argument
 * @arg: the argument
 * @separator: a character appended after the argument, or 0 for none
 *
 * Set @arg->str before passing @arg to dynevent_arg_add().
 */
void dynevent_arg_init(struct dynevent_arg *arg, char separator)
{
	memset(arg, 0, sizeof(*arg));
	arg->separator = separator;
}

/**
 * dynevent_arg_add - append " STR[SEPARATOR]" to a command
 * @cmd: the command
 * @arg: the argument
 * @check_arg: optional check called with @arg first; its error is returned
 *
 * Return: 0, the error of @check_arg, -EINVAL for a missing string, or
 * -E2BIG if the command does not have room for it.
 */
int dynevent_arg_add(struct dynevent_cmd *cmd, struct dynevent_arg *arg,
		     dynevent_check_arg_fn_t check_arg)
{
	int ret;

	if (check_arg) {
		ret = check_arg(arg);
		if (ret)
			return ret;
	}
	if (!arg->str)
		return -EINVAL;

	return dynevent_cmd_append(cmd, " ", arg->str, 0, NULL, arg->separator);
}

/**
 * dynevent_arg_pair_init - prepare an argument made of two parts
 * @arg_pair: the argument
 * @operator: a character between the two parts (for example ' ' or '='),
 *	or 0 for none
 * @separator: a character appended after the second part, or 0 for none
 *
 * Set @arg_pair->lhs and ->rhs before passing it to dynevent_arg_pair_add().
 */
void dynevent_arg_pair_init(struct dynevent_arg_pair *arg_pair,
			    char operator, char separator)
{
	memset(arg_pair, 0, sizeof(*arg_pair));
	arg_pair->operator = operator;
	arg_pair->separator = separator;
}

/**
 * dynevent_arg_pair_add - append " LHS[OPERATOR]RHS[SEPARATOR]" to a command
 * @cmd: the command
 * @arg_pair: the argument
 * @check_arg: optional check called with @arg_pair first; its error is
 *	returned
 *
 * Return: 0, the error of @check_arg, -EINVAL for a missing part, or
 * -E2BIG if the command does not have room for it.
 */
int dynevent_arg_pair_add(struct dynevent_cmd *cmd,
			  struct dynevent_arg_pair *arg_pair,
			  dynevent_check_arg_fn_t check_arg)
{
	int ret;

	if (check_arg) {
		ret = check_arg(arg_pair);
		if (ret)
			return ret;
	}
	if (!arg_pair->lhs || !arg_pair->rhs)
		return -EINVAL;

	return dynevent_cmd_append(cmd, " ", arg_pair->lhs, arg_pair->operator,
				   arg_pair->rhs, arg_pair->separator);
}

/**
 * dynevent_str_add - append a string to a command as it is
 * @cmd: the command
 * @str: the string; no space is put before it
 *
 * Return: 0, -EINVAL for a NULL @str, or -E2BIG if the command does not
 * have room for it.
 */
int dynevent_str_add(struct dynevent_cmd *cmd, const char *str)
{
	if (!str)
		return -EINVAL;
	return dynevent_cmd_append(cmd, NULL, str, 0, NULL, 0);
}

/**
 * dynevent_create - run a command built with the dynevent_cmd functions
 * @cmd: the command
 *
 * Context: process context; may sleep.
 * Return: what the command's run_command callback returns, or -E2BIG if
 * the command overflowed its buffer while it was built.
 */
int dynevent_create(struct dynevent_cmd *cmd)
{
	if (seq_buf_has_overflowed(&cmd->seq))
		return -E2BIG;
	if (!cmd->run_command)
		return -EINVAL;

	seq_buf_str(&cmd->seq);
	return cmd->run_command(cmd);
}
EXPORT_SYMBOL_GPL(dynevent_create);
