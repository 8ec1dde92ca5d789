/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tracing_map - a preallocated, lock-free map for histogram triggers
 *
 * A tracing_map stores one entry per distinct key seen by a hist trigger.
 * Events may hit the map from any context - task, softirq, hardirq, NMI,
 * and a kprobe inside any of them - on every CPU at once, so the event-time
 * operations never sleep, never allocate and never take a lock: they are
 * built from cmpxchg and atomic adds only, which also makes them reentrant
 * (an NMI may insert into the map while the code it interrupted is halfway
 * through an insertion into the same map).
 *
 * Everything is allocated by tracing_map_create(): the entries themselves
 * (2^bits of them, each with a fixed-size key, a number of u64 sums and a
 * number of u64 variables) and an open-addressing hash table with twice as
 * many slots as entries. An entry, once inserted, stays until
 * tracing_map_clear() or tracing_map_destroy(); there is no deletion. When
 * all entries are taken, inserting a new key fails and counts a drop, while
 * keys already present keep being found and updated.
 *
 * Layout of one entry, in bytes, rounded up to a multiple of 8:
 *
 *	struct tracing_map_elt	16   private data pointer, sizes
 *	sums			8 * n_sums   atomic64_t each
 *	variables		24 * n_vars  two u64 buffers and a state word
 *	key			key_size
 *
 * plus two 4-byte hash slots and one bit of bookkeeping per entry. A map
 * keyed on one u64 with only a hitcount therefore costs 40 bytes per entry
 * (40 MiB for 2^20 entries); tracing_map_bytes_per_entry() gives the exact
 * figure. Private data allocated by tracing_map_ops.elt_alloc is extra.
 *
 * Contexts and concurrency
 * ------------------------
 *
 * ============================== ================ ==========================
 * function                       may run in       concurrently with
 * ============================== ================ ==========================
 * tracing_map_create()           process (sleeps) -
 * tracing_map_destroy()          process (sleeps) nothing on this map
 * tracing_map_clear()            process (sleeps) nothing on this map, see
 *                                                 its kernel-doc
 * tracing_map_insert()           any, NMI too     everything but clear and
 *                                                 destroy
 * tracing_map_lookup()           any, NMI too     same
 * tracing_map_elt_*() accessors  any, NMI too     same
 * tracing_map_hits/drops/...()   any, NMI too     same
 * tracing_map_next()             any              same
 * tracing_map_snapshot()         process (sleeps) same
 * tracing_map_snapshot_take()    process (sleeps) same
 * tracing_map_snapshot_free()    process (sleeps) -
 * ============================== ================ ==========================
 *
 * "Concurrently with everything" gives these guarantees:
 *
 *  - No key is ever stored twice, no matter how many CPUs insert it at the
 *    same time: all of them get the same entry.
 *  - An entry returned by tracing_map_insert() or tracing_map_lookup() was
 *    complete when it became visible (key copied, sums zero, variables
 *    unset, elt_init run) and stays bound to its key until the next clear.
 *  - Sums are atomic64_t: every tracing_map_elt_sum_add() counts exactly
 *    once, from any number of CPUs.
 *  - Each variable behaves as a single register with an "is set" flag; see
 *    tracing_map_elt_var_set() and tracing_map_elt_var_read_once(). A
 *    register may be wider than its u64: the caller keeps the rest in two
 *    buffers of its own and uses tracing_map_elt_var_write_begin()/_end()
 *    and tracing_map_elt_var_read_begin()/_end(), which never let a reader
 *    take a buffer that was rewritten while it read as whole. These are
 *    inline, in tracing_map_var.h, which a caller includes to use them.
 *  - Readers (tracing_map_next(), tracing_map_snapshot(), the accessors)
 *    may miss entries inserted while they run, never see a half-made one,
 *    and see sums that were true at some instant during the read.
 *  - tracing_map_snapshot_take() moves each sum out of its entry with one
 *    atomic exchange against zero. Every add to a sum is ordered before or
 *    after that exchange in the sum's modification order, so it lands in
 *    exactly one take, or stays in the entry for a later one: over any
 *    sequence of takes, every add counts once. A maximum
 *    (tracing_map_elt_sum_max()) starts afresh at 0 after a take.
 *
 * No RCU or other read-side protection is needed: entries never move and
 * are never freed while the map exists, and the event-time operations may
 * run with preemption on or off. What the caller serialises is clear and
 * destroy against everything else.
 *
 * NMI safety rests on cmpxchg being NMI-safe (TRACING_MAP depends on
 * ARCH_HAVE_NMI_SAFE_CMPXCHG) and, for the sums, on native 64-bit atomics;
 * where per-CPU adds are not NMI-safe, a hit counted in an NMI may be lost
 * from tracing_map_hits(), never from an entry.
 *
 * Keys are compared as bytes, so a caller must zero the padding of the key
 * it builds. The map is built only when CONFIG_TRACING_MAP is set (selected
 * by CONFIG_HIST_TRIGGERS); its sole users are the hist trigger code and the
 * KUnit suite in tracing_map_kunit.c.
 */
