/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tracing_map variables: the register protocol of struct tracing_map_var,
 * inline, since a hist trigger with variables sets or reads one at nearly
 * every hit and a call would cost about as much as the protocol itself.
 * tracing_map.h says what the map promises of them; the rest of the map
 * is in tracing_map.c.
 */
#ifndef __TRACING_MAP_VAR_H
#define __TRACING_MAP_VAR_H

#include <linux/atomic.h>
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/types.h>
#include <asm/barrier.h>

#include "tracing_map.h"

/**
 * struct tracing_map_var - one variable of one entry
 * @val:	two buffers: readers use val[cur], a setter writes the other
 * @state:	TM_VAR_SET, TM_VAR_BUSY, TM_VAR_CUR (which buffer is current)
 *		and a generation count in the bits from TM_VAR_GEN up, bumped
 *		by every completed set so that a reader can tell that a
 *		buffer it read may have been rewritten
 *
 * A setter writes the buffer readers are not using, then flips TM_VAR_CUR,
 * sets TM_VAR_SET and bumps the generation in one cmpxchg. A consuming
 * reader clears TM_VAR_SET with a cmpxchg against the state it read the
 * value under, so of two readers racing for one value only one can win it.
 *
 * The same two-buffer protocol covers bytes a caller keeps beside the u64
 * (string and stack trace variables of hist triggers): the caller has two
 * buffers of its own, writes the one tracing_map_elt_var_write_begin()
 * names, and a reader checks with tracing_map_elt_var_read_end() that the
 * buffer it copied was not rewritten meanwhile. Such a setter first takes
 * TM_VAR_BUSY, one setter at a time, since its bytes could not be written
 * whole otherwise; a setter that finds it taken gives up, its value
 * counting as overwritten by the concurrent one.
 *
 * A variable that is only its u64 needs no TM_VAR_BUSY
 * (tracing_map_elt_var_set()): a store of a u64 is whole, so two setters
 * may write the same buffer, and the flip publishes one of their values.
 * A setter whose flip fails because another set flipped first gives up,
 * as above. A setter that was slow may so write the buffer that just
 * became current: readers of that generation may get its value or the one
 * the flip was for, each whole and each stored by a set. No value is
 * consumed twice: a consumed value was in the buffer before the consumer's
 * cmpxchg, which is fully ordered; the next flips to the other buffer and
 * back come after that cmpxchg in the state's order, and the setter of the
 * second one reads the state (with acquire) before it writes the buffer,
 * so its write comes after the consumed value's and replaces it.
 */
struct tracing_map_var {
	u64		val[2];
	atomic_t	state;
};

#define TM_VAR_SET	0x1
#define TM_VAR_BUSY	0x2
#define TM_VAR_CUR	0x4
#define TM_VAR_GEN	0x8
/* The buffer choice and the generation. */
#define TM_VAR_STABLE	(~(TM_VAR_SET | TM_VAR_BUSY))

/**
 * struct tracing_map_var_read - a read of a variable in progress
 * @state:	the variable's state when the read began
 * @buf:	the buffer (0 or 1) that goes with @val
 * @val:	the value
 */
struct tracing_map_var_read {
	int		state;
	unsigned int	buf;
	u64		val;
};

/* Variable @i of @elt: the variables follow the sums. */
static __always_inline struct tracing_map_var *
tracing_map_elt_var(const struct tracing_map_elt *elt, unsigned int i)
{
	return (struct tracing_map_var *)&elt->sums[elt->n_sums] + i;
}

/*
 * The steps of the variable protocol (struct tracing_map_var); the
 * functions below, which use them, document each.
 */
static __always_inline int
tracing_map_var_write_begin(struct tracing_map_var *var)
{
	int old = atomic_read(&var->state);

	do {
		if (old & TM_VAR_BUSY)
			return -EBUSY;
	} while (!atomic_try_cmpxchg(&var->state, &old, old | TM_VAR_BUSY));

	/* TM_VAR_CUR cannot change while we hold TM_VAR_BUSY. */
	return !(old & TM_VAR_CUR);
}

