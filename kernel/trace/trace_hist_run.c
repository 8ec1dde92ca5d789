// SPDX-License-Identifier: GPL-2.0
/*
 * Histogram triggers: what happens at every event.
 *
 * hist_trigger_hit() is the event_command.trigger of "hist". It runs in the
 * context of the traced event: preemption is off, it may be an interrupt
 * or an NMI, and it may interrupt another hit of the same trigger on the
 * same CPU. So it takes no lock, allocates nothing, and keeps the state of
 * the hit in scratch memory owned by this CPU at this context level:
 *
 *	scratch = per_cpu(ht->scratch) + interrupt_context_level() * size
 *
 * A hit at a deeper level (an NMI during an IRQ during a task) gets another
 * chunk. A hit at the same level on the same CPU can only start before the
 * one in progress has returned by coming from it: an action of the trigger
 * generated a synthetic event that, directly or through other triggers,
 * hit this trigger again. The chunk's first word says it is in use, and
 * such a nested hit is ignored: it would overwrite the chunk of the hit it
 * came from, and an action cycle would never end otherwise.
 *
 * The steps, with the fields (struct hist_field) compiled at creation:
 *
 *  1. run the key fields and copy their values into the key (keys that
 *     are all numbers of the record are read into it at once,
 *     hist_num_key());
 *  2. resolve the variable references with that key (hist_resolve_refs());
 *     when one is not set, the event is not counted;
 *  3. run the remaining fields;
 *  4. insert the key into the map (a full map counts a drop and stops);
 *  5. add hitcount and the values to the entry's sums, set its variables;
 *  6. run the actions (hist_run_actions(); trace_hist_action.c says what
 *     they are);
 *  7. wake the pollers of hist files, if any open file has been polled.
 *
 * A plain trigger (ht->plain, decided by hist_scratch_alloc()) takes a
 * short way instead: every key is a number of the record or a char[N] of
 * it, N a multiple of 8, every value a number of the record or hitcount
 * (it may be kept as a .min, .max or .avg), and it has no variable,
 * reference, stack or action. Its key, at most HIST_PLAIN_KEY_SIZE bytes,
 * is built on the stack from the record, with the bytes
 * hist_build_key() would write; it then does steps 4, 5 and 7 and
 * nothing else. It has no scratch at
 * all: a hit reads the record and the trigger, writes only its stack and
 * the map, so a hit nested in it, at any level, cannot disturb it, and
 * one that comes from it cannot happen (no action generates an event).
 *
 * A scratch chunk:
 *
 *	busy		u64, non-zero while a hit uses the chunk
 *	vals		u64 per field of the program (the slots); those of
 *			hitcount and constants are stored at allocation, those
 *			of references by hist_resolve_refs(), the others
 *			written by every hit before they are read
 *	key		lookup_key_size bytes: key_size bytes, every one of them
 *			written at each hit by hist_build_key() (or, for the
 *			stack of the event as a key, by its capture), then
 *			zeros, which are never written (the allocation zeroed
 *			them)
 *	ref copies	the bytes of the string and stacktrace variables read
 *	stacks		n_stacks stack buffers
 */
#include <linux/hash.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/log2.h>
#include <linux/math64.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/stacktrace.h>
#include <linux/uaccess.h>
#include <linux/unaligned.h>
#include <asm/word-at-a-time.h>

#include "trace_hist.h"
#include "trace_synth.h"
#include "tracing_map_var.h"

static __always_inline u64 hist_load_num(const void *p, unsigned int size,
					 bool is_signed)
{
	switch (size) {
	case 1:
		return is_signed ? (u64)*(const s8 *)p : *(const u8 *)p;
	case 2:
		return is_signed ? (u64)get_unaligned((const s16 *)p) :
				   get_unaligned((const u16 *)p);
	case 4:
		return is_signed ? (u64)get_unaligned((const s32 *)p) :
				   get_unaligned((const u32 *)p);
	default:
		return get_unaligned((const u64 *)p);
	}
}

/*
 * A __data_loc / __rel_loc array of the record: its u32 holds the array's
 * size in the high half and, in the low half, its offset from the record
 * (__data_loc) or from the end of the u32 itself (__rel_loc).
 */
static u32 hist_record_loc(const struct hist_field *f, void *rec)
{
	return *(u32 *)(rec + f->offset);
}

/* Where the array starts. */
static void *hist_record_array(const struct hist_field *f, void *rec)
{
	void *base = rec;

	if (f->kind == HIST_K_RELSTR)
		base = rec + f->offset + sizeof(u32);
	return base + (hist_record_loc(f, rec) & 0xffff);
}

/* Its size in bytes. */
static u32 hist_record_array_size(const struct hist_field *f, void *rec)
{
	return hist_record_loc(f, rec) >> 16;
}

/*
 * Stack buffers are moved a long at a time: memcpy() and memset() of a
 * size known only at run time can be a byte-at-a-time string instruction
 * (x86 inlines them as rep movsb/stosb when optimising for size).
 */
static void hist_copy_longs(unsigned long *dst, const void *src, unsigned int n)
{
	const unsigned long *from = src;
	unsigned int i;

	for (i = 0; i < n; i++)
		dst[i] = get_unaligned(from + i);
}

