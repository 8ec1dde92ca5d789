// SPDX-License-Identifier: GPL-2.0
/*
 * Histogram triggers: compiling field names and expressions into struct
 * hist_field program steps.
 *
 * A value (key, sum, variable, action parameter) is written
 *
 *	EXPR	:= '-(' EXPR ')' | EXPR OP EXPR | ATOM	OP is + - * / %
 *	ATOM	:= NUMBER | '$' VAR | SYSTEM '.' EVENT '.' '$' VAR
 *		 | FIELD [ '.' MODIFIER ] | SYSTEM '.' EVENT '.' FIELD
 *
 * and read as the ABI reads it (hist_find_operator()): a leading '-' with no
 * other '-' after it is a unary minus, else the expression is split at its
 * last '+' or '-', or else at its last '*', '/' or '%', which groups
 * operators left to right with *, / and % binding tighter; parentheses
 * only follow a unary minus; an expression has HIST_EXPR_OPS_MAX operators
 * at most. An operator on two constants is folded at creation ("x=2*3" is
 * 6), and a field's printed name is rebuilt from its operands', so
 * constants show in decimal.
 *
 * The modifiers and the special field names are described once, in
 * hist_mods[] and hist_specials[]; the parser, the printers and hist_debug
 * all read these tables.
 *
 * Called under event_mutex while a trigger is created.
 */
#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace_hist.h"

/* Names that are not fields of the event's format. */
static const struct hist_special {
	const char	*name;
	enum hist_kind	kind;
	const char	*type;
	unsigned int	size;
	bool		is_signed;
} hist_specials[] = {
	{ "hitcount",		HIST_K_HITCOUNT,	"u64", 8, false },
	{ "common_timestamp",	HIST_K_TIMESTAMP,	"u64", 8, false },
	{ "common_cpu",		HIST_K_CPU,		"unsigned int", 4, false },
	{ "cpu",		HIST_K_CPU,		"unsigned int", 4, false },
	{ "CPU",		HIST_K_CPU,		"unsigned int", 4, false },
	{ "common_comm",	HIST_K_COMM,		"char[16]", TASK_COMM_LEN,
	  false },
	{ "common_stacktrace",	HIST_K_STACKTRACE,	"unsigned long[]",
	  HIST_STACKTRACE_SIZE, false },
	{ "stacktrace",		HIST_K_STACKTRACE,	"unsigned long[]",
	  HIST_STACKTRACE_SIZE, false },
	{ }
};

/* The form of a field of @kind; references take their variable's. */
static enum hist_form hist_form_of(enum hist_kind kind)
{
	switch (kind) {
	case HIST_K_STR:
	case HIST_K_DYNSTR:
	case HIST_K_RELSTR:
	case HIST_K_COMM:
		return HIST_FORM_STRING;
	case HIST_K_STACKTRACE:
	case HIST_K_DYNSTACK:
		return HIST_FORM_STACK;
	default:
		return HIST_FORM_NUM;
	}
}

/**
 * hist_field_new - a new field appended to the program of @b's trigger
 * @b:		the build
 * @kind:	what it computes
 * @fmt:	its printed name, printf-style
 *
 * The program is the list of fields in creation order: a field is always
 * created after its operands, so that order evaluates operands first.
 *
 * Return: the field, or an ERR_PTR: -ENOMEM, or -EINVAL (logged) when the
 * command has HIST_FIELDS_MAX fields already, the one bound of every
 * array indexed by a slot or a reference (each reference has a field).
 */
struct hist_field *hist_field_new(struct hist_build *b, enum hist_kind kind,
				  const char *fmt, ...)
{
	struct hist_trigger *ht = b->ht;
	struct hist_field *f;
	va_list args;

	if (ht->n_slots == HIST_FIELDS_MAX)
		return ERR_PTR(hist_fail(b->p, HIST_ERR_TOO_MANY_FIELDS, NULL));
	f = kzalloc(sizeof(*f), GFP_KERNEL);
	if (!f)
		return ERR_PTR(-ENOMEM);
	va_start(args, fmt);
	f->name = kvasprintf(GFP_KERNEL, fmt, args);
	va_end(args);
	if (!f->name) {
		kfree(f);
		return ERR_PTR(-ENOMEM);
	}
	f->kind = kind;
	f->form = hist_form_of(kind);
	f->type = "u64";
	f->size = sizeof(u64);
	f->slot = ht->n_slots++;
	list_add_tail(&f->list, &ht->fields);
	return f;
}

/**
 * hist_field_plain - the name of a field without its modifiers, which is
 * what tells two triggers apart
 * @f:	the field
 *
 * Return: the name, owned by @f.
 */
const char *hist_field_plain(const struct hist_field *f)
{
	return f->plain ? f->plain : f->name;
}

/* The entry of hist_mods[] for @mod. */
static const struct hist_mod_desc *hist_mod_desc(enum hist_mod mod)
{
	const struct hist_mod_desc *m = hist_mods;

	while (m->mod != mod)
		m++;
	return m;
}

