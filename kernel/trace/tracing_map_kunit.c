// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite of tracing_map (tracing_map.c), built in by
 * CONFIG_TRACING_MAP_KUNIT_TEST and run at boot.
 *
 * The single-CPU cases check the interface one call at a time: insertion,
 * lookup, counters, private data hooks, variables, clear, an insertion
 * nested in another one (as from an NMI), a full 2^20-entry map and
 * sorting by every comparison in both directions. The concurrent cases
 * start one kthread on every online CPU (tm_run_on_cpus()) and check exact
 * results after the threads are done: sums, entry counts, hit and drop
 * counts, that capacity survives lost insertion races, that each
 * variable value was consumed at most once and that bytes carried beside
 * a variable are never read torn; they print how many races they saw. The
 * last case measures insertion and update rates.
 *
 * Workers do their map operations with preemption disabled, a chunk at a
 * time, as trace events do, and reschedule between chunks so that a long
 * run under an emulator does not look like a soft lockup.
 */

#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/bitmap.h>
#include <linux/cache.h>
#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/err.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "tracing_map_var.h"

#define TM_CHUNK	256	/* operations per preemption-disabled stretch */

/*
 * Called before operation @i of a worker that runs with preemption
 * disabled: every TM_CHUNK operations, let the scheduler in.
 */
static void tm_chunk(unsigned int i)
{
	if (i && i % TM_CHUNK == 0) {
		preempt_enable();
		cond_resched();
		preempt_disable();
	}
}

/*
 * The same for a loop that runs preemptible: one over a million keys takes
 * longer than the soft lockup watchdog's 20 s under KCSAN on TCG.
 */
static void tm_pause(unsigned int i)
{
	if (i && i % TM_CHUNK == 0)
		cond_resched();
}

/* ---- running a function on every online CPU at once ---------------------- */

struct tm_run;

/**
 * struct tm_worker - one kthread of a concurrent case
 * @run:	the run it belongs to
 * @id:		0 to tm_run.n_workers - 1
 * @done:	completed when the work function returned
 * @ok:		operations that succeeded, as the work function counts them
 * @failed:	operations that failed, as the work function counts them
 */
struct tm_worker {
	struct tm_run		*run;
	unsigned int		id;
	struct completion	done;
	u64			ok;
	u64			failed;
};

/**
 * struct tm_run - a function run by one kthread per online CPU
 * @work:	the function
 * @map:	the map it works on
 * @arg:	anything else it needs
 * @n_workers:	number of kthreads
 * @start:	released once every kthread is created
 * @arrived:	kthreads past @start; they spin until all are, so that their
 *		work overlaps as much as it can. The spin yields: on a kernel
 *		without preemption a stop_machine() (text patching at boot)
 *		waits for every CPU, and one spinning for a worker that the
 *		stopper keeps off its CPU would wait forever (a soft lockup,
 *		seen once in a fuzzdiff boot)
 * @workers:	the kthreads' state
 */
struct tm_run {
	void			(*work)(struct tm_worker *w);
	struct tracing_map	*map;
	void			*arg;
	unsigned int		n_workers;
	struct completion	start;
	atomic_t		arrived;
	struct tm_worker	*workers;
};

static int tm_worker_fn(void *data)
{
	struct tm_worker *w = data;

	wait_for_completion(&w->run->start);
	atomic_inc(&w->run->arrived);
	while (atomic_read(&w->run->arrived) < w->run->n_workers)
		cond_resched();
	preempt_disable();
	w->run->work(w);
	preempt_enable();
	complete(&w->done);
	return 0;
}

static bool tm_run_done(struct tm_run *run)
{
	unsigned int i;

	for (i = 0; i < run->n_workers; i++)
		if (!completion_done(&run->workers[i].done))
			return false;
	return true;
}

/*
 * Run @run->work on every online CPU, with preemption disabled (see
 * tm_chunk()). If @poll is given, call it in the test's thread until the
 * workers are done. Returns the wall time in ns from the start of the
 * workers to the end of the last one.
 *
 * Nothing between the start of the first worker and the end of the last
 * may abort the case (KUNIT_ASSERT_*): the workers use @run.
 */
static u64 tm_run_on_cpus(struct kunit *test, struct tm_run *run,
			  void (*poll)(struct kunit *test, struct tm_run *run))
{
	unsigned int i = 0, cpu, ncpu = num_online_cpus();
	struct task_struct *task;
	u64 t0;

	run->workers = kunit_kcalloc(test, ncpu, sizeof(*run->workers),
				     GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, run->workers);
	run->n_workers = 0;
	init_completion(&run->start);
	atomic_set(&run->arrived, 0);

	for_each_online_cpu(cpu) {
		struct tm_worker *w = &run->workers[i];

		if (i == ncpu)
			break;
		w->run = run;
		w->id = i;
		init_completion(&w->done);
		task = kthread_run_on_cpu(tm_worker_fn, w, cpu, "tmap_kunit/%u");
		if (IS_ERR(task)) {
			KUNIT_FAIL(test, "no kthread on CPU %u: %pe", cpu, task);
			break;
		}
		run->n_workers = ++i;
	}

	t0 = ktime_get_ns();
	complete_all(&run->start);
	while (poll && !tm_run_done(run))
		poll(test, run);
	for (i = 0; i < run->n_workers; i++)
		wait_for_completion(&run->workers[i].done);
	return ktime_get_ns() - t0;
}

/* The operations of all workers that failed (@failed) or succeeded. */
static u64 tm_run_sum(const struct tm_run *run, bool failed)
{
	u64 sum = 0;
	unsigned int i;

	for (i = 0; i < run->n_workers; i++)
		sum += failed ? run->workers[i].failed : run->workers[i].ok;
	return sum;
}

static u64 tm_run_sum_ok(const struct tm_run *run)
{
	return tm_run_sum(run, false);
}

static u64 tm_run_sum_failed(const struct tm_run *run)
{
	return tm_run_sum(run, true);
}

/* ---- maps and private data hooks ----------------------------------------- */

KUNIT_DEFINE_ACTION_WRAPPER(tm_destroy_action, tracing_map_destroy,
			    struct tracing_map *);

/**
 * struct tm_hooks - what the private data hooks of a case saw
 * @allocs:	elt_alloc calls
 * @frees:	elt_free calls
 * @inits:	elt_init calls
 * @clears:	elt_clear calls
 * @nest_map:	when set, the next elt_init inserts @nest_key into it (and
 *		clears @nest_map), as an NMI could between the preparation
 *		and the publication of an entry
 * @nest_key:	the key for @nest_map
 * @nested:	what that insertion returned
 */
struct tm_hooks {
	atomic_t		allocs;
	atomic_t		frees;
	atomic_t		inits;
	atomic_t		clears;
	struct tracing_map	*nest_map;
	u64			nest_key;
	struct tracing_map_elt	*nested;
};

/* Private data of an entry: the key elt_init found, and a marker. */
struct tm_private {
	u64	key;
	u64	marker;
};

#define TM_PRIVATE_CLEARED	0xc1ea4edULL

static void *tm_elt_alloc(void *data)
{
	struct tm_hooks *hooks = data;

	atomic_inc(&hooks->allocs);
	return kzalloc(sizeof(struct tm_private), GFP_KERNEL);
}

static void tm_elt_free(void *data, void *private)
{
	struct tm_hooks *hooks = data;

	atomic_inc(&hooks->frees);
	kfree(private);
}

static void tm_elt_init(void *data, struct tracing_map_elt *elt)
{
	struct tm_private *priv = tracing_map_elt_private(elt);
	struct tm_hooks *hooks = data;

	struct tracing_map *map = hooks->nest_map;

	atomic_inc(&hooks->inits);
	memcpy(&priv->key, tracing_map_elt_key(elt), sizeof(priv->key));
	priv->marker = 0;
	if (map) {
		hooks->nest_map = NULL;
		hooks->nested = tracing_map_insert(map, &hooks->nest_key);
	}
}

static void tm_elt_clear(void *data, struct tracing_map_elt *elt)
{
	struct tm_private *priv = tracing_map_elt_private(elt);
	struct tm_hooks *hooks = data;

	atomic_inc(&hooks->clears);
	priv->marker = TM_PRIVATE_CLEARED;
}

static const struct tracing_map_ops tm_ops = {
	.elt_alloc	= tm_elt_alloc,
	.elt_free	= tm_elt_free,
	.elt_init	= tm_elt_init,
	.elt_clear	= tm_elt_clear,
};

/*
 * A map destroyed when the case ends. With @hooks (allocated with
 * tm_hooks_new(), so that they outlive the map) it has private data and
 * the hooks count their calls there.
 */
static struct tracing_map *tm_create(struct kunit *test, unsigned int bits,
				     unsigned int key_size, unsigned int n_sums,
				     unsigned int n_vars, struct tm_hooks *hooks)
{
	struct tracing_map_params p = {
		.bits = bits, .key_size = key_size,
		.n_sums = n_sums, .n_vars = n_vars,
		.ops = hooks ? &tm_ops : NULL, .data = hooks,
	};
	struct tracing_map *map = tracing_map_create(&p);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, map);
	KUNIT_ASSERT_EQ(test, 0,
			kunit_add_action_or_reset(test, tm_destroy_action, map));
	return map;
}