/*
 * Zero the unused end of a HIST_STACKTRACE_DEPTH stack buffer, after its
 * first @n entries. The stores are volatile so that the loop stays one:
 * made a memset(), it is a rep stosb here, a step a byte. Two words a
 * turn (the depth is even).
 */
static __always_inline void hist_stack_pad(unsigned long *buf,
					   unsigned int n)
{
	unsigned long *p = buf + n, *end = buf + HIST_STACKTRACE_DEPTH;

	BUILD_BUG_ON(HIST_STACKTRACE_DEPTH % 2);
	if (n & 1)
		WRITE_ONCE(*p++, 0);
	for (; p < end; p += 2) {
		WRITE_ONCE(p[0], 0);
		WRITE_ONCE(p[1], 0);
	}
}

/*
 * The stack of an event starts at the code that fired it.
 *
 * A hit runs some frames below that code: the tracepoint's iterator and the
 * event class's probe, the buffer commit, the trigger call and the hit
 * itself; on other paths the kprobe, fprobe, eprobe or user event handlers
 * (and the stub a tracepoint probe's fprobe is attached to), and for a
 * synthetic event the emission by a hist action, below the whole delivery of
 * the event whose histogram emitted it. How many frames that is depends on
 * the path, on inlining and on slow paths taken the first time only, so no
 * fixed number of frames to skip is right. hist_stack_save() walks the stack
 * itself and drops every frame up to the first one that is not delivery: a
 * function whose name says it is part of tracing's event machinery
 * (hist_delivery_prefixes[]), the write handlers of trace_marker and
 * user_events and the tracing hooks of the syscall entry and exit included,
 * so that the stack of a write begins in the VFS and that of a syscall event
 * in the syscall entry, the exception a kprobe fires by (x86's int3, arm64's
 * BRK, up to the probed instruction, which the unwinder reports as the
 * exception's return address), the stack walker's own frame (which the
 * unwinder seldom reports, but does; a probe on arch_stack_walk() so loses
 * its own frame), or an address that names no function (a trampoline of
 * ftrace or kprobes).
 *
 * A name is looked up once per return address of core kernel text. The
 * verdicts are kept in two direct-mapped caches of single words, one of
 * delivery addresses and one of the others: an address is in at most one
 * slot of each, a verdict never changes, and a word is written whole, so
 * a racing writer can make a reader miss and look the name up again, never
 * answer wrong. Module text can go and its addresses come back as other
 * code, so its verdicts are not kept.
 */
#if defined(CONFIG_ARCH_STACKWALK) && defined(CONFIG_KALLSYMS)
#define HIST_DELIVERY_CACHE	256

static unsigned long hist_delivery_addrs[HIST_DELIVERY_CACHE];
static unsigned long hist_origin_addrs[HIST_DELIVERY_CACHE];

static const char *const hist_delivery_prefixes[] = {
	"__traceiter_", "trace_event_raw_event_", "trace_event_buffer_",
	"event_triggers_", "data_ops_trigger", "hist_", "synth_", "user_event",
	"tracing_mark_", "syscall_trace_enter", "syscall_exit_work",
	"syscall_trace_exit", "__probestub_", "ftrace_",
	"arch_ftrace_", "kprobe_", "__kprobe_", "kretprobe_", "__kretprobe_",
	"eprobe_", "__eprobe_", "fprobe_", "__fprobe_", "fentry_", "__fentry_",
	"fexit_", "__fexit_", "rethook_", "arch_rethook_", "optimized_callback",
	"opt_pre_handler", "aggr_pre_handler", "arch_stack_walk",
	/* x86's int3 */
	"do_int3", "exc_int3", "asm_exc_int3",
	/* arm64's BRK taken in the kernel (EL1) */
	"call_el1_break_hook", "do_el1_brk64", "el1_brk64", "el1h_64_sync",
};

/* Whether the code at @addr is tracing's, looked up by its name. */
static noinline bool hist_delivery_lookup(unsigned long addr)
{
	char name[KSYM_NAME_LEN];
	unsigned int i;

	if (lookup_symbol_name(addr, name))
		return true;
	for (i = 0; i < ARRAY_SIZE(hist_delivery_prefixes); i++)
		if (str_has_prefix(name, hist_delivery_prefixes[i]))
			return true;
	return false;
}

/* Where hist_stack_save() is in its walk. */
struct hist_stack_walk {
	unsigned long	*buf;
	unsigned int	n;
};

/* Keep frame @addr; whether the walk goes on. */
static __always_inline bool hist_stack_keep(struct hist_stack_walk *w,
					    unsigned long addr)
{
	w->buf[w->n++] = addr;
	return w->n < HIST_STACKTRACE_DEPTH;
}

/*
 * A frame before the first kept one whose address is in neither cache:
 * its verdict is looked up and kept in slot @h of one of them. Out of
 * line and reached by a tail call, so that the callback has no frame to
 * set up when the caches answer.
 */
static noinline bool hist_stack_frame_miss(struct hist_stack_walk *w,
					   unsigned long addr, unsigned int h)
{
	bool delivery = hist_delivery_lookup(addr);

	if (core_kernel_text(addr))
		WRITE_ONCE(*(delivery ? &hist_delivery_addrs[h] :
			     &hist_origin_addrs[h]), addr);
	return delivery || hist_stack_keep(w, addr);
}