/*
 * The modifier ".MODIFIER" names (@mod points past the dot), and the size
 * of ".buckets=SIZE" or the N of ".log2=N" in *@size. Checked before the
 * field is looked up: an unknown modifier of an unknown field is reported
 * for the modifier. The caret is at the modifier (at the size of
 * .buckets= when that is bad), at nothing when there is none.
 */
static const struct hist_mod_desc *hist_find_mod(struct hist_build *b,
						 char *mod,
						 unsigned long *size)
{
	const struct hist_mod_desc *m;

	*size = 0;
	m = hist_mods;
	/*
	 * "log2=N" (ours; stock takes no argument to .log2): 2^N linear
	 * sub-buckets in each power of 2. The caret at "log2=N" as a whole,
	 * which is found where it is written more surely than N alone.
	 */
	if (str_has_prefix(mod, "log2=")) {
		if (kstrtoul(mod + strlen("log2="), 0, size) || !*size ||
		    *size > HIST_LOG2_SUB_MAX)
			return ERR_PTR(hist_fail_dotted(b->p,
							HIST_ERR_BAD_LOG2_SUB,
							mod));
		return hist_mod_desc(HIST_M_LOG2);
	}
	/* "bucket", an optional 's', '=' and a size: the rest is reported. */
	if (str_has_prefix(mod, "bucket")) {
		mod += strlen("bucket");
		if (*mod == 's')
			mod++;
		/* The caret at what should be '=', else at the size. */
		if (*mod != '=' || kstrtoul(mod + 1, 0, size) || !*size)
			return ERR_PTR(hist_fail(b->p, HIST_ERR_BAD_FIELD_MODIFIER,
						 mod + (*mod == '=')));
		return hist_mod_desc(HIST_M_BUCKET);
	}
	for (; m->name; m++)
		if (m->by_prefix ? str_has_prefix(mod, m->name) :
		    !strcmp(mod, m->name))
			return m;
	return ERR_PTR(hist_fail_dotted(b->p, HIST_ERR_BAD_FIELD_MODIFIER,
					mod));
}

/*
 * Refuse the modifier @m (written @mod) of the field called @name, used
 * as @roles, before the field is looked up, where it must be: .execname
 * on anything but common_pid, a modifier for values only on a key or a
 * variable, another that a key does not take. Operands and action
 * parameters take any. 0 when it is not refused.
 */
static int hist_mod_check(struct hist_build *b, const char *name,
			  const char *mod, const struct hist_mod_desc *m,
			  unsigned int roles)
{
	bool operand = roles & (HIST_R_OPERAND | HIST_R_PARAM);

	if ((m->mod == HIST_M_EXECNAME && strcmp(name, "common_pid")) ||
	    (!operand && (roles & HIST_R_KEY) && !(m->roles & roles)) ||
	    (!operand && (roles & HIST_R_VAR) && m->roles == HIST_R_VAL))
		return hist_fail_dotted(b->p, HIST_ERR_BAD_FIELD_MODIFIER, mod);
	return 0;
}

/*
 * The modifier ".@mod" of the field called @name, used as @roles, looked
 * up and checked before the field is; an ERR_PTR when it is refused.
 */
static const struct hist_mod_desc *hist_mod_of(struct hist_build *b,
					       const char *name, char *mod,
					       unsigned int roles,
					       unsigned long *size)
{
	const struct hist_mod_desc *m = hist_find_mod(b, mod, size);
	int ret;

	if (IS_ERR(m))
		return m;
	ret = hist_mod_check(b, name, mod, m, roles);
	return ret ? ERR_PTR(ret) : m;
}

/*
 * Apply the modifier @m (written @mod, past its dot) to @f, used as
 * @roles, past hist_mod_check(). A modifier that does not suit a value or a
 * variable is reported at the whole "FIELD.MODIFIER" (@text), and so is
 * .stacktrace on anything but a stack trace array of the record
 * (common_stacktrace included): the ABI's carets.
 */
static int hist_apply_mod(struct hist_build *b, struct hist_field *f,
			  char *text,
			  char *mod, const struct hist_mod_desc *m,
			  unsigned long size, unsigned int roles)
{
	/*
	 * A statistic (new syntax) is of a value of vals= itself, a number
	 * other than hitcount: refused at the modifier anywhere else.
	 */
	if ((m->mod & HIST_M_STAT) &&
	    (roles != HIST_R_VAL || f->form != HIST_FORM_NUM ||
	     f->kind == HIST_K_HITCOUNT || f->kind == HIST_K_CONST))
		return hist_fail_dotted(b->p, HIST_ERR_BAD_FIELD_MODIFIER, mod);
	/*
	 * An operand or an action parameter takes any modifier; of them,
	 * only .log2 and .buckets= change an operand's value.
	 */
	if (roles & (HIST_R_OPERAND | HIST_R_PARAM))
		roles = HIST_R_ANY;
	if ((m->mod == HIST_M_STACKTRACE &&
	     (!hist_field_is_stack(f) || f->kind == HIST_K_STACKTRACE)) ||
	    !(m->roles & roles)) {
		mod[-1] = '.';
		return hist_fail(b->p, HIST_ERR_BAD_FIELD_MODIFIER, text);
	}
	f->constant = size;
	f->mods |= m->mod;
	return 0;
}