static struct tm_hooks *tm_hooks_new(struct kunit *test)
{
	struct tm_hooks *hooks = kunit_kzalloc(test, sizeof(*hooks), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, hooks);
	return hooks;
}

static u64 tm_elt_key_u64(const struct tracing_map_elt *elt)
{
	u64 key;

	memcpy(&key, tracing_map_elt_key(elt), sizeof(key));
	return key;
}

/* ---- single CPU ---------------------------------------------------------- */

static void tm_test_params(struct kunit *test)
{
	static const struct tracing_map_params bad[] = {
		{ .bits = TRACING_MAP_BITS_MIN - 1, .key_size = 8 },
		{ .bits = TRACING_MAP_BITS_MAX + 1, .key_size = 8 },
		{ .bits = 7, .key_size = 0 },
		{ .bits = 7, .key_size = TRACING_MAP_KEY_SIZE_MAX + 1 },
		{ .bits = 7, .key_size = 8, .n_sums = TRACING_MAP_SUMS_MAX + 1 },
		{ .bits = 7, .key_size = 8, .n_vars = TRACING_MAP_VARS_MAX + 1 },
	};
	struct tracing_map *map;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++)
		KUNIT_EXPECT_EQ_MSG(test, PTR_ERR(tracing_map_create(&bad[i])),
				    -EINVAL, "parameter set %u", i);

	/* The figure tracing_map.h gives: one u64 key, a hitcount. */
	map = tm_create(test, TRACING_MAP_BITS_DEFAULT, sizeof(u64), 1, 0, NULL);
	KUNIT_EXPECT_EQ(test, tracing_map_bytes_per_entry(map), 40);
	KUNIT_EXPECT_EQ(test, tracing_map_max_entries(map), 2048);
	KUNIT_EXPECT_EQ(test, tracing_map_key_size(map), 8);

	/* The largest shape hist may ask for can be created. */
	map = tm_create(test, TRACING_MAP_BITS_MIN, TRACING_MAP_KEY_SIZE_MAX,
			TRACING_MAP_SUMS_MAX, TRACING_MAP_VARS_MAX, NULL);
	KUNIT_EXPECT_EQ(test, tracing_map_entries(map), 0);
}

static void tm_test_insert_lookup(struct kunit *test)
{
	struct tm_hooks *hooks = tm_hooks_new(test);
	struct tracing_map *map = tm_create(test, 7, sizeof(u64), 2, 1, hooks);
	struct tracing_map_elt *elt, **elts;
	DECLARE_BITMAP(seen, 100) = { };
	struct tm_private *priv;
	unsigned int pos, n;
	u64 key, val;

	/* On the heap: with KASAN's redzones, too much for the stack. */
	elts = kunit_kcalloc(test, 100, sizeof(*elts), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, elts);
	KUNIT_EXPECT_EQ(test, atomic_read(&hooks->allocs), 128);

	for (key = 0; key < 100; key++) {
		elt = tracing_map_insert(map, &key);
		KUNIT_ASSERT_NOT_NULL(test, elt);
		elts[key] = elt;
		KUNIT_EXPECT_EQ(test, tm_elt_key_u64(elt), key);
		KUNIT_EXPECT_EQ(test, tracing_map_elt_sum(elt, 0), 0);
		KUNIT_EXPECT_EQ(test, tracing_map_elt_sum(elt, 1), 0);
		KUNIT_EXPECT_FALSE(test, tracing_map_elt_var_is_set(elt, 0));
		priv = tracing_map_elt_private(elt);
		KUNIT_ASSERT_NOT_NULL(test, priv);
		KUNIT_EXPECT_EQ(test, priv->key, key);
		tracing_map_elt_sum_add(elt, 0, 1);
		tracing_map_elt_sum_add(elt, 1, key * 3);
	}
	KUNIT_EXPECT_EQ(test, atomic_read(&hooks->inits), 100);

	for (key = 0; key < 100; key++) {
		elt = tracing_map_insert(map, &key);
		KUNIT_EXPECT_PTR_EQ(test, elt, elts[key]);
		KUNIT_EXPECT_PTR_EQ(test, tracing_map_lookup(map, &key), elt);
		tracing_map_elt_sum_add(elt, 0, 1);
		tracing_map_elt_sum_add(elt, 1, -1ULL);
		KUNIT_EXPECT_EQ(test, tracing_map_elt_sum(elt, 0), 2);
		KUNIT_EXPECT_EQ(test, tracing_map_elt_sum(elt, 1), key * 3 - 1);
	}
	key = 100;
	KUNIT_EXPECT_NULL(test, tracing_map_lookup(map, &key));
	KUNIT_EXPECT_EQ(test, atomic_read(&hooks->inits), 100);
	KUNIT_EXPECT_EQ(test, tracing_map_entries(map), 100);
	KUNIT_EXPECT_EQ(test, tracing_map_hits(map), 200);
	KUNIT_EXPECT_EQ(test, tracing_map_drops(map), 0);

	/* Variables are per entry. */
	KUNIT_EXPECT_TRUE(test, tracing_map_elt_var_set(elts[7], 0, 77));
	KUNIT_EXPECT_FALSE(test, tracing_map_elt_var_get(elts[8], 0, &val));
	KUNIT_EXPECT_TRUE(test, tracing_map_elt_var_get(elts[7], 0, &val));
	KUNIT_EXPECT_EQ(test, val, 77);

	n = 0;
	pos = 0;
	while ((elt = tracing_map_next(map, &pos))) {
		key = tm_elt_key_u64(elt);
		KUNIT_ASSERT_LT(test, key, 100);
		KUNIT_EXPECT_FALSE(test, __test_and_set_bit(key, seen));
		n++;
	}
	KUNIT_EXPECT_EQ(test, n, 100);

	kunit_release_action(test, tm_destroy_action, map);
	KUNIT_EXPECT_EQ(test, atomic_read(&hooks->frees), 128);
}

static void tm_test_vars(struct kunit *test)
{
	struct tracing_map *map = tm_create(test, 7, sizeof(u64), 0, 3, NULL);
	struct tracing_map_elt *elt;
	u64 key = 1, val;

	elt = tracing_map_insert(map, &key);
	KUNIT_ASSERT_NOT_NULL(test, elt);

	KUNIT_EXPECT_FALSE(test, tracing_map_elt_var_is_set(elt, 1));
	KUNIT_EXPECT_FALSE(test, tracing_map_elt_var_get(elt, 1, &val));
	KUNIT_EXPECT_FALSE(test, tracing_map_elt_var_read_once(elt, 1, &val));

	/* get leaves the value; read_once takes it. */
	KUNIT_EXPECT_TRUE(test, tracing_map_elt_var_set(elt, 1, 11));
	KUNIT_EXPECT_TRUE(test, tracing_map_elt_var_is_set(elt, 1));
	KUNIT_EXPECT_FALSE(test, tracing_map_elt_var_is_set(elt, 0));
	KUNIT_EXPECT_FALSE(test, tracing_map_elt_var_is_set(elt, 2));
	KUNIT_EXPECT_TRUE(test, tracing_map_elt_var_get(elt, 1, &val));
	KUNIT_EXPECT_EQ(test, val, 11);
	KUNIT_EXPECT_TRUE(test, tracing_map_elt_var_get(elt, 1, &val));
	KUNIT_EXPECT_EQ(test, val, 11);
	KUNIT_EXPECT_TRUE(test, tracing_map_elt_var_read_once(elt, 1, &val));
	KUNIT_EXPECT_EQ(test, val, 11);
	KUNIT_EXPECT_FALSE(test, tracing_map_elt_var_is_set(elt, 1));
	KUNIT_EXPECT_FALSE(test, tracing_map_elt_var_read_once(elt, 1, &val));

	/* A second set replaces an unread value; every bit pattern is valid. */
	KUNIT_EXPECT_TRUE(test, tracing_map_elt_var_set(elt, 2, 0));
	KUNIT_EXPECT_TRUE(test, tracing_map_elt_var_set(elt, 2, U64_MAX));
	KUNIT_EXPECT_TRUE(test, tracing_map_elt_var_read_once(elt, 2, &val));
	KUNIT_EXPECT_EQ(test, val, U64_MAX);
	KUNIT_EXPECT_TRUE(test, tracing_map_elt_var_set(elt, 2, 0));
	KUNIT_EXPECT_TRUE(test, tracing_map_elt_var_read_once(elt, 2, &val));
	KUNIT_EXPECT_EQ(test, val, 0);

	/* Set again after a read: readable again, many times over. */
	for (key = 0; key < 1000; key++) {
		KUNIT_ASSERT_TRUE(test, tracing_map_elt_var_set(elt, 0, key));
		KUNIT_ASSERT_TRUE(test, tracing_map_elt_var_read_once(elt, 0, &val));
		KUNIT_ASSERT_EQ(test, val, key);
	}
	KUNIT_EXPECT_FALSE(test, tracing_map_elt_var_is_set(elt, 0));
}