static bool hist_stack_frame(void *cookie, unsigned long addr)
{
	struct hist_stack_walk *w = cookie;
	unsigned int h;

	if (!w->n) {
		h = hash_long(addr, ilog2(HIST_DELIVERY_CACHE));
		if (READ_ONCE(hist_delivery_addrs[h]) == addr)
			return true;
		if (READ_ONCE(hist_origin_addrs[h]) != addr)
			return hist_stack_frame_miss(w, addr, h);
	}
	return hist_stack_keep(w, addr);
}

/*
 * Capture the stack of the event into @buf: HIST_STACKTRACE_DEPTH frames
 * from the code that fired it, zeros after the last.
 */
static void hist_stack_save(unsigned long *buf)
{
	struct hist_stack_walk w = { .buf = buf };

	arch_stack_walk(hist_stack_frame, &w, current, NULL);
	hist_stack_pad(buf, w.n);
}
#else
/*
 * Without a walk of our own or names, the frames of tracing are skipped
 * by count.
 */
static void hist_stack_save(unsigned long *buf)
{
	hist_stack_pad(buf, stack_trace_save(buf, HIST_STACKTRACE_DEPTH,
					     HIST_STACKTRACE_SKIP));
}
#endif

/*
 * The stack of the event is captured once per hit by hist_hit()
 * (hist_stack_save()), into fr->event_stack: the key itself when the
 * stack is a key, buffer 0 otherwise; its field is not run, its slot
 * holds that place (hist_scratch_fix()). A stack array of the record is
 * copied into its own buffer.
 */
static unsigned long *hist_stack_value(const struct hist_field *f,
				       struct hist_frame *fr)
{
	unsigned long *buf = fr->scratch + fr->ht->stacks_off +
			     f->stack_idx * HIST_STACKTRACE_SIZE;
	unsigned int n;

	n = min_t(u32, hist_record_array_size(f, fr->rec) / sizeof(long),
		  HIST_STACKTRACE_DEPTH);
	hist_copy_longs(buf, hist_record_array(f, fr->rec), n);
	hist_stack_pad(buf, n);
	return buf;
}

/*
 * The most bytes the string value of @f can have in this hit: a dynamic
 * string of the record is bounded by its length in the record (its data
 * comes from whoever wrote the event), the others by their buffer.
 */
static unsigned int hist_str_bound(const struct hist_field *f,
				   struct hist_frame *fr)
{
	switch (f->kind) {
	case HIST_K_DYNSTR:
	case HIST_K_RELSTR:
		return hist_record_array_size(f, fr->rec);
	case HIST_K_SELF:
		return hist_str_bound(f->operand[0], fr);
	default:
		return f->size;
	}
}

/*
 * The key value of a number: .log2 and .buckets= group values here, but
 * for hitcount, which stays 1 (and is only printed as a group). One test
 * for a key that is not grouped.
 *
 * .log2=N (f->constant is N, 1 to 6) splits each power of 2 into 2^N
 * buckets of one width: a value v of bit length L > N + 1 falls in the
 * bucket that starts at v with its L - 1 - N low bits cleared, which is
 * 2^(L-1) + j * 2^(L-1-N) for the j-th of them; a value below 2^(N+1) is
 * a bucket of its own. The key is the bucket's first value, so keys sort
 * as the values do and the print finds the width again from the key.
 */
static __always_inline u64 hist_key_num(const struct hist_field *f, u64 val)
{
	unsigned int shift;

	if (likely(!(f->mods & HIST_M_GROUP)) ||
	    f->kind == HIST_K_HITCOUNT)
		return val;
	if ((f->mods & HIST_M_LOG2) && f->constant) {
		shift = fls64(val);
		if (shift <= f->constant + 1)
			return val;
		shift -= f->constant + 1;
		return val >> shift << shift;
	}
	if (f->mods & HIST_M_LOG2)		/* the power of 2 >= val */
		return val ? fls64(val - 1) : 0;
	if (f->mods & HIST_M_BUCKET)
		return div64_u64(val, f->constant) * f->constant;
	return val;
}

/*
 * The first bytes of the string value of @f as a number, as .hex shows a
 * string key.
 */
static u64 hist_str_num(const struct hist_field *f, struct hist_frame *fr)
{
	const char *src = (const char *)(unsigned long)fr->vals[f->slot];
	u64 num = 0;

	memcpy(&num, src, strnlen(src, min_t(unsigned int, sizeof(num),
					     hist_str_bound(f, fr))));
	return num;
}

/*
 * The value of @op as an operand of an expression: .log2 and .buckets=
 * group it as they group a key, a string of the record taken as the
 * number hist_str_num() makes of it.
 */
static __always_inline u64 hist_operand(const struct hist_field *op,
					struct hist_frame *fr)
{
	u64 val = fr->vals[op->slot];

	if (likely(!(op->mods & HIST_M_GROUP)))
		return val;
	if (hist_field_is_string(op))
		val = hist_str_num(op, fr);
	return hist_key_num(op, val);
}

/*
 * ns2usecs() without its division: (ns + 500) / 1000, the quotient taken
 * as the high bits of a product with 2^68 / 1000 rounded up, as compilers
 * divide by a constant when not optimising for size (exact for every u64
 * once the 3 low bits of the dividend, which 1000 / 8 = 125 cannot see,
 * are dropped). A division is a slow instruction on most CPUs, and a call
 * under TCG.
 */
