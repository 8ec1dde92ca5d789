/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Histogram triggers: the data structures shared by the trace_hist_*.c files.
 *
 * A hist trigger is written as text into an event's "trigger" file and
 * lives as a struct hist_trigger attached (through the generic
 * event_trigger_data) to that event. Its life has two halves:
 *
 *   trigger creation (process context, event_mutex held): the text is cut
 *   into a struct hist_spec (trace_hist_parse.c), every name in it is
 *   resolved against the event's fields, the other histograms' variables
 *   and the synthetic events, and the result is compiled into a flat
 *   program of struct hist_field steps (trace_hist_field.c), plus the
 *   tracing_map that stores the entries;
 *
 *   event time (any context, preemption off, may be NMI): hist_trigger_hit()
 *   (trace_hist_run.c) runs the program over the record. No parsing, no
 *   string work, no allocation and no lookups by name happen there.
 *
 * The program. Every value an event needs (a key part, a sum, a variable,
 * an operand, an action parameter) is one struct hist_field. At creation
 * the fields are numbered into "slots" in an order where operands come
 * before the expressions that use them; at event time one loop walks the
 * fields in that order and stores each result in the slot array
 * vals[field->slot]. Keys are computed first (phase KEY), then the
 * variables of other histograms this one reads are looked up with the key
 * (hist_resolve_refs() in trace_hist_run.c), then everything else (phase VAL).
 *
 * Strings and stack traces travel through slots as pointers: a string slot
 * holds a pointer to its bytes and the field's size bounds the copy; a
 * stacktrace slot holds a pointer to HIST_STACKTRACE_DEPTH unsigned longs.
 *
 * Where state lives:
 *   struct hist_trigger    spec and program, immutable once registered
 *   tracing_map entry      key bytes, sums, variables (u64 each)
 *   entry private data     the bytes a u64 cannot hold: the comm for
 *                          .execname, string and stacktrace variables,
 *                          action state (max, last value, saved fields);
 *                          the layout is the struct hist_elt_layout of the
 *                          trigger
 *   per-CPU scratch        the slot array, the key being built and stack
 *                          capture buffers of one event in flight, one set
 *                          per CPU and per context level (task, softirq,
 *                          irq, NMI), so that a nested event never
 *                          overwrites the scratch of the one it interrupted;
 *                          a plain trigger builds its key on the stack and
 *                          has none
 *
 * The files, in layers: each calls only the ones below it (and the data
 * structures here, tracing_map and the synthetic events).
 *
 *   trace_events_hist.c  the commands and files; the only owner of trigger
 *                        lifetime: registration, the variable registry's
 *                        list, the histograms created for field variables
 *                        (reached from below only through
 *                        hist_parse.field_var), removal and freeing
 *   trace_hist_build.c   a trigger from its spec: keys, values, variables,
 *                        sort, the program's order, the table
 *   trace_hist_action.c  the handlers and actions of a trigger
 *   trace_hist_field.c   field names and expressions into program steps
 *   trace_hist_var.c     lookups in the variable registry
 *   trace_hist_parse.c   text into a struct hist_spec; hist_fail(), the one
 *                        way every layer refuses a command (error_log)
 *
 * and beside them, depending on the data structures only:
 *
 *   trace_hist_run.c     event time: the program, the key, the references,
 *                        the sums and variables, the actions
 *   trace_hist_json.c    the hist_json file, which prints through
 *   trace_hist_print.c   the spec, the hist, hist_interval and hist_debug
 *                        files
 *
 * Locking: creation, removal, printing of the spec and reading the hist
 * file run under event_mutex. Event time takes no lock; hist triggers are
 * only ever freed after tracepoint_synchronize_unregister().
 */
#ifndef _TRACE_HIST_H
#define _TRACE_HIST_H

#include <linux/math64.h>
#include <linux/types.h>
#include <linux/jump_label.h>
#include <linux/list.h>
#include <linux/seq_file.h>

#include "trace.h"
#include "tracing_map.h"

struct synth_event;

/* User-visible limits of the hist command language. */
#define HIST_KEYS_MAX		3	/* fields in a compound key */
#define HIST_VALS_MAX		3	/* sums of an entry, hitcount included */
#define HIST_STATS_MAX		6	/* and statistics (.min, .max, .avg) */
#define HIST_SUMS_MAX		(HIST_VALS_MAX + HIST_STATS_MAX)
#define HIST_LOG2_SUB_MAX	6	/* .log2=N: 2^N sub-buckets at most */
#define HIST_VARS_MAX		16	/* variables of one histogram */
#define HIST_SORT_KEYS_MAX	2
#define HIST_ACTIONS_MAX	8
#define HIST_PARAMS_MAX		32	/* parameters of one action */
#define HIST_EXPR_OPS_MAX	3	/* operators in an expression */
#define HIST_FIELDS_MAX		128	/* fields (slots) of one program */
#define HIST_BITS_MIN		7
#define HIST_BITS_MAX		20	/* mainline stops at 17 */
#define HIST_BITS_DEFAULT	11
#define HIST_STR_MAX		MAX_FILTER_STR_VAL
#define HIST_KEY_SIZE_MAX	(HIST_STR_MAX + HIST_STACKTRACE_SIZE)

/*
 * What a field computes. The first group reads the event, the second
 * combines other fields.
 */