/* A variable carrying bytes beside its u64: the two-buffer protocol. */
static void tm_test_var_buffers(struct kunit *test)
{
	struct tracing_map *map = tm_create(test, 7, sizeof(u64), 0, 1, NULL);
	struct tracing_map_var_read rd, rd2;
	struct tracing_map_elt *elt;
	u64 key = 1;
	int buf;

	elt = tracing_map_insert(map, &key);
	KUNIT_ASSERT_NOT_NULL(test, elt);

	/* One setter at a time; a second one is told to drop its value. */
	buf = tracing_map_elt_var_write_begin(elt, 0);
	KUNIT_ASSERT_GE(test, buf, 0);
	KUNIT_EXPECT_EQ(test, tracing_map_elt_var_write_begin(elt, 0), -EBUSY);
	KUNIT_EXPECT_FALSE(test, tracing_map_elt_var_set(elt, 0, 5));
	KUNIT_EXPECT_FALSE(test, tracing_map_elt_var_read_begin(elt, 0, &rd));
	tracing_map_elt_var_write_end(elt, 0, 42);

	/* The reader gets the buffer just written, and the value. */
	KUNIT_ASSERT_TRUE(test, tracing_map_elt_var_read_begin(elt, 0, &rd));
	KUNIT_EXPECT_EQ(test, rd.buf, buf);
	KUNIT_EXPECT_EQ(test, rd.val, 42);
	KUNIT_EXPECT_TRUE(test, tracing_map_elt_var_read_end(elt, 0, &rd, false));

	/* The next setter writes the other buffer; readers keep theirs. */
	KUNIT_EXPECT_EQ(test, tracing_map_elt_var_write_begin(elt, 0), !buf);
	KUNIT_EXPECT_TRUE(test, tracing_map_elt_var_read_end(elt, 0, &rd, false));
	tracing_map_elt_var_write_end(elt, 0, 43);

	/* Once that set is complete, a read begun before it is not whole. */
	KUNIT_EXPECT_FALSE(test, tracing_map_elt_var_read_end(elt, 0, &rd, false));
	KUNIT_EXPECT_FALSE(test, tracing_map_elt_var_read_end(elt, 0, &rd, true));

	/* Of two consumers of one value, the first one to end gets it. */
	KUNIT_ASSERT_TRUE(test, tracing_map_elt_var_read_begin(elt, 0, &rd));
	KUNIT_ASSERT_TRUE(test, tracing_map_elt_var_read_begin(elt, 0, &rd2));
	KUNIT_EXPECT_EQ(test, rd.val, 43);
	KUNIT_EXPECT_EQ(test, rd.buf, !buf);
	KUNIT_EXPECT_TRUE(test, tracing_map_elt_var_read_end(elt, 0, &rd2, true));
	KUNIT_EXPECT_FALSE(test, tracing_map_elt_var_read_end(elt, 0, &rd, true));
	KUNIT_EXPECT_FALSE(test, tracing_map_elt_var_is_set(elt, 0));
}

static void tm_test_clear(struct kunit *test)
{
	struct tm_hooks *hooks = tm_hooks_new(test);
	struct tracing_map *map = tm_create(test, 7, sizeof(u64), 1, 1, hooks);
	struct tracing_map_elt *elt, *first = NULL;
	struct tm_private *priv;
	unsigned int pos;
	u64 key, val;

	for (key = 0; key < 200; key++) {
		elt = tracing_map_insert(map, &key);
		if (!elt)
			continue;
		first = first ?: elt;
		tracing_map_elt_sum_add(elt, 0, 5);
		tracing_map_elt_var_set(elt, 0, key);
	}
	KUNIT_EXPECT_EQ(test, tracing_map_entries(map), 128);
	KUNIT_EXPECT_EQ(test, tracing_map_drops(map), 72);

	tracing_map_clear(map);
	KUNIT_EXPECT_EQ(test, atomic_read(&hooks->clears), 128);
	priv = tracing_map_elt_private(first);
	KUNIT_EXPECT_EQ(test, priv->marker, TM_PRIVATE_CLEARED);
	KUNIT_EXPECT_EQ(test, tracing_map_entries(map), 0);
	KUNIT_EXPECT_EQ(test, tracing_map_hits(map), 0);
	KUNIT_EXPECT_EQ(test, tracing_map_drops(map), 0);
	pos = 0;
	KUNIT_EXPECT_NULL(test, tracing_map_next(map, &pos));
	for (key = 0; key < 200; key++)
		KUNIT_EXPECT_NULL(test, tracing_map_lookup(map, &key));

	/* Back to new: zero sums, unset variables, full capacity. */
	for (key = 1000; key < 1128; key++) {
		elt = tracing_map_insert(map, &key);
		KUNIT_ASSERT_NOT_NULL(test, elt);
		KUNIT_EXPECT_EQ(test, tracing_map_elt_sum(elt, 0), 0);
		KUNIT_EXPECT_FALSE(test, tracing_map_elt_var_get(elt, 0, &val));
		priv = tracing_map_elt_private(elt);
		KUNIT_EXPECT_EQ(test, priv->key, key);
		KUNIT_EXPECT_EQ(test, priv->marker, 0);
	}
	KUNIT_EXPECT_NULL(test, tracing_map_insert(map, &key));
	KUNIT_EXPECT_EQ(test, tracing_map_entries(map), 128);
	KUNIT_EXPECT_EQ(test, atomic_read(&hooks->inits), 256);

	/* A clear with nothing used calls no hook. */
	tracing_map_clear(map);
	tracing_map_clear(map);
	KUNIT_EXPECT_EQ(test, atomic_read(&hooks->clears), 256);
}

/* Insert @n keys after @first until the map drops one; return how many fit. */
static unsigned int tm_fill(struct tracing_map *map, u64 first, unsigned int n)
{
	unsigned int i;
	u64 key;

	for (i = 0; i < n; i++) {
		key = first + i;
		if (!tracing_map_insert(map, &key))
			break;
	}
	return i;
}

/*
 * An insertion interrupted between preparing its entry and publishing it,
 * by an insertion into the same map (what an NMI can do): the elt_init
 * hook nests one. The race the interrupted one then loses is the one two
 * CPUs inserting the same new key run into.
 */
static void tm_test_nested_insert(struct kunit *test)
{
	struct tm_hooks *hooks = tm_hooks_new(test);
	struct tracing_map *map = tm_create(test, 7, sizeof(u64), 1, 0, hooks);
	struct tracing_map_elt *elt;
	u64 key;

	/* The same key: both get the entry the nested one published. */
	hooks->nest_map = map;
	hooks->nest_key = 5;
	key = 5;
	elt = tracing_map_insert(map, &key);
	KUNIT_ASSERT_NOT_NULL(test, elt);
	KUNIT_EXPECT_PTR_EQ(test, hooks->nested, elt);
	KUNIT_EXPECT_EQ(test, tm_elt_key_u64(elt), 5);
	KUNIT_EXPECT_EQ(test, atomic_read(&hooks->inits), 2);
	KUNIT_EXPECT_EQ(test, tracing_map_entries(map), 1);

	/* Another key: two entries, each with its own key. */
	hooks->nest_map = map;
	hooks->nest_key = 6;
	key = 7;
	elt = tracing_map_insert(map, &key);
	KUNIT_ASSERT_NOT_NULL(test, elt);
	KUNIT_ASSERT_NOT_NULL(test, hooks->nested);
	KUNIT_EXPECT_EQ(test, tm_elt_key_u64(elt), 7);
	KUNIT_EXPECT_EQ(test, tm_elt_key_u64(hooks->nested), 6);
	key = 6;
	KUNIT_EXPECT_PTR_EQ(test, tracing_map_lookup(map, &key), hooks->nested);
	KUNIT_EXPECT_EQ(test, tracing_map_entries(map), 3);

	/* The entry the first outer insertion prepared in vain is reused. */
	KUNIT_EXPECT_EQ(test, tm_fill(map, 1000, 200), 128 - 3);
	KUNIT_EXPECT_EQ(test, tracing_map_entries(map), 128);
	for (key = 5; key <= 7; key++)
		KUNIT_EXPECT_NOT_NULL(test, tracing_map_lookup(map, &key));
}

static void tm_test_fill_max(struct kunit *test)
{
	unsigned int i, max = 1U << TRACING_MAP_BITS_MAX, bad = 0;
	struct tracing_map *map = tm_create(test, TRACING_MAP_BITS_MAX,
					    sizeof(u64), 1, 0, NULL);
	struct tracing_map_elt *elt;
	u64 key;

	/* Keys spread over the whole u64 range, not just small numbers. */
	for (i = 0; i < max; i++) {
		key = i * 0x9e3779b97f4a7c15ULL;
		elt = tracing_map_insert(map, &key);
		if (!elt) {
			bad++;
			continue;
		}
		tracing_map_elt_sum_add(elt, 0, i);
		tm_pause(i);
	}
	KUNIT_EXPECT_EQ(test, bad, 0);
	KUNIT_EXPECT_EQ(test, tracing_map_entries(map), max);

	key = 1;
	KUNIT_EXPECT_NULL(test, tracing_map_insert(map, &key));
	KUNIT_EXPECT_EQ(test, tracing_map_drops(map), 1);
	KUNIT_EXPECT_EQ(test, tracing_map_hits(map), max + 1);

	for (i = 0; i < max; i++) {
		key = i * 0x9e3779b97f4a7c15ULL;
		elt = tracing_map_lookup(map, &key);
		if (!elt || tm_elt_key_u64(elt) != key ||
		    tracing_map_elt_sum(elt, 0) != i)
			bad++;
		tm_pause(i);
	}
	KUNIT_EXPECT_EQ(test, bad, 0);
}