static __always_inline u64 hist_ns2usecs(u64 ns)
{
	ns += 500;
	if (IS_ENABLED(CONFIG_ARCH_SUPPORTS_INT128))
		return mul_u64_u64_shr(ns >> 3, 0x20c49ba5e353f7cfULL, 68);
	return div_u64(ns, 1000);
}

/* The event's timestamp, in the unit the trigger asked for. */
static __always_inline u64 hist_timestamp(struct hist_frame *fr)
{
	u64 ts = ring_buffer_event_time_stamp(fr->buffer, fr->rbe);

	return fr->ht->ts_to_usecs ? hist_ns2usecs(ts) : ts;
}

static __always_inline u64 hist_eval(const struct hist_field *f,
				     struct hist_frame *fr)
{
	u64 a, b;

	/*
	 * Not hitcount nor a constant: hist_scratch_alloc() stored those.
	 * The kinds inter-event triggers run at every hit are tested first,
	 * a number of the record (the most common field by far), a
	 * timestamp, a reference and an operator, rather than at the end of
	 * a chain of compares; and of the operators, the difference that
	 * makes a latency is computed here, not in a call.
	 */
	if (likely(f->kind == HIST_K_NUM))
		return hist_load_num(fr->rec + f->offset, f->size, f->is_signed);
	if (f->kind == HIST_K_TIMESTAMP)
		return hist_timestamp(fr);
	if (f->kind == HIST_K_VAR_REF)	/* not the first of its reference */
		return fr->vals[f->ref->slot];
	if (f->kind > HIST_K_NEG) {
		a = hist_operand(f->operand[0], fr);
		b = hist_operand(f->operand[1], fr);
		if (f->kind == HIST_K_SUB)
			return a - b;
		return hist_arith(f->kind, f->is_signed, a, b);
	}
	switch (f->kind) {
	case HIST_K_STR:
		return (unsigned long)(fr->rec + f->offset);
	case HIST_K_DYNSTR:
	case HIST_K_RELSTR:
		return (unsigned long)hist_record_array(f, fr->rec);
	case HIST_K_COMM:
		return (unsigned long)current->comm;
	case HIST_K_CPU:
		return raw_smp_processor_id();
	case HIST_K_DYNSTACK:
		return (unsigned long)hist_stack_value(f, fr);
	case HIST_K_SELF:
		return fr->vals[f->operand[0]->slot];
	case HIST_K_NEG:
		return -hist_operand(f->operand[0], fr);
	default:
		/*
		 * hitcount, constants and the stack of the event: their
		 * slots hold them already.
		 */
		return fr->vals[f->slot];
	}
}

/* Run the fields from @from to @to of ht->run; inline in hist_hit(). */
static __always_inline void hist_run(const struct hist_trigger *ht,
				     struct hist_frame *fr,
				     unsigned int from, unsigned int to)
{
	struct hist_field *const *step = ht->run + from, *const *end = ht->run + to;

	for (; step < end; step++)
		fr->vals[(*step)->slot] = hist_eval(*step, fr);
}

/*
 * Copy the string value of @f in the hit to @dst, @size bytes, left
 * NUL-terminated and zero-padded.
 */
static void hist_copy_str(char *dst, unsigned int size,
			  const struct hist_field *f,
			  struct hist_frame *fr)
{
	const char *src = (const char *)(unsigned long)fr->vals[f->slot];
	size_t n = strnlen(src, min(size - 1, hist_str_bound(f, fr)));

	memcpy(dst, src, n);
	memset(dst + n, 0, size - n);
}

/*
 * Write every byte of the key: the keys lie end to end, each key_size
 * bytes, filled whole (a string zero-padded, a stack trace padded by its
 * capture, a number as a u64).
 */
static void hist_build_key(const struct hist_trigger *ht, struct hist_frame *fr)
{
	unsigned int i;

	for (i = 0; i < ht->n_keys; i++) {
		const struct hist_field *f = ht->keys[i];
		void *dst = fr->key + f->key_off;
		u64 val = fr->vals[f->slot];

		if (hist_field_is_string(f)) {
			hist_copy_str(dst, f->key_size, f, fr);
		} else if (hist_field_is_stack(f)) {
			/* The stack of the event was captured in place. */
			if (dst != (void *)(unsigned long)val)
				hist_copy_longs(dst, (void *)(unsigned long)val,
						f->key_size / sizeof(long));
		} else {
			*(u64 *)dst = hist_key_num(f, val);
		}
	}
}

/*
 * Store the variables of the hit in @elt. The bytes of a string or stack
 * trace go into the entry's private data, into the one of the variable's
 * two buffers that readers are not using, and the variable holds a
 * pointer to them; a concurrent set of the same variable makes this one
 * count as overwritten at once (tracing_map_elt_var_write_begin()).
 */
static void hist_set_vars(const struct hist_trigger *ht, struct hist_frame *fr,
			  struct tracing_map_elt *elt)
{
	void *priv = tracing_map_elt_private(elt);
	unsigned int i;