enum hist_kind {
	HIST_K_HITCOUNT,	/* 1 for every hit */
	HIST_K_NUM,		/* a number of 1, 2, 4 or 8 bytes in the record */
	HIST_K_STR,		/* char[N] in the record */
	HIST_K_DYNSTR,		/* __data_loc char[]: offset and length in the record */
	HIST_K_RELSTR,		/* __rel_loc char[]: offset relative to the field */
	HIST_K_COMM,		/* the current task's comm */
	HIST_K_CPU,		/* the CPU the event happened on */
	HIST_K_TIMESTAMP,	/* the event's timestamp, in ns or (.usecs) us */
	HIST_K_STACKTRACE,	/* the kernel stack at the event */
	HIST_K_DYNSTACK,	/* __data_loc unsigned long[] in the record */
	HIST_K_CONST,		/* a numeric literal */
	HIST_K_VAR_REF,		/* another histogram's variable: hist_ref */
	HIST_K_SELF,		/* one of our variables, as this hit set it */
	HIST_K_NEG,		/* -operand[0]; operators last */
	HIST_K_ADD,
	HIST_K_SUB,
	HIST_K_MUL,
	HIST_K_DIV,
	HIST_K_MOD,
};

/**
 * enum hist_form - the shape of a field's value, fixed when the field is
 * created: a number; a string, the value pointing to its bytes; a stack
 * trace, the value pointing to HIST_STACKTRACE_DEPTH entries. A reference
 * or an own variable has its variable's form.
 * @HIST_FORM_NUM:	a number
 * @HIST_FORM_STRING:	a string
 * @HIST_FORM_STACK:	a stack trace
 */
enum hist_form {
	HIST_FORM_NUM,
	HIST_FORM_STRING,
	HIST_FORM_STACK,
};

/*
 * What the operators compute, at a hit and when constants are folded.
 * Division by zero gives -1 (a constant divisor of 0 is refused), and
 * the remainder of a division by zero is the dividend, so that a is
 * (a / b) * b + a % b for every b. The one signed quotient that does not
 * fit, S64_MIN / -1, wraps to S64_MIN as -S64_MIN does, and its
 * remainder is 0: the CPU's signed divide would trap on them. A signed
 * remainder has the sign of the dividend, as C's.
 */
static inline u64 hist_arith(enum hist_kind kind, bool is_signed, u64 a,
			     u64 b)
{
	switch (kind) {
	case HIST_K_ADD:
		return a + b;
	case HIST_K_SUB:
		return a - b;
	case HIST_K_MUL:
		return a * b;
	case HIST_K_DIV:
		if (!b)
			return -1;
		if (!is_signed)
			return div64_u64(a, b);
		if ((s64)b == -1)
			return -a;
		return div64_s64(a, b);
	case HIST_K_MOD:
		if (!b)
			return a;
		if (!is_signed)
			return a - div64_u64(a, b) * b;
		if ((s64)b == -1)
			return 0;
		return a - div64_s64(a, b) * b;
	default:
		return 0;
	}
}

/* Modifiers: how a field is transformed or displayed (".hex" and so on). */
enum hist_mod {
	HIST_M_HEX		= BIT(0),
	HIST_M_SYM		= BIT(1),
	HIST_M_SYM_OFFSET	= BIT(2),
	HIST_M_EXECNAME		= BIT(3),
	HIST_M_SYSCALL		= BIT(4),
	HIST_M_LOG2		= BIT(5),
	HIST_M_BUCKET		= BIT(6),
	HIST_M_USECS		= BIT(7),
	HIST_M_PERCENT		= BIT(8),
	HIST_M_GRAPH		= BIT(9),
	HIST_M_STACKTRACE	= BIT(10),
	HIST_M_MIN		= BIT(11),
	HIST_M_MAX		= BIT(12),
	HIST_M_AVG		= BIT(13),
};

/* The statistics of a value, and those kept as an extreme. */
#define HIST_M_STAT	(HIST_M_MIN | HIST_M_MAX | HIST_M_AVG)
#define HIST_M_EXTREME	(HIST_M_MIN | HIST_M_MAX)

/* The modifiers that group a number (a key, or an operand of an expression). */
#define HIST_M_GROUP	(HIST_M_LOG2 | HIST_M_BUCKET)

/* The modifiers that print a key as a number, whatever its type. */
#define HIST_M_NUMBER	(HIST_M_HEX | HIST_M_SYM | HIST_M_SYM_OFFSET |	\
			 HIST_M_EXECNAME | HIST_M_SYSCALL | HIST_M_GROUP)

/* What a field is used as; a field may be several of these. */
enum hist_role {
	HIST_R_KEY		= BIT(0),
	HIST_R_VAL		= BIT(1),	/* summed into the entry */
	HIST_R_VAR		= BIT(2),	/* stored as a variable */
	HIST_R_OPERAND		= BIT(3),
	HIST_R_PARAM		= BIT(4),	/* action parameter or saved field */
	HIST_R_ANY		= 0x1f,
};

#define HIST_CTX_LEVELS		4	/* task, softirq, irq, NMI */
/* Bytes of a scratch chunk: HIST_CTX_LEVELS fit a per-CPU allocation. */
#define HIST_SCRATCH_MAX	8192

/*
 * Why a hist command is refused: every refusal has one, and hist_fail()
 * (trace_hist_parse.c) is the one way to refuse. Up to HIST_ERR_KEY_VAR_REF
 * a refusal writes its error_log entry, hist_err_text[]'s text in the
 * ABI's wording, which users' scripts match; from HIST_QUIET_FIRST on it
 * writes none, as the ABI has it. hist_fail() returns each one's errno:
 * -EINVAL but where hist_errno() says otherwise.
 */