/*
 * The first keys of a map, whatever its size, get entries in as many
 * cache lines: CPUs that each add to a key of their own do not share one.
 */
#define TM_SPREAD_KEYS	8

static void tm_test_spread(struct kunit *test)
{
	unsigned long line[TM_SPREAD_KEYS];
	struct tracing_map_elt *elt;
	unsigned int bits, i, j;
	struct tracing_map *map;
	u64 key;

	for (bits = TRACING_MAP_BITS_MIN; bits <= TRACING_MAP_BITS_MAX; bits++) {
		map = tm_create(test, bits, sizeof(u64), 1, 0, NULL);
		for (i = 0; i < TM_SPREAD_KEYS; i++) {
			key = i;
			elt = tracing_map_insert(map, &key);
			KUNIT_ASSERT_NOT_NULL(test, elt);
			line[i] = (unsigned long)elt / L1_CACHE_BYTES;
			for (j = 0; j < i; j++)
				KUNIT_EXPECT_NE_MSG(test, line[i], line[j],
						    "bits %u: keys %u and %u",
						    bits, i, j);
		}
	}
}

/* ---- sorting ------------------------------------------------------------- */

/* A key with a field for every comparison, unaligned on purpose. */
struct tm_sort_key {
	s8	s8;
	u8	u8;
	s16	s16;
	u16	u16;
	s32	s32;
	u32	u32;
	s64	s64;
	u64	u64;
	char	str[12];
	u32	id;		/* makes every key unique */
} __packed;

#define TM_SORT_N	96

/* Which of five values field @f of entry @i takes: fields vary apart. */
static unsigned int tm_sort_level(unsigned int i, unsigned int f)
{
	return (i * (2 * f + 3) + i / (f + 2)) % 5;
}

/*
 * Entry i of the sort cases: each field takes one of five values, the
 * extremes of its type among them, so that many entries tie on it and
 * signed and unsigned orders differ.
 */
static void tm_sort_key_init(struct tm_sort_key *k, unsigned int i)
{
	static const char * const strs[] = { "", "a", "ab", "b", "zzzzzzzzzzz" };

	memset(k, 0, sizeof(*k));
	k->s8 = ((s8[]){ S8_MIN, -1, 0, 1, S8_MAX })[tm_sort_level(i, 0)];
	k->u8 = ((u8[]){ 0, 1, 0x7f, 0x80, U8_MAX })[tm_sort_level(i, 1)];
	k->s16 = ((s16[]){ S16_MIN, -1, 0, 1, S16_MAX })[tm_sort_level(i, 2)];
	k->u16 = ((u16[]){ 0, 1, 0x7fff, 0x8000, U16_MAX })[tm_sort_level(i, 3)];
	k->s32 = ((s32[]){ S32_MIN, -1, 0, 1, S32_MAX })[tm_sort_level(i, 4)];
	k->u32 = ((u32[]){ 0, 1, S32_MAX, 1U << 31, U32_MAX })[tm_sort_level(i, 5)];
	k->s64 = ((s64[]){ S64_MIN, -1, 0, 1, S64_MAX })[tm_sort_level(i, 6)];
	k->u64 = ((u64[]){ 0, 1, S64_MAX, 1ULL << 63, U64_MAX })[tm_sort_level(i, 7)];
	strscpy(k->str, strs[tm_sort_level(i, 8)], sizeof(k->str));
	k->id = i;
}

static int tm_cmp_s64(s64 x, s64 y)
{
	return x < y ? -1 : x > y;
}

static int tm_cmp_u64(u64 x, u64 y)
{
	return x < y ? -1 : x > y;
}

/* The reference order of one field: written apart from tracing_map.c. */
static int tm_ref_cmp_field(enum tracing_map_cmp cmp,
			    const struct tm_sort_key *a,
			    const struct tm_sort_key *b)
{
	switch (cmp) {
	case TRACING_MAP_CMP_S8:	return tm_cmp_s64(a->s8, b->s8);
	case TRACING_MAP_CMP_U8:	return tm_cmp_u64(a->u8, b->u8);
	case TRACING_MAP_CMP_S16:	return tm_cmp_s64(a->s16, b->s16);
	case TRACING_MAP_CMP_U16:	return tm_cmp_u64(a->u16, b->u16);
	case TRACING_MAP_CMP_S32:	return tm_cmp_s64(a->s32, b->s32);
	case TRACING_MAP_CMP_U32:	return tm_cmp_u64(a->u32, b->u32);
	case TRACING_MAP_CMP_S64:	return tm_cmp_s64(a->s64, b->s64);
	case TRACING_MAP_CMP_U64:	return tm_cmp_u64(a->u64, b->u64);
	case TRACING_MAP_CMP_STRING:	return tm_cmp_s64(strcmp(a->str, b->str), 0);
	default:			return 0;
	}
}

/* The field of struct tm_sort_key that comparison @cmp sorts by. */
static void tm_sort_field(enum tracing_map_cmp cmp,
			  struct tracing_map_sort_key *sk)
{
	static const struct { unsigned int offset, size; } fields[] = {
		[TRACING_MAP_CMP_NONE]	= { offsetof(struct tm_sort_key, id), 4 },
		[TRACING_MAP_CMP_S8]	= { offsetof(struct tm_sort_key, s8), 1 },
		[TRACING_MAP_CMP_U8]	= { offsetof(struct tm_sort_key, u8), 1 },
		[TRACING_MAP_CMP_S16]	= { offsetof(struct tm_sort_key, s16), 2 },
		[TRACING_MAP_CMP_U16]	= { offsetof(struct tm_sort_key, u16), 2 },
		[TRACING_MAP_CMP_S32]	= { offsetof(struct tm_sort_key, s32), 4 },
		[TRACING_MAP_CMP_U32]	= { offsetof(struct tm_sort_key, u32), 4 },
		[TRACING_MAP_CMP_S64]	= { offsetof(struct tm_sort_key, s64), 8 },
		[TRACING_MAP_CMP_U64]	= { offsetof(struct tm_sort_key, u64), 8 },
		[TRACING_MAP_CMP_STRING] = { offsetof(struct tm_sort_key, str), 12 },
	};

	memset(sk, 0, sizeof(*sk));
	sk->cmp = cmp;
	sk->offset = fields[cmp].offset;
	sk->size = fields[cmp].size;
}

static struct tracing_map *tm_sort_map(struct kunit *test)
{
	struct tracing_map *map = tm_create(test, 7, sizeof(struct tm_sort_key),
					    2, 0, NULL);
	struct tracing_map_elt *elt;
	struct tm_sort_key k;
	unsigned int i;

	/* Insert in a scrambled order, so that sorting has work to do. */
	for (i = 0; i < TM_SORT_N; i++) {
		tm_sort_key_init(&k, (i * 37) % TM_SORT_N);
		elt = tracing_map_insert(map, &k);
		KUNIT_ASSERT_NOT_NULL(test, elt);
		tracing_map_elt_sum_add(elt, 0, k.id % 4);
		tracing_map_elt_sum_add(elt, 1, (u64)((s64)(k.id % 3) - 1));
	}
	return map;
}

/* Reference value of sum @sum of the entry keyed @k (see tm_sort_map()). */
static u64 tm_ref_sum(const struct tm_sort_key *k, unsigned int sum)
{
	return sum ? (u64)((s64)(k->id % 3) - 1) : k->id % 4;
}

/* What sum sort key @sk sorts the entry keyed @k by. */
static u64 tm_ref_sort_sum(const struct tm_sort_key *k,
			   const struct tracing_map_sort_key *sk)
{
	u64 sum = tm_ref_sum(k, sk->sum), hits;

	if (!sk->per_hit)
		return sum;
	hits = tm_ref_sum(k, sk->hits);
	if (!hits)
		return 0;
	if (sk->cmp == TRACING_MAP_CMP_S64)
		return (u64)((s64)sum / (s64)hits);
	return sum / hits;
}

static int tm_ref_cmp_key(const struct tracing_map_sort_key *sk,
			  const struct tm_sort_key *a,
			  const struct tm_sort_key *b)
{
	u64 x, y;
	int r;

	if (!sk->is_sum) {
		r = tm_ref_cmp_field(sk->cmp, a, b);
	} else {
		x = tm_ref_sort_sum(a, sk);
		y = tm_ref_sort_sum(b, sk);
		if (sk->cmp == TRACING_MAP_CMP_S64)
			r = tm_cmp_s64(x, y);
		else if (sk->cmp == TRACING_MAP_CMP_U64)
			r = tm_cmp_u64(x, y);
		else
			r = 0;
	}
	return sk->descending ? -r : r;
}