static enum hist_kind hist_kind_of(const struct ftrace_event_field *ef)
{
	switch (ef->filter_type) {
	case FILTER_STATIC_STRING:
		return HIST_K_STR;
	case FILTER_DYN_STRING:
		return HIST_K_DYNSTR;
	case FILTER_RDYN_STRING:
		return HIST_K_RELSTR;
	case FILTER_COMM:
		return HIST_K_COMM;
	case FILTER_CPU:
		return HIST_K_CPU;
	case FILTER_STACKTRACE:
		return HIST_K_STACKTRACE;
	default:
		if (str_has_prefix(ef->type, "__data_loc") &&
		    strstr(ef->type, "long[]"))
			return HIST_K_DYNSTACK;
		return HIST_K_NUM;
	}
}

/* A field of the event's format, or NULL when it has none of that name. */
static struct hist_field *hist_event_field(struct hist_build *b, char *name)
{
	struct ftrace_event_field *ef;
	struct hist_field *f;
	enum hist_kind kind;

	ef = trace_find_event_field(b->call, name);
	if (!ef || ef->filter_type == FILTER_COMM ||
	    ef->filter_type == FILTER_CPU ||
	    ef->filter_type == FILTER_STACKTRACE)
		return NULL;
	kind = hist_kind_of(ef);
	/* A flexible char[] (the size 0 of ftrace's print buf) is no key. */
	if (kind == HIST_K_STR && !ef->size)
		return NULL;
	if (kind == HIST_K_NUM && ef->size != 1 && ef->size != 2 &&
	    ef->size != 4 && ef->size != 8)
		return NULL;

	f = hist_field_new(b, kind, "%s", ef->name);
	if (IS_ERR(f))
		return f;
	f->event_field = ef;
	f->offset = ef->offset;
	/*
	 * The type is the trigger's own: the first trigger of a name is
	 * compared with those joining it after its event may be gone
	 * (hist_trigger_free() gives it back).
	 */
	f->type = kstrdup_const(ef->type, GFP_KERNEL);
	if (!f->type)
		return ERR_PTR(-ENOMEM);
	f->is_signed = ef->is_signed;
	switch (kind) {
	case HIST_K_NUM:
	case HIST_K_STR:
		f->size = ef->size;
		break;
	case HIST_K_DYNSTACK:
		f->size = HIST_STACKTRACE_SIZE;
		break;
	default:
		f->size = HIST_STR_MAX;
		break;
	}
	return f;
}

static struct hist_field *hist_special_field(struct hist_build *b,
					     const char *name)
{
	const struct hist_special *s;
	struct hist_field *f;

	for (s = hist_specials; s->name; s++) {
		if (strcmp(s->name, name))
			continue;
		/*
		 * The stack trace is common_stacktrace however it is written:
		 * sort= and the test for an existing trigger see that name.
		 */
		f = hist_field_new(b, s->kind, "%s",
				   s->kind == HIST_K_STACKTRACE ?
				   "common_stacktrace" : s->name);
		if (IS_ERR(f))
			return f;
		f->type = s->type;
		f->size = s->size;
		f->is_signed = s->is_signed;
		if (s->kind == HIST_K_TIMESTAMP)
			b->ht->uses_timestamp = true;
		return f;
	}
	return NULL;
}

/* A number: a constant field named by its decimal value. */
static struct hist_field *hist_constant(struct hist_build *b, char *text,
					u64 num)
{
	struct hist_field *f;

	f = hist_field_new(b, HIST_K_CONST, "%llu", num);
	if (IS_ERR(f))
		return f;
	f->constant = num;
	return f;
}

/*
 * FIELD[.MODIFIER] of this event: @text, cut at @mod, its dot (or NULL),
 * written as part of @start. The modifier is checked before the field is
 * looked up.
 */