#ifndef __TRACING_MAP_H
#define __TRACING_MAP_H

#include <linux/atomic.h>
#include <linux/types.h>

/* Bounds of tracing_map_params.bits: 128 to 1048576 entries, 2048 default. */
#define TRACING_MAP_BITS_MIN		7
#define TRACING_MAP_BITS_MAX		20
#define TRACING_MAP_BITS_DEFAULT	11

/* Largest key, in bytes: several strings and a stacktrace fit. */
#define TRACING_MAP_KEY_SIZE_MAX	2048

/* Most sums and variables one entry may carry. */
#define TRACING_MAP_SUMS_MAX		32
#define TRACING_MAP_VARS_MAX		32

/* Most sort keys tracing_map_snapshot() accepts. */
#define TRACING_MAP_SORT_KEYS_MAX	2

struct tracing_map;

/**
 * struct tracing_map_elt - the fixed head of one map entry
 * @private:	private data from tracing_map_ops.elt_alloc, or NULL
 * @n_sums:	number of sums of the map
 * @n_vars:	number of variables of the map
 * @key_offset:	offset of the key bytes from the start of this struct
 * @sums:	the sums; the variables and the key follow them
 *
 * The fields are the map's business: use the tracing_map_elt_*() accessors.
 * An entry is only ever obtained from tracing_map_insert(),
 * tracing_map_lookup(), tracing_map_next() or a snapshot.
 */
struct tracing_map_elt {
	void		*private;
	u16		n_sums;
	u16		n_vars;
	u32		key_offset;
	atomic64_t	sums[];
};

/**
 * struct tracing_map_ops - hooks managing per-entry private data
 * @elt_alloc:	return private data for one entry, or NULL when out of
 *		memory. Called for every entry by tracing_map_create(), in
 *		process context; may sleep.
 * @elt_free:	free what @elt_alloc returned. Called for every entry by
 *		tracing_map_destroy() and on the error path of
 *		tracing_map_create(); may sleep.
 * @elt_init:	prepare the private data of @elt for the key that is already
 *		in it. Called by tracing_map_insert() in event context, before
 *		any other CPU can see the entry: must not sleep, allocate or
 *		lock. May run more than once before the entry is used (an
 *		entry prepared for a key that another CPU inserted first is
 *		kept for the next new key), so it must set up every field.
 * @elt_clear:	reset the private data of @elt. Called by
 *		tracing_map_clear() for every entry prepared since the last
 *		clear; may sleep.
 *
 * Every hook is optional and gets the @data of struct tracing_map_params.
 */
struct tracing_map_ops {
	void	*(*elt_alloc)(void *data);
	void	(*elt_free)(void *data, void *private);
	void	(*elt_init)(void *data, struct tracing_map_elt *elt);
	void	(*elt_clear)(void *data, struct tracing_map_elt *elt);
};

/**
 * struct tracing_map_params - the shape of a map, for tracing_map_create()
 * @bits:	log2 of the number of entries, TRACING_MAP_BITS_MIN to
 *		TRACING_MAP_BITS_MAX
 * @key_size:	bytes of a key, 1 to TRACING_MAP_KEY_SIZE_MAX
 * @n_sums:	u64 sums per entry, 0 to TRACING_MAP_SUMS_MAX
 * @n_vars:	u64 variables per entry, 0 to TRACING_MAP_VARS_MAX
 * @ops:	private data hooks, or NULL for none
 * @data:	passed to each hook in @ops
 */
struct tracing_map_params {
	unsigned int			bits;
	unsigned int			key_size;
	unsigned int			n_sums;
	unsigned int			n_vars;
	const struct tracing_map_ops	*ops;
	void				*data;
};