/* Check that a snapshot of @map has every entry, in the order of @keys. */
static void tm_check_sorted(struct kunit *test, struct tracing_map *map,
			    const struct tracing_map_sort_key *keys,
			    unsigned int n_keys, const char *what)
{
	const struct tm_sort_key *a, *b;
	struct tracing_map_snapshot *snap;
	unsigned int i, k;
	int r;

	snap = tracing_map_snapshot(map, keys, n_keys);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, snap);
	KUNIT_EXPECT_EQ_MSG(test, snap->n_entries, TM_SORT_N, "%s", what);

	for (i = 0; i + 1 < snap->n_entries; i++) {
		a = tracing_map_elt_key(snap->entries[i].elt);
		b = tracing_map_elt_key(snap->entries[i + 1].elt);
		r = 0;
		for (k = 0; k < n_keys && !r; k++)
			r = tm_ref_cmp_key(&keys[k], a, b);
		if (!r)
			r = memcmp(a, b, sizeof(*a)) < 0 ? -1 : 1;
		KUNIT_EXPECT_LT_MSG(test, r, 0, "%s: entries %u and %u (ids %u, %u)",
				    what, i, i + 1, a->id, b->id);
		for (k = 0; k < n_keys; k++)
			if (keys[k].is_sum)
				KUNIT_EXPECT_EQ(test, snap->entries[i].sort_sums[k],
						tm_ref_sort_sum(a, &keys[k]));
	}
	tracing_map_snapshot_free(snap);
}

static const char * const tm_cmp_names[] = {
	"none", "s8", "u8", "s16", "u16", "s32", "u32", "s64", "u64", "string",
};

static void tm_test_sort_key_fields(struct kunit *test)
{
	struct tracing_map_sort_key sk;
	struct tracing_map *map;
	enum tracing_map_cmp cmp;
	char what[32];
	int desc;

	map = tm_sort_map(test);
	for (cmp = TRACING_MAP_CMP_NONE; cmp <= TRACING_MAP_CMP_STRING; cmp++) {
		for (desc = 0; desc < 2; desc++) {
			tm_sort_field(cmp, &sk);
			sk.descending = desc;
			snprintf(what, sizeof(what), "%s %s", tm_cmp_names[cmp],
				 desc ? "descending" : "ascending");
			tm_check_sorted(test, map, &sk, 1, what);
		}
	}
	/* No sort key at all: the order of the key bytes. */
	tm_check_sorted(test, map, NULL, 0, "no sort key");
}

static void tm_test_sort_sums(struct kunit *test)
{
	struct tracing_map_sort_key keys[TRACING_MAP_SORT_KEYS_MAX] = {
		{ .is_sum = true, .sum = 0, .cmp = TRACING_MAP_CMP_U64 },
		{ .is_sum = true, .sum = 1, .cmp = TRACING_MAP_CMP_S64 },
	};
	struct tracing_map *map;
	int d0, d1;

	map = tm_sort_map(test);
	for (d0 = 0; d0 < 2; d0++) {
		for (d1 = 0; d1 < 2; d1++) {
			keys[0].descending = d0;
			keys[1].descending = d1;
			tm_check_sorted(test, map, keys, 2, "sum0 u64, sum1 s64");
		}
	}
	/* -1 is the largest u64 but the smallest s64. */
	keys[0].sum = 1;
	keys[0].descending = false;
	tm_check_sorted(test, map, keys, 1, "sum1 u64");
	keys[0].cmp = TRACING_MAP_CMP_NONE;
	tm_check_sorted(test, map, keys, 1, "sum1 none");

	/* Per hit: sum 1 over sum 0 (0 where that is), signed or not. */
	keys[0] = (struct tracing_map_sort_key){ .is_sum = true, .sum = 1,
						 .per_hit = true, .hits = 0,
						 .cmp = TRACING_MAP_CMP_S64 };
	tm_check_sorted(test, map, keys, 1, "sum1 per sum0, s64");
	keys[0].cmp = TRACING_MAP_CMP_U64;
	keys[0].descending = true;
	tm_check_sorted(test, map, keys, 1, "sum1 per sum0, u64 descending");

	/* A sum, then a key field. */
	keys[0] = (struct tracing_map_sort_key){ .is_sum = true, .sum = 0,
						 .cmp = TRACING_MAP_CMP_U64,
						 .descending = true };
	tm_sort_field(TRACING_MAP_CMP_STRING, &keys[1]);
	tm_check_sorted(test, map, keys, 2, "sum0 descending, string");

	/* Two key fields. */
	tm_sort_field(TRACING_MAP_CMP_U8, &keys[0]);
	tm_sort_field(TRACING_MAP_CMP_S64, &keys[1]);
	keys[1].descending = true;
	tm_check_sorted(test, map, keys, 2, "u8, s64 descending");
}

static void tm_test_sort_invalid(struct kunit *test)
{
	struct tracing_map_sort_key keys[TRACING_MAP_SORT_KEYS_MAX + 1] = { };
	struct tracing_map *map = tm_create(test, 7, 16, 2, 0, NULL);
	struct tracing_map_sort_key *sk = &keys[0];
	struct tracing_map_snapshot *snap;

#define TM_EXPECT_EINVAL(n)						\
	KUNIT_EXPECT_EQ(test, PTR_ERR(tracing_map_snapshot(map, keys, n)), -EINVAL)

	*sk = (struct tracing_map_sort_key){ .is_sum = true, .sum = 2,
					     .cmp = TRACING_MAP_CMP_U64 };
	TM_EXPECT_EINVAL(1);
	sk->sum = 1;
	sk->cmp = TRACING_MAP_CMP_S32;
	TM_EXPECT_EINVAL(1);
	sk->cmp = TRACING_MAP_CMP_STRING;
	TM_EXPECT_EINVAL(1);
	*sk = (struct tracing_map_sort_key){ .is_sum = true, .sum = 1,
					     .per_hit = true, .hits = 2,
					     .cmp = TRACING_MAP_CMP_U64 };
	TM_EXPECT_EINVAL(1);

	*sk = (struct tracing_map_sort_key){ .offset = 12, .size = 8,
					     .cmp = TRACING_MAP_CMP_U64 };
	TM_EXPECT_EINVAL(1);
	sk->offset = 8;
	sk->size = 4;
	TM_EXPECT_EINVAL(1);
	sk->size = 0;
	sk->cmp = TRACING_MAP_CMP_STRING;
	TM_EXPECT_EINVAL(1);
	sk->size = 8;
	sk->cmp = TRACING_MAP_CMP_STRING + 1;
	TM_EXPECT_EINVAL(1);
	sk->cmp = TRACING_MAP_CMP_U64;
	TM_EXPECT_EINVAL(TRACING_MAP_SORT_KEYS_MAX + 1);
#undef TM_EXPECT_EINVAL

	/* The same key is fine, and an empty map makes an empty snapshot. */
	snap = tracing_map_snapshot(map, keys, 1);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, snap);
	KUNIT_EXPECT_EQ(test, snap->n_entries, 0);
	tracing_map_snapshot_free(snap);
}

/* ---- concurrent ---------------------------------------------------------- */

/* One hit of @key by @w: sum 0 counts it, sum 1 adds @add. */
static void tm_worker_hit(struct tm_worker *w, u64 key, u64 add)
{
	struct tracing_map_elt *elt = tracing_map_insert(w->run->map, &key);

	if (!elt) {
		w->failed++;
		return;
	}
	tracing_map_elt_sum_add(elt, 0, 1);
	tracing_map_elt_sum_add(elt, 1, add);
}

#define TM_SHARED_BITS		17
#define TM_SHARED_KEYS		65536
#define TM_SHARED_ROUNDS	2

/*
 * Every worker inserts the same keys in the same order, so that they race
 * to create each new key, then keeps hitting them. Sum 0 counts hits, sum
 * 1 adds the worker's id + 1. Many keys, because the virtual CPUs of an
 * emulator on a busy host overlap only now and then: with 8192 keys, one
 * CPU often created them all before another one ran.
 */
static void tm_shared_work(struct tm_worker *w)
{
	unsigned int i;

	for (i = 0; i < TM_SHARED_KEYS * TM_SHARED_ROUNDS; i++) {
		tm_chunk(i);
		tm_worker_hit(w, i % TM_SHARED_KEYS, w->id + 1);
	}
}

/* While the workers run: snapshots sorted by sum 0 must be sorted. */
static void tm_shared_poll(struct kunit *test, struct tm_run *run)
{
	static const struct tracing_map_sort_key sk = {
		.is_sum = true, .sum = 0, .cmp = TRACING_MAP_CMP_U64,
		.descending = true,
	};
	struct tracing_map_snapshot *snap;
	unsigned int i, bad = 0;

	snap = tracing_map_snapshot(run->map, &sk, 1);
	KUNIT_EXPECT_NOT_ERR_OR_NULL(test, snap);
	if (IS_ERR_OR_NULL(snap))
		return;
	KUNIT_EXPECT_LE(test, snap->n_entries, TM_SHARED_KEYS);
	for (i = 0; i + 1 < snap->n_entries; i++)
		if (snap->entries[i].sort_sums[0] < snap->entries[i + 1].sort_sums[0])
			bad++;
	KUNIT_EXPECT_EQ(test, bad, 0);
	tracing_map_snapshot_free(snap);
	schedule_timeout_uninterruptible(1);
}