static __always_inline void
tracing_map_var_write_end(struct tracing_map_var *var, u64 val)
{
	int old = atomic_read(&var->state);
	int new;

	WRITE_ONCE(var->val[!(old & TM_VAR_CUR)], val);

	/*
	 * Readers may clear TM_VAR_SET meanwhile, so loop; nothing else moves.
	 * The fully ordered cmpxchg puts the buffer's writes before it.
	 */
	do {
		new = ((old & ~TM_VAR_BUSY) ^ TM_VAR_CUR) | TM_VAR_SET;
		new += TM_VAR_GEN;
	} while (!atomic_try_cmpxchg(&var->state, &old, new));
}

static __always_inline bool
tracing_map_var_read_begin(const struct tracing_map_var *var,
			   struct tracing_map_var_read *rd)
{
	rd->state = atomic_read_acquire(&var->state);
	if (!(rd->state & TM_VAR_SET))
		return false;
	rd->buf = !!(rd->state & TM_VAR_CUR);
	rd->val = READ_ONCE(var->val[rd->buf]);
	return true;
}

static __always_inline bool
tracing_map_var_read_end(struct tracing_map_var *var,
			 const struct tracing_map_var_read *rd, bool consume)
{
	int old = rd->state;

	if (consume)
		return atomic_try_cmpxchg(&var->state, &old, old & ~TM_VAR_SET);
	/* The buffer before the second look at the state. */
	smp_rmb();
	return !((atomic_read(&var->state) ^ old) & TM_VAR_STABLE);
}

/**
 * tracing_map_elt_var_write_begin - start setting a variable
 * @elt:	the entry
 * @i:		the variable's index, below tracing_map_params.n_vars
 *
 * Takes the variable's setter role. A variable may carry more than its u64:
 * a caller that keeps bytes beside it (a string, say) keeps two buffers of
 * them and writes the one whose number this returns, then publishes them
 * with tracing_map_elt_var_write_end(). Readers use the other buffer
 * meanwhile, and tracing_map_elt_var_read_end() tells them whether theirs
 * was rewritten while they read it.
 *
 * When another set of the same variable is in progress (on another CPU,
 * or in the context this one interrupted), the new value is dropped as if
 * the other set had come right after it: this returns -EBUSY and the
 * caller must not write anything.
 *
 * Context: any, NMI included.
 *
 * Return: the buffer to write, 0 or 1, or -EBUSY.
 */
static inline int
tracing_map_elt_var_write_begin(struct tracing_map_elt *elt, unsigned int i)
{
	return tracing_map_var_write_begin(tracing_map_elt_var(elt, i));
}

/**
 * tracing_map_elt_var_write_end - finish a set begun by
 * tracing_map_elt_var_write_begin()
 * @elt:	the entry
 * @i:		the variable's index
 * @val:	the u64 value
 *
 * Stores @val, makes the buffer just written the current one and the
 * variable set, replacing any value not yet read. Every write the caller
 * made to its buffer is visible before the variable is.
 *
 * Context: any, NMI included; only after a write_begin that returned a
 * buffer.
 */
static inline void
tracing_map_elt_var_write_end(struct tracing_map_elt *elt, unsigned int i,
			      u64 val)
{
	tracing_map_var_write_end(tracing_map_elt_var(elt, i), val);
}

/**
 * tracing_map_elt_var_read_begin - start reading a variable
 * @elt:	the entry
 * @i:		the variable's index, below tracing_map_params.n_vars
 * @rd:		what the read needs: filled in here
 *
 * Gives the value (@rd->val) and the number of the caller's buffer that
 * goes with it (@rd->buf). Whatever the caller copies from that buffer,
 * and the value itself, is only known to be whole once
 * tracing_map_elt_var_read_end() says so.
 *
 * Context: any, NMI included.
 *
 * Return: false if the variable is not set.
 */
static inline bool
tracing_map_elt_var_read_begin(const struct tracing_map_elt *elt,
			       unsigned int i, struct tracing_map_var_read *rd)
{
	return tracing_map_var_read_begin(tracing_map_elt_var(elt, i), rd);
}

/**
 * tracing_map_elt_var_read_end - finish a read begun by
 * tracing_map_elt_var_read_begin()
 * @elt:	the entry
 * @i:		the variable's index
 * @rd:		what read_begin filled in
 * @consume:	also unset the variable, so that no other reader gets this
 *		value
 *
 * A buffer is rewritten only by a set that began after the flip away from
 * it, and that flip bumped the generation: an unchanged generation and
 * buffer choice prove that what was read is one set's value, whole. A
 * consuming read proves more in one cmpxchg: the state was still the one
 * the value was read under (a set bumps the generation, so the state cannot
 * come back), and no other consumer took it first.
 *
 * Context: any, NMI included.
 *
 * Return: true if the read is whole (and, with @consume, the value ours);
 * false if it must be retried from read_begin.
 */