/**
 * enum tracing_map_cmp - how a sort key compares two entries
 * @TRACING_MAP_CMP_NONE:	all entries are equal: the next sort key, then
 *				the whole key bytes, decide
 * @TRACING_MAP_CMP_S8:		signed 1-byte numbers
 * @TRACING_MAP_CMP_U8:		unsigned 1-byte numbers
 * @TRACING_MAP_CMP_S16:	signed 2-byte numbers
 * @TRACING_MAP_CMP_U16:	unsigned 2-byte numbers
 * @TRACING_MAP_CMP_S32:	signed 4-byte numbers
 * @TRACING_MAP_CMP_U32:	unsigned 4-byte numbers
 * @TRACING_MAP_CMP_S64:	signed 8-byte numbers
 * @TRACING_MAP_CMP_U64:	unsigned 8-byte numbers
 * @TRACING_MAP_CMP_STRING:	NUL-terminated strings (strncmp() within the
 *				field's size)
 *
 * Numbers are in the CPU's byte order and need not be aligned.
 */
enum tracing_map_cmp {
	TRACING_MAP_CMP_NONE,
	TRACING_MAP_CMP_S8,
	TRACING_MAP_CMP_U8,
	TRACING_MAP_CMP_S16,
	TRACING_MAP_CMP_U16,
	TRACING_MAP_CMP_S32,
	TRACING_MAP_CMP_U32,
	TRACING_MAP_CMP_S64,
	TRACING_MAP_CMP_U64,
	TRACING_MAP_CMP_STRING,
};

/**
 * struct tracing_map_sort_key - one sort key of tracing_map_snapshot()
 * @cmp:	the comparison. A sum takes TRACING_MAP_CMP_U64,
 *		TRACING_MAP_CMP_S64 or TRACING_MAP_CMP_NONE; a key field takes
 *		a number comparison whose width is @size, a string comparison
 *		or none
 * @is_sum:	sort by the sum @sum, rather than by a field of the key
 * @per_hit:	with @is_sum: by the sum divided by sum @hits (an average;
 *		0 when that is 0), signed if @cmp is
 * @descending:	largest first, rather than smallest first
 * @sum:	the sum's index, when @is_sum
 * @hits:	the divisor's sum index, when @per_hit
 * @offset:	the key field's offset in the key, when !@is_sum
 * @size:	the key field's size in bytes, when !@is_sum
 */
struct tracing_map_sort_key {
	enum tracing_map_cmp	cmp;
	bool			is_sum;
	bool			per_hit;
	bool			descending;
	unsigned int		sum;
	unsigned int		hits;
	unsigned int		offset;
	unsigned int		size;
};

/**
 * struct tracing_map_sort_entry - one entry of a snapshot
 * @elt:	the map entry
 * @taken:	for tracing_map_snapshot_take(): the sums moved out of @elt,
 *		all n_sums of them; NULL for tracing_map_snapshot()
 * @sort_sums:	the values the sum sort keys had when the snapshot was
 *		taken, in sort key order (unused slots are zero). The sums
 *		of @elt itself may have grown since.
 */
struct tracing_map_sort_entry {
	struct tracing_map_elt	*elt;
	const u64		*taken;
	u64			sort_sums[TRACING_MAP_SORT_KEYS_MAX];
};

/**
 * struct tracing_map_snapshot - entries of a map, sorted
 * @n_entries:	number of entries in @entries
 * @entries:	the entries, in sort order
 */
struct tracing_map_snapshot {
	unsigned int			n_entries;
	struct tracing_map_sort_entry	entries[];
};

struct tracing_map *tracing_map_create(const struct tracing_map_params *params);
void tracing_map_destroy(struct tracing_map *map);
void tracing_map_clear(struct tracing_map *map);

struct tracing_map_elt *tracing_map_insert(struct tracing_map *map,
					   const void *key);
struct tracing_map_elt *tracing_map_lookup(struct tracing_map *map,
					   const void *key);

u64 tracing_map_hits(const struct tracing_map *map);
u64 tracing_map_drops(const struct tracing_map *map);
unsigned int tracing_map_entries(const struct tracing_map *map);
unsigned int tracing_map_max_entries(const struct tracing_map *map);
unsigned int tracing_map_key_size(const struct tracing_map *map);
size_t tracing_map_bytes_per_entry(const struct tracing_map *map);