static void tm_test_concurrent_shared_keys(struct kunit *test)
{
	struct tm_run run = { .work = tm_shared_work };
	struct tm_hooks *hooks = tm_hooks_new(test);
	unsigned int pos, n = 0, bad = 0, ncpu;
	struct tracing_map_elt *elt;
	u64 id_sum;

	run.map = tm_create(test, TM_SHARED_BITS, sizeof(u64), 2, 0, hooks);
	tm_run_on_cpus(test, &run, tm_shared_poll);
	ncpu = run.n_workers;
	id_sum = (u64)ncpu * (ncpu + 1) / 2;

	KUNIT_EXPECT_EQ(test, tm_run_sum_failed(&run), 0);
	KUNIT_EXPECT_EQ(test, tracing_map_entries(run.map), TM_SHARED_KEYS);
	KUNIT_EXPECT_EQ(test, tracing_map_drops(run.map), 0);
	KUNIT_EXPECT_EQ(test, tracing_map_hits(run.map),
			(u64)ncpu * TM_SHARED_KEYS * TM_SHARED_ROUNDS);
	pos = 0;
	while ((elt = tracing_map_next(run.map, &pos))) {
		n++;
		if (tracing_map_elt_sum(elt, 0) != (u64)ncpu * TM_SHARED_ROUNDS ||
		    tracing_map_elt_sum(elt, 1) != id_sum * TM_SHARED_ROUNDS)
			bad++;
	}
	KUNIT_EXPECT_EQ(test, n, TM_SHARED_KEYS);
	KUNIT_EXPECT_EQ(test, bad, 0);

	/*
	 * Each elt_init beyond one per key prepared an entry for a key that
	 * another CPU published first: that many races were lost, and the
	 * entries they prepared must not be lost with them.
	 */
	kunit_info(test, "%d insertion races lost\n",
		   atomic_read(&hooks->inits) - TM_SHARED_KEYS);
	KUNIT_EXPECT_EQ(test, tm_fill(run.map, 1ULL << 40, 1U << TM_SHARED_BITS),
			(1U << TM_SHARED_BITS) - TM_SHARED_KEYS);
}

#define TM_DISTINCT_KEYS	512
#define TM_DISTINCT_ROUNDS	6

/* Each worker has keys of its own: (id << 32) + i. */
static void tm_distinct_work(struct tm_worker *w)
{
	unsigned int i;
	u64 key;

	for (i = 0; i < TM_DISTINCT_KEYS * TM_DISTINCT_ROUNDS; i++) {
		tm_chunk(i);
		key = ((u64)w->id << 32) + i % TM_DISTINCT_KEYS;
		tm_worker_hit(w, key, key);
	}
}

static void tm_test_concurrent_distinct_keys(struct kunit *test)
{
	struct tm_run run = { .work = tm_distinct_work };
	struct tracing_map_elt *elt;
	unsigned int pos, n = 0, bad = 0;
	u64 key;

	run.map = tm_create(test, 13, sizeof(u64), 2, 0, NULL);
	tm_run_on_cpus(test, &run, NULL);

	KUNIT_EXPECT_EQ(test, tm_run_sum_failed(&run), 0);
	KUNIT_EXPECT_EQ(test, tracing_map_entries(run.map),
			run.n_workers * TM_DISTINCT_KEYS);
	KUNIT_EXPECT_EQ(test, tracing_map_hits(run.map),
			(u64)run.n_workers * TM_DISTINCT_KEYS * TM_DISTINCT_ROUNDS);
	pos = 0;
	while ((elt = tracing_map_next(run.map, &pos))) {
		key = tm_elt_key_u64(elt);
		n++;
		if (key >> 32 >= run.n_workers ||
		    (key & U32_MAX) >= TM_DISTINCT_KEYS ||
		    tracing_map_elt_sum(elt, 0) != TM_DISTINCT_ROUNDS ||
		    tracing_map_elt_sum(elt, 1) != key * TM_DISTINCT_ROUNDS)
			bad++;
	}
	KUNIT_EXPECT_EQ(test, n, run.n_workers * TM_DISTINCT_KEYS);
	KUNIT_EXPECT_EQ(test, bad, 0);
}

#define TM_MAX_ROUNDS	4096

/*
 * Every worker raises sum 0 of the one key to i * n + id and sum 1 to the
 * complement of that, for i up to TM_MAX_ROUNDS, in an order of its own:
 * sum 0 must end at the largest value any worker gave, sum 1 at the
 * complement of the smallest (a minimum, as hist keeps one).
 */
static void tm_max_work(struct tm_worker *w)
{
	unsigned int i, j, n = w->run->n_workers;
	struct tracing_map_elt *elt;
	u64 key = 1, v;

	for (i = 0; i < TM_MAX_ROUNDS; i++) {
		tm_chunk(i);
		j = (i * (2 * w->id + 1)) % TM_MAX_ROUNDS;	/* a permutation */
		v = (u64)j * n + w->id;
		elt = tracing_map_insert(w->run->map, &key);
		if (!elt) {
			w->failed++;
			continue;
		}
		tracing_map_elt_sum_max(elt, 0, v);
		tracing_map_elt_sum_max(elt, 1, ~v);
		w->ok++;
	}
}

static void tm_test_sum_max(struct kunit *test)
{
	struct tm_run run = { .work = tm_max_work };
	struct tracing_map_elt *elt;
	u64 key = 1;

	run.map = tm_create(test, 7, sizeof(u64), 2, 0, NULL);
	elt = tracing_map_insert(run.map, &key);
	KUNIT_ASSERT_NOT_NULL(test, elt);
	/* One CPU: a new maximum wins, a smaller value does not. */
	tracing_map_elt_sum_max(elt, 0, 5);
	tracing_map_elt_sum_max(elt, 0, 3);
	KUNIT_EXPECT_EQ(test, tracing_map_elt_sum(elt, 0), 5);
	tracing_map_elt_sum_max(elt, 0, U64_MAX);
	KUNIT_EXPECT_EQ(test, tracing_map_elt_sum(elt, 0), U64_MAX);
	tracing_map_clear(run.map);
	KUNIT_EXPECT_EQ(test, tracing_map_entries(run.map), 0);

	tm_run_on_cpus(test, &run, NULL);
	KUNIT_EXPECT_EQ(test, tm_run_sum_failed(&run), 0);
	elt = tracing_map_lookup(run.map, &key);
	KUNIT_ASSERT_NOT_NULL(test, elt);
	KUNIT_EXPECT_EQ(test, tracing_map_elt_sum(elt, 0),
			(u64)(TM_MAX_ROUNDS - 1) * run.n_workers +
			run.n_workers - 1);
	KUNIT_EXPECT_EQ(test, tracing_map_elt_sum(elt, 1), ~0ULL);
}

#define TM_TAKE_KEYS	256
#define TM_TAKE_ROUNDS	256

/* What the takes of tm_test_take() moved out, added up. */
struct tm_take_acc {
	u64		sums[2];
	unsigned int	takes;
	unsigned int	busy;
};

static void tm_take_work(struct tm_worker *w)
{
	unsigned int i;

	for (i = 0; i < TM_TAKE_KEYS * TM_TAKE_ROUNDS; i++) {
		tm_chunk(i);
		tm_worker_hit(w, i % TM_TAKE_KEYS, w->id + 1);
	}
}

/*
 * One take: every entry in it took something, and its sums go to the
 * total. (Not both sums: a hit whose two adds straddle the take has its
 * sum 0 in this one and its sum 1 in the next.)
 */
static void tm_take_once(struct kunit *test, struct tracing_map *map,
			 struct tm_take_acc *acc)
{
	struct tracing_map_snapshot *snap;
	unsigned int i, empty = 0;
	u64 s0, s1;

	snap = tracing_map_snapshot_take(map, NULL, 0);
	KUNIT_EXPECT_NOT_ERR_OR_NULL(test, snap);
	if (IS_ERR_OR_NULL(snap))
		return;
	for (i = 0; i < snap->n_entries; i++) {
		s0 = tracing_map_entry_sum(&snap->entries[i], 0);
		s1 = tracing_map_entry_sum(&snap->entries[i], 1);
		empty += !s0 && !s1;
		acc->sums[0] += s0;
		acc->sums[1] += s1;
	}
	KUNIT_EXPECT_EQ(test, empty, 0);
	acc->takes++;
	acc->busy += snap->n_entries > 0;
	tracing_map_snapshot_free(snap);
}

static void tm_take_poll(struct kunit *test, struct tm_run *run)
{
	tm_take_once(test, run->map, run->arg);
	cond_resched();
}

/*
 * tracing_map_snapshot_take(): on one CPU, it moves the sums out, leaves
 * entries without any out and sorts what it took; then, taken again and
 * again while every CPU hits the same keys, the takes add up to every hit.
 */
