// SPDX-License-Identifier: GPL-2.0
/*
 * tracefs-hist - hist triggers and synthetic events made by libtracefs
 *
 * A real client of the hist code, unmodified: Debian's libtracefs (1.6.4)
 * writes the commands, this program only calls its API and prints what the
 * kernel shows afterwards.  The events are user_events whose field values
 * are chosen here, so the histograms are the same on every run and on every
 * kernel; the transcript on stdout is compared with stock's
 * (harness/clients/refs/libtracefs.out) by the guest.  Besides, each step
 * checks what does not depend on the kernel's wording (a call succeeded,
 * a trigger is [active] or [paused], a histogram has the hits written) and
 * a failed check makes the exit status 1.
 *
 *   tracefs-hist          every check, the transcript on stdout
 *   tracefs-hist session CMD
 *                         make the synthetic event hg_lat (onmatch) with a
 *                         hist on it, run the shell command CMD, remove
 *                         them (for trace-cmd: harness/guest/clients.sh)
 *   tracefs-hist fire     write the start/end events of hg_lat
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <regex.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <tracefs.h>

#include "../lib/user_events.h"

/* include/uapi/linux/user_events.h of 6.12 (not in bookworm's headers) */
#define USER_EVENT_REG_PERSIST	(1U << 0)

#define UE_SYS	"user_events"

/* One user event: its definition, and where the kernel reports it enabled */
struct uevent {
	const char *name;
	const char *def;
	uint32_t enabled;
	uint32_t index;
};

static struct uevent ev_sample = { "hg_sample", "hg_sample u32 a; u32 b; u64 val" };
static struct uevent ev_start = { "hg_start", "hg_start u32 id; u32 a; u64 val" };
static struct uevent ev_end = { "hg_end", "hg_end u32 id; u32 b; u64 val" };
static struct uevent *uevents[] = { &ev_sample, &ev_start, &ev_end };

/* The payload of all three: the fields in the order of their definition */
struct payload {
	uint32_t x;
	uint32_t y;
	uint64_t val;
};

static int data_fd = -1;
static int failures;

static void fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	printf("FAILED: ");
	vprintf(fmt, ap);
	printf("\n");
	va_end(ap);
	fflush(stdout);
	failures++;
}

static void section(const char *title)
{
	printf("\n## %s\n", title);
	fflush(stdout);
}

/*
 * Print text with what differs from run to run masked: the random number
 * in the names of the variables libtracefs makes ("__arg_19486_1" becomes
 * "__arg_R_1"), and the pid after this program's execname
 * ("tracefs-hist    [    57]" becomes "tracefs-hist    [PID]").
 */
static void emit(const char *text)
{
	static regex_t var_re;
	static bool compiled;
	regmatch_t m[3];
	const char *p, *end, *mark, *close;
	char line[8192];

	if (!compiled) {
		if (regcomp(&var_re, "(__[A-Za-z_]*[A-Za-z])_[0-9]+_[0-9]",
			    REG_EXTENDED)) {
			fprintf(stderr, "regcomp failed\n");
			exit(2);
		}
		compiled = true;
	}
	for (p = text; *p; p = end) {
		const char *rest = line;

		end = strchr(p, '\n');
		end = end ? end + 1 : p + strlen(p);
		snprintf(line, sizeof(line), "%.*s", (int)(end - p), p);
		mark = strstr(line, "tracefs-hist ");
		if (mark) {
			mark += strlen("tracefs-hist");
			mark += strspn(mark, " ");
		}
		close = mark && *mark == '[' ? strchr(mark, ']') : NULL;
		if (close) {
			printf("%.*s[PID]", (int)(mark - line), line);
			rest = close + 1;
		}
		while (!regexec(&var_re, rest, 3, m, 0)) {
			const char *digits = rest + m[1].rm_eo + 1;

			printf("%.*s_R", (int)m[1].rm_eo, rest);
			rest = digits + strspn(digits, "0123456789");
		}
		printf("%s", rest);
	}
	if (p > text && p[-1] != '\n')
		printf("\n");
	fflush(stdout);
}

static void show_text(const char *label, const char *text)
{
	printf("# %s\n", label);
	emit(text ? text : "(empty)\n");
}

static char *event_file(const char *sys, const char *ev, const char *file)
{
	return tracefs_event_file_read(NULL, sys, ev, file, NULL);
}