static struct hist_field *hist_field_mod(struct hist_build *b, char *start,
					 char *text, char *mod, unsigned int roles)
{
	const struct hist_mod_desc *m = NULL;
	unsigned long size = 0;
	struct hist_field *f;
	int ret;

	if (mod) {
		*mod++ = '\0';
		m = hist_mod_of(b, text, mod, roles, &size);
		if (IS_ERR(m))
			return ERR_CAST(m);
	}

	f = hist_special_field(b, text);
	if (!f)
		f = hist_event_field(b, text);
	if (IS_ERR(f))
		return f;
	if (!f) {
		/* The FIELD of SYSTEM.EVENT.FIELD follows a dot. */
		ret = start != text ?
		      hist_fail_dotted(b->p, HIST_ERR_FIELD_NOT_FOUND, text) :
		      hist_fail(b->p, HIST_ERR_FIELD_NOT_FOUND, text);
		return ERR_PTR(ret);
	}
	/*
	 * No stack trace is a value (the event's, or a stack array of the
	 * record): reported at the start of the text, cut at its first dot.
	 */
	if (hist_field_is_stack(f) && (roles & HIST_R_VAL) &&
	    !(roles & HIST_R_OPERAND)) {
		if (mod && start == text)
			mod[-1] = '.';
		return ERR_PTR(hist_fail(b->p, HIST_ERR_BAD_FIELD_MODIFIER,
					 start));
	}
	if (mod) {
		ret = hist_apply_mod(b, f, text, mod, m, size, roles);
		if (ret)
			return ERR_PTR(ret);
	}
	f->in_usecs = f->mods & HIST_M_USECS;
	return f;
}

/*
 * The root operator of @s, or NULL for an atom. A leading '-' is a unary
 * minus when no other '-' follows it, whatever else does ("-(a)+b" is a
 * unary minus over "(a)+b", refused). Otherwise the root is the last '+'
 * or '-', else the last '*', '/' or '%', which groups operators left to
 * right with *, / and % binding tighter; parentheses group nothing. A '%'
 * at either end of @s is no operator. The dash of
 * .sym-offset is no operator.
 */
static char *hist_find_operator(char *s)
{
	char *c, *add = NULL, *mul = NULL;
	bool minus = false;

	for (c = s; *c; c++) {
		switch (*c) {
		case '-':
			if (c == s ||
			    (c - s >= 4 && !strncmp(c - 4, ".sym-offset", 11)))
				break;
			minus = true;
			fallthrough;
		case '+':
			if (c != s)
				add = c;
			break;
		case '*':
		case '/':
			mul = c;
			break;
		case '%':
			/*
			 * Between two operands only: one at either end is
			 * part of a name, as kernels without '%' read it.
			 */
			if (c != s && c[1])
				mul = c;
			break;
		}
	}
	if (*s == '-' && !minus)
		return s;
	return add ? add : mul;
}

/* Whether @f, read as a variable, may be used as @roles as it is. */
static bool hist_alias_suits(const struct hist_field *f, unsigned int roles)
{
	const struct hist_mod_desc *m;

	if (roles & (HIST_R_OPERAND | HIST_R_PARAM))
		return true;
	if (hist_field_is_stack(f) && (roles & HIST_R_VAL))
		return false;
	for (m = hist_mods; m->name; m++)
		if ((f->mods & m->mod) && !(m->roles & roles))
			return false;
	return true;
}

/*
 * The length of the first operand of the expression @s: up to its first
 * operator, a unary minus at its start aside.
 */
static size_t hist_lead_len(const char *s)
{
	const char *c;

	for (c = s + 1; *c; c++) {
		if (*c == '+' || *c == '*' || *c == '/' ||
		    (*c == '%' && c[1]) ||
		    (*c == '-' &&
		     (c - s < 4 || strncmp(c - 4, ".sym-offset", 11))))
			break;
	}
	return c - s;
}

/**
 * hist_var_lead - note, before variable @i of the command is read, what
 * "$NAME" stands for from now on in the command
 * @b:		the build
 * @i:		the variable, of b->p->spec.vars
 *
 * Read as the ABI reads it: once the definition of a variable by an
 * expression has begun to be read, "$NAME" in the keys, in its own
 * definition and in those read after it is the expression's first
 * operand ("vc=v*2,vd=$vc+1:keys=$vc" is "vd=v+1:keys=v"); read before
 * (the values, the variables before it), it is no variable. A variable
 * defined as FIELD[.MODIFIER] is noted whole, since reading it cuts the
 * definition at its dot ("vd=v.hex:keys=$vd" is "keys=v.hex").
 *
 * Return: 0 or -ENOMEM.
 */
int hist_var_lead(struct hist_build *b, unsigned int i)
{
	const char *expr = b->p->spec.vars[i].expr;
	size_t len = strlen(expr);

	if (*expr == '-')
		return 0;
	if (hist_find_operator((char *)expr))
		len = hist_lead_len(expr);
	b->leads[i] = kstrndup(expr, len, GFP_KERNEL);
	return b->leads[i] ? 0 : -ENOMEM;
}

/*
 * $VAR naming a variable this very command defines as FIELD[.MODIFIER]
 * ("z=val.hex:vals=$z"), or by an expression whose first operand is
 * (hist_var_lead()), is that field: read as
 * FIELD and one modifier of those a variable or a key takes (the errors
 * point into the definition), then checked for what @ref ("$VAR") is used
 * as, refused at @ref. Defined as a number, it is a field that does not
 * exist. Returns NULL for any other variable (an expression, a reference).
 */
