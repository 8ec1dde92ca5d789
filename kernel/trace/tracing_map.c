// SPDX-License-Identifier: GPL-2.0
/*
 * tracing_map - the lock-free, preallocated map behind hist triggers
 *
 * The interface, the contexts each function may run in and the concurrency
 * contract are described in tracing_map.h. This file holds:
 *
 *  - creation, destruction and clearing (process context);
 *  - the event-time paths: tracing_map_insert() and tracing_map_lookup(),
 *    and the variable accessors (any context, lock-free);
 *  - readers: the counters, tracing_map_next() and sorted snapshots.
 *
 * Data structures
 * ---------------
 *
 * elts[]   max_elts entries of @stride bytes each, carved out of one
 *          allocation at creation and addressed by index. Entry i is
 *          "handed out" once some insertion took it for a key.
 *
 * slots[]  the hash table: 2 * max_elts u32 slots, open addressing with
 *          linear probing. A slot is 0 while empty; once filled it holds
 *          the index of an entry and a tag made of other bits of the key's
 *          hash, and it never changes again until the map is cleared:
 *
 *               31         20 19             0
 *              +-------------+----------------+
 *              |  tag (!= 0) |   entry index  |
 *              +-------------+----------------+
 *
 * next_elt counts the entries handed out of elts[] (it may pass max_elts
 *          by the number of CPUs that raced at the end). The n-th entry
 *          handed out is elts[n * spread mod max_elts], spread odd and
 *          near max_elts / phi^2 (Fibonacci hashing; odd, so the order is a
 *          permutation): keys that arrive close together in time, such as
 *          the keys of CPUs that start hitting a trigger at once, get
 *          entries far apart, not neighbours in one cache line that every
 *          CPU adding to its own key would pull to itself.
 *
 * spares   a bitmap of entries that were handed out and prepared for a
 *          key, but never published because another CPU published the
 *          same key first (see tracing_map_insert()). They are taken back
 *          once next_elt has run out, so that every one of the max_elts
 *          entries can hold a key.
 *
 * Invariants
 * ----------
 *
 *  (1) A filled slot stays filled, with the same value, until clear.
 *  (2) Every key present is in the probe sequence of its hash, and no
 *      empty slot lies between its home slot and it (follows from 1, and
 *      from insertion filling the first empty slot it finds).
 *  (3) An entry sits in at most one slot: it is handed out exactly once
 *      (next_elt or test_and_clear_bit() on spares) and either published
 *      or made a spare, never both. So at most max_elts slots are filled,
 *      at least half the table is empty and every probe ends.
 *  (4) An entry that is not in a slot has zero sums and unset variables:
 *      they are zeroed at creation and by clear, and nobody can reach an
 *      unpublished entry to change them.
 */

#include <linux/bitmap.h>
#include <linux/err.h>
#include <linux/hash.h>
#include <linux/jhash.h>
#include <linux/math64.h>
#include <linux/minmax.h>
#include <linux/mm.h>
#include <linux/percpu.h>
#include <linux/random.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include "tracing_map_var.h"

/*
 * The entries and the hash table of a big map take tens of megabytes (and
 * a big key makes a 2^20-entry map larger than the machine): when memory
 * runs short, creation fails with -ENOMEM rather than waking the OOM killer
 * or warning, as a refused command should. It is charged to the memory
 * cgroup of the task whose command made the map, as everything a user's
 * command makes the kernel keep.
 */
#define TRACING_MAP_GFP_BIG	(GFP_KERNEL_ACCOUNT | __GFP_RETRY_MAYFAIL | __GFP_NOWARN)

#define SLOT_IDX_BITS	TRACING_MAP_BITS_MAX
#define SLOT_IDX_MASK	((1U << SLOT_IDX_BITS) - 1)
#define SLOT_TAG_BITS	(32 - SLOT_IDX_BITS)

/**
 * struct tracing_map_cpu_stats - counters of one CPU
 * @hits:	calls of tracing_map_insert()
 * @drops:	calls of tracing_map_insert() that found the map full
 * @entries:	entries published; the sum over all CPUs is the number of
 *		keys (per CPU to keep a shared cache line off the path of a
 *		new key)
 */
struct tracing_map_cpu_stats {
	u64		hits;
	u64		drops;
	unsigned int	entries;
};

/**
 * struct tracing_map - a map; see the comment at the top of this file
 * @max_elts:	number of entries, a power of 2
 * @spread:	odd step between the entries handed out one after the other
 * @slot_mask:	number of slots minus one (2 * max_elts - 1)
 * @key_size:	bytes of a key
 * @key_words:	u64 words of a key, 0 when @key_size is not a multiple of 8
 * @n_sums:	sums per entry
 * @n_vars:	variables per entry
 * @stride:	bytes from one entry to the next
 * @seed:	hash seed, random per map
 * @ops:	private data hooks, or NULL
 * @data:	argument of the hooks
 * @elts:	the entries
 * @slots:	the hash table
 * @spares:	bitmap of the entries kept back by lost insertion races
 * @stats:	per-CPU hit, drop and entry counters
 * @next_elt:	entries handed out of @elts in order
 * @n_spares:	bits set in @spares, give or take one being set or cleared
 */