/* One entry of a hist file: its "{ ... }" line and the lines below it */
struct hist_entry {
	const char *text;
	int len;
	unsigned long long hits;
};

static int entry_cmp(const void *a, const void *b)
{
	const struct hist_entry *x = a, *y = b;
	int n = x->len < y->len ? x->len : y->len;
	int r;

	if (x->hits != y->hits)
		return x->hits < y->hits ? -1 : 1;
	r = memcmp(x->text, y->text, n);
	return r ? r : x->len - y->len;
}

/*
 * A hist file sorted on hitcount (libtracefs's hists of a synthetic event's
 * start and end events are) lists entries with the same hitcount in any
 * order, on stock as on ours: check that the kernel's order is ascending
 * in hitcount, then print the entries of one hitcount in the order of
 * their text.  Other hist files are printed as they are.
 */
static char *hist_ties_ordered(char *text)
{
	struct hist_entry entries[64];
	char *p, *first = NULL, *end = NULL, *out;
	int n = 0, i;
	size_t size;

	if (!strstr(text, ":sort=hitcount:"))
		return text;
	for (p = text; *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : p + strlen(p)) {
		char *h;

		if (*p == '{') {
			if (n == 64)
				return text;
			if (!first)
				first = p;
			h = strstr(p, "hitcount:");
			entries[n].text = p;
			entries[n].hits = h ? strtoull(h + 9, NULL, 10) : 0;
			n++;
		} else if (*p != '\t' && first && !end) {
			end = p;
		}
	}
	if (!first || !end)
		return text;
	for (i = 0; i < n; i++)
		entries[i].len = (i + 1 < n ? entries[i + 1].text : end) - entries[i].text;
	for (i = 1; i < n; i++)
		if (entries[i].hits < entries[i - 1].hits)
			fail("hist entries not in ascending hitcount order");
	qsort(entries, n, sizeof(entries[0]), entry_cmp);
	size = strlen(text) + 1;
	out = malloc(size);
	if (!out)
		return text;
	p = out + sprintf(out, "%.*s", (int)(first - text), text);
	for (i = 0; i < n; i++)
		p += sprintf(p, "%.*s", entries[i].len, entries[i].text);
	strcpy(p, end);
	free(text);
	return out;
}

static void show_event_file(const char *sys, const char *ev, const char *file)
{
	char label[256];
	char *text = event_file(sys, ev, file);

	if (text && !strcmp(file, "hist"))
		text = hist_ties_ordered(text);
	snprintf(label, sizeof(label), "events/%s/%s/%s", sys, ev, file);
	show_text(label, text);
	free(text);
}

static void show_top_file(const char *file)
{
	char *text = tracefs_instance_file_read(NULL, file, NULL);

	show_text(file, text);
	free(text);
}

/* Does the event's trigger file hold a line containing all of @words? */
static bool trigger_has(const char *sys, const char *ev, const char *w1,
			const char *w2)
{
	char *text = event_file(sys, ev, "trigger");
	char *line, *save = NULL;
	bool found = false;

	if (!text)
		return false;
	for (line = strtok_r(text, "\n", &save); line && !found;
	     line = strtok_r(NULL, "\n", &save))
		found = line[0] != '#' && strstr(line, w1) &&
			(!w2 || strstr(line, w2));
	free(text);
	return found;
}

static bool trigger_empty(const char *sys, const char *ev)
{
	char *text = event_file(sys, ev, "trigger");
	bool empty = text && (!text[0] || text[0] == '#');

	free(text);
	return empty;
}

/* The "Hits:" total of an event's hist file, -1 if there is none */
static long hist_hits(const char *sys, const char *ev)
{
	char *text = event_file(sys, ev, "hist");
	char *p = text ? strstr(text, "Hits: ") : NULL;
	long hits = p ? strtol(p + 6, NULL, 10) : -1;

	free(text);
	return hits;
}

static void expect_hits(const char *sys, const char *ev, long want)
{
	long hits = hist_hits(sys, ev);

	if (hits != want)
		fail("%s/%s hist: %ld hits, expected %ld", sys, ev, hits, want);
}

static void expect_ok(int ret, const char *what)
{
	if (ret)
		fail("%s returned %d (errno %d: %s)", what, ret, errno,
		     strerror(errno));
}