static inline bool
tracing_map_elt_var_read_end(struct tracing_map_elt *elt, unsigned int i,
			     const struct tracing_map_var_read *rd, bool consume)
{
	return tracing_map_var_read_end(tracing_map_elt_var(elt, i), rd, consume);
}

/**
 * tracing_map_elt_var_set - set a variable of an entry
 * @elt:	the entry
 * @i:		the variable's index, below tracing_map_params.n_vars
 * @val:	the value
 *
 * The set of a variable that is only its u64, in one cmpxchg and without
 * the setter role tracing_map_elt_var_write_begin() takes (see struct
 * tracing_map_var); it gives up if it finds that role taken.
 *
 * Context: any, NMI included.
 *
 * Return: true if @val was stored, false if it lost to a concurrent set.
 */
static __always_inline bool
tracing_map_elt_var_set(struct tracing_map_elt *elt, unsigned int i, u64 val)
{
	struct tracing_map_var *var = tracing_map_elt_var(elt, i);
	int old = atomic_read_acquire(&var->state);
	int seen;

	/* One cmpxchg, no TM_VAR_BUSY: see struct tracing_map_var. */
	do {
		if (old & TM_VAR_BUSY)
			return false;
		WRITE_ONCE(var->val[!(old & TM_VAR_CUR)], val);
		seen = old;
		if (atomic_try_cmpxchg(&var->state, &old,
				       ((old ^ TM_VAR_CUR) | TM_VAR_SET) +
				       TM_VAR_GEN))
			return true;
		/* A consumer cleared TM_VAR_SET: try again; another set: lost. */
	} while (!((old ^ seen) & TM_VAR_STABLE));
	return false;
}

/**
 * tracing_map_elt_var_is_set - whether a variable holds an unread value
 * @elt:	the entry
 * @i:		the variable's index, below tracing_map_params.n_vars
 *
 * Context: any, NMI included.
 *
 * Return: true if the variable was set and not consumed since.
 */
static inline bool
tracing_map_elt_var_is_set(const struct tracing_map_elt *elt, unsigned int i)
{
	return atomic_read(&tracing_map_elt_var(elt, i)->state) & TM_VAR_SET;
}

/* Read the u64 of a variable until the read is whole; consume it or not. */
static __always_inline bool
tracing_map_elt_var_read(struct tracing_map_elt *elt, unsigned int i, u64 *val,
			 bool consume)
{
	struct tracing_map_var *var = tracing_map_elt_var(elt, i);
	struct tracing_map_var_read rd;

	do {
		if (!tracing_map_var_read_begin(var, &rd))
			return false;
	} while (!tracing_map_var_read_end(var, &rd, consume));
	*val = rd.val;
	return true;
}

/**
 * tracing_map_elt_var_get - read a variable, leaving it set
 * @elt:	the entry
 * @i:		the variable's index, below tracing_map_params.n_vars
 * @val:	where to store the value
 *
 * Context: any, NMI included. The value read is one some set stored, never
 * a mix of two.
 *
 * Return: true and the value in *@val if the variable is set, else false.
 */
static __always_inline bool
tracing_map_elt_var_get(struct tracing_map_elt *elt, unsigned int i, u64 *val)
{
	return tracing_map_elt_var_read(elt, i, val, false);
}

/**
 * tracing_map_elt_var_read_once - consume a variable
 * @elt:	the entry
 * @i:		the variable's index, below tracing_map_params.n_vars
 * @val:	where to store the value
 *
 * Reads the value and unsets the variable in one atomic step: of several
 * readers racing for one value, exactly one gets it. A later set makes the
 * variable readable again.
 *
 * Context: any, NMI included.
 *
 * Return: true and the value in *@val if the variable was set, else false.
 */
static __always_inline bool
tracing_map_elt_var_read_once(struct tracing_map_elt *elt, unsigned int i,
			      u64 *val)
{
	return tracing_map_elt_var_read(elt, i, val, true);
}

#endif /* __TRACING_MAP_VAR_H */