struct tracing_map {
	unsigned int				max_elts;
	unsigned int				spread;
	unsigned int				slot_mask;
	unsigned int				key_size;
	unsigned int				key_words;
	unsigned int				n_sums;
	unsigned int				n_vars;
	size_t					stride;
	u64					seed;
	const struct tracing_map_ops		*ops;
	void					*data;
	void					*elts;
	u32					*slots;
	unsigned long				*spares;
	struct tracing_map_cpu_stats __percpu	*stats;
	atomic_t				next_elt;
	atomic_t				n_spares;
};

static struct tracing_map_elt *tracing_map_elt_at(struct tracing_map *map,
						  unsigned int idx)
{
	return map->elts + (size_t)idx * map->stride;
}

/* The index of the @n-th entry handed out (see next_elt above). */
static unsigned int tracing_map_nth(const struct tracing_map *map,
				    unsigned int n)
{
	return (n * map->spread) & (map->max_elts - 1);
}

/* Bytes of an entry that clear resets: the sums and the variables. */
static size_t tracing_map_counters_size(const struct tracing_map *map)
{
	return map->n_sums * sizeof(atomic64_t) +
	       map->n_vars * sizeof(struct tracing_map_var);
}

static u32 tracing_map_tag(u32 hash)
{
	return (hash >> SLOT_IDX_BITS) ?: 1;
}

/*
 * The hash of a key, and whether two keys are equal. A key of whole u64
 * words (a hist trigger's always is) is taken a word at a time: jhash()
 * and memcmp() would go through its last bytes one by one.
 *
 * The words are folded into 64 bits by h = rol64((h ^ w) * K, 32), which
 * for a fixed h is a bijection of w (K is odd), so two keys that differ in
 * one word never fold alike; the rotation lets the next multiplication
 * carry the high bits down. A multiplication only carries bits upwards,
 * so the result goes through MurmurHash3's 64-bit finaliser, in which
 * every bit of the input flips each output bit with a probability near
 * one half: the low bits pick the slot, the high bits make the tag.
 */
static __always_inline u32 tracing_map_fmix64(u64 h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ULL;
	h ^= h >> 33;
	return lower_32_bits(h);
}

static __always_inline u32
tracing_map_hash(const struct tracing_map *map, const void *key)
{
	const u64 *w = key;
	u64 h = map->seed;
	unsigned int i;

	if (!map->key_words)
		return jhash(key, map->key_size, lower_32_bits(map->seed));
	for (i = 0; i < map->key_words; i++)
		h = rol64((h ^ get_unaligned(w + i)) * GOLDEN_RATIO_64, 32);
	return tracing_map_fmix64(h);
}

static __always_inline bool
tracing_map_key_equal(const struct tracing_map *map, const void *a,
		      const void *b)
{
	unsigned int i;

	if (!map->key_words)
		return !memcmp(a, b, map->key_size);
	for (i = 0; i < map->key_words; i++)
		if (get_unaligned((const u64 *)a + i) !=
		    get_unaligned((const u64 *)b + i))
			return false;
	return true;
}

/* Copy a key into an entry, a word at a time when it is made of words. */
static __always_inline void
tracing_map_key_copy(const struct tracing_map *map, void *dst, const void *key)
{
	unsigned int i;

	if (!map->key_words) {
		memcpy(dst, key, map->key_size);
		return;
	}
	for (i = 0; i < map->key_words; i++)
		put_unaligned(get_unaligned((const u64 *)key + i), (u64 *)dst + i);
}

/*
 * Walk the probe sequence from *@pos until the slot holding @key (return
 * its entry) or an empty slot (return NULL, *@pos at that slot).
 *
 * The acquire load pairs with the cmpxchg that filled the slot: whoever
 * sees the slot filled also sees the key and the elt_init work done in the
 * entry before it was published. Slots behind *@pos that were found empty
 * may have been filled since; a caller that cares (insertion) goes on from
 * *@pos and never looks back, which is enough by invariant (2).
 *
 * The walk is bounded by the table size so that even a corrupted table
 * cannot hang an NMI; by invariant (3) the bound is never reached, and
 * reaching it returns NULL with *@pos == U32_MAX.
 */
static __always_inline struct tracing_map_elt *
tracing_map_probe(struct tracing_map *map, const void *key, u32 tag,
		  unsigned int *pos)
{
	struct tracing_map_elt *elt;
	unsigned int n, s = *pos;
	u32 slot;

	for (n = 0; n <= map->slot_mask; n++, s = (s + 1) & map->slot_mask) {
		/* Pairs with the publishing cmpxchg in tracing_map_insert(). */
		slot = smp_load_acquire(&map->slots[s]);
		if (!slot) {
			*pos = s;
			return NULL;
		}
		if ((slot >> SLOT_IDX_BITS) != tag)
			continue;
		elt = tracing_map_elt_at(map, slot & SLOT_IDX_MASK);
		if (tracing_map_key_equal(map, tracing_map_elt_key(elt), key))
			return elt;
	}
	*pos = U32_MAX;
	return NULL;
}

/*
 * Keep back an entry prepared for a key that another CPU published first.
 * The bit is set before the count is raised, and a taker reads the count
 * before the bits: a taker that sees the count sees the bit. One that
 * comes between the two finds no spare, which is right: the entry is still
 * in our hands at that point.
 */
static void tracing_map_put_spare(struct tracing_map *map, unsigned int idx)
{
	set_bit(idx, map->spares);
	/* Orders the bit before the count; pairs with the acquire below. */
	smp_mb__after_atomic();
	atomic_inc(&map->n_spares);
}