static int uevents_register(void)
{
	struct user_reg reg;
	size_t i;

	data_fd = open("/sys/kernel/tracing/user_events_data", O_RDWR);
	if (data_fd < 0) {
		perror("user_events_data");
		return -1;
	}
	for (i = 0; i < sizeof(uevents) / sizeof(uevents[0]); i++) {
		memset(&reg, 0, sizeof(reg));
		reg.size = sizeof(reg);
		reg.enable_bit = 0;
		reg.enable_size = sizeof(uevents[i]->enabled);
		reg.flags = USER_EVENT_REG_PERSIST;
		reg.enable_addr = (uintptr_t)&uevents[i]->enabled;
		reg.name_args = (uintptr_t)uevents[i]->def;
		if (ioctl(data_fd, DIAG_IOCSREG, &reg) < 0) {
			fprintf(stderr, "register %s: %s\n", uevents[i]->def,
				strerror(errno));
			return -1;
		}
		uevents[i]->index = reg.write_index;
	}
	return 0;
}

/*
 * Delete the (persistent) events: this process's enable bits and the file
 * that registered them each hold a reference, so unregister the bits,
 * close the file and delete through a new one.
 */
static void uevents_delete(void)
{
	struct user_unreg unreg;
	size_t i;
	int tries;

	for (i = 0; i < sizeof(uevents) / sizeof(uevents[0]); i++) {
		memset(&unreg, 0, sizeof(unreg));
		unreg.size = sizeof(unreg);
		unreg.disable_bit = 0;
		unreg.disable_addr = (uintptr_t)&uevents[i]->enabled;
		if (ioctl(data_fd, DIAG_IOCSUNREG, &unreg) < 0)
			fail("unregister %s: %s", uevents[i]->name, strerror(errno));
	}
	close(data_fd);
	data_fd = open("/sys/kernel/tracing/user_events_data", O_RDWR);
	if (data_fd < 0) {
		fail("user_events_data: %s", strerror(errno));
		return;
	}
	for (i = 0; i < sizeof(uevents) / sizeof(uevents[0]); i++) {
		for (tries = 0; tries < 100; tries++) {
			if (!ioctl(data_fd, DIAG_IOCSDEL, uevents[i]->name))
				break;
			if (errno != EBUSY)
				break;
			usleep(10000);
		}
		if (tries == 100 || (tries && errno != EBUSY))
			fail("delete %s: %s", uevents[i]->name, strerror(errno));
	}
	close(data_fd);
	data_fd = -1;
}

static void fire(struct uevent *ev, uint32_t x, uint32_t y, uint64_t val)
{
	struct payload pl = { x, y, val };
	struct iovec io[2] = {
		{ &ev->index, sizeof(ev->index) },
		{ &pl, sizeof(pl) },
	};

	if (writev(data_fd, io, 2) < 0)
		fail("write of %s: %s", ev->name, strerror(errno));
}

static void print_seq(const char *label, struct trace_seq *s)
{
	trace_seq_terminate(s);
	printf("# %s\n", label);
	emit(s->buffer);
	trace_seq_reset(s);
}

/*
 * tracefs_hist_*: keys of several types, values, sort keys and direction,
 * a name, a filter; start, pause, continue, clear and destroy, each
 * checked in the trigger file and the hist file.
 */