static struct hist_field *hist_own_alias(struct hist_build *b, char *ref,
					 unsigned int roles)
{
	struct hist_spec *s = &b->p->spec;
	struct hist_field *f;
	char *value, *copy;
	unsigned int i;

	for (i = 0; i < s->n_vars; i++) {
		if (strcmp(s->vars[i].name, ref + 1))
			continue;
		value = b->leads[i];
		if (!value || strchr(value, '$'))
			value = s->vars[i].expr;
		if (strchr(value, '$') || hist_find_operator(value))
			return NULL;
		if (isdigit(*value))
			return ERR_PTR(hist_fail(b->p, HIST_ERR_FIELD_NOT_FOUND,
						 value));
		copy = kstrdup(value, GFP_KERNEL);
		if (!copy)
			return ERR_PTR(-ENOMEM);
		/* One modifier at most, as a variable or a key may have. */
		f = hist_field_mod(b, copy, copy, strchr(copy, '.'),
				   HIST_R_VAR | HIST_R_KEY);
		kfree(copy);
		if (!IS_ERR(f) && !hist_alias_suits(f, roles))
			return ERR_PTR(hist_fail(b->p,
						 HIST_ERR_BAD_FIELD_MODIFIER,
						 ref));
		return f;
	}
	return NULL;
}

/*
 * The variable @name that is not there, or not unique, is logged as not
 * found: a parameter of an action as such, anything else as a variable.
 */
static int hist_var_missing(struct hist_build *b, const char *name,
			    unsigned int roles)
{
	return hist_fail(b->p, roles & HIST_R_PARAM ? HIST_ERR_PARAM_NOT_FOUND :
			 HIST_ERR_VAR_NOT_FOUND, name);
}

/*
 * A reference to @var, found as @name (on SYSTEM.EVENT when @system is
 * given): the trigger's one hist_ref for @var, made at its first use.
 */
static struct hist_field *hist_ref_to(struct hist_build *b,
				      struct hist_var *var, const char *system,
				      const char *event, const char *name,
				      unsigned int roles)
{
	struct hist_trigger *ht = b->ht;
	struct hist_ref *ref;
	struct hist_field *f;

	list_for_each_entry(ref, &ht->refs, list)
		if (ref->var == var)
			goto have_ref;
	ref = kzalloc(sizeof(*ref), GFP_KERNEL);
	if (!ref)
		return ERR_PTR(-ENOMEM);
	list_add_tail(&ref->list, &ht->refs);
	ref->var = var;
	ref->idx = ht->n_refs++;
	if (system && !(roles & HIST_R_PARAM)) {
		ref->qualifier = kasprintf(GFP_KERNEL, "%s.%s.", system, event);
		if (!ref->qualifier)
			return ERR_PTR(-ENOMEM);
	}

have_ref:
	if (roles & HIST_R_OPERAND)
		ref->consume = true;
	/*
	 * Where the trigger spec shows it, a reference is named as the
	 * first one to its variable was, qualified or not.
	 */
	if (ref->qualifier && !(roles & HIST_R_PARAM))
		f = hist_field_new(b, HIST_K_VAR_REF, "%s$%s", ref->qualifier,
				   name);
	else
		f = hist_field_new(b, HIST_K_VAR_REF, "$%s", name);
	if (IS_ERR(f))
		return f;
	f->ref = ref;
	f->form = var->field->form;
	f->type = var->field->type;
	f->size = var->field->size;
	f->is_signed = var->field->is_signed;
	f->in_usecs = var->field->in_usecs;
	return f;
}

/**
 * hist_ref_field - compile "$NAME" or "SYSTEM.EVENT.$NAME"
 * @b:		the build
 * @system:	the event's system, or NULL for any
 * @event:	the event's name, when @system is given
 * @name:	the variable
 * @roles:	what the value is used as
 *
 * A variable that is not there, or not unique, is logged as not found: a
 * parameter of an action as such, anything else as a variable.
 *
 * Return: the field or an ERR_PTR.
 */
struct hist_field *hist_ref_field(struct hist_build *b, const char *system,
				  const char *event, const char *name,
				  unsigned int roles)
{
	struct hist_var *var = hist_var_find(b, system, event, name, roles);

	if (!var)
		return ERR_PTR(hist_var_missing(b, name, roles));
	return hist_ref_to(b, var, system, event, name, roles);
}

/*
 * "SYSTEM.EVENT.FIELD" (@text, SYSTEM up to @dot1, EVENT up to @dot2): a
 * field of another event, for an action parameter, read through a
 * variable of a histogram on that event. An ERR_PTR is logged.
 */
static struct hist_field *hist_foreign_field(struct hist_build *b, char *text,
					     char *dot1, char *dot2)
{
	*dot1 = '\0';
	*dot2 = '\0';
	return b->p->field_var(b, text, dot1 + 1, dot2 + 1);
}