	for (i = 0; i < ht->n_vars; i++) {
		const struct hist_var *var = ht->vars[i];
		const struct hist_field *f = var->field;
		u64 val = fr->vals[f->slot];
		void *dst;
		int buf;

		if (var->priv_off < 0) {
			tracing_map_elt_var_set(elt, var->idx, val);
			continue;
		}
		buf = tracing_map_elt_var_write_begin(elt, var->idx);
		if (buf < 0)
			continue;
		dst = priv + var->priv_off + buf * var->bytes;
		if (hist_field_is_stack(f))
			memcpy(dst, (void *)(unsigned long)val, var->bytes);
		else
			hist_copy_str(dst, var->bytes, f, fr);
		tracing_map_elt_var_write_end(elt, var->idx, (unsigned long)dst);
	}
}

/*
 * Tries of a read of a string or stacktrace variable that lost its buffer
 * to concurrent sets; past them, the variable counts as not set.
 */
#define HIST_REF_READ_TRIES	8

/*
 * Read the variable of @ref in @elt into its slot; the bytes of a string
 * or stack trace are copied into the hit's scratch, whole, and the value
 * points to that copy.
 */
static bool hist_read_ref(const struct hist_ref *ref,
			  struct tracing_map_elt *elt,
			  struct hist_frame *fr)
{
	const struct hist_var *var = ref->var;
	u64 *val = &fr->vals[ref->slot];
	/* Filled by read_begin before any use: not zeroed at every hit. */
	struct tracing_map_var_read rd __uninitialized;
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

/*
 * Read the variables the hit needs, with its key (fr->key built), into
 * their slots; true when every variable was set (and is now consumed). The
 * key looked up is ours, zero-extended (or cut) to the key size of the
 * histogram read: a histogram keyed otherwise than we are matches the
 * entries whose key bytes begin with ours and are zero after them.
 */
static bool hist_resolve_refs(const struct hist_trigger *ht,
			      struct hist_frame *fr)
{
	const struct hist_ref *ref;
	struct tracing_map_elt *elt;

	list_for_each_entry(ref, &ht->refs, list) {
		elt = tracing_map_lookup(ref->var->owner->table->map, fr->key);
		if (!elt || !hist_read_ref(ref, elt, fr))
			return false;
	}
	return true;
}

/*
 * onmax/onchange: whether @val is news for the entry; records it if so.
 * Hits of one entry on several CPUs agree through the atomic64_t.
 */
static bool hist_track(const struct hist_action *act, void *priv, u64 val)
{
	atomic64_t *tracked = priv + act->track_off;
	s64 old;

	if (act->handler == HIST_ON_CHANGE)
		return atomic64_xchg(tracked, val) != val;

	old = atomic64_read(tracked);
	do {
		if (val <= (u64)old)
			return false;
	} while (!atomic64_try_cmpxchg(tracked, &old, val));
	return true;
}

static void hist_save_fields(const struct hist_action *act,
			     struct hist_frame *fr,
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
	WRITE_ONCE(*(u64 *)(priv + act->saved_off), 1);
}

#ifdef CONFIG_TRACER_SNAPSHOT
/* What a hit hands to hist_snapshot_update() through the snapshot code. */
struct hist_snap_cause {
	struct hist_trigger		*ht;
	const struct tracing_map_elt	*elt;
	u64				val;
};

/**
 * hist_snapshot_update - the conditional snapshot's update callback of a
 * trigger with a snapshot() action
 * @tr:		the instance
 * @data:	the cause, or NULL
 *
 * Called by update_max_tr() with max_lock held, irqs off, for every snapshot
 * of the instance while the trigger holds its conditional snapshot: ours
 * through hist_take_snapshot(), with a cause, and anyone else's (a `snapshot`
 * trigger, tracing_snapshot()) with none. The buffer belongs to the trigger
 * then, as the snapshot file says by refusing writes with -EBUSY: another
 * snapshot is not taken, so what the hist file reports of the last one
 * stays true.
 *
 * Return: whether the snapshot is taken.
 */
bool hist_snapshot_update(struct trace_array *tr, void *data)
{
	struct hist_snap_cause *cause = data;
	struct hist_trigger *ht;

	if (!cause)
		return false;
	ht = cause->ht;
	WRITE_ONCE(ht->snap_elt, cause->elt);
	WRITE_ONCE(ht->snap_val, cause->val);
	return true;
}

static void hist_take_snapshot(struct hist_trigger *ht,
			       const struct tracing_map_elt *elt, u64 val)
{
	struct hist_snap_cause cause = { .ht = ht, .elt = elt, .val = val };

	tracing_snapshot_cond(ht->tr, &cause);
}

#else
static void hist_take_snapshot(struct hist_trigger *ht,
			       const struct tracing_map_elt *elt, u64 val)
{
}
#endif

/* Run the actions of the trigger for a hit that updated @elt. */
static void hist_run_actions(struct hist_trigger *ht, struct hist_frame *fr,
			     struct tracing_map_elt *elt)
{
	void *priv = tracing_map_elt_private(elt);
	const struct hist_action *act;
	u64 val = 0;