enum hist_err {
	HIST_ERR_EMPTY_ASSIGNMENT,
	HIST_ERR_TOO_MANY_SORT_FIELDS,
	HIST_ERR_EMPTY_SORT_FIELD,
	HIST_ERR_INVALID_SORT_FIELD,
	HIST_ERR_INVALID_SORT_MODIFIER,
	HIST_ERR_FIELD_NOT_FOUND,
	HIST_ERR_BAD_FIELD_MODIFIER,
	HIST_ERR_VAR_NOT_FOUND,
	HIST_ERR_VAR_DEFINED,
	HIST_ERR_VAR_NOT_UNIQUE,
	HIST_ERR_MISSING_SUBSYSTEM,
	HIST_ERR_SYNTH_COUNT_MISMATCH,
	HIST_ERR_TOO_MANY_SUBEXPR,
	HIST_ERR_UNARY_MINUS_SUBEXPR,
	HIST_ERR_DIVISION_BY_ZERO,
	HIST_ERR_TIMESTAMP_MISMATCH,
	HIST_ERR_NEED_NOHC_VAL,
	HIST_ERR_HIST_EXISTS,
	HIST_ERR_HIST_NOT_FOUND,
	HIST_ERR_NAMED_MISMATCH,
	HIST_ERR_SET_CLOCK_FAIL,
	HIST_ERR_EXPECT_NUMBER,
	HIST_ERR_STRING_OPERAND,
	HIST_ERR_PARAM_NOT_FOUND,
	HIST_ERR_FIELD_VAR_PARSE_FAIL,
	HIST_ERR_FIELD_VAR_CREATE_FAIL,
	HIST_ERR_FIELD_VAR_HIST_FAIL,
	HIST_ERR_SYNTH_VAR_NOT_FOUND,
	HIST_ERR_SYNTH_NOT_FOUND,
	HIST_ERR_SYNTH_TYPE_MISMATCH,
	HIST_ERR_INVALID_PARAM,
	HIST_ERR_BAD_MATCH_EVENT,
	HIST_ERR_TRACK_NOT_VAR,
	HIST_ERR_TRACK_VAR_NOT_FOUND,
	HIST_ERR_NO_ACTION,
	HIST_ERR_HANDLER_ACTION,
	HIST_ERR_TOO_MANY_SAVES,
	HIST_ERR_MALFORMED_ASSIGNMENT,
	HIST_ERR_TOO_MANY_VARS,
	HIST_ERR_NO_CLOSING_PAREN,
	HIST_ERR_MATCH_HIST_NOT_FOUND,
	HIST_ERR_EVENT_FILE_NOT_FOUND,
	HIST_ERR_KEY_VAR_REF,
	HIST_ERR_TOO_MANY_STATS,	/* ours: .min, .max, .avg */
	HIST_ERR_BAD_LOG2_SUB,		/* ours: .log2=N */
	HIST_ERR_STACK_OPERAND,		/* ours: a stack trace in an expression */
	HIST_ERR_TOO_MANY_FIELDS,	/* ours: HIST_FIELDS_MAX */
	HIST_ERR_SCRATCH_TOO_BIG,	/* ours: hist_scratch_alloc() */
	/* Refused without an error_log entry: */
	HIST_QUIET_FIRST,
	HIST_QUIET_FILTER_TAIL = HIST_QUIET_FIRST, /* " ifx" ends the command */
	HIST_QUIET_FILTER_EMPTY,	/* "if" and nothing after it */
	HIST_QUIET_EMPTY_ITEM,		/* "::" */
	HIST_QUIET_UNKNOWN_ITEM,	/* a word that is no flag */
	HIST_QUIET_NO_KEYS,
	HIST_QUIET_SIZE,		/* size= bad, or out of range */
	HIST_QUIET_SIZE_RANGE,		/* size= past an unsigned long */
	HIST_QUIET_TOO_MANY_ACTIONS,
	HIST_QUIET_TRACK_NO_PAREN,	/* onmax( or onchange( without ')' */
	HIST_QUIET_TOO_MANY_KEYS,
	HIST_QUIET_KEY_TOO_BIG,		/* keys past HIST_KEY_SIZE_MAX */
	HIST_QUIET_TOO_MANY_VALS,
	HIST_QUIET_TOO_MANY_PARAMS,
	HIST_QUIET_PARAM_DOTTED,	/* a synthetic event's "x.hex" */
	HIST_QUIET_NO_OPERAND,		/* "+a", "a+", "-b" */
	HIST_QUIET_MINUS_NO_PARENS,	/* "-a", "-(a" */
	HIST_QUIET_MINUS_GROUPED,	/* "-(a.log2)" */
	HIST_QUIET_FIELD_VAR_CMD,	/* a field variable's command is long */
	HIST_QUIET_VARS_IN_USE,		/* "!hist": others read its variables */
};

enum hist_handler {
	HIST_ON_MATCH,
	HIST_ON_MAX,
	HIST_ON_CHANGE,
};

/**
 * struct hist_var_spec - one "NAME=EXPR" of a command
 * @name:	the variable's name (any text before the first '=')
 * @expr:	what it is set to
 */
struct hist_var_spec {
	char	*name;
	char	*expr;
};