static void check_hist_basic(struct tep_handle *tep)
{
	struct tracefs_hist *hist;
	struct trace_seq s;
	int i;

	section("tracefs_hist: 2d keys, value, sort, name, filter");
	trace_seq_init(&s);
	hist = tracefs_hist_alloc_2d(tep, UE_SYS, "hg_sample",
				     "a", TRACEFS_HIST_KEY_NORMAL,
				     "b", TRACEFS_HIST_KEY_HEX);
	if (!hist) {
		fail("tracefs_hist_alloc_2d");
		return;
	}
	expect_ok(tracefs_hist_add_value(hist, "val"), "tracefs_hist_add_value");
	expect_ok(tracefs_hist_add_sort_key(hist, "val"), "tracefs_hist_add_sort_key");
	expect_ok(tracefs_hist_add_sort_key(hist, "a"), "tracefs_hist_add_sort_key");
	expect_ok(tracefs_hist_sort_key_direction(hist, "val",
						  TRACEFS_HIST_SORT_DESCENDING),
		  "tracefs_hist_sort_key_direction");
	expect_ok(tracefs_hist_add_name(hist, "hg_named"), "tracefs_hist_add_name");
	expect_ok(tracefs_hist_append_filter(hist, TRACEFS_FILTER_COMPARE, "a",
					     TRACEFS_COMPARE_LT, "100"),
		  "tracefs_hist_append_filter");
	expect_ok(tracefs_hist_echo_cmd(&s, NULL, hist, TRACEFS_HIST_CMD_START),
		  "tracefs_hist_echo_cmd");
	print_seq("the library's command", &s);

	expect_ok(tracefs_hist_start(NULL, hist), "tracefs_hist_start");
	show_event_file(UE_SYS, "hg_sample", "trigger");
	if (!trigger_has(UE_SYS, "hg_sample", "hist:name=hg_named", "[active]"))
		fail("no active hist trigger after tracefs_hist_start");

	/* 3 keys (a,b): (1,16) twice, (2,32), (3,48); a=200 is filtered out */
	fire(&ev_sample, 1, 16, 100);
	fire(&ev_sample, 1, 16, 250);
	fire(&ev_sample, 2, 32, 50);
	fire(&ev_sample, 3, 48, 1000);
	fire(&ev_sample, 200, 1, 1);
	show_event_file(UE_SYS, "hg_sample", "hist");
	expect_hits(UE_SYS, "hg_sample", 4);

	section("tracefs_hist_pause, tracefs_hist_continue");
	expect_ok(tracefs_hist_pause(NULL, hist), "tracefs_hist_pause");
	show_event_file(UE_SYS, "hg_sample", "trigger");
	if (!trigger_has(UE_SYS, "hg_sample", "hist:name=hg_named", "[paused]"))
		fail("trigger not [paused] after tracefs_hist_pause");
	fire(&ev_sample, 4, 64, 7);
	expect_hits(UE_SYS, "hg_sample", 4);
	expect_ok(tracefs_hist_continue(NULL, hist), "tracefs_hist_continue");
	if (!trigger_has(UE_SYS, "hg_sample", "hist:name=hg_named", "[active]"))
		fail("trigger not [active] after tracefs_hist_continue");
	fire(&ev_sample, 5, 80, 8);
	show_event_file(UE_SYS, "hg_sample", "hist");
	expect_hits(UE_SYS, "hg_sample", 5);

	section("tracefs_hist_reset");
	expect_ok(tracefs_hist_reset(NULL, hist), "tracefs_hist_reset");
	show_event_file(UE_SYS, "hg_sample", "hist");
	expect_hits(UE_SYS, "hg_sample", 0);
	for (i = 0; i < 3; i++)
		fire(&ev_sample, 7, 7, 7);
	expect_hits(UE_SYS, "hg_sample", 3);

	section("tracefs_hist_destroy");
	expect_ok(tracefs_hist_destroy(NULL, hist), "tracefs_hist_destroy");
	show_event_file(UE_SYS, "hg_sample", "trigger");
	if (!trigger_empty(UE_SYS, "hg_sample"))
		fail("a trigger is left after tracefs_hist_destroy");
	tracefs_hist_free(hist);
	trace_seq_destroy(&s);
}