static void tm_test_take(struct kunit *test)
{
	static const struct tracing_map_sort_key sk = {
		.is_sum = true, .sum = 1, .cmp = TRACING_MAP_CMP_U64,
		.descending = true,
	};
	struct tm_take_acc acc = { };
	struct tm_run run = { .work = tm_take_work, .arg = &acc };
	struct tracing_map_snapshot *snap;
	struct tracing_map_elt *elt;
	unsigned int ncpu;
	u64 key;

	run.map = tm_create(test, 10, sizeof(u64), 2, 0, NULL);
	for (key = 1; key <= 3; key++) {
		elt = tracing_map_insert(run.map, &key);
		KUNIT_ASSERT_NOT_NULL(test, elt);
		if (key < 3) {
			tracing_map_elt_sum_add(elt, 0, key);
			tracing_map_elt_sum_add(elt, 1, 10 * key);
		}
	}
	snap = tracing_map_snapshot_take(run.map, &sk, 1);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, snap);
	KUNIT_ASSERT_EQ(test, snap->n_entries, 2);
	KUNIT_EXPECT_EQ(test, tm_elt_key_u64(snap->entries[0].elt), 2);
	KUNIT_EXPECT_EQ(test, tracing_map_entry_sum(&snap->entries[0], 0), 2);
	KUNIT_EXPECT_EQ(test, tracing_map_entry_sum(&snap->entries[0], 1), 20);
	KUNIT_EXPECT_EQ(test, snap->entries[0].sort_sums[0], 20);
	KUNIT_EXPECT_EQ(test, tm_elt_key_u64(snap->entries[1].elt), 1);
	KUNIT_EXPECT_EQ(test, tracing_map_entry_sum(&snap->entries[1], 1), 10);
	KUNIT_EXPECT_EQ(test, tracing_map_elt_sum(snap->entries[0].elt, 0), 0);
	KUNIT_EXPECT_EQ(test, tracing_map_elt_sum(snap->entries[1].elt, 1), 0);
	tracing_map_snapshot_free(snap);
	snap = tracing_map_snapshot_take(run.map, &sk, 1);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, snap);
	KUNIT_EXPECT_EQ(test, snap->n_entries, 0);
	tracing_map_snapshot_free(snap);
	KUNIT_EXPECT_EQ(test, tracing_map_entries(run.map), 3);
	tracing_map_clear(run.map);

	tm_run_on_cpus(test, &run, tm_take_poll);
	tm_take_once(test, run.map, &acc);
	ncpu = run.n_workers;
	KUNIT_EXPECT_EQ(test, tm_run_sum_failed(&run), 0);
	KUNIT_EXPECT_EQ(test, acc.sums[0],
			(u64)ncpu * TM_TAKE_KEYS * TM_TAKE_ROUNDS);
	KUNIT_EXPECT_EQ(test, acc.sums[1], (u64)ncpu * (ncpu + 1) / 2 *
			TM_TAKE_KEYS * TM_TAKE_ROUNDS);
	kunit_info(test, "%u takes, %u of them with hits\n", acc.takes,
		   acc.busy);
}

#define TM_FULL_KEYS	1024
#define TM_FULL_ROUNDS	3

/*
 * 1024 keys into 128 entries, every worker in its own order. Each accepted
 * hit adds one to sum 0 of its entry and to the worker's ok count.
 */
static void tm_full_work(struct tm_worker *w)
{
	unsigned int i, stride = 2 * w->id + 1;	/* odd: a permutation */
	struct tracing_map_elt *elt;
	u64 key;

	for (i = 0; i < TM_FULL_KEYS * TM_FULL_ROUNDS; i++) {
		tm_chunk(i);
		key = (i * stride + w->id * 97) % TM_FULL_KEYS;
		elt = tracing_map_insert(w->run->map, &key);
		if (!elt) {
			w->failed++;
			continue;
		}
		tracing_map_elt_sum_add(elt, 0, 1);
		w->ok++;
	}
}

static void tm_test_full_map_drops(struct kunit *test)
{
	struct tm_run run = { .work = tm_full_work };
	struct tracing_map_elt *elt;
	u64 accepted, sum = 0;
	unsigned int pos;

	run.map = tm_create(test, 7, sizeof(u64), 1, 0, NULL);
	tm_run_on_cpus(test, &run, NULL);
	accepted = tm_run_sum_ok(&run);

	KUNIT_EXPECT_EQ(test, tracing_map_hits(run.map),
			(u64)run.n_workers * TM_FULL_KEYS * TM_FULL_ROUNDS);
	KUNIT_EXPECT_EQ(test, tracing_map_drops(run.map),
			tm_run_sum_failed(&run));
	pos = 0;
	while ((elt = tracing_map_next(run.map, &pos)))
		sum += tracing_map_elt_sum(elt, 0);
	KUNIT_EXPECT_EQ(test, sum, accepted);

	/*
	 * Every entry holds a key, or will as soon as a new key comes: an
	 * entry a lost race kept back is taken when the others run out.
	 */
	KUNIT_EXPECT_LE(test, tracing_map_entries(run.map), 128);
	tm_fill(run.map, 1ULL << 40, 256);
	KUNIT_EXPECT_EQ(test, tracing_map_entries(run.map), 128);

	/* Present keys are still found and updated when full. */
	pos = 0;
	elt = tracing_map_next(run.map, &pos);
	KUNIT_ASSERT_NOT_NULL(test, elt);
	KUNIT_EXPECT_PTR_EQ(test, tracing_map_insert(run.map,
						     tracing_map_elt_key(elt)),
			    elt);
}

#define TM_VAR_HANDOFFS	1024
#define TM_VAR_VALUES	SZ_64K

/**
 * struct tm_var_ctx - state of the concurrent variable cases
 * @elt:	the entry whose variable 0 they use
 * @consumed:	bit v set when value v was consumed
 * @done:	the producer is done
 * @dups:	values consumed twice
 * @alien:	values read that nobody set
 */
struct tm_var_ctx {
	struct tracing_map_elt	*elt;
	unsigned long		*consumed;
	bool			done;
	atomic_t		dups;
	atomic_t		alien;
};

static void tm_var_consume(struct tm_var_ctx *ctx, u64 v, unsigned long nbits)
{
	if (v >= nbits)
		atomic_inc(&ctx->alien);
	else if (test_and_set_bit(v, ctx->consumed))
		atomic_inc(&ctx->dups);
}

/*
 * Worker 0 produces 0..TM_VAR_HANDOFFS - 1, one at a time, waiting until
 * the previous value was consumed; the others race to consume each one,
 * and peek at it with var_get on the way.
 */
static void tm_var_handoff_work(struct tm_worker *w)
{
	struct tm_var_ctx *ctx = w->run->arg;
	unsigned int i = 0, v;
	u64 val;

	if (!w->id) {
		for (v = 0; v <= TM_VAR_HANDOFFS; v++) {
			while (tracing_map_elt_var_is_set(ctx->elt, 0))
				tm_chunk(i++);
			if (v < TM_VAR_HANDOFFS &&
			    !tracing_map_elt_var_set(ctx->elt, 0, v))
				w->failed++;
		}
		WRITE_ONCE(ctx->done, true);
		return;
	}
	while (!READ_ONCE(ctx->done)) {
		tm_chunk(i++);
		if (tracing_map_elt_var_get(ctx->elt, 0, &val) &&
		    val >= TM_VAR_HANDOFFS)
			atomic_inc(&ctx->alien);
		if (!tracing_map_elt_var_read_once(ctx->elt, 0, &val))
			continue;
		tm_var_consume(ctx, val, TM_VAR_HANDOFFS);
		w->ok++;
	}
}

/*
 * Every worker sets values of its own (id * TM_VAR_VALUES + i) and, every
 * other time, consumes whatever is there: values get overwritten and
 * fought over, and no value may come out twice. ok counts the values a
 * worker consumed that another one set, failed the sets that lost to a
 * concurrent set.
 */
static void tm_var_free_for_all_work(struct tm_worker *w)
{
	struct tm_var_ctx *ctx = w->run->arg;
	unsigned long nbits = w->run->n_workers * TM_VAR_VALUES;
	unsigned int i;
	u64 val;

	for (i = 0; i < TM_VAR_VALUES; i++) {
		tm_chunk(i);
		if (!tracing_map_elt_var_set(ctx->elt, 0,
					     (u64)w->id * TM_VAR_VALUES + i))
			w->failed++;
		if (!(i & 1) ||
		    !tracing_map_elt_var_read_once(ctx->elt, 0, &val))
			continue;
		tm_var_consume(ctx, val, nbits);
		if (div_u64(val, TM_VAR_VALUES) != w->id)
			w->ok++;
	}
}