/* What an action does. */
enum hist_action_kind {
	HIST_DO_TRACE,
	HIST_DO_SAVE,
	HIST_DO_SNAPSHOT,
};

/**
 * struct hist_action_spec - one "HANDLER(ARG).ACTION(PARAMS)" of a command
 * @handler:	when it runs
 * @arg:	the handler's argument: $VAR for onmax and onchange; for
 *		onmatch, EVENT of SYSTEM.EVENT
 * @system:	onmatch: SYSTEM of SYSTEM.EVENT
 * @name:	the action as written: "trace", "save", "snapshot" (or any
 *		name that starts so) or a synthetic event's name
 * @kind:	what @name asks for
 * @shorthand:	@name is a synthetic event's: SYNTH(...) for trace(SYNTH,...)
 * @params:	the parameters, in order; trace()'s first is its event
 * @n_params:	entries in @params
 * @params_overflow: more than HIST_PARAMS_MAX were written
 */
struct hist_action_spec {
	enum hist_handler	handler;
	char			*arg;
	char			*system;
	char			*name;
	enum hist_action_kind	kind;
	bool			shorthand;
	char			*params[HIST_PARAMS_MAX];
	unsigned int		n_params;
	bool			params_overflow;
};

/**
 * struct hist_spec - a hist command cut into pieces, nothing resolved yet.
 * Every string points into hist_parse.text.
 * @keys:		the keys=, one entry per key
 * @n_keys:		entries in @keys
 * @keys_overflow:	more than HIST_KEYS_MAX were written
 * @vals:		the vals= list, uncut
 * @sort:		the sort= keys
 * @n_sort:		entries in @sort
 * @sort_overflow:	the "sort=" of too many, for its error
 * @vars:		the variables, in the order written
 * @n_vars:		entries in @vars
 * @vars_overflow:	the first variable piece past HIST_VARS_MAX
 * @actions:		the handlers, HIST_ACTIONS_MAX of them allocated
 * @n_actions:		entries in @actions
 * @name:		the name= of a named histogram, or NULL
 * @name_item:		the whole "name=..." item, for errors
 * @clock:		the clock=, or NULL
 * @filter:		the filter, from its "if", or NULL
 * @bits:		log2 of the size=
 * @pause:		"pause" was written
 * @cont:		"cont" or "continue" was written
 * @clear:		"clear" was written
 * @nohitcount:		"nohitcount" or "NOHC" was written
 */
struct hist_spec {
	char			*keys[HIST_KEYS_MAX];
	unsigned int		n_keys;
	bool			keys_overflow;
	char			*vals;
	char			*sort[HIST_SORT_KEYS_MAX];
	unsigned int		n_sort;
	char			*sort_overflow;
	struct hist_var_spec	vars[HIST_VARS_MAX];
	unsigned int		n_vars;
	char			*vars_overflow;
	struct hist_action_spec	*actions;
	unsigned int		n_actions;
	char			*name;
	char			*name_item;
	char			*clock;
	char			*filter;
	unsigned int		bits;
	bool			pause;
	bool			cont;
	bool			clear;
	bool			nohitcount;
};

struct hist_build;
struct hist_field;

/**
 * struct hist_parse - one hist command being turned into a trigger: the
 * single context every step of parsing and compiling reports errors to.
 * @tr:		the trace array whose error_log gets the errors
 * @loc:	"hist:SYSTEM:EVENT", the error's location
 * @orig:	the command as written, for error_log
 * @text:	a copy of @orig cut into pieces by the parser
 * @find_event:	how the parser finds the event of onmatch(SYSTEM.EVENT)
 *		in @tr (__find_event_file(), or a KUnit stand-in)
 * @refused:	whether hist_fail() refused the command
 * @why:	the first refusal of the command, logged or not
 * @n_errs:	error_log entries written for the command
 * @err:	the first of them
 * @err_pos:	its caret
 * @field_var:	how an action parameter SYSTEM.EVENT.FIELD reads a field
 *		of another event: the command layer's hist_field_var_hist(),
 *		which may create a histogram there
 * @report_to:	NULL, or the parse of the command this one was made for
 *		(a field variable histogram's): the errors go to its
 *		error_log entry, careted in its text
 * @spec:	the pieces
 */
struct hist_parse {
	struct trace_array	*tr;
	const char		*loc;
	char			*orig;
	char			*text;
	struct hist_parse	*report_to;
	struct trace_event_file	*(*find_event)(struct trace_array *tr,
					       const char *system,
					       const char *event);
	struct hist_field	*(*field_var)(struct hist_build *b,
					      const char *system,
					      const char *event, char *field);
	bool			refused;
	enum hist_err		why;
	unsigned int		n_errs;
	enum hist_err		err;
	unsigned int		err_pos;
	struct hist_spec	spec;
};

int hist_fail(struct hist_parse *p, enum hist_err why, const char *token);
int hist_fail_dotted(struct hist_parse *p, enum hist_err why,
		     const char *token);
int hist_parse_init(struct hist_parse *p, const char *param);
void hist_parse_free(struct hist_parse *p);
char *hist_scan(const char *s, const char *stops);
int hist_split(char *s, char sep, char **out, unsigned int max);
char *hist_next(char **cursor, char sep);
const char *hist_handler_name(enum hist_handler handler);

struct hist_trigger;

/*
 * A modifier: ".hex" and so on (trace_hist_field.c has the table).
 * @by_prefix: any text that starts with the name is this modifier (the
 * ABI's ".percent" and ".graph" are known so).
 */