/* $VAR or SYSTEM.EVENT.$VAR; @dollar points at the '$' in @text. */
static struct hist_field *hist_var_ref(struct hist_build *b, char *text,
				       char *dollar, unsigned int roles)
{
	const struct hist_mod_desc *m;
	char *system = NULL, *event = NULL, *mod;
	struct hist_field *f;
	struct hist_var *var;
	unsigned long size;

	if (dollar == text) {
		f = hist_own_alias(b, dollar, roles);
		if (f)
			return f;
	} else {
		system = text;
		event = strchr(text, '.');
		*event++ = '\0';
		dollar[-1] = '\0';
		/* Qualified with our own event, our variable is itself. */
		if (!(roles & HIST_R_PARAM) &&
		    !strcmp(system, b->call->class->system) &&
		    !strcmp(event, trace_event_name(b->call))) {
			f = hist_own_alias(b, dollar, roles);
			if (f)
				return f;
		}
		/* An action parameter that names no variable: one entry. */
		if ((roles & HIST_R_PARAM) &&
		    !hist_var_lookup(b->ht->tr, system, event, dollar + 1))
			return ERR_PTR(hist_fail(b->p, HIST_ERR_PARAM_NOT_FOUND,
						 dollar + 1));
	}
	/* A '$' that names nothing is a field, which none is. */
	if (!dollar[1])
		return ERR_PTR(hist_fail(b->p, HIST_ERR_FIELD_NOT_FOUND,
					 dollar));
	var = hist_var_find(b, system, event, dollar + 1, roles);
	if (var)
		return hist_ref_to(b, var, system, event, dollar + 1, roles);
	/*
	 * No such variable, which is the first entry; then it is read as
	 * FIELD[.MODIFIER], which no field matches; a bad modifier is what
	 * the second one reports.
	 */
	hist_var_missing(b, dollar + 1, roles);
	mod = strchr(dollar, '.');
	if (mod) {
		*mod++ = '\0';
		m = hist_mod_of(b, dollar, mod, roles, &size);
		if (IS_ERR(m))
			return ERR_CAST(m);
	}
	return ERR_PTR(hist_fail(b->p, HIST_ERR_FIELD_NOT_FOUND, dollar));
}

/*
 * FIELD[.MODIFIER], SYSTEM.EVENT.FIELD, $VAR, SYSTEM.EVENT.$VAR or a
 * number. @text is cut in place.
 */
static struct hist_field *hist_atom(struct hist_build *b, char *text,
				    unsigned int roles)
{
	char *dollar, *mod, *third, *start = text;
	u64 num;

	if (isdigit(*text)) {
		if (kstrtoull(text, 0, &num))
			return ERR_PTR(hist_fail(b->p, HIST_ERR_EXPECT_NUMBER,
						 text));
		return hist_constant(b, text, num);
	}
	/*
	 * "$VAR" and "SYSTEM.EVENT.$VAR" read variables; any other text
	 * with a '$' in it is cut at its dots as a field is, and names none
	 * or has a bad modifier.
	 */
	dollar = strchr(text, '$');
	mod = strchr(text, '.');
	third = mod ? strchr(mod + 1, '.') : NULL;
	if (dollar && (dollar == text || (third && dollar == third + 1)))
		return hist_var_ref(b, text, dollar, roles);

	if (third) {
		/*
		 * SYSTEM.EVENT.FIELD. Outside action parameters the field is
		 * ours, whatever SYSTEM.EVENT says; a parameter may read
		 * another event's.
		 */
		*mod = *third = '\0';
		if (!(roles & HIST_R_PARAM) ||
		    (!strcmp(text, b->call->class->system) &&
		     !strcmp(mod + 1, trace_event_name(b->call)))) {
			text = third + 1;
			mod = strchr(text, '.');
		} else {
			return hist_foreign_field(b, text, mod, third);
		}
	}
	return hist_field_mod(b, start, text, mod, roles);
}

/*
 * An operator's result has the type of its (first) operand: "k-v"
 * is an s32 when k is one, "2*k" a u64 like the constant, and so is an
 * operand grouped by .log2 or .buckets=. Synthetic event parameters are
 * checked against that type.
 */
static void hist_field_type_of(struct hist_field *f,
			       const struct hist_field *operand)
{
	if (operand->mods & HIST_M_GROUP)
		return;		/* the u64 of hist_field_new() */
	f->type = operand->type;
	f->size = operand->size;
	f->is_signed = operand->is_signed;
}

static enum hist_kind hist_op_kind(char op)
{
	switch (op) {
	case '+':
		return HIST_K_ADD;
	case '-':
		return HIST_K_SUB;
	case '*':
		return HIST_K_MUL;
	case '/':
		return HIST_K_DIV;
	default:
		return HIST_K_MOD;
	}
}

/**
 * hist_field_free - free a field, taken off its trigger's list
 * @f:	the field
 */