	list_for_each_entry(act, &ht->actions, list) {
		if (act->handler != HIST_ON_MATCH) {
			val = fr->vals[act->watched->slot];
			if (!hist_track(act, priv, val))
				continue;
		}
		switch (act->kind) {
		case HIST_DO_TRACE:
			synth_event_emit(act->synth, fr->vals, act->param_slots);
			break;
		case HIST_DO_SAVE:
			hist_save_fields(act, fr, priv);
			break;
		case HIST_DO_SNAPSHOT:
			hist_take_snapshot(ht, elt, val);
			break;
		}
	}
}

/*
 * Add @val to the sum of the value @f, or, for a .min or a .max, raise the
 * sum to it (an .avg is a sum, divided when printed). Lock-free as a sum
 * is: tracing_map_elt_sum_max() is a cmpxchg loop. hist_plain_sums() does
 * the same from the values' layout of a plain trigger.
 */
static __always_inline void hist_sum_value(struct tracing_map_elt *elt,
					   const struct hist_field *f, u64 val)
{
	if (unlikely(f->mods & HIST_M_EXTREME))
		tracing_map_elt_sum_max(elt, f->sum_idx, hist_extreme(f, val));
	else
		tracing_map_elt_sum_add(elt, f->sum_idx, val);
}

/*
 * Step 1 of a trigger whose keys are all numbers of the record
 * (ht->num_keys): the fields of phase KEY are the keys themselves, so
 * each is read and goes into its slot and the key in one loop, as a plain
 * trigger builds its key.
 */
static __always_inline void hist_num_key(const struct hist_trigger *ht,
					 struct hist_frame *fr)
{
	const struct hist_field *f;
	unsigned int i;
	u64 val;

	for (i = 0; i < ht->n_keys; i++) {
		f = ht->keys[i];
		val = hist_load_num(fr->rec + f->offset, f->size, f->is_signed);
		fr->vals[f->slot] = val;
		*(u64 *)(fr->key + f->key_off) = hist_key_num(f, val);
	}
}

/* One hit, in its scratch chunk; see the top of this file. */
static void hist_hit(struct hist_trigger *ht, struct hist_frame *fr)
{
	struct tracing_map_elt *elt;
	unsigned int i;

	if (ht->has_stacktrace)
		hist_stack_save(fr->scratch + ht->event_stack_off);
	if (ht->num_keys) {
		hist_num_key(ht, fr);
	} else {
		hist_run(ht, fr, 0, ht->n_run_key);
		hist_build_key(ht, fr);
	}
	if (ht->n_refs && !hist_resolve_refs(ht, fr))
		return;
	hist_run(ht, fr, ht->n_run_key, ht->n_run);

	elt = tracing_map_insert(ht->table->map, fr->key);
	if (!elt)
		return;

	for (i = 0; i < ht->n_vals; i++)
		hist_sum_value(elt, ht->vals[i], fr->vals[ht->vals[i]->slot]);
	hist_set_vars(ht, fr, elt);

	if (!list_empty(&ht->actions))
		hist_run_actions(ht, fr, elt);
}

/*
 * On while some open hist file has been polled: only then may a hit have
 * to wake a poller, and pay hist_poll_wakeup()'s full barrier. How a
 * poller that arms it misses no hit is said at hist_file_arm().
 */
DEFINE_STATIC_KEY_FALSE(hist_poll_armed);

/* Wake the pollers of hist files, if an open one has been polled. */
static __always_inline void hist_hit_wake(void)
{
	if (static_branch_unlikely(&hist_poll_armed))
		hist_poll_wakeup();
}

/* The number @f reads from the record. */
static __always_inline u64 hist_record_num(const struct hist_field *f,
					   const void *rec)
{
	return hist_load_num(rec + f->offset, f->size, f->is_signed);
}

/* The longest key a plain trigger builds on the stack. */
#define HIST_PLAIN_KEY_SIZE	64

/* The last byte of a word in memory, as a mask of the word. */
#define HIST_LAST_BYTE	(IS_ENABLED(CONFIG_CPU_BIG_ENDIAN) ? 0xffUL : \
			 0xffUL << (BITS_PER_LONG - 8))

/*
 * The key of a char[@size] of the record, @size a multiple of 8, written
 * a word at a time to @dst: the bytes hist_copy_str() writes for it, the
 * string up to its first NUL but never the last byte of the array, then
 * zeros to the end. The words read are those of the array, no further.
 * Every word is read and written in one loop: a loop of its own for the
 * zeros would be made a memset(), a byte-at-a-time string instruction.
 */
static __always_inline void hist_key_chars(unsigned long *dst,
					   const void *src, unsigned int size)
{
	const struct word_at_a_time zero = WORD_AT_A_TIME_CONSTANTS;
	unsigned int i, n = size / sizeof(long);
	unsigned long w, bits, keep = ~0UL;

	for (i = 0; i < n; i++) {
		w = get_unaligned((const unsigned long *)src + i) & keep;
		if (i == n - 1)
			w &= ~HIST_LAST_BYTE;
		if (keep && has_zero(w, &bits, &zero)) {
			bits = create_zero_mask(prep_zero_mask(w, bits, &zero));
			w &= zero_bytemask(bits);
			keep = 0;
		}
		dst[i] = w;
	}
}

/* The key of a plain trigger with a char[N] key: the keys end to end. */
static void hist_plain_key_chars(const struct hist_trigger *ht,
				 const void *rec, void *key)
{
	const struct hist_field *f;
	unsigned int i;

	for (i = 0; i < ht->n_keys; i++) {
		f = ht->keys[i];
		if (f->kind == HIST_K_STR)
			hist_key_chars(key + f->key_off, rec + f->offset,
				       f->key_size);
		else
			*(u64 *)(key + f->key_off) =
				hist_key_num(f, hist_record_num(f, rec));
	}
}