static int tracing_map_take_spare(struct tracing_map *map)
{
	unsigned int idx;

	if (!atomic_read_acquire(&map->n_spares))
		return -1;
	for_each_set_bit(idx, map->spares, map->max_elts) {
		/* Several takers may find the bit: one clears it. */
		if (test_and_clear_bit(idx, map->spares)) {
			atomic_dec(&map->n_spares);
			return idx;
		}
	}
	return -1;
}

/*
 * Hand out an entry nobody else holds: the next one of elts[] (in the
 * order of tracing_map_nth()) while any remain, a spare after that.
 * Returns -1 when every entry is taken.
 *
 * The read before the increment keeps next_elt from growing without bound
 * (and wrapping) while a full map keeps dropping new keys: only callers
 * that saw it below max_elts increment it, so it passes max_elts by at
 * most the number of concurrent callers.
 */
static int tracing_map_get_elt(struct tracing_map *map)
{
	unsigned int idx;

	if (atomic_read(&map->next_elt) < map->max_elts) {
		idx = atomic_fetch_inc(&map->next_elt);
		if (idx < map->max_elts)
			return tracing_map_nth(map, idx);
	}
	return tracing_map_take_spare(map);
}

/*
 * The rest of tracing_map_insert() for a key its probe did not find: *@pos
 * is the empty slot the probe stopped at, or U32_MAX. Out of line, so that
 * a hit on a key already present (nearly every hit) keeps fewer values
 * live across the probe and saves fewer registers.
 */
static noinline struct tracing_map_elt *
tracing_map_insert_new(struct tracing_map *map, const void *key, u32 tag,
		       unsigned int pos)
{
	struct tracing_map_elt *elt, *mine = NULL;
	int idx = -1;

	for (;;) {
		if (pos == U32_MAX)
			goto drop;
		if (!mine) {
			idx = tracing_map_get_elt(map);
			if (idx < 0)
				goto drop;
			mine = tracing_map_elt_at(map, idx);
			tracing_map_key_copy(map, (void *)mine + mine->key_offset,
					     key);
			if (map->ops && map->ops->elt_init)
				map->ops->elt_init(map->data, mine);
		}
		/* Fully ordered: the preparation is visible before the slot. */
		if (!cmpxchg(&map->slots[pos], 0, (tag << SLOT_IDX_BITS) | idx)) {
			this_cpu_inc(map->stats->entries);
			return mine;
		}
		/* Lost slot pos: probe again from it (see tracing_map_insert()). */
		elt = tracing_map_probe(map, key, tag, &pos);
		if (elt)
			break;
	}
	tracing_map_put_spare(map, idx);
	return elt;

drop:
	/* Only the pos == U32_MAX exit can hold an entry (never, by (3)). */
	if (mine)
		tracing_map_put_spare(map, idx);
	this_cpu_inc(map->stats->drops);
	return NULL;
}

/**
 * tracing_map_insert - find the entry of a key, adding it if it is new
 * @map:	the map
 * @key:	tracing_map_key_size() bytes, padding zeroed
 *
 * Counts a hit. The key is looked up and, when absent, published in a new
 * entry whose sums are zero, variables unset and private data prepared by
 * tracing_map_ops.elt_init. When the key is absent and all entries are in
 * use, a drop is counted instead; keys already present are still found.
 *
 * How concurrent insertions stay correct. A new key is published in four
 * steps:
 *
 *	probe		walk from the home slot to the key or an empty slot
 *	hand out	take an entry nobody else holds
 *	prepare		copy the key in, run elt_init
 *	publish		cmpxchg the empty slot from 0 to (tag, index)
 *
 * Nothing is visible to others before the publishing cmpxchg, and that
 * single store makes the entry visible complete (the cmpxchg orders the
 * preparation before it; probes load slots with acquire).
 *
 * Two CPUs inserting the same new key K walk the same probe sequence. If
 * both get to its first empty slot s before either has filled it:
 *
 *	CPU 0				CPU 1
 *	probe: s empty			probe: s empty
 *	hand out entry a, prepare K	hand out entry b, prepare K
 *	cmpxchg(s, 0, a) succeeds
 *					cmpxchg(s, 0, b) fails
 *					probe again from s: finds K in a
 *					keep b back as a spare, return a
 *
 * The loser probes again from the slot it lost, not from the home slot:
 * everything before s was filled when it looked (invariant 1), so K can
 * only be at s or after it. If the winner published another key at s, the
 * loser moves on to the next empty slot with the entry it prepared. Each
 * failed cmpxchg means a slot was filled, so the loop ends.
 *
 * The same holds when the "other CPU" is an NMI (or a kprobe) that
 * interrupts an insertion on this CPU between any two steps: no step waits
 * for another, so the interrupted insertion simply finds the slot taken
 * when it resumes. That is why nothing here may spin on a half-finished
 * insertion, and why the entry is fully prepared before it is published
 * rather than claimed first and filled afterwards.
 *
 * The sums and variables need no care: the entry was unreachable since
 * clear zeroed them (invariant 4), and a spare has kept them zero.
 *
 * Context: any, NMI included; never sleeps, allocates, or waits for
 * another CPU (a retry only follows another insertion's progress). Must
 * not run concurrently with tracing_map_clear() or tracing_map_destroy().
 *
 * Return: the entry of @key, or NULL if it was absent and the map is full.
 */