struct hist_mod_desc {
	const char	*name;
	unsigned int	mod;
	unsigned int	roles;
	bool		by_prefix;
};

extern const struct hist_mod_desc hist_mods[];

/**
 * struct hist_var - a named variable of a histogram ("ts0=common_timestamp")
 * @name:	its name, without '$'
 * @idx:	its variable index in every tracing_map entry of @owner
 * @field:	the field whose value it takes at every hit
 * @owner:	the histogram that sets it
 * @priv_off:	for string and stacktrace variables, where the two buffers
 *		of their bytes start in the entry's private data (the u64
 *		then points into the current one, see
 *		tracing_map_elt_var_write_begin()); -1 for numbers
 * @bytes:	the size of one of those buffers; 0 for numbers
 */
struct hist_var {
	char			*name;
	unsigned int		idx;
	struct hist_field	*field;
	struct hist_trigger	*owner;
	int			priv_off;
	unsigned int		bytes;
};

/**
 * struct hist_ref - a reference from one histogram to a variable of a
 * registered histogram of the same trace array ("$ts0")
 * @var:	the variable read
 * @idx:	its number in the trigger (hist_debug shows it)
 * @slot:	where a hit resolves it to: the slot of the first field
 *		that reads it, which is not run (hist_program()); the
 *		others copy it from there
 * @copy_off:	for a string or stacktrace variable, where in the scratch
 *		chunk the resolved bytes are copied (the value then points
 *		there); unused for numbers
 * @consume:	the reference is an operand of an expression
 * @qualifier:	"SYSTEM.EVENT." when the first field made for it named the
 *		variable's event, else NULL: every field of the reference
 *		but an action parameter is named as that first one was
 *		("a=x+$v,b=x+S.E.$v" shows "b=x+$v", as the ABI does)
 * @pinned:	the variable's event, pinned while the trigger is registered
 *		(trace_events_hist.c, "Pins"), or NULL
 * @list:	in hist_trigger.refs
 *
 * References are resolved at event time by looking up the referenced
 * histogram's map with the current key. A reference used in an
 * expression ("lat=common_timestamp-$ts0") consumes the value, so that a
 * stale timestamp is never paired with a later event; one used alone (an
 * alias "t=$ts0", an action parameter) only reads it.
 */
struct hist_ref {
	struct hist_var		*var;
	unsigned int		idx;
	unsigned int		slot;
	unsigned int		copy_off;
	bool			consume;
	char			*qualifier;
	struct trace_event_call	*pinned;
	struct list_head	list;
};

/**
 * struct hist_field - one step of the per-event program, see above.
 * @kind:		what it computes
 * @mods:		how it is shown and grouped (enum hist_mod)
 * @form:		the shape of its value
 * @roles:		what it is used as (enum hist_role)
 * @name:		its name as printed in the hist file ("count",
 *			"count.hex-fd", "$ts0"); the spec adds the modifiers
 * @plain:		for operators: the name without any modifier, which
 *			is what compares two triggers; NULL for others
 * @type:		its C type as printed in formats and hist_debug; a
 *			field of the record has a copy of its own (the event
 *			may go before the trigger: the first of a name)
 * @size:		bytes of its value (strings: of their buffer)
 * @is_signed:		for numbers
 * @in_usecs:		a time in microseconds (operands must agree)
 * @event_field:	the event field read, for the record kinds
 * @offset:		the record offset read, for the record kinds
 * @constant:		HIST_K_CONST: the value; .buckets=: the bucket size;
 *			.log2=N: N (0 for .log2, one bucket a power of 2)
 * @operand:		operands of operators
 * @ref:		HIST_K_VAR_REF: the reference read
 * @slot:		its index in the frame's value array
 * @key_off:		as a key: its offset in the key bytes
 * @key_size:		as a key: its size in the key bytes
 * @sum_idx:		as a value: its sum in the map entry
 * @stack_idx:		stack kinds: its capture buffer in the frame
 * @list:		in hist_trigger.fields, in evaluation order
 */
struct hist_field {
	enum hist_kind		kind;
	enum hist_form		form;
	unsigned int		mods;
	unsigned int		roles;
	char			*name;
	char			*plain;
	const char		*type;
	unsigned int		size;
	bool			is_signed;
	bool			in_usecs;
	struct ftrace_event_field *event_field;
	unsigned int		offset;
	u64			constant;
	struct hist_field	*operand[2];
	struct hist_ref		*ref;
	unsigned int		slot;
	unsigned int		key_off;
	unsigned int		key_size;
	unsigned int		sum_idx;
	unsigned int		stack_idx;
	struct list_head	list;
};

/*
 * A .min or .max value is kept in its sum with tracing_map_elt_sum_max(),
 * as an unsigned image of the value: signed values have their sign bit
 * flipped (S64_MIN..S64_MAX maps onto 0..U64_MAX in order), and a minimum
 * takes the complement of that, which reverses the order. The sum's 0, of
 * an entry no value has reached yet, is then below every image. The map
 * is an involution: the same call gives the value back.
 */
static inline u64 hist_extreme(const struct hist_field *f, u64 v)
{
	if (f->is_signed)
		v ^= BIT_ULL(63);
	return f->mods & HIST_M_MIN ? ~v : v;
}

static inline bool hist_field_is_string(const struct hist_field *f)
{
	return f->form == HIST_FORM_STRING;
}