struct tracing_map_elt *tracing_map_next(struct tracing_map *map,
					 unsigned int *pos);

struct tracing_map_snapshot *
tracing_map_snapshot(struct tracing_map *map,
		     const struct tracing_map_sort_key *keys,
		     unsigned int n_keys);
struct tracing_map_snapshot *
tracing_map_snapshot_take(struct tracing_map *map,
			  const struct tracing_map_sort_key *keys,
			  unsigned int n_keys);
void tracing_map_snapshot_free(struct tracing_map_snapshot *snap);

/**
 * tracing_map_elt_key - the key bytes of an entry
 * @elt:	the entry
 *
 * Context: any. The key never changes while the entry is in the map.
 *
 * Return: the key, tracing_map_key_size() bytes.
 */
static inline const void *tracing_map_elt_key(const struct tracing_map_elt *elt)
{
	return (const void *)elt + elt->key_offset;
}

/**
 * tracing_map_elt_private - the private data of an entry
 * @elt:	the entry
 *
 * Context: any.
 *
 * Return: what tracing_map_ops.elt_alloc returned for this entry, or NULL
 * when the map has no such hook.
 */
static inline void *tracing_map_elt_private(const struct tracing_map_elt *elt)
{
	return elt->private;
}

/**
 * tracing_map_elt_sum - read one sum of an entry
 * @elt:	the entry
 * @i:		the sum's index, below tracing_map_params.n_sums
 *
 * Context: any.
 *
 * Return: the sum of every tracing_map_elt_sum_add() that completed before
 * the read, and of some of those running concurrently.
 */
static inline u64 tracing_map_elt_sum(const struct tracing_map_elt *elt,
				      unsigned int i)
{
	return (u64)atomic64_read(&elt->sums[i]);
}

/**
 * tracing_map_elt_sum_add - add to one sum of an entry
 * @elt:	the entry
 * @i:		the sum's index, below tracing_map_params.n_sums
 * @delta:	what to add; sums wrap around modulo 2^64
 *
 * Context: any, NMI included. Exact under concurrent adds from every CPU.
 */
static inline void tracing_map_elt_sum_add(struct tracing_map_elt *elt,
					   unsigned int i, u64 delta)
{
	atomic64_add((s64)delta, &elt->sums[i]);
}

/**
 * tracing_map_elt_sum_max - raise one sum of an entry to @val
 * @elt:	the entry
 * @i:		the sum's index, below tracing_map_params.n_sums
 * @val:	the candidate, compared as an unsigned number
 *
 * The sum becomes the larger of itself and @val: it starts at 0, as every
 * sum does, and is the maximum of every @val given since. A caller keeps
 * a minimum, or a signed extreme, by giving an order-preserving or an
 * order-reversing image of its values (see trace_hist.h, hist_extreme()).
 * Mixing tracing_map_elt_sum_add() and this on one sum makes no sense.
 *
 * Context: any, NMI included. Exact under concurrent calls from every
 * CPU: a cmpxchg() only ever replaces a value by a larger one, and one that
 * fails sees the value that beat it; a @val that does not win returns
 * after one read, which is the common case once an entry has seen a few
 * hits. Always inline: it runs at every hit, once per such value, and a
 * call costs more than the loop.
 */
static __always_inline void
tracing_map_elt_sum_max(struct tracing_map_elt *elt, unsigned int i, u64 val)
{
	s64 old = atomic64_read(&elt->sums[i]);

	do {
		if ((u64)old >= val)
			return;
	} while (!atomic64_try_cmpxchg(&elt->sums[i], &old, (s64)val));
}

/**
 * tracing_map_entry_sum - one sum of an entry of a snapshot
 * @ent:	the entry, in a snapshot
 * @sum:	the sum's index
 *
 * Context: any, while the snapshot and its map exist.
 *
 * Return: the sum tracing_map_snapshot_take() moved out of the map entry,
 * or, in a tracing_map_snapshot(), the map entry's sum now.
 */
static inline u64
tracing_map_entry_sum(const struct tracing_map_sort_entry *ent,
		      unsigned int sum)
{
	return ent->taken ? ent->taken[sum] : tracing_map_elt_sum(ent->elt, sum);
}

#endif /* __TRACING_MAP_H */