struct tracing_map_elt *tracing_map_insert(struct tracing_map *map,
					   const void *key)
{
	u32 hash = tracing_map_hash(map, key);
	u32 tag = tracing_map_tag(hash);
	unsigned int pos = hash & map->slot_mask;
	struct tracing_map_elt *elt;

	this_cpu_inc(map->stats->hits);
	elt = tracing_map_probe(map, key, tag, &pos);
	if (likely(elt))
		return elt;
	/*
	 * Every entry handed out and no spare: tracing_map_get_elt() would
	 * fail now. A full map drops each new key here, without the frame
	 * of the new-key path.
	 */
	if (atomic_read(&map->next_elt) >= map->max_elts &&
	    !atomic_read(&map->n_spares)) {
		this_cpu_inc(map->stats->drops);
		return NULL;
	}
	return tracing_map_insert_new(map, key, tag, pos);
}

/**
 * tracing_map_lookup - find the entry of a key, never adding it
 * @map:	the map
 * @key:	tracing_map_key_size() bytes, padding zeroed
 *
 * Counts nothing. For reading the variables another event left in a map.
 *
 * Context: any, NMI included. A key being inserted concurrently may or may
 * not be found, but a key found is complete.
 *
 * Return: the entry of @key, or NULL.
 */
struct tracing_map_elt *tracing_map_lookup(struct tracing_map *map,
					   const void *key)
{
	u32 hash = tracing_map_hash(map, key);
	unsigned int pos = hash & map->slot_mask;

	return tracing_map_probe(map, key, tracing_map_tag(hash), &pos);
}

/*
 * The counters of every CPU added up. Each counter is written by its own
 * CPU alone, with one this_cpu_inc() (an instruction KCSAN does not see),
 * while this may run on another CPU: the race is intended. Each counter is
 * taken with one load (READ_ONCE(); on a 32-bit kernel a u64 may still be
 * read in two halves while it carries), and the total is a snapshot that
 * insertions running meanwhile may or may not be part of, as the callers
 * say.
 */
static struct tracing_map_cpu_stats stats_total(const struct tracing_map *map)
{
	struct tracing_map_cpu_stats total = {}, *st;
	int cpu;

	for_each_possible_cpu(cpu) {
		st = per_cpu_ptr(map->stats, cpu);
		total.hits += READ_ONCE(st->hits);
		total.drops += READ_ONCE(st->drops);
		total.entries += READ_ONCE(st->entries);
	}
	return total;
}

/**
 * tracing_map_hits - number of tracing_map_insert() calls
 * @map:	the map
 *
 * Context: any. Concurrent insertions may or may not be counted yet.
 *
 * Return: the calls since creation or the last clear.
 */
u64 tracing_map_hits(const struct tracing_map *map)
{
	return stats_total(map).hits;
}

/**
 * tracing_map_drops - number of keys refused because the map was full
 * @map:	the map
 *
 * Context: any. Concurrent insertions may or may not be counted yet.
 *
 * Return: the drops since creation or the last clear.
 */
u64 tracing_map_drops(const struct tracing_map *map)
{
	return stats_total(map).drops;
}

/**
 * tracing_map_entries - number of keys in the map
 * @map:	the map
 *
 * Context: any. Concurrent insertions may or may not be counted yet.
 *
 * Return: the entries in use, at most tracing_map_max_entries().
 */
unsigned int tracing_map_entries(const struct tracing_map *map)
{
	return stats_total(map).entries;
}

/**
 * tracing_map_max_entries - capacity of the map
 * @map:	the map
 *
 * Context: any.
 *
 * Return: 2^tracing_map_params.bits.
 */
unsigned int tracing_map_max_entries(const struct tracing_map *map)
{
	return map->max_elts;
}

/**
 * tracing_map_key_size - bytes of a key of the map
 * @map:	the map
 *
 * Context: any.
 *
 * Return: tracing_map_params.key_size.
 */
unsigned int tracing_map_key_size(const struct tracing_map *map)
{
	return map->key_size;
}

/**
 * tracing_map_bytes_per_entry - memory the map takes per entry
 * @map:	the map
 *
 * Context: any.
 *
 * Return: the bytes of one entry plus its share of the hash table. Not
 * counted: one bit per entry of spare bookkeeping, the fixed-size map
 * structure and counters, and private data from tracing_map_ops.elt_alloc.
 */
size_t tracing_map_bytes_per_entry(const struct tracing_map *map)
{
	return map->stride + 2 * sizeof(*map->slots);
}

/**
 * tracing_map_next - the next entry of an iteration
 * @map:	the map
 * @pos:	iteration state: 0 to start, then left alone
 *
 * Walks the hash table, so entries come in no particular order. Each entry
 * present for the whole iteration is returned exactly once; one inserted
 * meanwhile may or may not be. A whole iteration::
 *
 *	unsigned int pos = 0;
 *
 *	while ((elt = tracing_map_next(map, &pos)))
 *		...
 *
 * Context: any.
 *
 * Return: the next entry, or NULL at the end.
 */
struct tracing_map_elt *tracing_map_next(struct tracing_map *map,
					 unsigned int *pos)
{
	u32 slot;

	while (*pos <= map->slot_mask) {
		/* Pairs with the publishing cmpxchg in tracing_map_insert(). */
		slot = smp_load_acquire(&map->slots[(*pos)++]);
		if (slot)
			return tracing_map_elt_at(map, slot & SLOT_IDX_MASK);
	}
	return NULL;
}

