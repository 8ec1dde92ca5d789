// SPDX-License-Identifier: GPL-2.0
/*
 * benchloop - the event source and stopwatch of make bench (harness/bench/).
 * Built static on the host, run in the guest as /bin/benchloop by
 * harness/guest/bench.sh.
 *
 * The events are two user_events that bench.sh creates in dynamic_events
 * before the first run:
 *
 *   bench_a u32 k;u32 a;u32 b;u32 c;char[16] s
 *   bench_b u32 k
 *
 * Usage:
 *
 *   benchloop run [-t SECONDS | -n COUNT] [-w WARM] [-c CPU[,CPU...]]
 *                 [-k MOD] [-d] [-2] [-S]
 *       One process pinned to each CPU (default: CPU 0) writes bench_a in a
 *       tight loop, one write(2) to user_events_data an iteration, for
 *       SECONDS (default 1) or COUNT iterations, after WARM untimed ones
 *       (default 1000). Iteration i writes k = i % MOD (default 4096),
 *       a, b, c = bits 0, 1, 2 of i, s = "bench-str-NN" with NN = i % 16.
 *       -d adds the process's index times MOD to k (distinct keys per CPU).
 *       -2 writes bench_b (k alike) right after each bench_a: an iteration
 *       is then two events. -S writes 1 + i % MOD bytes (at most 2^17) to
 *       /dev/null instead of bench_a: an iteration is one write(2), the
 *       events syscalls/sys_enter_write and sys_exit_write, as users trace
 *       them. The processes start together (they wait on a
 *       pipe once all are warmed up) and each times its own loop with
 *       CLOCK_MONOTONIC, chunk by chunk of 32 iterations. Prints
 *
 *         iters=N ns=X p50=Y p10=Z
 *
 *       N the iterations of all processes, X the nanoseconds one iteration
 *       took (the loop's time over its iterations), Y and Z the same in
 *       the median chunk and in the chunk at the 10th percentile (the
 *       tenth fastest of a hundred: chunks in which the host did not take
 *       the vCPU away); each the mean over the processes. A write that
 *       fails (EBADF: nothing traces the event, no trigger took) is an
 *       error.
 *
 *   benchloop read FILE [-r REPEAT] [-o COPY]
 *       Read FILE to its end REPEAT times (default 1); prints
 *         bytes=B ms=X
 *       B the bytes of one read, X the mean milliseconds of one read.
 *       With -o, what the last read returned is written to COPY (kept in
 *       memory during the read, written after it).
 *
 *   benchloop trig FILE COMMAND [-r REPEAT]
 *       REPEAT times (default 10): append COMMAND to FILE (a trigger file),
 *       then "!COMMAND"; each one write(2). Prints
 *         create_us=X remove_us=Y
 *       the median microseconds of one creation and of one removal.
 *
 * Exit status 0, or 1 with a message on stderr.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../lib/guest_die.h"
#include "../lib/user_events.h"


#define TRACEFS		"/sys/kernel/tracing"
#define DECL_A		"bench_a u32 k;u32 a;u32 b;u32 c;char[16] s"
#define DECL_B		"bench_b u32 k"
#define MAX_CPUS	64
#define CHUNK		32	/* iterations timed together */
#define MAX_CHUNKS	(1 << 22)

/* What one write(2) sends: the write index, then the event's fields. */
struct rec_a {
	uint32_t index;
	uint32_t k, a, b, c;
	char s[16];
} __attribute__((__packed__));

struct rec_b {
	uint32_t index;
	uint32_t k;
} __attribute__((__packed__));

/* What a loop process reports to the parent through the result pipe. */
struct outcome {
	uint64_t iters;
	uint64_t ns;
	double p50, p10;	/* ns an iteration in the median, 10th percentile chunk */
	int err;		/* errno of the first failed write, or 0 */
};

struct opts {
	double seconds;
	long count;		/* > 0: run this many iterations, not seconds */
	long warm;
	uint32_t mod;
	int distinct;
	int pair;
	int syscall;		/* -S: write(2) to /dev/null, not bench_a */
	int ncpus;
	int cpus[MAX_CPUS];
};

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