/* Keys with modifiers: .log2, .buckets, .execname, .usecs-less counts */
static void check_hist_modifiers(struct tep_handle *tep)
{
	struct tracefs_hist_axis_cnt axes[] = {
		{ "val", TRACEFS_HIST_KEY_LOG, 0 },
		{ "a", TRACEFS_HIST_KEY_BUCKETS, 10 },
		{ "common_pid", TRACEFS_HIST_KEY_EXECNAME, 0 },
		{ NULL, 0, 0 },
	};
	struct tracefs_hist *hist;
	struct trace_seq s;

	section("tracefs_hist_alloc_nd_cnt: log2, buckets=10, execname");
	trace_seq_init(&s);
	hist = tracefs_hist_alloc_nd_cnt(tep, UE_SYS, "hg_sample", axes);
	if (!hist) {
		fail("tracefs_hist_alloc_nd_cnt");
		return;
	}
	expect_ok(tracefs_hist_add_value(hist, TRACEFS_HIST_HITCOUNT),
		  "tracefs_hist_add_value(hitcount)");
	expect_ok(tracefs_hist_add_sort_key(hist, "a"), "tracefs_hist_add_sort_key");
	expect_ok(tracefs_hist_add_sort_key(hist, "val"), "tracefs_hist_add_sort_key");
	tracefs_hist_echo_cmd(&s, NULL, hist, TRACEFS_HIST_CMD_START);
	print_seq("the library's command", &s);
	expect_ok(tracefs_hist_start(NULL, hist), "tracefs_hist_start");
	show_event_file(UE_SYS, "hg_sample", "trigger");

	fire(&ev_sample, 3, 0, 1);
	fire(&ev_sample, 9, 0, 2);
	fire(&ev_sample, 12, 0, 3);
	fire(&ev_sample, 15, 0, 700);
	fire(&ev_sample, 27, 0, 1025);
	fire(&ev_sample, 27, 0, 2000);
	show_event_file(UE_SYS, "hg_sample", "hist");
	expect_hits(UE_SYS, "hg_sample", 6);

	expect_ok(tracefs_hist_destroy(NULL, hist), "tracefs_hist_destroy");
	if (!trigger_empty(UE_SYS, "hg_sample"))
		fail("a trigger is left after tracefs_hist_destroy");
	tracefs_hist_free(hist);
	trace_seq_destroy(&s);
}