/* What tracing_map_sort() hands the comparison. */
struct tracing_map_sort_ctx {
	unsigned int				key_size;
	unsigned int				n_keys;
	const struct tracing_map_sort_key	*keys;
};

/*
 * Width in bytes and signedness of the number comparisons, indexed by
 * enum tracing_map_cmp; width 0 marks the others.
 */
static const struct {
	u8	size;
	bool	is_signed;
} tracing_map_num_cmps[] = {
	[TRACING_MAP_CMP_S8]	= { 1, true },
	[TRACING_MAP_CMP_U8]	= { 1, false },
	[TRACING_MAP_CMP_S16]	= { 2, true },
	[TRACING_MAP_CMP_U16]	= { 2, false },
	[TRACING_MAP_CMP_S32]	= { 4, true },
	[TRACING_MAP_CMP_U32]	= { 4, false },
	[TRACING_MAP_CMP_S64]	= { 8, true },
	[TRACING_MAP_CMP_U64]	= { 8, false },
	[TRACING_MAP_CMP_STRING] = { 0, false },
};

/* A number of the given width, sign-extended if it is signed. */
static u64 tracing_map_load_num(const void *p, unsigned int size,
				bool is_signed)
{
	switch (size) {
	case 1:
		return is_signed ? (s64)*(const s8 *)p : *(const u8 *)p;
	case 2:
		return is_signed ? (s64)(s16)get_unaligned((const u16 *)p) :
				   get_unaligned((const u16 *)p);
	case 4:
		return is_signed ? (s64)(s32)get_unaligned((const u32 *)p) :
				   get_unaligned((const u32 *)p);
	default:
		return get_unaligned((const u64 *)p);
	}
}

static int tracing_map_cmp_num(u64 a, u64 b, bool is_signed)
{
	if (is_signed)
		return (s64)a < (s64)b ? -1 : (s64)a > (s64)b;
	return a < b ? -1 : a > b;
}

static int tracing_map_cmp_one(const struct tracing_map_sort_key *sk,
			       const struct tracing_map_sort_entry *a,
			       const struct tracing_map_sort_entry *b,
			       unsigned int k)
{
	const void *fa, *fb;
	bool is_signed;

	if (sk->cmp == TRACING_MAP_CMP_NONE)
		return 0;
	is_signed = tracing_map_num_cmps[sk->cmp].is_signed;
	if (sk->is_sum)
		return tracing_map_cmp_num(a->sort_sums[k], b->sort_sums[k],
					   is_signed);

	fa = tracing_map_elt_key(a->elt) + sk->offset;
	fb = tracing_map_elt_key(b->elt) + sk->offset;
	if (sk->cmp == TRACING_MAP_CMP_STRING)
		return strncmp(fa, fb, sk->size);
	return tracing_map_cmp_num(tracing_map_load_num(fa, sk->size, is_signed),
				   tracing_map_load_num(fb, sk->size, is_signed),
				   is_signed);
}

/*
 * Sort keys in turn, then the key bytes: keys in a map are unique, so the
 * order is total and the same whatever order the entries were found in.
 */
static int tracing_map_cmp_entries(const void *pa, const void *pb,
				   const void *priv)
{
	const struct tracing_map_sort_ctx *ctx = priv;
	const struct tracing_map_sort_entry *a = pa, *b = pb;
	const struct tracing_map_sort_key *sk;
	unsigned int k;
	int ret;

	for (k = 0; k < ctx->n_keys; k++) {
		sk = &ctx->keys[k];
		ret = tracing_map_cmp_one(sk, a, b, k);
		if (ret)
			return sk->descending ? -ret : ret;
	}
	return memcmp(tracing_map_elt_key(a->elt), tracing_map_elt_key(b->elt),
		      ctx->key_size);
}

/* What sum sort key @sk sorts @ent by: a sum, or a sum per hit. */
static u64 tracing_map_sort_sum(const struct tracing_map_sort_entry *ent,
				const struct tracing_map_sort_key *sk)
{
	u64 sum = tracing_map_entry_sum(ent, sk->sum), hits;

	if (!sk->per_hit)
		return sum;
	hits = tracing_map_entry_sum(ent, sk->hits);
	if (!hits)
		return 0;
	if (tracing_map_num_cmps[sk->cmp].is_signed)
		return hits > S64_MAX ? 0 : div64_s64(sum, hits);
	return div64_u64(sum, hits);
}

static bool tracing_map_sort_key_valid(const struct tracing_map *map,
				       const struct tracing_map_sort_key *sk)
{
	if (sk->cmp > TRACING_MAP_CMP_STRING)
		return false;
	if (sk->is_sum)
		return sk->sum < map->n_sums &&
		       (!sk->per_hit || sk->hits < map->n_sums) &&
		       (sk->cmp == TRACING_MAP_CMP_NONE ||
			tracing_map_num_cmps[sk->cmp].size == sizeof(u64));
	if (!sk->size || sk->offset >= map->key_size ||
	    sk->size > map->key_size - sk->offset)
		return false;
	return sk->cmp == TRACING_MAP_CMP_NONE ||
	       sk->cmp == TRACING_MAP_CMP_STRING ||
	       tracing_map_num_cmps[sk->cmp].size == sk->size;
}