static void pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set) < 0)
		die("cannot pin to CPU", NULL);
}

/*
 * Register DECL on FD with ENABLED as its enable word; returns the write
 * index. The event exists already (bench.sh created it in dynamic_events).
 */
static uint32_t reg_event(int fd, const char *decl, uint32_t *enabled)
{
	struct user_reg reg = { 0 };

	reg.size = sizeof(reg);
	reg.enable_bit = 0;
	reg.enable_size = sizeof(*enabled);
	reg.enable_addr = (uint64_t)(uintptr_t)enabled;
	reg.name_args = (uint64_t)(uintptr_t)decl;
	if (ioctl(fd, DIAG_IOCSREG, &reg) < 0)
		die("DIAG_IOCSREG failed for", decl);
	return reg.write_index;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/* The nanoseconds an iteration of the chunk at fraction Q of the sorted times. */
static double quantile(const uint32_t *sorted, size_t n, double q)
{
	if (!n)
		return 0;
	return (double)sorted[(size_t)(q * (n - 1))] / CHUNK;
}

/*
 * The loop of one process: IDX is its index among the processes. Once
 * warmed up it says so on READY and waits for GO to be closed. Every CHUNK
 * iterations it reads the clock and keeps the chunk's time. Writes its
 * outcome to OUT.
 */
static void loop(const struct opts *o, int idx, int ready, int go, int out)
{
	static uint32_t en_a, en_b;
	static char strs[16][16];
	static char zeros[1 << 17];	/* the most a write(2) of -S sends */
	struct outcome res = { 0 };
	struct rec_a ra = { 0 };
	struct rec_b rb = { 0 };
	uint64_t i, t0, t, tprev, total, limit_ns;
	uint32_t base = o->distinct ? (uint32_t)idx * o->mod : 0;
	uint32_t *chunks;
	size_t nchunks = 0;
	char c;
	int fd;

	pin(o->cpus[idx]);
	chunks = malloc(MAX_CHUNKS * sizeof(*chunks));
	if (!chunks)
		die("out of memory", NULL);
	for (i = 0; i < 16; i++)
		snprintf(strs[i], sizeof(strs[i]), "bench-str-%02d", (int)i);
	if (o->syscall) {
		fd = open("/dev/null", O_WRONLY);
		if (fd < 0)
			die("cannot open /dev/null", NULL);
	} else {
		fd = open(TRACEFS "/user_events_data", O_RDWR);
		if (fd < 0)
			die("cannot open user_events_data", NULL);
		ra.index = reg_event(fd, DECL_A, &en_a);
		if (o->pair)
			rb.index = reg_event(fd, DECL_B, &en_b);
	}

	total = o->warm;
	limit_ns = o->count > 0 ? UINT64_MAX : (uint64_t)(o->seconds * 1e9);
	t0 = tprev = 0;
	for (i = 0;; i++) {
		if (i == (uint64_t)o->warm) {
			/* Warmed up: wait for the start, then time the rest. */
			c = 'r';
			if (write(ready, &c, 1) != 1 || read(go, &c, 1) < 0)
				die("start pipe", NULL);
			t0 = tprev = now_ns();
			total = o->count > 0 ? (uint64_t)(o->warm + o->count) : UINT64_MAX;
		}
		if (i >= total)
			break;
		if (i > (uint64_t)o->warm && (i - o->warm) % CHUNK == 0) {
			t = now_ns();
			if (nchunks < MAX_CHUNKS)
				chunks[nchunks++] = t - tprev > UINT32_MAX ?
						    UINT32_MAX : t - tprev;
			tprev = t;
			if (t - t0 >= limit_ns)
				break;
		}
		if (o->syscall) {
			if (write(fd, zeros, 1 + (base + i % o->mod) % sizeof(zeros)) < 0 &&
			    !res.err)
				res.err = errno;
			continue;
		}
		ra.k = base + (uint32_t)(i % o->mod);
		ra.a = i & 1;
		ra.b = (i >> 1) & 1;
		ra.c = (i >> 2) & 1;
		memcpy(ra.s, strs[i & 15], sizeof(ra.s));
		if (write(fd, &ra, sizeof(ra)) < 0 && !res.err)
			res.err = errno;
		if (o->pair) {
			rb.k = ra.k;
			if (write(fd, &rb, sizeof(rb)) < 0 && !res.err)
				res.err = errno;
		}
	}
	res.iters = i - o->warm;
	res.ns = now_ns() - t0;
	qsort(chunks, nchunks, sizeof(*chunks), cmp_u32);
	res.p50 = quantile(chunks, nchunks, 0.5);
	res.p10 = quantile(chunks, nchunks, 0.1);
	if (write(out, &res, sizeof(res)) != sizeof(res))
		die("result pipe", NULL);
	free(chunks);
	close(fd);
}

static void parse_cpus(struct opts *o, const char *arg)
{
	char *copy = strdup(arg), *tok, *save;

	o->ncpus = 0;
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (o->ncpus == MAX_CPUS)
			die("too many CPUs in", arg);
		o->cpus[o->ncpus++] = atoi(tok);
	}
	free(copy);
	if (!o->ncpus)
		die("no CPU in", arg);
}