static inline bool hist_field_is_stack(const struct hist_field *f)
{
	return f->form == HIST_FORM_STACK;
}

/*
 * A field whose value is the same at every event (hitcount, a constant):
 * true, with that value in *@val; false for any other field.
 */
static inline bool hist_field_fixed_value(const struct hist_field *f, u64 *val)
{
	switch (f->kind) {
	case HIST_K_HITCOUNT:
		*val = 1;
		return true;
	case HIST_K_CONST:
		*val = f->constant;
		return true;
	default:
		return false;
	}
}

/*
 * The hits a table recorded, of @hits counted and @drops dropped: each
 * counter is read on every CPU at a time of its own, so a drop may be seen
 * before its hit is. Read the drops first, and never show less than 0.
 */
static inline u64 hist_hits_recorded(u64 hits, u64 drops)
{
	return hits > drops ? hits - drops : 0;
}

/**
 * struct hist_sort - one sort key
 * @field:	the key or value sorted by
 * @descending:	the direction
 */
struct hist_sort {
	struct hist_field	*field;
	bool			descending;
};

/**
 * struct hist_action - "handler.action": onmatch(sys.event).trace(...),
 * onmax($var).save(...), onchange($var).snapshot() and so on.
 * @handler:	when it runs
 * @kind:	what it does
 * @spec:	its text, as printed back in the trigger spec
 * @canon:	for the shorthand "SYNTH(...)", the same as "trace(SYNTH,...)":
 *		what triggers are compared by; NULL when that is @spec
 * @match_system: onmatch's event's system (points into the parse)
 * @match_event: onmatch's event
 * @watched:	onmax/onchange: the variable's field compared
 * @track_off:	onmax/onchange: the tracked value in the entry private data
 * @synth:	trace: the synthetic event generated
 * @params:	trace: one field per synthetic field; save: the saved fields
 * @n_params:	entries in @params
 * @param_slots: trace: the slots of @params, for synth_event_emit()
 * @save_off:	save: where each saved value lives in the private data
 * @saved_off:	save: a u64 of the private data, set at the first save, which
 *		tells a string never saved (shown "(null)") from an empty one
 * @list:	in hist_trigger.actions
 */
struct hist_action {
	enum hist_handler	handler;
	enum hist_action_kind	kind;
	char			*spec;
	char			*canon;
	char			*match_system;
	char			*match_event;
	struct hist_field	*watched;
	int			track_off;
	struct synth_event	*synth;
	struct hist_field	*params[HIST_PARAMS_MAX];
	unsigned int		n_params;
	unsigned int		param_slots[HIST_PARAMS_MAX];
	unsigned int		save_off[HIST_PARAMS_MAX];
	unsigned int		saved_off;
	struct list_head	list;
};

/**
 * struct hist_table - the entries of a histogram: the map, shared by the
 * triggers of a named histogram.
 * @map:	the entries
 * @refs:	triggers using it (event_mutex)
 * @priv_size:	bytes of private data per entry
 * @comm_off:	where the comm for .execname goes in it, or -1
 * @taken_hits:	tracing_map_hits() of @map at the last interval read of
 *		hist_interval (event_mutex; 0 after a clear)
 * @taken_drops: tracing_map_drops() likewise
 */
struct hist_table {
	struct tracing_map	*map;
	unsigned int		refs;
	unsigned int		priv_size;
	int			comm_off;
	u64			taken_hits;
	u64			taken_drops;
};

/**
 * struct hist_part - a hist trigger's table as a reader prints it, taken
 * once under event_mutex (hist_parts_text(), trace_hist_print.c)
 * @data:	the trigger
 * @snap:	its entries, in its sort order
 * @hits:	the hits since the last interval taken (hist_table.taken_hits)
 * @drops:	the drops likewise
 * @entries:	the entries the totals count
 */
struct hist_part {
	struct event_trigger_data	*data;
	struct tracing_map_snapshot	*snap;
	u64				hits;
	u64				drops;
	unsigned int			entries;
};

/**
 * struct hist_parts - a part of each hist trigger of an event
 * @part:	the parts, in the order of the event's triggers
 * @n:		how many
 */
struct hist_parts {
	struct hist_part	*part;
	unsigned int		n;
};

/**
 * struct hist_plain_val - a value of a plain trigger, laid out for its hit
 * (trace_hist_run.c): one array, read in order, with no field to follow.
 * @flip:	for a .min or a .max, what the number is xored with to make
 *		the image hist_extreme() makes of it; 0 otherwise
 * @offset:	where the number is in the record
 * @sum_idx:	the sum it goes into
 * @size:	the number's size in bytes
 * @is_signed:	the number is signed
 * @same:	the value reads no number: it is hitcount (whose 1 the hit
 *		starts with), or of the field the value before it read
 * @extreme:	a .min or a .max: the sum is raised, not added to
 */
struct hist_plain_val {
	u64		flip;
	u16		offset;
	u16		sum_idx;
	u8		size;
	bool		is_signed;
	bool		same;
	bool		extreme;
};