/* A syscall key on raw_syscalls/sys_enter, for this process only */
static void check_hist_syscall(struct tep_handle *tep)
{
	struct tracefs_hist *hist;
	char pid[16], *text, *line, *save = NULL;
	long hits = -1;
	int i;

	section("tracefs_hist: syscall key on raw_syscalls/sys_enter");
	hist = tracefs_hist_alloc(tep, "raw_syscalls", "sys_enter", "id",
				  TRACEFS_HIST_KEY_SYSCALL);
	if (!hist) {
		fail("tracefs_hist_alloc(raw_syscalls/sys_enter)");
		return;
	}
	snprintf(pid, sizeof(pid), "%d", getpid());
	expect_ok(tracefs_hist_append_filter(hist, TRACEFS_FILTER_COMPARE,
					     "common_pid", TRACEFS_COMPARE_EQ, pid),
		  "tracefs_hist_append_filter");
	expect_ok(tracefs_hist_start(NULL, hist), "tracefs_hist_start");
	if (!trigger_has("raw_syscalls", "sys_enter", "hist:keys=id.syscall", "[active]"))
		fail("no active id.syscall trigger on raw_syscalls/sys_enter");
	for (i = 0; i < 50; i++)
		syscall(SYS_getppid);
	expect_ok(tracefs_hist_pause(NULL, hist), "tracefs_hist_pause");
	/* The other syscalls of this process vary: only getppid's line */
	text = event_file("raw_syscalls", "sys_enter", "hist");
	for (line = text ? strtok_r(text, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *h = strstr(line, "hitcount:");

		if (strstr(line, "sys_getppid") && h) {
			hits = strtol(h + 9, NULL, 10);
			printf("%.*shitcount: N\n", (int)(h - line), line);
		}
	}
	free(text);
	if (hits != 50)
		fail("sys_getppid: %ld hits, expected 50", hits);
	expect_ok(tracefs_hist_destroy(NULL, hist), "tracefs_hist_destroy");
	if (!trigger_empty("raw_syscalls", "sys_enter"))
		fail("a trigger is left on raw_syscalls/sys_enter");
	tracefs_hist_free(hist);
}

static void show_synth(struct tracefs_synth *synth)
{
	struct trace_seq s;

	trace_seq_init(&s);
	expect_ok(tracefs_synth_echo_cmd(&s, synth), "tracefs_synth_echo_cmd");
	print_seq("the library's commands", &s);
	trace_seq_destroy(&s);
}

/* The start/end events of hg_lat: id 1..3, end.val - start.val = 5, 30, 7 */
static void fire_pairs(void)
{
	fire(&ev_start, 1, 11, 100);
	fire(&ev_start, 2, 12, 200);
	fire(&ev_end, 1, 21, 105);
	fire(&ev_start, 3, 13, 300);
	fire(&ev_end, 2, 22, 230);
	fire(&ev_end, 3, 23, 307);
	/* no start for id 9: no synthetic event */
	fire(&ev_end, 9, 29, 1);
}

static struct tracefs_synth *make_lat(struct tep_handle *tep, const char *name)
{
	struct tracefs_synth *synth;

	synth = tracefs_synth_alloc(tep, name, UE_SYS, "hg_start", UE_SYS,
				    "hg_end", "id", "id", "id");
	if (!synth) {
		fail("tracefs_synth_alloc(%s)", name);
		return NULL;
	}
	expect_ok(tracefs_synth_add_compare_field(synth, "val", "val",
						  TRACEFS_SYNTH_DELTA_END, "delta"),
		  "tracefs_synth_add_compare_field");
	expect_ok(tracefs_synth_add_start_field(synth, "a", "start_a"),
		  "tracefs_synth_add_start_field");
	expect_ok(tracefs_synth_add_end_field(synth, "b", "end_b"),
		  "tracefs_synth_add_end_field");
	return synth;
}

static void show_synth_state(const char *name)
{
	show_top_file("synthetic_events");
	show_event_file(UE_SYS, "hg_start", "trigger");
	show_event_file(UE_SYS, "hg_end", "trigger");
	show_event_file("synthetic", name, "format");
}

/* A hist on the synthetic event, keyed on its fields */
static struct tracefs_hist *synth_hist(struct tep_handle *tep,
				       struct tracefs_synth *synth,
				       const char *key2)
{
	struct tracefs_hist *hist;

	if (!tracefs_synth_get_event(tep, synth)) {
		fail("tracefs_synth_get_event(%s)", tracefs_synth_get_name(synth));
		return NULL;
	}
	hist = tracefs_hist_alloc_2d(tep, "synthetic", tracefs_synth_get_name(synth),
				     "id", TRACEFS_HIST_KEY_NORMAL,
				     key2, TRACEFS_HIST_KEY_NORMAL);
	if (!hist) {
		fail("tracefs_hist_alloc_2d(synthetic/%s)",
		     tracefs_synth_get_name(synth));
		return NULL;
	}
	expect_ok(tracefs_hist_add_sort_key(hist, "id"), "tracefs_hist_add_sort_key");
	expect_ok(tracefs_hist_start(NULL, hist), "tracefs_hist_start(synthetic)");
	return hist;
}

static void synth_teardown(struct tracefs_synth *synth, struct tracefs_hist *hist)
{
	const char *name = tracefs_synth_get_name(synth);
	char *text;

	if (hist) {
		expect_ok(tracefs_hist_destroy(NULL, hist), "tracefs_hist_destroy(synthetic)");
		tracefs_hist_free(hist);
	}
	expect_ok(tracefs_synth_destroy(synth), "tracefs_synth_destroy");
	/* libtracefs reads an empty file as NULL */
	text = tracefs_instance_file_read(NULL, "synthetic_events", NULL);
	if (text && strstr(text, name))
		fail("%s still in synthetic_events after tracefs_synth_destroy", name);
	free(text);
	if (!trigger_empty(UE_SYS, "hg_start") || !trigger_empty(UE_SYS, "hg_end"))
		fail("triggers left on hg_start/hg_end after tracefs_synth_destroy");
	tracefs_synth_free(synth);
}

/* onmatch(): the synthetic event gets one event per matched pair */
static void check_synth_match(struct tep_handle *tep)
{
	struct tracefs_synth *synth;
	struct tracefs_hist *hist;

	section("tracefs_synth: onmatch().trace(), start/end/compare fields, filters");
	synth = make_lat(tep, "hg_lat");
	if (!synth)
		return;
	expect_ok(tracefs_synth_append_start_filter(synth, TRACEFS_FILTER_COMPARE,
						    "a", TRACEFS_COMPARE_LT, "100"),
		  "tracefs_synth_append_start_filter");
	expect_ok(tracefs_synth_append_end_filter(synth, TRACEFS_FILTER_COMPARE,
						  "b", TRACEFS_COMPARE_NE, "0"),
		  "tracefs_synth_append_end_filter");
	if (!tracefs_synth_complete(synth))
		fail("tracefs_synth_complete is false");
	show_synth(synth);
	expect_ok(tracefs_synth_create(synth), "tracefs_synth_create");
	show_synth_state("hg_lat");
	if (!trigger_has(UE_SYS, "hg_end", "onmatch(user_events.hg_start).trace(hg_lat", NULL))
		fail("no onmatch(user_events.hg_start).trace(hg_lat...) on hg_end");

	hist = synth_hist(tep, synth, "delta");
	fire_pairs();
	show_event_file("synthetic", "hg_lat", "trigger");
	show_event_file("synthetic", "hg_lat", "hist");
	expect_hits("synthetic", "hg_lat", 3);
	show_event_file(UE_SYS, "hg_end", "hist");
	/* id 9 had no start: its variable references are unset, no entry */
	expect_hits(UE_SYS, "hg_end", 3);
	synth_teardown(synth, hist);
}

/*
 * onmax()/onchange() with trace() and snapshot().  libtracefs 1.6.4 takes
 * as the handler's variable only a name it did not rename: of the end
 * hist's variables that is the match name ("id"; the others become
 * "__NAME_R_N").
 *
 * tracefs_synth_save() is not used: with 1.6.4 the command it makes is
 * never finished (tracefs_synth_echo_cmd() and tracefs_synth_create()
 * loop forever once a save action is added, whatever the fields).
 */
static void check_synth_handlers(struct tep_handle *tep)
{
	struct tracefs_synth *synth;
	struct tracefs_hist *hist;
	char *text;

	section("tracefs_synth_trace: onmax().trace()");
	synth = make_lat(tep, "hg_max");
	if (!synth)
		return;
	expect_ok(tracefs_synth_trace(synth, TRACEFS_SYNTH_HANDLE_MAX, "id"),
		  "tracefs_synth_trace(MAX)");
	show_synth(synth);
	expect_ok(tracefs_synth_create(synth), "tracefs_synth_create");
	show_synth_state("hg_max");
	if (!trigger_has(UE_SYS, "hg_end", "onmax($id).trace(hg_max,", NULL))
		fail("no onmax($id).trace(hg_max,...) on hg_end");
	hist = synth_hist(tep, synth, "delta");
	fire_pairs();
	show_event_file("synthetic", "hg_max", "hist");
	expect_hits("synthetic", "hg_max", 3);
	show_event_file(UE_SYS, "hg_end", "hist");
	synth_teardown(synth, hist);

	section("tracefs_synth_trace: onchange().trace()");
	synth = make_lat(tep, "hg_chg");
	if (!synth)
		return;
	expect_ok(tracefs_synth_trace(synth, TRACEFS_SYNTH_HANDLE_CHANGE, "id"),
		  "tracefs_synth_trace(CHANGE)");
	show_synth(synth);
	expect_ok(tracefs_synth_create(synth), "tracefs_synth_create");
	show_event_file(UE_SYS, "hg_end", "trigger");
	hist = synth_hist(tep, synth, "end_b");
	fire_pairs();
	show_event_file("synthetic", "hg_chg", "hist");
	expect_hits("synthetic", "hg_chg", 3);
	show_event_file(UE_SYS, "hg_end", "hist");
	synth_teardown(synth, hist);

	section("tracefs_synth_snapshot: onchange().snapshot()");
	synth = make_lat(tep, "hg_snap");
	if (!synth)
		return;
	expect_ok(tracefs_synth_snapshot(synth, TRACEFS_SYNTH_HANDLE_CHANGE, "id"),
		  "tracefs_synth_snapshot(CHANGE)");
	show_synth(synth);
	expect_ok(tracefs_synth_create(synth), "tracefs_synth_create");
	show_synth_state("hg_snap");
	if (!trigger_has(UE_SYS, "hg_end", "onchange($id).snapshot()", NULL))
		fail("no onchange($id).snapshot() on hg_end");
	fire_pairs();
	show_event_file(UE_SYS, "hg_end", "hist");
	text = tracefs_instance_file_read(NULL, "snapshot", NULL);
	if (!text || !strstr(text, "# tracer:"))
		fail("no snapshot taken");
	free(text);
	synth_teardown(synth, NULL);
	tracefs_instance_file_write(NULL, "snapshot", "0");

	section("tracefs_synth_snapshot: onmax().snapshot()");
	synth = make_lat(tep, "hg_msnap");
	if (!synth)
		return;
	expect_ok(tracefs_synth_snapshot(synth, TRACEFS_SYNTH_HANDLE_MAX, "id"),
		  "tracefs_synth_snapshot(MAX)");
	expect_ok(tracefs_synth_create(synth), "tracefs_synth_create");
	show_event_file(UE_SYS, "hg_end", "trigger");
	fire_pairs();
	show_event_file(UE_SYS, "hg_end", "hist");
	synth_teardown(synth, NULL);
	tracefs_instance_file_write(NULL, "snapshot", "0");
}

/* tracefs_sql(): the SQL form that sqlhist compiles */
static void check_sql(struct tep_handle *tep)
{
	static const char sql[] =
		"SELECT start.id AS id, start.a AS sa, end.val - start.val AS delta "
		"FROM user_events.hg_start AS start "
		"JOIN user_events.hg_end AS end ON start.id = end.id "
		"WHERE end.b > 21";
	struct tracefs_synth *synth;
	struct tracefs_hist *hist;
	char *err = NULL;

	section("tracefs_sql");
	printf("# %s\n", sql);
	synth = tracefs_sql(tep, "hg_sql", sql, &err);
	if (!synth) {
		fail("tracefs_sql: %s", err ? err : "(no message)");
		free(err);
		return;
	}
	show_synth(synth);
	expect_ok(tracefs_synth_create(synth), "tracefs_synth_create(sql)");
	show_synth_state("hg_sql");
	hist = synth_hist(tep, synth, "delta");
	fire_pairs();
	show_event_file("synthetic", "hg_sql", "hist");
	/* b=21 is filtered out: ids 2 and 3 */
	expect_hits("synthetic", "hg_sql", 2);
	synth_teardown(synth, hist);
	free(err);
}

/* Every format file of the synthetic events parses in libtraceevent */
static void check_formats(void)
{
	const char *systems[] = { "synthetic", UE_SYS, NULL };
	struct tep_handle *tep;
	int failed = 0;

	section("libtraceevent parses the synthetic and user_events formats");
	tep = tep_alloc();
	if (!tep) {
		fail("tep_alloc");
		return;
	}
	expect_ok(tracefs_fill_local_events(NULL, tep, &failed),
		  "tracefs_fill_local_events");
	printf("parse failures (all systems): %d\n", failed);
	tep_free(tep);
	tep = tracefs_local_events_system(NULL, systems);
	if (!tep)
		fail("tracefs_local_events_system(synthetic, user_events)");
	tep_free(tep);
}

/*
 * For trace-cmd: hg_lat made by libtracefs from a hist trigger pair, with
 * a hist on it, while the shell command @cmd runs; removed by libtracefs
 * afterwards.  The exit status is @cmd's, or 1 when a step failed.
 */
static int session(const char *cmd)
{
	struct tracefs_synth *synth;
	struct tracefs_hist *hist;
	struct tep_handle *tep;
	int ret;

	if (uevents_register())
		return 1;
	tep = tracefs_local_events(NULL);
	if (!tep)
		return 1;
	synth = make_lat(tep, "hg_lat");
	if (!synth)
		return 1;
	expect_ok(tracefs_synth_create(synth), "tracefs_synth_create");
	hist = synth_hist(tep, synth, "delta");
	ret = failures ? 1 : system(cmd);
	synth_teardown(synth, hist);
	uevents_delete();
	tep_free(tep);
	if (failures)
		return 1;
	return WIFEXITED(ret) ? WEXITSTATUS(ret) : 1;
}

int main(int argc, char **argv)
{
	struct tep_handle *tep;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc > 2 && !strcmp(argv[1], "session"))
		return session(argv[2]);
	if (argc > 1 && !strcmp(argv[1], "fire")) {
		if (uevents_register())
			return 1;
		fire_pairs();
		return failures ? 1 : 0;
	}

	if (uevents_register())
		return 1;
	tep = tracefs_local_events(NULL);
	if (!tep) {
		fprintf(stderr, "tracefs_local_events failed\n");
		return 1;
	}
	check_hist_basic(tep);
	check_hist_modifiers(tep);
	check_hist_syscall(tep);
	check_synth_match(tep);
	check_synth_handlers(tep);
	check_sql(tep);
	check_formats();
	tep_free(tep);
	uevents_delete();

	section("after the clean-up");
	show_top_file("synthetic_events");
	show_top_file("dynamic_events");
	printf("\n%d failed checks\n", failures);
	return failures ? 1 : 0;
}