static int cmd_run(int argc, char **argv)
{
	struct opts o = { .seconds = 1, .warm = 1000, .mod = 4096,
			  .ncpus = 1, .cpus = { 0 } };
	struct outcome res;
	int ready[2], go[2], out[2], opt, p, err = 0, status;
	uint64_t iters = 0;
	double ns = 0, p50 = 0, p10 = 0;
	pid_t pid;

	while ((opt = getopt(argc, argv, "t:n:w:c:k:d2S")) != -1) {
		switch (opt) {
		case 't':
			o.seconds = atof(optarg);
			break;
		case 'n':
			o.count = atol(optarg);
			break;
		case 'w':
			o.warm = atol(optarg);
			break;
		case 'c':
			parse_cpus(&o, optarg);
			break;
		case 'k':
			o.mod = strtoul(optarg, NULL, 0);
			break;
		case 'd':
			o.distinct = 1;
			break;
		case '2':
			o.pair = 1;
			break;
		case 'S':
			o.syscall = 1;
			break;
		default:
			die("bad option for run", NULL);
		}
	}
	if (!o.mod || o.warm < 0)
		die("-k must be > 0 and -w >= 0", NULL);
	if (pipe(ready) < 0 || pipe(go) < 0 || pipe(out) < 0)
		die("pipe", NULL);
	for (p = 0; p < o.ncpus; p++) {
		pid = fork();
		if (pid < 0)
			die("fork", NULL);
		if (pid == 0) {
			close(ready[0]);
			close(go[1]);
			close(out[0]);
			loop(&o, p, ready[1], go[0], out[1]);
			_exit(0);
		}
	}
	close(ready[1]);
	close(go[0]);
	close(out[1]);
	/* All warmed up: closing GO wakes every process's read(2) at once. */
	for (p = 0; p < o.ncpus; p++) {
		char c;

		if (read(ready[0], &c, 1) != 1) {
			fprintf(stderr, "benchloop: a loop process died\n");
			return 1;
		}
	}
	close(go[1]);
	for (p = 0; p < o.ncpus; p++) {
		if (read(out[0], &res, sizeof(res)) != sizeof(res)) {
			fprintf(stderr, "benchloop: a loop process died\n");
			return 1;
		}
		if (res.err && !err)
			err = res.err;
		iters += res.iters;
		ns += res.iters ? (double)res.ns / res.iters : 0;
		p50 += res.p50;
		p10 += res.p10;
	}
	while (wait(&status) > 0)
		;
	if (err) {
		errno = err;
		die("writing the event failed (no trigger on it?)", NULL);
	}
	printf("iters=%llu ns=%.1f p50=%.1f p10=%.1f\n", (unsigned long long)iters,
	       ns / o.ncpus, p50 / o.ncpus, p10 / o.ncpus);
	return 0;
}