/*
 * Bottom-up merge sort of @n entries by tracing_map_cmp_entries(), through
 * a scratch array as large. It yields the CPU after every merged run: a
 * table of 2^20 entries takes some twenty million comparisons, and a reader must
 * not keep the CPU from everything else for that long (on a slow or
 * instrumented kernel, seconds). The order is total, so the result is the
 * one any sort gives.
 */
static void tracing_map_sort(struct tracing_map_sort_entry *ents,
			     struct tracing_map_sort_entry *tmp,
			     unsigned int n,
			     const struct tracing_map_sort_ctx *ctx)
{
	struct tracing_map_sort_entry *src = ents, *dst = tmp;
	unsigned int width, lo, mid, hi, i, j, k;

	for (width = 1; width < n; width *= 2) {
		for (lo = 0; lo < n; lo += 2 * width) {
			mid = min(lo + width, n);
			hi = min(mid + width, n);
			i = lo;
			j = mid;
			k = lo;
			while (i < mid && j < hi)
				dst[k++] = tracing_map_cmp_entries(&src[j], &src[i],
								   ctx) < 0 ?
					   src[j++] : src[i++];
			while (i < mid)
				dst[k++] = src[i++];
			while (j < hi)
				dst[k++] = src[j++];
			cond_resched();
		}
		swap(src, dst);
	}
	if (src != ents)
		memcpy(ents, src, n * sizeof(*ents));
}

/*
 * Move every sum of @elt into @row, each with one exchange against zero
 * (the proof is in tracing_map.h). Return: whether any was not zero.
 */
static bool tracing_map_take_sums(const struct tracing_map *map,
				  struct tracing_map_elt *elt, u64 *row)
{
	u64 any = 0;
	unsigned int i;

	for (i = 0; i < map->n_sums; i++) {
		row[i] = (u64)atomic64_xchg(&elt->sums[i], 0);
		any |= row[i];
	}
	return any;
}

/*
 * A snapshot of room for twice the entries of @snap (@cap of them), at
 * most the map's, with @snap's copied into it and @snap freed; NULL when
 * the map can have no more entries, ERR_PTR(-ENOMEM) with @snap left as it
 * is. Only a snapshot without taken sums grows.
 */
static struct tracing_map_snapshot *
tracing_map_snapshot_grow(const struct tracing_map *map,
			  struct tracing_map_snapshot *snap, unsigned int *cap)
{
	unsigned int n = min(max(2 * *cap, 64U), map->max_elts);
	struct tracing_map_snapshot *bigger;

	if (n <= *cap)
		return NULL;
	bigger = kvzalloc(struct_size(bigger, entries, n), GFP_KERNEL_ACCOUNT);
	if (!bigger)
		return ERR_PTR(-ENOMEM);
	memcpy(bigger, snap, struct_size(snap, entries, snap->n_entries));
	kvfree(snap);
	*cap = n;
	return bigger;
}

/*
 * tracing_map_snapshot() and, with @take, tracing_map_snapshot_take(): the
 * rows of taken sums follow the entries in the same allocation.
 *
 * Room is made for the entries counted at the start. The walk may find
 * more, inserted meanwhile, and meet them before entries that were there
 * all along: a snapshot then grows, so that it misses none of those; a
 * take stops, all its memory had before its first sum was taken, and the
 * entries it did not reach keep their sums for the next take.
 */
static struct tracing_map_snapshot *
tracing_map_collect(struct tracing_map *map,
		    const struct tracing_map_sort_key *keys,
		    unsigned int n_keys, bool take)
{
	struct tracing_map_sort_ctx ctx = {
		.key_size = map->key_size, .n_keys = n_keys, .keys = keys,
	};
	struct tracing_map_snapshot *snap, *bigger;
	struct tracing_map_sort_entry *ent, *tmp;
	struct tracing_map_elt *elt;
	unsigned int pos, cap, counted, k;
	u64 *row = NULL;

	if (n_keys > TRACING_MAP_SORT_KEYS_MAX)
		return ERR_PTR(-EINVAL);
	for (k = 0; k < n_keys; k++)
		if (!tracing_map_sort_key_valid(map, &keys[k]))
			return ERR_PTR(-EINVAL);

	/*
	 * Entries counted later than this are "inserted meanwhile". All
	 * memory is had before the first sum is taken: nothing fails after.
	 */
	counted = tracing_map_entries(map);
	cap = counted;
	snap = kvzalloc(size_add(struct_size(snap, entries, cap),
				 take ? array3_size(cap, map->n_sums,
						    sizeof(u64)) : 0),
			GFP_KERNEL_ACCOUNT);
	tmp = kvmalloc_array(max(cap, 1U), sizeof(*tmp), GFP_KERNEL_ACCOUNT);
	if (!snap || !tmp) {
		kvfree(snap);
		kvfree(tmp);
		return ERR_PTR(-ENOMEM);
	}
	if (take)
		row = (u64 *)&snap->entries[cap];

	pos = 0;
	while ((elt = tracing_map_next(map, &pos))) {
		if (snap->n_entries == cap) {
			bigger = take ? NULL :
				 tracing_map_snapshot_grow(map, snap, &cap);
			if (!bigger)
				break;
			if (IS_ERR(bigger)) {
				kvfree(snap);
				kvfree(tmp);
				return bigger;
			}
			snap = bigger;
		}
		ent = &snap->entries[snap->n_entries];
		if (take) {
			/* No hit since the last take: not in this one. */
			if (!tracing_map_take_sums(map, elt, row))
				continue;
			ent->taken = row;
			row += map->n_sums;
		}
		ent->elt = elt;
		snap->n_entries++;
		for (k = 0; k < n_keys; k++)
			if (keys[k].is_sum)
				ent->sort_sums[k] = tracing_map_sort_sum(ent,
									 &keys[k]);
	}

	if (snap->n_entries > counted) {
		/* Grown: the sort's scratch, for as many as were found. */
		kvfree(tmp);
		tmp = kvmalloc_array(max(snap->n_entries, 1U), sizeof(*tmp),
				     GFP_KERNEL_ACCOUNT);
		if (!tmp) {
			kvfree(snap);
			return ERR_PTR(-ENOMEM);
		}
	}
	tracing_map_sort(snap->entries, tmp, snap->n_entries, &ctx);
	kvfree(tmp);
	return snap;
}