/**
 * struct hist_trigger - one histogram trigger.
 * @file:	the event it is attached to
 * @tr:		the trace array of @file
 * @keys:	the key fields
 * @n_keys:	entries in @keys
 * @key_size:	the key's size in bytes
 * @vals:	the sums; vals[0] is hitcount
 * @n_vals:	entries in @vals
 * @vars:	the variables it sets
 * @n_vars:	entries in @vars
 * @sort:	the sort keys
 * @n_sort:	entries in @sort
 * @fields:	every field, in evaluation order
 * @prog:	@fields as an array, built once the trigger is complete
 * @n_key_fields: the first so many fields of @prog make phase KEY
 * @n_slots:	fields in @fields
 * @run:	the fields of @prog an event evaluates, in the same order: all
 *		but those whose value is fixed when the trigger is built
 *		(hitcount, constants) and the stack of the event (its place
 *		is fixed), which hist_scratch_alloc() stores once
 * @n_run_key:	the first so many of @run make phase KEY
 * @n_run:	entries in @run
 * @refs:	the variables of histograms this one reads (struct hist_ref)
 * @n_refs:	entries in @refs
 * @actions:	its actions
 * @snapshot:	its snapshot() action, if any
 * @save:	its save() action, if any (there is one at most)
 * @snap_elt:	the entry that took the last snapshot
 * @snap_val:	the value that took it
 * @actions_pinned: the synthetic events of its actions are pinned
 * @created:	histograms created on other events for the
 *		SYSTEM.EVENT.FIELD parameters of its actions; the command
 *		layer's (trace_events_hist.c) to create and remove. Once
 *		this one is registered, each is held in its users until
 *		this one is freed, which keeps it allocated even when it is
 *		off its event already
 * @n_created:	entries in @created
 * @table:	its entries
 * @bits:	log2 of the map size
 * @priv_size:	bytes of private data per entry
 * @comm_off:	where the .execname comm lives in the private data, or -1
 * @n_stacks:	stack capture buffers an event needs
 * @scratch:	per-CPU scratch, HIST_CTX_LEVELS chunks of @scratch_size
 * @scratch_size: bytes of a chunk
 * @key_off:	where a chunk keeps the key
 * @stacks_off:	where it keeps the stack capture buffers
 * @event_stack_off: where it captures the stack of the event: in the key,
 *		when that stack is a key, else in stack buffer 0
 * @lookup_key_size: bytes of the key in a chunk: our key, zero-extended to
 *		the longest key of the histograms we read variables from
 * @clock:	the trace clock asked for with clock=
 * @users:	references from other histograms to our variables, and
 *		the hold of the histogram that created us, if one did
 * @link:	in the list of triggers with variables
 * @removed:	off its event, waiting for @users to drop to 0
 * @plain:	every field a number of the record or hitcount (or a key a
 *		char[N] of the record, N a multiple of 8), no variable,
 *		reference or action: a hit takes the short way and the
 *		trigger has no scratch (trace_hist_run.c)
 * @plain_chars: plain, and a key is a char[N]: the keys are not all one
 *		u64 word each
 * @plain_vals:	plain: @vals as its hit reads them
 * @num_keys:	every key is a number of the record, a field of its own
 * @has_stacktrace: a field reads the stack of the event
 * @nohitcount:	hitcount is not shown
 * @uses_timestamp: a field reads common_timestamp
 * @ts_usecs:	common_timestamp is in microseconds (a field said .usecs)
 * @ts_to_usecs: @ts_usecs, and the trace clock counts nanoseconds, so a
 *		hit turns the timestamp into microseconds
 */
struct hist_trigger {
	struct trace_event_file	*file;
	struct trace_array	*tr;
	struct hist_field	*keys[HIST_KEYS_MAX];
	unsigned int		n_keys;
	unsigned int		key_size;
	struct hist_field	*vals[HIST_SUMS_MAX];
	unsigned int		n_vals;
	struct hist_var		*vars[HIST_VARS_MAX];
	unsigned int		n_vars;
	struct hist_sort	sort[HIST_SORT_KEYS_MAX];
	unsigned int		n_sort;
	struct list_head	fields;
	struct hist_field	**prog;
	unsigned int		n_key_fields;
	unsigned int		n_slots;
	struct hist_field	**run;
	unsigned int		n_run_key;
	unsigned int		n_run;
	struct list_head	refs;
	unsigned int		n_refs;
	struct list_head	actions;
	struct hist_action	*snapshot;
	struct hist_action	*save;
	const struct tracing_map_elt *snap_elt;
	u64			snap_val;
	bool			actions_pinned;
	struct hist_trigger	*created[HIST_PARAMS_MAX];
	unsigned int		n_created;
	struct hist_table	*table;
	unsigned int		bits;
	unsigned int		priv_size;
	int			comm_off;
	unsigned int		n_stacks;
	void __percpu		*scratch;
	unsigned int		scratch_size;
	unsigned int		key_off;
	unsigned int		stacks_off;
	unsigned int		event_stack_off;
	unsigned int		lookup_key_size;
	char			*clock;
	int			users;
	struct list_head	link;
	bool			removed;
	bool			plain;
	bool			plain_chars;
	struct hist_plain_val	plain_vals[HIST_SUMS_MAX];
	bool			num_keys;
	bool			has_stacktrace;
	bool			nohitcount;
	bool			uses_timestamp;
	bool			ts_usecs;
	bool			ts_to_usecs;
};

/**
 * struct hist_frame - one event in flight through hist_trigger_hit(): the
 * record and the scratch memory of this CPU and context level (the chunk,
 * and where its parts are; see trace_hist_run.c).
 * @ht:		the trigger hit
 * @scratch:	the chunk
 * @rec:	the event's record
 * @buffer:	the ring buffer it is written to
 * @rbe:	its ring buffer event, for the timestamp
 * @vals:	the slots: one value per field of the program
 * @key:	the key being built
 *
 * Built by every hit that is not plain, so it holds what most hits use;
 * the rest of the chunk is found from @scratch and the trigger's offsets.
 */