void hist_field_free(struct hist_field *f)
{
	if (f->event_field)
		kfree_const(f->type);
	kfree(f->plain);
	kfree(f->name);
	kfree(f);
}

static void hist_drop_last(struct hist_build *b, struct hist_field *f)
{
	list_del(&f->list);
	b->ht->n_slots--;
	hist_field_free(f);
}

/*
 * Two operands folded into a constant: each is dropped when it is no
 * reference and the last field made, r first. A reference keeps its
 * field, and so a slot for hist_resolve_refs() to read the variable into
 * (every struct hist_ref has a first field, which hist_program() makes
 * its slot: that is what bounds n_refs by HIST_FIELDS_MAX). Slots are
 * numbered in creation order, so a field made before another that stays
 * (l in "5+$a*$b", whose r kept $a and $b) stays too: dropping it would
 * give two fields one number.
 */
static void hist_drop_folded(struct hist_build *b, struct hist_field *l,
			     struct hist_field *r)
{
	struct list_head *fields = &b->ht->fields;

	if (r->kind == HIST_K_VAR_REF || !list_is_last(&r->list, fields))
		return;
	hist_drop_last(b, r);
	if (l->kind != HIST_K_VAR_REF && list_is_last(&l->list, fields))
		hist_drop_last(b, l);
}

static struct hist_field *hist_expr(struct hist_build *b, char *s,
				    unsigned int roles, unsigned int *n_ops);

/*
 * Whether @f may be an operand, refused (logged, the caret at @text) when
 * not: a string of the record itself, which no operator takes (a variable
 * holding a string is let by, as the ABI has it; .log2 and .buckets= make
 * a string a number there, hist_operand() in trace_hist_run.c), and a
 * stack trace in any form, whose value is the address of its entries
 * (ours: the ABI computes with that address).
 */
static int hist_operand_check(struct hist_build *b, const struct hist_field *f,
			      const char *text)
{
	if (hist_field_is_stack(f))
		return hist_fail(b->p, HIST_ERR_STACK_OPERAND, text);
	if (hist_field_is_string(f) && f->kind != HIST_K_VAR_REF &&
	    !(f->mods & HIST_M_GROUP))
		return hist_fail(b->p, HIST_ERR_STRING_OPERAND, text);
	return 0;
}

/*
 * -(EXPR): the parentheses must hold the whole rest of the expression; a
 * missing '(' or ')' is refused without a word, a ')' before the end with
 * one. As the ABI reads it, the operand is what lies between the two
 * characters after the '-' and the last ')' after them, whatever the
 * second is: "-xx(a)" is refused for its field "x(a", "-a+(b)" for "a"
 * or "(b", "-)(a" without a word.
 */
static struct hist_field *hist_unary_minus(struct hist_build *b, char *s,
					   unsigned int roles, unsigned int *n_ops)
{
	struct hist_field *f, *operand;
	char *close, *inner, *text;
	int err;

	close = s[1] ? strrchr(s + 2, ')') : NULL;
	if (!strchr(s, '(') || !close)
		return ERR_PTR(hist_fail(b->p, HIST_QUIET_MINUS_NO_PARENS, s));
	if (close[1])
		return ERR_PTR(hist_fail(b->p, HIST_ERR_UNARY_MINUS_SUBEXPR,
					 s + 2));
	*close = '\0';
	/* The operand as written, modifiers included: where a caret goes. */
	text = kstrdup(s + 2, GFP_KERNEL);
	if (!text)
		return ERR_PTR(-ENOMEM);
	operand = hist_expr(b, s + 2, roles | HIST_R_OPERAND, n_ops);
	if (IS_ERR(operand))
		err = PTR_ERR(operand);
	else if (operand->mods & HIST_M_GROUP)
		err = hist_fail(b->p, HIST_QUIET_MINUS_GROUPED, text);
	else
		err = hist_operand_check(b, operand, text);
	kfree(text);
	if (err)
		return ERR_PTR(err);

	inner = hist_field_spec(operand);
	if (!inner)
		return ERR_PTR(-ENOMEM);
	f = hist_field_new(b, HIST_K_NEG, "-(%s)", inner);
	kfree(inner);
	if (IS_ERR(f))
		return f;
	f->plain = kasprintf(GFP_KERNEL, "-(%s)", hist_field_plain(operand));
	if (!f->plain)
		return ERR_PTR(-ENOMEM);
	f->operand[0] = operand;
	f->in_usecs = operand->in_usecs;
	hist_field_type_of(f, operand);
	return f;
}

/*
 * Whether @f is known when the trigger is made, and its value: a number,
 * or a reference to a variable of another histogram defined as one. An
 * operator on two of them is folded into a number; a reference folded so
 * is still resolved at every hit (a hit without the variable set is not
 * counted), only its value is not read.
 */