/**
 * tracing_map_snapshot - the entries of a map, sorted
 * @map:	the map
 * @keys:	the sort keys, most significant first
 * @n_keys:	number of @keys, 0 to TRACING_MAP_SORT_KEYS_MAX
 *
 * Collects the entries, copies the values of the sum sort keys into the
 * snapshot (so that the order holds still while events keep adding to the
 * sums) and sorts. Entries that compare equal by every sort key are
 * ordered by their key bytes, ascending, whatever the direction of the
 * sort keys; with no sort key that is the whole order.
 *
 * Entries inserted while the snapshot is taken may or may not be in it.
 * The entries stay valid until the map is cleared or destroyed; their
 * sums keep moving with the events.
 *
 * Context: process; sleeps (allocates with GFP_KERNEL). May run
 * concurrently with event-time operations on the map.
 *
 * Return: the snapshot, to be freed with tracing_map_snapshot_free(), or
 * ERR_PTR(-EINVAL) for an invalid sort key, ERR_PTR(-ENOMEM).
 */
struct tracing_map_snapshot *
tracing_map_snapshot(struct tracing_map *map,
		     const struct tracing_map_sort_key *keys,
		     unsigned int n_keys)
{
	return tracing_map_collect(map, keys, n_keys, false);
}

/**
 * tracing_map_snapshot_take - the sums of a map since the last take,
 * moved out of it, sorted
 * @map:	the map
 * @keys:	the sort keys, most significant first
 * @n_keys:	number of @keys, 0 to TRACING_MAP_SORT_KEYS_MAX
 *
 * As tracing_map_snapshot(), but every sum of every entry is moved into
 * the snapshot (tracing_map_entry_sum() reads it there) and the entry's
 * is 0 again; entries whose sums were all 0 are left out. Keys, variables
 * and private data stay in the map. Every add counts in exactly one take,
 * or in none yet (see the guarantees at the top of tracing_map.h), so that
 * successive takes cut the adds into intervals without losing or
 * repeating one.
 *
 * Context: process; sleeps (allocates with GFP_KERNEL). May run
 * concurrently with event-time operations on the map, and with other
 * snapshots and takes.
 *
 * Return: the snapshot, to be freed with tracing_map_snapshot_free(), or
 * ERR_PTR(-EINVAL) for an invalid sort key, ERR_PTR(-ENOMEM); an error
 * comes before any sum is taken.
 */
struct tracing_map_snapshot *
tracing_map_snapshot_take(struct tracing_map *map,
			  const struct tracing_map_sort_key *keys,
			  unsigned int n_keys)
{
	return tracing_map_collect(map, keys, n_keys, true);
}

/**
 * tracing_map_snapshot_free - free a snapshot
 * @snap:	what tracing_map_snapshot() returned; NULL and error
 *		pointers are ignored
 *
 * Context: process.
 */
void tracing_map_snapshot_free(struct tracing_map_snapshot *snap)
{
	if (!IS_ERR_OR_NULL(snap))
		kvfree(snap);
}

/* Entries handed out since creation or the last clear. */
static unsigned int tracing_map_used(const struct tracing_map *map)
{
	return min_t(unsigned int, atomic_read(&map->next_elt), map->max_elts);
}

/**
 * tracing_map_clear - empty a map
 * @map:	the map
 *
 * Removes every entry and zeroes the hit and drop counters; the map is as
 * after tracing_map_create(), with the same private data, reset through
 * tracing_map_ops.elt_clear for each entry that was prepared for a key.
 *
 * Concurrency: the caller must first make sure no event-time operation or
 * reader of @map runs or can start (hist pauses the trigger and waits for
 * the events in flight, e.g. with tracepoint_synchronize_unregister()), and
 * must not let two clears run at once. If events do still arrive, memory
 * stays safe - nothing is freed and no index leaves the arrays - but the
 * result is unspecified: their entries may survive the clear with any
 * sums, share storage with later keys or vanish.
 *
 * Context: process; may sleep. Takes time proportional to the number of
 * entries used.
 */
void tracing_map_clear(struct tracing_map *map)
{
	unsigned int i, used = tracing_map_used(map);
	size_t counters = tracing_map_counters_size(map);
	struct tracing_map_elt *elt;
	int cpu;

	memset(map->slots, 0, (map->slot_mask + 1) * sizeof(*map->slots));
	for (i = 0; i < used; i++) {
		elt = tracing_map_elt_at(map, tracing_map_nth(map, i));
		memset(elt->sums, 0, counters);
		if (map->ops && map->ops->elt_clear)
			map->ops->elt_clear(map->data, elt);
		cond_resched();
	}
	bitmap_zero(map->spares, map->max_elts);
	atomic_set(&map->n_spares, 0);
	atomic_set(&map->next_elt, 0);
	for_each_possible_cpu(cpu)
		memset(per_cpu_ptr(map->stats, cpu), 0, sizeof(*map->stats));
}