/*
 * The values of a plain hit into @elt, from ht->plain_vals: a number is
 * read from the record once for the values of one field that follow each
 * other (a .min, .avg and .max of it), and a value is one add or one
 * compare with what its sum holds. The first value is hitcount, which
 * reads no number: it is "the same" as the 1 the loop starts with (and
 * there is always one value, so the loop tests for the end at its end).
 */
static __always_inline void hist_plain_sums(const struct hist_trigger *ht,
					    const void *rec,
					    struct tracing_map_elt *elt)
{
	const struct hist_plain_val *pv = ht->plain_vals;
	const struct hist_plain_val *end = pv + ht->n_vals;
	u64 num = 1;

	do {
		if (!pv->same)
			num = hist_load_num(rec + pv->offset, pv->size,
					    pv->is_signed);
		if (pv->extreme)
			tracing_map_elt_sum_max(elt, pv->sum_idx,
						num ^ pv->flip);
		else
			tracing_map_elt_sum_add(elt, pv->sum_idx, num);
	} while (++pv < end);
}

/* A hit of a plain trigger; see the top of this file. */
static noinline void hist_plain_hit(const struct hist_trigger *ht,
				    const void *rec)
{
	/* Every byte up to key_size is written below before the map reads it. */
	u64 key[HIST_PLAIN_KEY_SIZE / sizeof(u64)] __uninitialized;
	struct tracing_map_elt *elt;
	const struct hist_field *f;
	unsigned int i;

	if (unlikely(ht->plain_chars)) {
		hist_plain_key_chars(ht, rec, key);
	} else {
		/* Numbers only: key i is word i. */
		for (i = 0; i < ht->n_keys; i++) {
			f = ht->keys[i];
			key[i] = hist_key_num(f, hist_record_num(f, rec));
		}
	}
	elt = tracing_map_insert(ht->table->map, key);
	if (elt)
		hist_plain_sums(ht, rec, elt);
	hist_hit_wake();
}

/*
 * interrupt_context_level(), with one test for the common case: an event
 * of a task, outside any interrupt.
 */
static __always_inline unsigned int hist_context_level(void)
{
	if (likely(!(preempt_count() &
		     (NMI_MASK | HARDIRQ_MASK | SOFTIRQ_OFFSET))))
		return 0;
	return interrupt_context_level();
}

/*
 * A hit of a trigger that is not plain, in its scratch chunk. This and
 * hist_plain_hit() are out of line, reached by tail calls, so that neither
 * pays for setting up the other's frame.
 */
static noinline void hist_chunk_hit(struct hist_trigger *ht,
				    struct trace_buffer *buffer, void *rec,
				    struct ring_buffer_event *rbe)
{
	void *scratch = this_cpu_ptr(ht->scratch) +
			hist_context_level() * ht->scratch_size;
	u64 *busy = scratch;

	/* Only a hit nested in a hit of this context on this CPU sees it set. */
	if (*busy)
		return;
	*busy = 1;
	barrier();

	hist_hit(ht, &(struct hist_frame) {
		.ht = ht,
		.scratch = scratch,
		.rec = rec,
		.buffer = buffer,
		.rbe = rbe,
		.vals = scratch + sizeof(*busy),
		.key = scratch + ht->key_off,
	});

	barrier();
	*busy = 0;
	hist_hit_wake();
}

/**
 * hist_trigger_hit - the hist trigger's event_command.trigger
 * @data:	the trigger
 * @buffer:	the ring buffer the event is written to
 * @rec:	the event's record
 * @rbe:	the record's ring buffer event, for its timestamp
 *
 * Context: the event's, see the top of this file.
 */
void hist_trigger_hit(struct event_trigger_data *data,
		      struct trace_buffer *buffer, void *rec,
		      struct ring_buffer_event *rbe)
{
	struct hist_trigger *ht = data->private_data;

	if (unlikely(!rec))
		return;
	if (ht->plain)
		hist_plain_hit(ht, rec);
	else
		hist_chunk_hit(ht, buffer, rec, rbe);
}

/*
 * Store the values of the fields no hit runs in the slots of @chunk: the
 * fixed values, and where the chunk holds the stack of the event.
 */
static void hist_scratch_fix(const struct hist_trigger *ht, void *chunk)
{
	u64 *vals = chunk + sizeof(u64);
	unsigned int i;

	for (i = 0; i < ht->n_slots; i++) {
		const struct hist_field *f = ht->prog[i];
		u64 val;

		if (hist_field_fixed_value(f, &val))
			vals[f->slot] = val;
		else if (f->kind == HIST_K_STACKTRACE)
			vals[f->slot] = (unsigned long)chunk +
					ht->event_stack_off;
	}
}

/* Whether key @f is a char[N] of the record that hist_key_chars() takes. */
static bool hist_key_is_chars(const struct hist_field *f)
{
	return f->kind == HIST_K_STR && f->size && f->key_size == f->size;
}

/*
 * Whether @ht is plain (see the top of this file): its program is made of
 * hitcount, numbers of the record and char[N] keys, N a multiple of 8,
 * its key fits HIST_PLAIN_KEY_SIZE, and nothing else happens at a hit.
 */