static bool hist_const_operand(const struct hist_field *f, u64 *val)
{
	if (f->kind == HIST_K_VAR_REF)
		f = f->ref->var->field;
	if (f->kind != HIST_K_CONST)
		return false;
	*val = f->constant;
	return true;
}

static struct hist_field *hist_expr(struct hist_build *b, char *s,
				    unsigned int roles, unsigned int *n_ops)
{
	struct hist_field *l, *r, *f;
	u64 lval, rval;
	char *op, *lname, *rname;
	enum hist_kind kind;
	bool unary;
	int err;

	/* An action parameter is one field, whatever characters it holds. */
	if (roles & HIST_R_PARAM)
		return hist_atom(b, s, roles);
	/* A sign without an operand is a syntax error, not a field. */
	if (*s == '+')
		return ERR_PTR(hist_fail(b->p, HIST_QUIET_NO_OPERAND, s));
	op = hist_find_operator(s);
	if (!op)
		return hist_atom(b, s, roles);
	/*
	 * Operators, a unary minus too, are counted parent first, left first,
	 * before their operands are looked at; the caret is at the left
	 * operand of the one too many (at a unary minus, at itself).
	 */
	unary = op == s && *op == '-';
	/* An operator without an operand on either side, before counting. */
	if (!unary && (op == s || !op[1]))
		return ERR_PTR(hist_fail(b->p, HIST_QUIET_NO_OPERAND, s));
	if (++*n_ops > HIST_EXPR_OPS_MAX) {
		if (!unary)
			*op = '\0';
		return ERR_PTR(hist_fail(b->p, HIST_ERR_TOO_MANY_SUBEXPR, s));
	}
	if (unary)
		return hist_unary_minus(b, s, roles, n_ops);
	kind = hist_op_kind(*op);
	*op = '\0';
	/*
	 * A string or stack operand is refused at itself as written, modifiers
	 * included (parsing cuts them off): the left one before the right
	 * one is read.
	 */
	lname = kstrdup(s, GFP_KERNEL);
	rname = kstrdup(op + 1, GFP_KERNEL);
	if (!lname || !rname)
		l = ERR_PTR(-ENOMEM);
	else
		l = hist_expr(b, s, roles | HIST_R_OPERAND, n_ops);
	err = IS_ERR(l) ? PTR_ERR(l) : hist_operand_check(b, l, lname);
	if (err) {
		r = ERR_PTR(err);
	} else {
		r = hist_expr(b, op + 1, roles | HIST_R_OPERAND, n_ops);
		err = IS_ERR(r) ? 0 : hist_operand_check(b, r, rname);
		if (err)
			r = ERR_PTR(err);
	}
	kfree(lname);
	kfree(rname);
	if (IS_ERR(l))
		return l;
	*op = "+-*/%"[kind - HIST_K_ADD];
	if (IS_ERR(r))
		return r;
	l->roles |= HIST_R_OPERAND;
	r->roles |= HIST_R_OPERAND;

	if (l->in_usecs != r->in_usecs)
		return ERR_PTR(hist_fail(b->p, HIST_ERR_TIMESTAMP_MISMATCH,
					 NULL));
	if ((kind == HIST_K_DIV || kind == HIST_K_MOD) &&
	    r->kind == HIST_K_CONST && !r->constant)
		return ERR_PTR(hist_fail(b->p, HIST_ERR_DIVISION_BY_ZERO,
					 op + 1));

	if (hist_const_operand(l, &lval) && hist_const_operand(r, &rval)) {
		hist_drop_folded(b, l, r);
		return hist_constant(b, s, hist_arith(kind, false, lval, rval));
	}

	lname = hist_field_spec(l);
	rname = hist_field_spec(r);
	f = lname && rname ?
		hist_field_new(b, kind, "%s%c%s", lname, *op, rname) :
		ERR_PTR(-ENOMEM);
	kfree(lname);
	kfree(rname);
	if (IS_ERR(f))
		return f;
	/* Two expressions are the same when their operands' names are. */
	f->plain = kasprintf(GFP_KERNEL, "%s%c%s", hist_field_plain(l), *op,
			     hist_field_plain(r));
	if (!f->plain)
		return ERR_PTR(-ENOMEM);
	f->operand[0] = l;
	f->operand[1] = r;
	f->in_usecs = l->in_usecs;
	hist_field_type_of(f, l);
	return f;
}

/**
 * hist_field_parse - compile one value of a hist command
 * @b:		the build
 * @text:	its text, cut in place
 * @roles:	what it is used as (enum hist_role)
 *
 * Return: the field computing it (the last one appended to the program),
 * or an ERR_PTR; errors are logged.
 */
struct hist_field *hist_field_parse(struct hist_build *b, char *text,
				    unsigned int roles)
{
	unsigned int n_ops = 0;
	struct hist_field *f;

	lockdep_assert_held(&event_mutex);
	f = hist_expr(b, text, roles, &n_ops);
	if (!IS_ERR(f))
		f->roles |= roles;
	return f;
}