static void tracing_map_free_private(struct tracing_map *map, unsigned int n)
{
	unsigned int i;

	if (!map->ops || !map->ops->elt_free)
		return;
	for (i = 0; i < n; i++) {
		map->ops->elt_free(map->data,
				   tracing_map_elt_at(map, i)->private);
		cond_resched();
	}
}

static int tracing_map_init_elts(struct tracing_map *map)
{
	struct tracing_map_elt *elt;
	unsigned int i;

	for (i = 0; i < map->max_elts; i++) {
		elt = tracing_map_elt_at(map, i);
		elt->n_sums = map->n_sums;
		elt->n_vars = map->n_vars;
		elt->key_offset = sizeof(*elt) + tracing_map_counters_size(map);
		if (map->ops && map->ops->elt_alloc) {
			elt->private = map->ops->elt_alloc(map->data);
			if (!elt->private) {
				tracing_map_free_private(map, i);
				return -ENOMEM;
			}
		}
		cond_resched();
	}
	return 0;
}

static bool tracing_map_params_valid(const struct tracing_map_params *p)
{
	return p->bits >= TRACING_MAP_BITS_MIN &&
	       p->bits <= TRACING_MAP_BITS_MAX &&
	       p->key_size && p->key_size <= TRACING_MAP_KEY_SIZE_MAX &&
	       p->n_sums <= TRACING_MAP_SUMS_MAX &&
	       p->n_vars <= TRACING_MAP_VARS_MAX;
}

/**
 * tracing_map_create - allocate a map and all its entries
 * @params:	the shape of the map; copied, except what @params->ops and
 *		@params->data point to, which must outlive the map
 *
 * Allocates the entries, the hash table and, through
 * tracing_map_ops.elt_alloc, the private data of every entry.
 *
 * Context: process; sleeps.
 *
 * Return: the map, or ERR_PTR(-EINVAL) for parameters out of range,
 * ERR_PTR(-ENOMEM).
 */
struct tracing_map *tracing_map_create(const struct tracing_map_params *params)
{
	struct tracing_map *map;
	int ret = -ENOMEM;

	BUILD_BUG_ON(SLOT_TAG_BITS < 8);
	BUILD_BUG_ON(sizeof(struct tracing_map_elt) % sizeof(u64));
	BUILD_BUG_ON(ARRAY_SIZE(tracing_map_num_cmps) != TRACING_MAP_CMP_STRING + 1);

	if (!tracing_map_params_valid(params))
		return ERR_PTR(-EINVAL);

	map = kzalloc(sizeof(*map), GFP_KERNEL);
	if (!map)
		return ERR_PTR(-ENOMEM);
	map->max_elts = 1U << params->bits;
	map->spread = (GOLDEN_RATIO_32 >> (32 - params->bits)) | 1;
	map->slot_mask = 2 * map->max_elts - 1;
	map->key_size = params->key_size;
	if (IS_ALIGNED(map->key_size, sizeof(u64)))
		map->key_words = map->key_size / sizeof(u64);
	map->n_sums = params->n_sums;
	map->n_vars = params->n_vars;
	map->stride = ALIGN(sizeof(struct tracing_map_elt) +
			    tracing_map_counters_size(map) + map->key_size,
			    sizeof(u64));
	map->seed = get_random_u64();
	map->ops = params->ops;
	map->data = params->data;

	map->elts = kvzalloc(array_size(map->max_elts, map->stride),
			     TRACING_MAP_GFP_BIG);
	if (!map->elts)
		goto free_map;
	map->slots = kvcalloc(map->slot_mask + 1, sizeof(*map->slots),
			      TRACING_MAP_GFP_BIG);
	if (!map->slots)
		goto free_elts;
	map->spares = kvcalloc(BITS_TO_LONGS(map->max_elts),
			       sizeof(*map->spares), TRACING_MAP_GFP_BIG);
	if (!map->spares)
		goto free_slots;
	map->stats = alloc_percpu(struct tracing_map_cpu_stats);
	if (!map->stats)
		goto free_spares;
	ret = tracing_map_init_elts(map);
	if (ret)
		goto free_stats;
	return map;

free_stats:
	free_percpu(map->stats);
free_spares:
	kvfree(map->spares);
free_slots:
	kvfree(map->slots);
free_elts:
	kvfree(map->elts);
free_map:
	kfree(map);
	return ERR_PTR(ret);
}

/**
 * tracing_map_destroy - free a map
 * @map:	the map, or NULL
 *
 * Frees the private data of every entry through tracing_map_ops.elt_free,
 * then the map. Entries and snapshot contents of the map become invalid.
 *
 * Context: process; may sleep. Nothing may use the map any more: the
 * caller waits for the events in flight first.
 */
void tracing_map_destroy(struct tracing_map *map)
{
	if (!map)
		return;
	tracing_map_free_private(map, map->max_elts);
	free_percpu(map->stats);
	kvfree(map->spares);
	kvfree(map->slots);
	kvfree(map->elts);
	kfree(map);
}