static bool hist_is_plain(const struct hist_trigger *ht)
{
	unsigned int i;

	if (ht->n_vars || ht->n_refs || !list_empty(&ht->actions) ||
	    ht->key_size > HIST_PLAIN_KEY_SIZE)
		return false;
	for (i = 0; i < ht->n_slots; i++)
		if (ht->prog[i]->kind != HIST_K_NUM &&
		    ht->prog[i]->kind != HIST_K_HITCOUNT &&
		    !hist_key_is_chars(ht->prog[i]))
			return false;
	for (i = 0; i < ht->n_keys; i++)
		if (ht->keys[i]->kind != HIST_K_NUM &&
		    !hist_key_is_chars(ht->keys[i]))
			return false;
	/*
	 * hist_plain_sums() takes hitcount to be the first value, and
	 * struct hist_plain_val keeps a value's offset in 16 bits.
	 */
	if (!ht->n_vals || ht->vals[0]->kind != HIST_K_HITCOUNT)
		return false;
	for (i = 1; i < ht->n_vals; i++)
		if (ht->vals[i]->kind != HIST_K_NUM ||
		    ht->vals[i]->offset > U16_MAX)
			return false;
	return true;
}

/* Lay the values of plain @ht out for hist_plain_sums(). */
static void hist_plain_vals_fill(struct hist_trigger *ht)
{
	const struct hist_field *f, *prev = NULL;
	struct hist_plain_val *pv;
	unsigned int i;

	for (i = 0; i < ht->n_vals; i++, prev = f) {
		f = ht->vals[i];
		pv = &ht->plain_vals[i];
		*pv = (struct hist_plain_val) {
			.offset = f->offset,
			.sum_idx = f->sum_idx,
			.size = f->size,
			.is_signed = f->is_signed,
			.extreme = f->mods & HIST_M_EXTREME,
		};
		if (pv->extreme)
			pv->flip = hist_extreme(f, 0);
		/* hitcount is vals[0] (hist_is_plain()) and reads nothing. */
		pv->same = f->kind == HIST_K_HITCOUNT ||
			   (prev->kind == HIST_K_NUM &&
			    prev->offset == f->offset && prev->size == f->size &&
			    prev->is_signed == f->is_signed);
	}
}

/*
 * Whether the keys of @ht are all numbers of the record, each a field of
 * its own: then they are the whole of phase KEY (hist_program()).
 */
static bool hist_keys_are_nums(const struct hist_trigger *ht)
{
	unsigned int i;

	for (i = 0; i < ht->n_keys; i++)
		if (ht->keys[i]->kind != HIST_K_NUM)
			return false;
	return ht->n_run_key == ht->n_keys;
}

/**
 * hist_scratch_alloc - allocate the per-CPU scratch of a trigger
 * @ht:	the trigger, program complete, references resolved
 *
 * A plain trigger needs none; this is where a trigger is found plain.
 * The chunks of a CPU are one per-CPU allocation, which cannot be larger
 * than PCPU_MIN_UNIT_SIZE: a trigger whose chunk would be larger than
 * HIST_SCRATCH_MAX (many string or stack references, stack fields) is
 * refused, and the caller says why.
 *
 * Return: 0, -E2BIG or -ENOMEM.
 */
int hist_scratch_alloc(struct hist_trigger *ht)
{
	unsigned int off, level, i;
	struct hist_ref *ref;
	int cpu;

	ht->plain = hist_is_plain(ht);
	ht->num_keys = hist_keys_are_nums(ht);
	if (ht->plain) {
		for (i = 0; i < ht->n_keys; i++)
			if (ht->keys[i]->kind == HIST_K_STR)
				ht->plain_chars = true;
		hist_plain_vals_fill(ht);
		return 0;
	}

	/* The key we look other maps up with covers each of their keys. */
	ht->lookup_key_size = ht->key_size;
	list_for_each_entry(ref, &ht->refs, list)
		ht->lookup_key_size = max(ht->lookup_key_size,
					  ref->var->owner->key_size);

	ht->key_off = sizeof(u64) + ht->n_slots * sizeof(u64);
	off = ALIGN(ht->key_off + ht->lookup_key_size, sizeof(u64));
	list_for_each_entry(ref, &ht->refs, list) {
		ref->copy_off = off;
		off += ref->var->bytes;
	}
	ht->stacks_off = off;
	off += ht->n_stacks * HIST_STACKTRACE_SIZE;
	ht->event_stack_off = ht->stacks_off;
	for (i = 0; i < ht->n_keys; i++)
		if (ht->keys[i]->kind == HIST_K_STACKTRACE)
			ht->event_stack_off = ht->key_off + ht->keys[i]->key_off;
	ht->scratch_size = ALIGN(off, sizeof(u64));
	BUILD_BUG_ON(HIST_SCRATCH_MAX * HIST_CTX_LEVELS > PCPU_MIN_UNIT_SIZE);
	if (ht->scratch_size > HIST_SCRATCH_MAX)
		return -E2BIG;

	/* Zeroed: the busy words, and the key's zeros past key_size. */
	ht->scratch = __alloc_percpu_gfp(ht->scratch_size * HIST_CTX_LEVELS,
					 sizeof(u64), GFP_KERNEL_ACCOUNT);
	if (!ht->scratch)
		return -ENOMEM;
	for_each_possible_cpu(cpu)
		for (level = 0; level < HIST_CTX_LEVELS; level++)
			hist_scratch_fix(ht, per_cpu_ptr(ht->scratch, cpu) +
					 level * ht->scratch_size);
	return 0;
}