static int cmd_read(int argc, char **argv)
{
	static char buf[1 << 16];
	long repeat = 1, r, bytes = 0;
	size_t cap = 0, len = 0;
	const char *keep = NULL;
	char *copy = NULL;
	uint64_t t0, total = 0;
	int fd, opt;
	ssize_t n;

	if (argc < 2)
		die("usage: benchloop read FILE [-r REPEAT] [-o COPY]", NULL);
	optind = 2;
	while ((opt = getopt(argc, argv, "r:o:")) != -1) {
		if (opt == 'r')
			repeat = atol(optarg);
		else if (opt == 'o')
			keep = optarg;
		else
			die("bad option for read", NULL);
	}
	for (r = 0; r < repeat; r++) {
		fd = open(argv[1], O_RDONLY);
		if (fd < 0)
			die("cannot open", argv[1]);
		bytes = 0;
		len = 0;
		t0 = now_ns();
		while ((n = read(fd, buf, sizeof(buf))) > 0) {
			bytes += n;
			if (!keep)
				continue;
			/* Kept in memory; a copy costs little beside the read. */
			if (len + n > cap) {
				cap = cap ? 2 * cap : 1 << 20;
				copy = realloc(copy, cap);
				if (!copy)
					die("out of memory", NULL);
			}
			memcpy(copy + len, buf, n);
			len += n;
		}
		total += now_ns() - t0;
		if (n < 0)
			die("cannot read", argv[1]);
		close(fd);
	}
	if (keep) {
		fd = open(keep, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0 || write(fd, copy, len) != (ssize_t)len)
			die("cannot write", keep);
		close(fd);
		free(copy);
	}
	printf("bytes=%ld ms=%.3f\n", bytes, total / 1e6 / repeat);
	return 0;
}

/* Write TEXT to FILE in one write(2); the nanoseconds it took. */
static uint64_t timed_write(const char *file, const char *text)
{
	uint64_t t0, t1;
	ssize_t n;
	int fd;

	fd = open(file, O_WRONLY | O_APPEND);
	if (fd < 0)
		die("cannot open", file);
	t0 = now_ns();
	n = write(fd, text, strlen(text));
	t1 = now_ns();
	if (n < 0)
		die("trigger refused:", text);
	close(fd);
	return t1 - t0;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* The median of the N values of V (sorted in place). */
static double median(uint64_t *v, long n)
{
	qsort(v, n, sizeof(*v), cmp_u64);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

static int cmd_trig(int argc, char **argv)
{
	uint64_t *create, *remove;
	long repeat = 10, r;
	char *undo;
	int opt;

	if (argc < 3)
		die("usage: benchloop trig FILE COMMAND [-r REPEAT]", NULL);
	optind = 3;
	while ((opt = getopt(argc, argv, "r:")) != -1) {
		if (opt != 'r')
			die("bad option for trig", NULL);
		repeat = atol(optarg);
	}
	if (repeat < 1)
		die("-r must be at least 1", NULL);
	create = calloc(repeat, sizeof(*create));
	remove = calloc(repeat, sizeof(*remove));
	if (asprintf(&undo, "!%s", argv[2]) < 0 || !create || !remove)
		die("out of memory", NULL);
	for (r = 0; r < repeat; r++) {
		create[r] = timed_write(argv[1], argv[2]);
		remove[r] = timed_write(argv[1], undo);
	}
	printf("create_us=%.1f remove_us=%.1f\n",
	       median(create, repeat) / 1e3, median(remove, repeat) / 1e3);
	free(undo);
	free(create);
	free(remove);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 2)
		die("usage: benchloop run|read|trig ... (see harness/bench/loop.c)", NULL);
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (!strcmp(argv[1], "run"))
		return cmd_run(argc - 1, argv + 1);
	if (!strcmp(argv[1], "read"))
		return cmd_read(argc - 1, argv + 1);
	if (!strcmp(argv[1], "trig"))
		return cmd_trig(argc - 1, argv + 1);
	die("unknown action", argv[1]);
	return 1;
}