struct hist_frame {
	struct hist_trigger	*ht;
	void			*scratch;
	void			*rec;
	struct trace_buffer	*buffer;
	struct ring_buffer_event *rbe;
	u64			*vals;
	void			*key;
};

/**
 * struct hist_build - a trigger being compiled from a struct hist_parse.
 * @p:		the parse, which errors are reported through
 * @ht:		the trigger
 * @call:	its event
 * @probe:	the trigger is built only to be compared with registered
 *		ones ("!hist:..."): it must change nothing elsewhere
 * @leads:	for each variable of the command defined by an expression,
 *		once its definition has begun to be read, the expression's
 *		first operand (hist_var_lead()); NULL otherwise
 */
struct hist_build {
	struct hist_parse	*p;
	struct hist_trigger	*ht;
	struct trace_event_call	*call;
	bool			probe;
	char			*leads[HIST_VARS_MAX];
};

/* Whether a trigger of an event is a hist trigger. */
static inline bool hist_is_hist_trigger(const struct event_trigger_data *data)
{
	return data->cmd_ops->trigger_type == ETT_EVENT_HIST;
}

/* trace_hist_field.c */
__printf(3, 4)
struct hist_field *hist_field_new(struct hist_build *b, enum hist_kind kind,
				  const char *fmt, ...);
void hist_field_free(struct hist_field *f);
int hist_var_lead(struct hist_build *b, unsigned int i);
struct hist_field *hist_field_parse(struct hist_build *b, char *text,
				    unsigned int roles);
struct hist_field *hist_ref_field(struct hist_build *b, const char *system,
				  const char *event, const char *name,
				  unsigned int roles);
const char *hist_field_plain(const struct hist_field *f);

/* trace_hist_build.c */
struct hist_trigger *hist_build(struct hist_parse *p,
				struct trace_event_file *file, bool probe);
int hist_build_actions(struct hist_parse *p, struct hist_trigger *ht,
		       bool probe);
int hist_table_create(struct hist_trigger *ht);
void hist_table_share(struct hist_trigger *ht, struct hist_trigger *leader);
void hist_trigger_free(struct hist_trigger *ht);
bool hist_trigger_keys_alike(const struct hist_trigger *a,
			     const struct hist_trigger *b);
bool hist_trigger_same_keys(const struct hist_trigger *a,
			    const struct hist_trigger *b);
bool hist_trigger_same(const struct hist_trigger *a,
		       const struct hist_trigger *b);
bool hist_table_fits(const struct hist_trigger *ht,
		     const struct hist_trigger *leader);
void hist_trigger_clear(struct hist_trigger *ht);

/* trace_hist_run.c */
void hist_trigger_hit(struct event_trigger_data *data,
		      struct trace_buffer *buffer, void *rec,
		      struct ring_buffer_event *rbe);
int hist_scratch_alloc(struct hist_trigger *ht);
bool hist_snapshot_update(struct trace_array *tr, void *data);
DECLARE_STATIC_KEY_FALSE(hist_poll_armed);

/* trace_hist_var.c */
struct hist_var *hist_var_find(struct hist_build *b, const char *system,
			       const char *event, const char *name,
			       unsigned int roles);
struct hist_var *hist_var_lookup(struct trace_array *tr, const char *system,
				 const char *event, const char *name);
bool hist_var_on_event(struct trace_event_file *file, const char *name);

/* trace_hist_action.c */
int hist_actions_build(struct hist_build *b);
void hist_actions_layout(struct hist_trigger *ht, unsigned int *priv);
int hist_actions_enable(struct hist_trigger *ht);
void hist_actions_disable(struct hist_trigger *ht);
void hist_actions_pin(struct hist_trigger *ht);
bool hist_actions_same(const struct hist_trigger *a,
		       const struct hist_trigger *b);
bool hist_actions_fit(const struct hist_trigger *a,
		      const struct hist_trigger *b);
void hist_actions_free(struct hist_trigger *ht);

/* trace_hist_print.c */
char *hist_field_spec(const struct hist_field *f);
char *hist_field_mods(const struct hist_field *f);
struct tracing_map_snapshot *hist_snapshot(const struct hist_trigger *ht,
					   bool take);
void hist_print_spec_text(struct seq_file *m, struct event_trigger_data *data);
int hist_print_spec(struct seq_file *m, struct event_trigger_data *data);
u64 hist_log2_sub_last(u64 lo, unsigned int n);
enum hist_form hist_key_shown_as(const struct hist_field *f);
const char *hist_key_label(const struct hist_field *f);
u64 hist_stat_value(const struct hist_field *f, u64 sum, u64 hits);
char *hist_render(int (*print)(struct seq_file *m, const void *arg),
		  const void *arg, size_t *len);
char *hist_parts_text(struct trace_event_file *file, bool take,
		      int (*print)(struct seq_file *m, const void *arg),
		      size_t *len);
char *hist_tables_text(struct trace_event_file *file, bool take, size_t *len);

/* trace_hist_json.c */
char *hist_json_text(struct trace_event_file *file, size_t *len);
int hist_debug_show(struct seq_file *m, struct trace_event_file *file);

#endif /* _TRACE_HIST_H */