static void tm_test_vars_read_once_concurrent(struct kunit *test)
{
	struct tm_var_ctx ctx = { };
	struct tm_run run = { .arg = &ctx };
	unsigned long nbits;
	u64 key = 0, val;

	if (num_online_cpus() < 2)
		kunit_skip(test, "needs two CPUs");
	run.map = tm_create(test, 7, sizeof(u64), 0, 1, NULL);
	ctx.elt = tracing_map_insert(run.map, &key);
	KUNIT_ASSERT_NOT_NULL(test, ctx.elt);

	/* One producer, the other CPUs race for each value: all arrive once. */
	ctx.consumed = kunit_kcalloc(test, BITS_TO_LONGS(TM_VAR_HANDOFFS),
				     sizeof(long), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx.consumed);
	run.work = tm_var_handoff_work;
	tm_run_on_cpus(test, &run, NULL);
	KUNIT_EXPECT_EQ(test, tm_run_sum_failed(&run), 0);
	KUNIT_EXPECT_EQ(test, tm_run_sum_ok(&run), TM_VAR_HANDOFFS);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx.dups), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx.alien), 0);
	KUNIT_EXPECT_EQ(test, bitmap_weight(ctx.consumed, TM_VAR_HANDOFFS),
			TM_VAR_HANDOFFS);

	/* Everyone sets and consumes: overwrites allowed, duplicates not. */
	nbits = num_online_cpus() * TM_VAR_VALUES;
	ctx.consumed = kunit_kcalloc(test, BITS_TO_LONGS(nbits), sizeof(long),
				     GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx.consumed);
	run.work = tm_var_free_for_all_work;
	tm_run_on_cpus(test, &run, NULL);
	if (tracing_map_elt_var_read_once(ctx.elt, 0, &val))
		tm_var_consume(&ctx, val, nbits);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx.dups), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx.alien), 0);
	kunit_info(test, "%u values consumed, %llu of them set by another CPU, %llu sets lost to a concurrent one\n",
		   bitmap_weight(ctx.consumed, nbits), tm_run_sum_ok(&run),
		   tm_run_sum_failed(&run));
}

/*
 * Bytes carried beside a variable, under fire: every worker writes
 * payloads of one repeated byte (the value says which) through the
 * two-buffer protocol, and reads them back, consuming every other time. A
 * read the protocol calls whole must hold nothing but the value's byte.
 */
#define TM_PAYLOAD	256

struct tm_payload_ctx {
	struct tracing_map_elt	*elt;
	u8			buf[2][TM_PAYLOAD];
	atomic_t		torn;
};

static void tm_payload_work(struct tm_worker *w)
{
	struct tm_payload_ctx *ctx = w->run->arg;
	struct tracing_map_var_read rd;
	u8 copy[TM_PAYLOAD];
	unsigned int i;
	int b;

	for (i = 0; i < TM_VAR_VALUES / 4; i++) {
		u8 pattern = w->id * 37 + i;

		tm_chunk(i);
		b = tracing_map_elt_var_write_begin(ctx->elt, 0);
		if (b >= 0) {
			memset(ctx->buf[b], pattern, TM_PAYLOAD);
			tracing_map_elt_var_write_end(ctx->elt, 0, pattern);
		}
		if (!tracing_map_elt_var_read_begin(ctx->elt, 0, &rd))
			continue;
		memcpy(copy, ctx->buf[rd.buf], TM_PAYLOAD);
		if (!tracing_map_elt_var_read_end(ctx->elt, 0, &rd, i & 1)) {
			w->failed++;
			continue;
		}
		w->ok++;
		if (memchr_inv(copy, (u8)rd.val, TM_PAYLOAD))
			atomic_inc(&ctx->torn);
	}
}

static void tm_test_var_buffers_concurrent(struct kunit *test)
{
	struct tm_payload_ctx *ctx;
	struct tm_run run = { };
	u64 key = 0;

	if (num_online_cpus() < 2)
		kunit_skip(test, "needs two CPUs");
	ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx);
	run.map = tm_create(test, 7, sizeof(u64), 0, 1, NULL);
	ctx->elt = tracing_map_insert(run.map, &key);
	KUNIT_ASSERT_NOT_NULL(test, ctx->elt);
	run.arg = ctx;
	run.work = tm_payload_work;
	tm_run_on_cpus(test, &run, NULL);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->torn), 0);
	KUNIT_EXPECT_GT(test, tm_run_sum_ok(&run), 0);
	kunit_info(test, "%llu whole reads, %llu reads retried\n",
		   tm_run_sum_ok(&run), tm_run_sum_failed(&run));
}

/* ---- throughput ---------------------------------------------------------- */

#define TM_PERF_NEW	SZ_64K		/* new keys per measurement */
#define TM_PERF_KEYS	1024		/* existing keys updated */
#define TM_PERF_UPDATES	SZ_128K		/* updates per worker */

/*
 * New keys: worker w inserts its share of 0..TM_PERF_NEW - 1. Updates:
 * each worker hits the TM_PERF_KEYS existing keys in turn.
 */
static void tm_perf_new_work(struct tm_worker *w)
{
	unsigned int i, n = TM_PERF_NEW / w->run->n_workers;
	u64 key;

	for (i = 0; i < n; i++) {
		tm_chunk(i);
		key = (u64)w->id * n + i;
		if (tracing_map_insert(w->run->map, &key))
			w->ok++;
	}
}

static void tm_perf_update_work(struct tm_worker *w)
{
	struct tracing_map_elt *elt;
	unsigned int i;
	u64 key;

	for (i = 0; i < TM_PERF_UPDATES; i++) {
		tm_chunk(i);
		key = i % TM_PERF_KEYS;
		elt = tracing_map_insert(w->run->map, &key);
		if (elt) {
			tracing_map_elt_sum_add(elt, 0, 1);
			w->ok++;
		}
	}
}

/* Run @work in the test's thread only; return the ns it took. */
static u64 tm_perf_one_cpu(struct tm_run *run, void (*work)(struct tm_worker *w))
{
	struct tm_worker w = { .run = run };
	u64 t0;

	run->n_workers = 1;
	run->workers = &w;
	t0 = ktime_get_ns();
	preempt_disable();
	work(&w);
	preempt_enable();
	t0 = ktime_get_ns() - t0;
	run->n_workers = 0;
	run->workers = NULL;
	return t0;
}

static u64 tm_rate(u64 ops, u64 ns)
{
	return ns ? div64_u64(ops * NSEC_PER_SEC, ns) : 0;
}

static void tm_test_throughput(struct kunit *test)
{
	struct tracing_map *map = tm_create(test, 17, sizeof(u64), 1, 0, NULL);
	u64 new1, new_all, upd1, upd_all, ns;
	struct tm_run run = { .map = map };
	unsigned int ncpu = num_online_cpus();

	ns = tm_perf_one_cpu(&run, tm_perf_new_work);
	KUNIT_EXPECT_EQ(test, tracing_map_entries(map), TM_PERF_NEW);
	new1 = tm_rate(TM_PERF_NEW, ns);

	/* The first TM_PERF_KEYS of those keys exist: update them. */
	ns = tm_perf_one_cpu(&run, tm_perf_update_work);
	upd1 = tm_rate(TM_PERF_UPDATES, ns);

	tracing_map_clear(map);
	run.work = tm_perf_new_work;
	ns = tm_run_on_cpus(test, &run, NULL);
	KUNIT_EXPECT_EQ(test, tracing_map_entries(map),
			TM_PERF_NEW / ncpu * ncpu);
	new_all = tm_rate(tm_run_sum_ok(&run), ns);

	run.work = tm_perf_update_work;
	ns = tm_run_on_cpus(test, &run, NULL);
	KUNIT_EXPECT_EQ(test, tm_run_sum_ok(&run), (u64)ncpu * TM_PERF_UPDATES);
	upd_all = tm_rate(tm_run_sum_ok(&run), ns);

	kunit_info(test, "%zu bytes per entry (u64 key, one sum)\n",
		   tracing_map_bytes_per_entry(map));
	kunit_info(test, "new-key inserts/s: %llu on 1 CPU, %llu on %u CPUs\n",
		   new1, new_all, ncpu);
	kunit_info(test, "existing-key updates/s: %llu on 1 CPU, %llu on %u CPUs (%u shared keys)\n",
		   upd1, upd_all, ncpu, TM_PERF_KEYS);
}

static struct kunit_case tracing_map_test_cases[] = {
	KUNIT_CASE(tm_test_params),
	KUNIT_CASE(tm_test_insert_lookup),
	KUNIT_CASE(tm_test_vars),
	KUNIT_CASE(tm_test_var_buffers),
	KUNIT_CASE(tm_test_clear),
	KUNIT_CASE(tm_test_nested_insert),
	KUNIT_CASE(tm_test_sort_key_fields),
	KUNIT_CASE(tm_test_sort_sums),
	KUNIT_CASE(tm_test_sort_invalid),
	KUNIT_CASE_SLOW(tm_test_concurrent_shared_keys),
	KUNIT_CASE(tm_test_concurrent_distinct_keys),
	KUNIT_CASE(tm_test_full_map_drops),
	KUNIT_CASE(tm_test_sum_max),
	KUNIT_CASE(tm_test_take),
	KUNIT_CASE_SLOW(tm_test_vars_read_once_concurrent),
	KUNIT_CASE_SLOW(tm_test_var_buffers_concurrent),
	KUNIT_CASE_SLOW(tm_test_fill_max),
	KUNIT_CASE(tm_test_spread),
	KUNIT_CASE_SLOW(tm_test_throughput),
	{}
};

static struct kunit_suite tracing_map_test_suite = {
	.name = "tracing_map",
	.test_cases = tracing_map_test_cases,
};

kunit_test_suite(tracing_map_test_suite);

MODULE_DESCRIPTION("KUnit tests for tracing_map");
MODULE_LICENSE("GPL");
