// SPDX-License-Identifier: GPL-2.0
/*
 * fuzzexec - run a stream of the hist trigger fuzzer (harness/fuzz/) in the
 * guest: every command of it written to tracefs, the event traffic between
 * them emitted, in one process. Built static on the host.
 *
 * Usage: fuzzexec [-o OUT] [-t] [-q] [-R] [-k|-K KCOV_SEEN] STREAM
 *
 * STREAM is made by gen.py (its header describes the operations), or by
 * the shrinker of fuzz.py, which puts several candidate streams in one by
 * separating them with lines "--": a "--" is an operation of its own that
 * cleans up and checks, as the end of the stream does. For each
 * command fuzzexec records whether the write was accepted or its errno; after
 * a refusal it reads and clears error_log, and checks that the file written
 * (a trigger file, synthetic_events, dynamic_events) is what it was before.
 * New kernel reports (BUG, WARNING, Oops, KASAN, UBSAN, lockdep...) are read
 * from /dev/kmsg after every operation and charged to it. At the end it
 * removes everything the stream created: triggers (those with handlers
 * first), instances, dynamic and synthetic events, and checks that nothing
 * is left.
 *
 * Standard output gets one line per problem and a summary:
 *   LEFT N ERRNO PATH: TEXT       refused command N changed PATH; the lines
 *                                 removed and added follow, as "  -" / "  +"
 *   PARTIAL N ERRNO PATH: TEXT    the same, when it is the way stock deletes
 *                                 a probe event of several probes (not a
 *                                 failure: see sibling_release())
 *   REPORT N LINE                 a kernel report line during operation N
 *   RIP N LINE                    a "RIP:" line of the kernel log after a
 *                                 report, during operation N
 *   LEFTOVER WHAT                 still there after the clean-up
 *   DIRTY WHAT                    there before the stream started (removed)
 *   SUMMARY ops=.. commands=.. accepted=.. refused=.. left=.. leftovers=..
 *           reports=.. secs=.. clean=..   (seconds for the stream, the clean-up)
 *
 * -o OUT writes "#N" before operation N to OUT (waiting for a terminal to
 * send it: the host knows which operation a crash interrupted). With -t the
 * whole transcript goes there: each operation, its outcome ("= ok" or
 * "= ERRNO"), the error_log entries ("| ", timestamps as [TIME]), the files
 * read by "r" operations ("  " before each line), kernel reports ("! "),
 * and what a clean-up could not remove (the LEFTOVER lines, in the block
 * of the "--" or of the end).
 * A transcript is stable text, for diffing two kernels on the same stream:
 * with -t the stream also runs as pid 1000, on CPU 0.
 *
 * -q makes the clean-up quick: it visits only the trigger files the stream
 * wrote to (and those an earlier clean-up left something in), not every
 * event's, which under TCG takes seconds; everything else (instances,
 * dynamic and synthetic events, the checks) is the same. Made for streams
 * of many short segments (make covfuzz, harness/fuzz/README.md).
 *
 * Besides gen.py's operations, compose.py's scenarios use three:
 *   M NAME   load the module NAME (finit_module(2) of NAME.ko, found under
 *            /lib/modules/RELEASE): a command, answered like a write
 *   X NAME   unload it (delete_module(2), O_NONBLOCK): a command
 *   x N      run /bin/true N times (fork, exec, exit: sched_process_*)
 * The clean-up unloads the modules the stream loaded, once the triggers are
 * gone (LEFTOVER when one stays).
 *
 * -R leaves the verdict on kernel reports to whoever reads the console, as
 * make check does for every unit (harness/lib/check.sh, which excuses the
 * core splats of harness/config/core-splats.txt): they are still counted
 * and listed, but set no exit status and stay out of the transcript. Then
 * one judge decides what a kernel report is, not two that may disagree.
 *
 * -k KCOV_SEEN reads the kernel's set of reached PCs (the debugfs file
 * kcov_seen of a FLAVOUR=kcov kernel, harness/kcov/) after each segment
 * and its clean-up, writes "%cov" and the PCs no earlier segment reached,
 * in hex, as one line to OUT, and empties the set; -K writes every PC the
 * segment reached. The set is emptied once before the stream starts. A
 * line "%lost N" says the kernel's table overflowed.
 *
 * Exit status: 0 when no problem was seen (no report counted with -R), 1
 * otherwise, 2 on bad usage.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <sched.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "../lib/user_events.h"


#define TRACEFS		"/sys/kernel/tracing"
#define MAX_UEVENTS	16
#define MAX_FIELDS	16
#define MAX_REPORTS	50

/* A text buffer that grows. */
struct buf {
	char *s;
	size_t len, cap;
};

/* A user_event declared by a "U" operation; registered at its first emit. */
struct uevent {
	char name[64];
	char *decl;
	int fd;			/* user_events_data once registered, or -1 */
	uint32_t index;
	uint32_t enabled;
	int nfields;
	int size[MAX_FIELDS];	/* bytes in the fixed part */
	char kind[MAX_FIELDS];	/* 'n' number, 'c' char[N], 'd' __data_loc */
};

static struct uevent uevents[MAX_UEVENTS];
static int nuevents;

static FILE *out;		/* -o: progress or transcript */
static int out_tty;
static int transcript;		/* -t */
static int kmsg = -1;
static long cur_op;		/* the operation running, for reports */
static long n_ops, n_cmds, n_ok, n_refused, n_left, n_leftovers, n_reports;
static int quick;		/* -q, once the stream has started */
static int reports_judged_outside;	/* -R */
static const char *cov_path;	/* -k, -K */
static int cov_all;		/* -K */

static void die(const char *what, const char *arg)
{
	fprintf(stderr, "fuzzexec: %s%s%s: %s\n", what, arg ? " " : "",
		arg ? arg : "", strerror(errno));
	exit(2);
}

static void buf_add(struct buf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		b->s = realloc(b->s, b->cap);
		if (!b->s)
			die("out of memory", NULL);
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

/* The whole of PATH into B; -1 with errno when it cannot be opened or read. */
static int slurp(const char *path, struct buf *b)
{
	char tmp[8192];
	ssize_t r;
	int fd;

	b->len = 0;
	buf_add(b, "", 0);
	fd = open(path, O_RDONLY | O_NONBLOCK);	/* never wait for data */
	if (fd < 0)
		return -1;
	while ((r = read(fd, tmp, sizeof(tmp))) > 0)
		buf_add(b, tmp, r);
	close(fd);
	return r < 0 ? -1 : 0;
}

/* Write TEXT to PATH in one write(2); 0 or the errno. */
static int put(const char *path, int flags, const char *text, size_t len)
{
	int fd, err = 0;

	fd = open(path, O_WRONLY | flags);
	if (fd < 0)
		return errno;
	if (len && write(fd, text, len) < 0)
		err = errno;
	close(fd);
	return err;
}

static const char *errname(int e)
{
	static const struct { int e; const char *n; } names[] = {
		{ EPERM, "EPERM" }, { ENOENT, "ENOENT" }, { EIO, "EIO" },
		{ ENXIO, "ENXIO" }, { E2BIG, "E2BIG" }, { EBADF, "EBADF" },
		{ EAGAIN, "EAGAIN" }, { ENOMEM, "ENOMEM" }, { EACCES, "EACCES" },
		{ EFAULT, "EFAULT" }, { EBUSY, "EBUSY" }, { EEXIST, "EEXIST" },
		{ ENODEV, "ENODEV" }, { ENOTDIR, "ENOTDIR" }, { EISDIR, "EISDIR" },
		{ EINVAL, "EINVAL" }, { ENOSPC, "ENOSPC" }, { ERANGE, "ERANGE" },
		{ ENAMETOOLONG, "ENAMETOOLONG" }, { ENOSYS, "ENOSYS" },
		{ ENOTEMPTY, "ENOTEMPTY" }, { EOVERFLOW, "EOVERFLOW" },
		{ EADDRINUSE, "EADDRINUSE" }, { 524, "ENOTSUPP" },
	};
	static char other[16];
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i].e == e)
			return names[i].n;
	snprintf(other, sizeof(other), "E%d", e);
	return other;
}

/* To the transcript, when there is one. */
static void emit(const char *fmt, ...)
{
	va_list ap;

	if (!out || !transcript)
		return;
	va_start(ap, fmt);
	vfprintf(out, fmt, ap);
	va_end(ap);
}

/* Each line of TEXT to the transcript behind PREFIX; with MASK, a leading
 * "[timestamp]" (of error_log) as "[TIME]". */
static void emit_lines(const char *prefix, const char *text, int mask)
{
	const char *p = text, *nl;

	if (!out || !transcript)
		return;
	while (*p) {
		nl = strchrnul(p, '\n');
		if (mask && *p == '[' && memchr(p, ']', nl - p)) {
			const char *close = memchr(p, ']', nl - p);

			fprintf(out, "%s[TIME]%.*s\n", prefix, (int)(nl - close - 1), close + 1);
		} else {
			fprintf(out, "%s%.*s\n", prefix, (int)(nl - p), p);
		}
		p = *nl ? nl + 1 : nl;
	}
}

/* OUT on its way before going on: a crash may come with the next write. */
static void flush_out(void)
{
	if (!out)
		return;
	fflush(out);
	if (out_tty)
		tcdrain(fileno(out));
}

/* ---- kernel reports -------------------------------------------------- */

static const char *const report_words[] = {
	"BUG:", "WARNING:", "Oops", "KASAN:", "UBSAN:", "INFO: ", "Kernel panic",
	"general protection fault", "Unable to handle kernel", "kernel BUG at",
	"possible circular locking", "inconsistent lock state",
};

static void kmsg_open(void)
{
	kmsg = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	if (kmsg >= 0)
		lseek(kmsg, 0, SEEK_END);
}

/* Read the kernel log written since the last call; charge reports to cur_op. */
static void kmsg_check(void)
{
	char rec[8192], *msg, *nl;
	ssize_t r;
	size_t i;

	if (kmsg < 0)
		return;
	for (;;) {
		r = read(kmsg, rec, sizeof(rec) - 1);
		if (r < 0 && errno == EPIPE)	/* records lost: go on */
			continue;
		if (r <= 0)
			return;
		rec[r] = '\0';
		msg = strchr(rec, ';');
		if (!msg)
			continue;
		msg++;
		nl = strchr(msg, '\n');
		if (nl)
			*nl = '\0';
		if (strstr(msg, "RIP: ") && n_reports && n_reports <= MAX_REPORTS) {
			printf("RIP %ld %s\n", cur_op, msg);
			continue;
		}
		for (i = 0; i < sizeof(report_words) / sizeof(report_words[0]); i++)
			if (strstr(msg, report_words[i]))
				break;
		if (i == sizeof(report_words) / sizeof(report_words[0]))
			continue;
		n_reports++;
		if (n_reports <= MAX_REPORTS)
			printf("REPORT %ld %s\n", cur_op, msg);
		if (!reports_judged_outside)
			emit("! %s\n", msg);
	}
}

/* ---- stream text ------------------------------------------------------- */

/* Undo gen.py's escapes in place; returns the length. */
static size_t unescape(char *s)
{
	char *o = s, *p = s;

	while (*p) {
		if (p[0] == '\\' && p[1] == '\\') {
			*o++ = '\\';
			p += 2;
		} else if (p[0] == '\\' && p[1] == 'n') {
			*o++ = '\n';
			p += 2;
		} else if (p[0] == '\\' && p[1] == 't') {
			*o++ = '\t';
			p += 2;
		} else if (p[0] == '\\' && p[1] == 'x' && p[2] && p[3]) {
			char hex[3] = { p[2], p[3], 0 };

			*o++ = (char)strtol(hex, NULL, 16);
			p += 4;
		} else {
			*o++ = *p++;
		}
	}
	*o = '\0';
	return o - s;
}

/* ---- commands -------------------------------------------------------- */

/* Whether TEXT has LINE (LEN bytes) as one of its lines. */
static int has_line(const char *text, const char *line, size_t len)
{
	const char *p, *nl;

	for (p = text; *p; p = *nl ? nl + 1 : nl) {
		nl = strchrnul(p, '\n');
		if ((size_t)(nl - p) == len && !memcmp(p, line, len))
			return 1;
	}
	return 0;
}

/* Show how BEFORE and AFTER differ: the lines only in one of them. */
static void show_change(const char *before, const char *after)
{
	const char *sides[2] = { before, after }, *signs = "-+", *p, *nl;
	int s;

	for (s = 0; s < 2; s++) {
		for (p = sides[s]; *p; p = *nl ? nl + 1 : nl) {
			nl = strchrnul(p, '\n');
			if (!has_line(sides[!s], p, nl - p))
				printf("  %c%.*s\n", signs[s], (int)(nl - p), p);
		}
	}
}

/*
 * Whether a refused write that changed PATH is stock's way of deleting a
 * probe event with several probes: "-:EVENT" in dynamic_events releases
 * them one by one, the siblings without a check (unregister_trace_kprobe()
 * in trace_kprobe.c, the same for uprobes), and only the last one finds the
 * event busy. The refusal then removed lines, and added none.
 */
static int sibling_release(const char *path, const char *text, int err,
			   const char *before, const char *after)
{
	const char *p, *nl;

	if (strcmp(path, "dynamic_events") || err != EBUSY ||
	    (strncmp(text, "-:", 2) && text[0] != '!'))
		return 0;
	for (p = after; *p; p = *nl ? nl + 1 : nl) {
		nl = strchrnul(p, '\n');
		if (!has_line(before, p, nl - p))
			return 0;
	}
	return 1;
}

/*
 * Drop what firing changes in TEXT, a trigger file, in place: the state of
 * every trigger (" [active]" or " [paused]" at the end of a line) and the
 * number left of a ":count=N" trigger. An enable_hist or disable_hist
 * trigger on an event that fires on its own (a timer's sched_waking) flips
 * the state of hist triggers at any moment, and a counted trigger on such
 * an event counts down: between the reads before and after a refused write
 * too. Neither is a change the refusal made.
 */
static void drop_fired(char *text)
{
	static const char count[] = ":count=";
	char *r = text, *w = text, *nl, *c;
	size_t n;

	while (*r) {
		nl = strchrnul(r, '\n');
		n = nl - r;
		if (n > 9 && (!strncmp(nl - 9, " [active]", 9) ||
			      !strncmp(nl - 9, " [paused]", 9)))
			n -= 9;
		c = memmem(r, n, count, sizeof(count) - 1);
		if (c) {
			size_t head = c - r + sizeof(count) - 1, digits;

			digits = strspn(r + head, "0123456789");
			if (head + digits > n)
				digits = n - head;
			memmove(w, r, head);
			w += head;
			r += head + digits;
			n -= head + digits;
		}
		memmove(w, r, n);
		w += n;
		if (*nl)
			*w++ = '\n';
		r = *nl ? nl + 1 : nl;
	}
	*w = '\0';
}

static int is_trigger_file(const char *path)
{
	size_t n = strlen(path);

	return n >= 8 && !strcmp(path + n - 8, "/trigger");
}

static void error_log_take(void)
{
	static struct buf log;

	if (slurp("error_log", &log) == 0 && log.len) {
		emit_lines("| ", log.s, 1);
		put("error_log", O_TRUNC, "", 0);
	}
}

/*
 * The triggers the stream added, as written: what a trigger file shows
 * does not always parse back into the same trigger (a value "CPU" next to
 * a variable of common_timestamp.usecs, on stock too), and the clean-up
 * removes them by what was written as well.
 */
static struct written {
	char *path, *text;
} *written;
static long nwritten;

/* -q: the trigger files the clean-up visits. */
static char **touched;
static long ntouched;

static void note_touched(const char *path)
{
	long i;

	if (!is_trigger_file(path))
		return;
	for (i = 0; i < ntouched; i++)
		if (!strcmp(touched[i], path))
			return;
	touched = realloc(touched, (ntouched + 1) * sizeof(*touched));
	if (!touched)
		die("out of memory", NULL);
	touched[ntouched++] = strdup(path);
}

static void note_written(const char *path, const char *text)
{
	if (!is_trigger_file(path) || text[0] == '!')
		return;
	written = realloc(written, (nwritten + 1) * sizeof(*written));
	if (!written)
		die("out of memory", NULL);
	written[nwritten].path = strdup(path);
	written[nwritten++].text = strdup(text);
}

/* "a"/"t": write TEXT and a newline to PATH; check a refusal left nothing. */
static void do_write(const char *path, char *text, int trunc)
{
	static struct buf before, after, cmd;
	int had, err;
	size_t len = unescape(text);

	cmd.len = 0;
	buf_add(&cmd, text, len);
	buf_add(&cmd, "\n", 1);
	had = !trunc && slurp(path, &before) == 0;
	note_touched(path);
	err = put(path, trunc ? O_TRUNC : O_APPEND, cmd.s, cmd.len);
	n_cmds++;
	if (!err) {
		n_ok++;
		note_written(path, text);
		emit("= ok\n");
		if (transcript)
			error_log_take();
		return;
	}
	n_refused++;
	emit("= %s\n", errname(err));
	error_log_take();
	if (!had || slurp(path, &after) < 0)
		return;
	if (is_trigger_file(path)) {
		drop_fired(before.s);
		drop_fired(after.s);
	}
	if (strcmp(before.s, after.s)) {
		int partial = sibling_release(path, text, err, before.s, after.s);

		n_left += !partial;
		printf("%s %ld %s %s: %s\n", partial ? "PARTIAL" : "LEFT", cur_op,
		       errname(err), path, text);
		show_change(before.s, after.s);
	}
}

/* A command that is not a write (mkdir, rmdir, a module): its answer. */
static void answer(int err)
{
	n_cmds++;
	if (err) {
		n_refused++;
		emit("= %s\n", errname(err));
	} else {
		n_ok++;
		emit("= ok\n");
	}
}

static void do_dir(const char *path, int make)
{
	answer((make ? mkdir(path, 0755) : rmdir(path)) ? errno : 0);
}

static void do_read(const char *path, int show)
{
	static struct buf b;

	if (slurp(path, &b) < 0) {
		if (show)
			emit("= %s\n", errname(errno));
		return;
	}
	if (show)
		emit_lines("  ", b.s, 0);
}

/* ---- modules ------------------------------------------------------------ */

#define MAX_MODULES	8

/* The modules the stream loaded (M), for the clean-up. */
static char modules[MAX_MODULES][64];
static int nmodules;

static char ko_want[80], ko_found[PATH_MAX];

/* NAME with '-' as '_': the kernel's name of a module. */
static void mod_name(char *dst, size_t n, const char *name)
{
	size_t i;

	for (i = 0; name[i] && i + 1 < n; i++)
		dst[i] = name[i] == '-' ? '_' : name[i];
	dst[i] = '\0';
}

static int ko_match(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	char base[80];

	(void)st;
	if (type != FTW_F)
		return 0;
	mod_name(base, sizeof(base), path + ftw->base);
	if (strcmp(base, ko_want))
		return 0;
	snprintf(ko_found, sizeof(ko_found), "%s", path);
	return 1;
}

/* "M NAME": NAME.ko of this kernel's modules loaded; 0 or the errno. */
static int mod_load(const char *name)
{
	struct utsname u;
	char dir[300];
	int fd, err = 0;

	mod_name(ko_want, sizeof(ko_want) - 3, name);
	strcat(ko_want, ".ko");
	ko_found[0] = '\0';
	if (uname(&u))
		return errno;
	snprintf(dir, sizeof(dir), "/lib/modules/%s", u.release);
	if (nftw(dir, ko_match, 16, FTW_PHYS) != 1)
		return ENOENT;
	fd = open(ko_found, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return errno;
	if (syscall(SYS_finit_module, fd, "", 0))
		err = errno;
	close(fd);
	return err;
}

static int mod_unload(const char *name)
{
	char m[64];

	mod_name(m, sizeof(m), name);
	return syscall(SYS_delete_module, m, O_NONBLOCK) ? errno : 0;
}

/* "M"/"X": a command, answered as a write is. */
static void do_module(const char *name, int load)
{
	int i;

	if (load) {
		for (i = 0; i < nmodules && strcmp(modules[i], name); i++)
			;
		if (i == nmodules && nmodules < MAX_MODULES)
			snprintf(modules[nmodules++], sizeof(modules[0]), "%s", name);
	}
	answer(load ? mod_load(name) : mod_unload(name));
}

/* Whether the module NAME is loaded. */
static int mod_loaded(const char *name)
{
	char path[100];
	struct stat st;

	snprintf(path, sizeof(path), "/sys/module/");
	mod_name(path + strlen(path), sizeof(path) - strlen(path), name);
	return !stat(path, &st);
}

/* The clean-up's: the modules the stream loaded unloaded (a module whose
 * events were just given up may stay busy for a moment). */
static void unload_modules(void)
{
	int i, tries;

	for (i = 0; i < nmodules; i++)
		for (tries = 0; tries < 10 && mod_loaded(modules[i]); tries++)
			if (mod_unload(modules[i]))
				usleep(50000);
}

/* ---- traffic ----------------------------------------------------------- */

/* "x N": N runs of /bin/true (sched_process_fork, _exec, _exit). */
static void do_exec(int n)
{
	pid_t p;
	int i, st;

	for (i = 0; i < n; i++) {
		p = fork();
		if (p < 0)
			return;
		if (p == 0) {
			execl("/bin/true", "true", (char *)NULL);
			_exit(127);
		}
		waitpid(p, &st, 0);
	}
}

static int field_size(const char *type, char *kind)
{
	*kind = 'n';
	if (!strncmp(type, "__data_loc ", 11)) {
		*kind = 'd';
		return 4;
	}
	if (strchr(type, '[')) {
		*kind = 'c';
		return atoi(strchr(type, '[') + 1);
	}
	if (strstr(type, "64"))
		return 8;
	if (strstr(type, "32") || strstr(type, "int"))
		return 4;
	if (strstr(type, "16") || strstr(type, "short"))
		return 2;
	return 1;
}

static void ue_unregister(struct uevent *ue);

/* "U DECL": "name type field;type field...". A name declared before (in
 * an earlier segment) takes the new declaration. */
static void do_declare(const char *decl)
{
	struct uevent *ue = NULL;
	char *copy, *f, *save, *sp;
	int i;

	for (i = 0; i < nuevents; i++)
		if (!strncmp(uevents[i].name, decl, strcspn(decl, " ")) &&
		    !uevents[i].name[strcspn(decl, " ")])
			ue = &uevents[i];
	if (ue) {
		if (!strcmp(ue->decl, decl))
			return;
		ue_unregister(ue);
		free(ue->decl);
	} else if (nuevents == MAX_UEVENTS) {
		return;
	} else {
		ue = &uevents[nuevents++];
	}
	ue->nfields = 0;
	ue->fd = -1;
	ue->decl = strdup(decl);
	snprintf(ue->name, sizeof(ue->name), "%.*s", (int)strcspn(decl, " "), decl);
	copy = strdup(decl + strcspn(decl, " "));
	for (f = strtok_r(copy, ";", &save); f && ue->nfields < MAX_FIELDS;
	     f = strtok_r(NULL, ";", &save)) {
		while (*f == ' ')
			f++;
		sp = strrchr(f, ' ');
		if (!sp)
			continue;
		*sp = '\0';
		ue->size[ue->nfields] = field_size(f, &ue->kind[ue->nfields]);
		ue->nfields++;
	}
	free(copy);
}

static int ue_register(struct uevent *ue)
{
	struct user_reg reg = { 0 };

	if (ue->fd >= 0)
		return 0;
	ue->fd = open(TRACEFS "/user_events_data", O_RDWR);
	if (ue->fd < 0)
		return -1;
	reg.size = sizeof(reg);
	reg.enable_size = sizeof(ue->enabled);
	reg.enable_addr = (uint64_t)(uintptr_t)&ue->enabled;
	reg.name_args = (uint64_t)(uintptr_t)ue->decl;
	if (ioctl(ue->fd, DIAG_IOCSREG, &reg) < 0) {
		close(ue->fd);
		ue->fd = -1;
		return -1;
	}
	ue->index = reg.write_index;
	return 0;
}

/* Its enable bit and its registration given back: the event is free again. */
static void ue_unregister(struct uevent *ue)
{
	struct user_unreg unreg = { 0 };

	if (ue->fd < 0)
		return;
	unreg.size = sizeof(unreg);
	unreg.disable_addr = (uint64_t)(uintptr_t)&ue->enabled;
	ioctl(ue->fd, DIAG_IOCSUNREG, &unreg);
	close(ue->fd);
	ue->fd = -1;
}

/* "e NAME V,V,...": one event, the values in field order. */
static void do_emit(char *args)
{
	char fixed[1024] = { 0 }, dyn[1024], *name = args, *vals, *v, *next;
	size_t flen = 0, dlen = 0, pos[MAX_FIELDS];
	struct iovec io[3];
	struct uevent *ue = NULL;
	int i;

	vals = strchr(args, ' ');
	vals = vals ? (*vals = '\0', vals + 1) : (char *)"";
	unescape(vals);
	for (i = 0; i < nuevents; i++)
		if (!strcmp(uevents[i].name, name))
			ue = &uevents[i];
	if (!ue || ue_register(ue) < 0)
		return;
	next = vals;
	for (i = 0; i < ue->nfields; i++) {
		size_t n;

		v = next ? next : (char *)"";
		next = next ? strchr(next, ',') : NULL;
		if (next)
			*next++ = '\0';
		pos[i] = flen;
		if (flen + ue->size[i] > sizeof(fixed))
			return;
		if (ue->kind[i] == 'n') {
			uint64_t x = *v == '-' ? (uint64_t)strtoll(v, NULL, 0)
					       : strtoull(v, NULL, 0);

			user_event_put_num(fixed + flen, x, ue->size[i]);
		} else if (ue->kind[i] == 'c') {
			n = strlen(v);
			if (n > (size_t)ue->size[i] - 1)
				n = ue->size[i] - 1;
			memcpy(fixed + flen, v, n);
		} else {
			uint32_t loc;

			n = strlen(v) + 1;
			if (dlen + n > sizeof(dyn))
				return;
			memcpy(dyn + dlen, v, n);
			loc = (uint32_t)n << 16 | dlen;	/* offset fixed below */
			memcpy(fixed + flen, &loc, 4);
			dlen += n;
		}
		flen += ue->size[i];
	}
	/* __data_loc offsets count from the start of the record (8-byte header). */
	for (i = 0; i < ue->nfields; i++) {
		uint32_t loc;

		if (ue->kind[i] != 'd')
			continue;
		memcpy(&loc, fixed + pos[i], 4);
		loc += 8 + flen;
		memcpy(fixed + pos[i], &loc, 4);
	}
	io[0].iov_base = &ue->index;
	io[0].iov_len = sizeof(ue->index);
	io[1].iov_base = fixed;
	io[1].iov_len = flen;
	io[2].iov_base = dyn;
	io[2].iov_len = dlen;
	/* EBADF: nothing traces the event now. */
	if (writev(ue->fd, io, 3) < 0 && errno != EBADF)
		emit("= %s\n", errname(errno));
}

static void do_marker(char *text)
{
	size_t len = unescape(text);

	put("trace_marker", 0, text, len);
}

static void do_writes(int n)
{
	static const char data[8] = "fuzzing";
	int fd = open("/dev/null", O_WRONLY), i;

	if (fd < 0)
		return;
	for (i = 0; i < n; i++)
		if (write(fd, data, i % 7 + 1) < 0)
			break;
	close(fd);
}

/* ---- the state of tracefs ------------------------------------------------- */

/* Call FN(path) for BASE/SYSTEM/EVENT/trigger of the events of SYSTEM
 * that available_events lists. */
static void each_available_in(const char *base, const char *system,
			      void (*fn)(const char *path))
{
	static struct buf list;
	size_t n = strlen(system);
	char path[600];
	char *line, *next;

	if (slurp("available_events", &list) < 0)
		return;
	for (line = list.s; *line; line = next) {
		next = strchrnul(line, '\n');
		if (*next)
			*next++ = '\0';
		if (strncmp(line, system, n) || line[n] != ':' || !line[n + 1])
			continue;
		snprintf(path, sizeof(path), "%s/%s/%s/trigger", base, system,
			 line + n + 1);
		fn(path);
	}
}

/* Call FN(path) for BASE/SYSTEM/EVENT/trigger of every event under BASE.
 * An event with an empty name (stock's user_events take "u:") makes
 * getdents() of its system fail with EIO, which would hide the events
 * after it: such a system's events are taken from available_events
 * instead (ftrace's own events, which that list lacks, are in no such
 * system). */
static void each_trigger_in(const char *base, void (*fn)(const char *path))
{
	char path[600];
	struct dirent *se, *ee;
	char **names = NULL;
	long i, n;
	DIR *s, *e;
	int bad;

	s = opendir(base);
	if (!s)
		return;
	while ((se = readdir(s))) {
		if (se->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", base, se->d_name);
		e = opendir(path);
		if (!e)
			continue;
		n = 0;
		errno = 0;
		while ((ee = readdir(e))) {
			if (ee->d_name[0] == '.')
				continue;
			names = realloc(names, (n + 1) * sizeof(*names));
			if (!names)
				die("out of memory", NULL);
			names[n++] = strdup(ee->d_name);
			errno = 0;
		}
		bad = errno;
		if (bad)
			each_available_in(base, se->d_name, fn);
		for (i = 0; i < n; i++) {
			if (!bad) {
				snprintf(path, sizeof(path), "%s/%s/%s/trigger",
					 base, se->d_name, names[i]);
				fn(path);
			}
			free(names[i]);
		}
		closedir(e);
	}
	free(names);
	closedir(s);
}

/* The same for the top level and every instance. */
static void each_trigger_file(void (*fn)(const char *path))
{
	char base[300];
	struct dirent *de;
	DIR *d;

	each_trigger_in("events", fn);
	d = opendir("instances");
	if (!d)
		return;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(base, sizeof(base), "instances/%s/events", de->d_name);
		each_trigger_in(base, fn);
	}
	closedir(d);
}

/* The trigger files the clean-up visits: every one, or with -q those the
 * stream wrote to. */
static void each_clean_file(void (*fn)(const char *path))
{
	long i;

	if (!quick) {
		each_trigger_file(fn);
		return;
	}
	for (i = 0; i < ntouched; i++)
		fn(touched[i]);
}

/* -q: forget the trigger files that hold nothing now. */
static void untouch_empty(void)
{
	static struct buf b;
	long i, n = 0;

	for (i = 0; i < ntouched; i++) {
		if (slurp(touched[i], &b) < 0 || !b.len || b.s[0] == '#')
			free(touched[i]);
		else
			touched[n++] = touched[i];
	}
	ntouched = n;
}

/* Call FN(line) for each line of TEXT. */
static void each_line(const char *text, void (*fn)(const char *line, void *arg), void *arg)
{
	const char *p, *nl;
	char *line;

	for (p = text; *p; p = *nl ? nl + 1 : nl) {
		nl = strchrnul(p, '\n');
		line = strndup(p, nl - p);
		fn(line, arg);
		free(line);
	}
}

static int rm_pass;		/* 0: triggers with handlers, 1: the others, 2: truncate */

/* Write "!" and the trigger LINE back to the file ARG, as the trigger file
 * shows it less its state, and less ":unlimited" (a count of enable_hist
 * and the like, which does not parse back). */
static void remove_trigger(const char *line, void *arg)
{
	static struct buf spec;
	size_t n = strlen(line);
	const char *u;

	if (!n || line[0] == '#' || (rm_pass == 0) != !!strstr(line, ":on"))
		return;
	if (n > 9 && (!strcmp(line + n - 9, " [active]") ||
		      !strcmp(line + n - 9, " [paused]")))
		n -= 9;
	spec.len = 0;
	buf_add(&spec, "!", 1);
	u = strstr(line, ":unlimited");
	if (u && u < line + n) {
		buf_add(&spec, line, u - line);
		buf_add(&spec, u + 10, line + n - u - 10);
	} else {
		buf_add(&spec, line, n);
	}
	buf_add(&spec, "\n", 1);
	put(arg, O_APPEND, spec.s, spec.len);
}

static void remove_triggers(const char *path)
{
	static struct buf b, spec;
	long i;

	if (slurp(path, &b) < 0 || !b.len || b.s[0] == '#')
		return;
	if (rm_pass == 2) {
		put(path, O_TRUNC, "", 0);
		return;
	}
	each_line(b.s, remove_trigger, (void *)path);
	for (i = 0; i < nwritten; i++) {
		if (strcmp(written[i].path, path) ||
		    (rm_pass == 0) != !!strstr(written[i].text, ":on"))
			continue;
		spec.len = 0;
		buf_add(&spec, "!", 1);
		buf_add(&spec, written[i].text, strlen(written[i].text));
		buf_add(&spec, "\n", 1);
		put(path, O_APPEND, spec.s, spec.len);
	}
}

/* Delete the dynamic event of LINE ("X:GROUP/NAME ...") by "-:GROUP/NAME". */
static void remove_dynamic_event(const char *line, void *arg)
{
	static struct buf cmd;
	const char *colon = strchr(line, ':');

	(void)arg;
	if (!colon)
		return;
	cmd.len = 0;
	buf_add(&cmd, "-:", 2);
	buf_add(&cmd, colon + 1, strcspn(colon + 1, " "));
	buf_add(&cmd, "\n", 1);
	put("dynamic_events", O_APPEND, cmd.s, cmd.len);
}

static const char *state_tag;	/* DIRTY or LEFTOVER */
static long n_state;		/* lines state_report() printed */

static void report_line(const char *line, void *where)
{
	if (*line && *line != '#') {
		printf("%s %s: %s\n", state_tag, (const char *)where, line);
		emit("%s %s: %s\n", state_tag, (const char *)where, line);
		n_state++;
	}
}

static void report_trigger_file(const char *path)
{
	static struct buf b;

	if (slurp(path, &b) == 0 && b.s[0] != '#')
		each_line(b.s, report_line, (void *)path);
}

/* Print, behind TAG, whatever a stream may create that exists now:
 * triggers, instances, dynamic and synthetic events. Returns how much. */
static long state_report(const char *tag)
{
	static struct buf b;
	struct dirent *de;
	DIR *d;
	int i;

	state_tag = tag;
	n_state = 0;
	each_clean_file(report_trigger_file);
	d = opendir("instances");
	while (d && (de = readdir(d))) {
		if (de->d_name[0] != '.') {
			printf("%s instances/%s\n", tag, de->d_name);
			emit("%s instances/%s\n", tag, de->d_name);
			n_state++;
		}
	}
	if (d)
		closedir(d);
	if (slurp("dynamic_events", &b) == 0)
		each_line(b.s, report_line, "dynamic_events");
	if (slurp("synthetic_events", &b) == 0)
		each_line(b.s, report_line, "synthetic_events");
	for (i = 0; i < nmodules; i++) {
		if (mod_loaded(modules[i])) {
			printf("%s module %s\n", tag, modules[i]);
			emit("%s module %s\n", tag, modules[i]);
			n_state++;
		}
	}
	return n_state;
}

static char **busy;		/* the trigger files holding a trigger */
static long nbusy;
static long nbusy_lines;	/* and how many triggers they hold */

static void note_busy(const char *path)
{
	static struct buf b;
	size_t i;

	if (slurp(path, &b) < 0 || !b.len || b.s[0] == '#')
		return;
	for (i = 0; i < b.len; i++)
		nbusy_lines += b.s[i] == '\n';
	busy = realloc(busy, (nbusy + 1) * sizeof(*busy));
	if (!busy)
		die("out of memory", NULL);
	busy[nbusy++] = strdup(path);
}

/* Remove everything a stream may create: triggers in dependency order
 * (those with handlers everywhere first, then the others), then by
 * truncating each trigger file, again while that removes anything: what
 * stock prints does not always parse back (a sort key shown with a
 * value's modifier, "sort=ret.graph"), and a trigger whose variable such a
 * one reads goes only once the reader has gone. Then instances, then
 * every event disabled, then dynamic and synthetic events one by one,
 * then all at once. */
static void clean(void)
{
	static const int passes[] = { 0, 1, 0, 1 };
	static struct buf b;
	struct dirent *de;
	char path[300];
	long i, before;
	size_t p;
	DIR *d;

	nbusy = nbusy_lines = 0;
	each_clean_file(note_busy);
	for (p = 0; p < sizeof(passes) / sizeof(passes[0]); p++) {
		rm_pass = passes[p];
		for (i = 0; i < nbusy; i++)
			remove_triggers(busy[i]);
	}
	rm_pass = 2;
	do {
		for (i = 0; i < nbusy; i++)
			free(busy[i]);
		before = nbusy_lines;
		nbusy = nbusy_lines = 0;
		each_clean_file(note_busy);
		for (i = 0; i < nbusy; i++)
			remove_triggers(busy[i]);
	} while (nbusy && nbusy_lines < before);
	for (i = 0; i < nbusy; i++)
		free(busy[i]);
	d = opendir("instances");
	while (d && (de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "instances/%s", de->d_name);
		rmdir(path);
	}
	if (d)
		closedir(d);
	unload_modules();
	/* An enabled event cannot be deleted: a stream cut short may leave one. */
	put("events/enable", O_TRUNC, "0", 1);
	for (i = 0; i < 3; i++)
		if (slurp("dynamic_events", &b) == 0)
			each_line(b.s, remove_dynamic_event, NULL);
	put("synthetic_events", O_TRUNC, "", 0);
	put("dynamic_events", O_TRUNC, "", 0);
	/*
	 * A user_event written to stays busy for a moment after its
	 * registration is closed (the kernel lets go of the writer's
	 * references later), on any kernel: wait for that, half a second at
	 * most, rather than leave it to the next segment on one kernel and
	 * not on the other.
	 */
	for (i = 0; i < 10 && slurp("dynamic_events", &b) == 0 &&
		    (!strncmp(b.s, "u:", 2) || strstr(b.s, "\nu:")); i++) {
		usleep(50000);
		put("dynamic_events", O_TRUNC, "", 0);
	}
	put("error_log", O_TRUNC, "", 0);
}

/* The end of a stream (or of a segment): our user_events let go, then
 * everything removed, and what could not be is counted. */
static void end_segment(void)
{
	int i;

	for (i = 0; i < nuevents; i++)
		ue_unregister(&uevents[i]);
	clean();
	n_leftovers += state_report("LEFTOVER");
	if (quick)
		untouch_empty();
	while (nwritten > 0) {
		nwritten--;
		free(written[nwritten].path);
		free(written[nwritten].text);
	}
}

/* ---- coverage (-k, -K) ------------------------------------------------ */

#define COV_SLOTS	(1UL << 17)

/* The PCs written so far, for -k: open addressing, 0 is a free slot. */
static unsigned long cov_known[COV_SLOTS];

static int cov_first(unsigned long pc)
{
	unsigned long i = (pc * 0x9e3779b97f4a7c15UL) >> (64 - 17), n;

	for (n = 0; n < COV_SLOTS; n++, i = (i + 1) % COV_SLOTS) {
		if (cov_known[i] == pc)
			return 0;
		if (!cov_known[i]) {
			cov_known[i] = pc;
			return 1;
		}
	}
	return 0;
}

/* The kernel's set of reached PCs to OUT ("%cov PC..."), then emptied. */
static void cov_take(int show)
{
	static struct buf b;
	char *p, *end;
	unsigned long pc;

	if (!cov_path)
		return;
	if (show) {
		if (slurp(cov_path, &b) < 0)
			die("cannot read", cov_path);
		if (!strncmp(b.s, "lost ", 5))
			fprintf(out, "%%lost %ld\n", atol(b.s + 5));
		fputs("%cov", out);
		for (p = b.s; *p; p = *end ? end + 1 : end) {
			end = strchrnul(p, '\n');
			pc = strtoul(p, NULL, 16);
			if (pc && (cov_all || cov_first(pc)))
				fprintf(out, " %lx", pc);
		}
		fputc('\n', out);
		flush_out();
	}
	if (put(cov_path, 0, "0", 1))
		die("cannot empty", cov_path);
}

static double secs(const struct timespec *a, const struct timespec *b)
{
	return (b->tv_sec - a->tv_sec) + (b->tv_nsec - a->tv_nsec) / 1e9;
}

/* ---- the stream ------------------------------------------------------ */

static void run_op(char *line)
{
	char *arg = strchr(line, ' '), *text;

	if (arg)
		*arg++ = '\0';
	else
		arg = line + strlen(line);
	text = strchr(arg, ' ');
	if (text)
		*text++ = '\0';
	else
		text = arg + strlen(arg);

	switch (line[0]) {
	case 'a':
		do_write(arg, text, 0);
		break;
	case 't':
		do_write(arg, text, 1);
		break;
	case 'd':
		do_dir(arg, 1);
		break;
	case 'D':
		do_dir(arg, 0);
		break;
	case 'r':
		do_read(arg, 1);
		break;
	case 'R':
		do_read(arg, 0);
		break;
	case 'U':
		if (*text)
			text[-1] = ' ';
		do_declare(arg);
		break;
	case 'e':
		if (*text)
			text[-1] = ' ';
		do_emit(arg);
		break;
	case 'm':
		if (*text)
			text[-1] = ' ';
		do_marker(arg);
		break;
	case 'w':
		do_writes(atoi(arg));
		break;
	case 's':
		usleep(atoi(arg));
		break;
	case 'x':
		do_exec(atoi(arg));
		break;
	case 'M':
		do_module(arg, 1);
		break;
	case 'X':
		do_module(arg, 0);
		break;
	}
}

/*
 * Go on as process STREAM_PID: fork until the kernel hands out that pid
 * (children below it exit at once), then the parent waits for that child
 * and exits with its status. Pids are given out in order, so the stream's
 * common_pid is the same on every kernel (as long as fewer processes ran
 * before), and so are the hist tables keyed on it that two transcripts
 * compare. Only with -t: the forks take a few seconds under TCG.
 */
#define STREAM_PID 1000

static void become_stream_pid(void)
{
	pid_t p;
	int st;

	while (getpid() < STREAM_PID && (p = fork()) >= 0) {
		if (p == 0) {
			if (getpid() >= STREAM_PID)
				return;
			_exit(0);
		}
		if (waitpid(p, &st, 0) < 0)
			exit(1);
		if (p >= STREAM_PID)
			exit(WIFEXITED(st) ? WEXITSTATUS(st) : 1);
	}
}

/* With -t, the stream runs on CPU 0, so that what its own events hit is
 * on the same CPU on every kernel: common_cpu keys, and filters on it. */
static void pin_to_cpu0(void)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(0, &set);
	sched_setaffinity(0, sizeof(set), &set);
}

static int usage(void)
{
	fprintf(stderr, "usage: fuzzexec [-o OUT] [-t] [-q] [-R] [-k|-K KCOV_SEEN] STREAM\n");
	return 2;
}

int main(int argc, char **argv)
{
	static struct buf clock0;
	struct timespec t0, t1, t2;
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	FILE *in;
	int opt, i, want_quick = 0;

	while ((opt = getopt(argc, argv, "o:tqRk:K:")) != -1) {
		switch (opt) {
		case 'o':
			out = fopen(optarg, "w");
			if (!out)
				die("cannot open", optarg);
			out_tty = isatty(fileno(out));
			break;
		case 't':
			transcript = 1;
			break;
		case 'q':
			want_quick = 1;
			break;
		case 'R':
			reports_judged_outside = 1;
			break;
		case 'K':
			cov_all = 1;
			/* fall through */
		case 'k':
			cov_path = optarg;
			break;
		default:
			return usage();
		}
	}
	if (optind != argc - 1 || (cov_path && !out))
		return usage();
	if (transcript) {
		become_stream_pid();
		pin_to_cpu0();
	}
	in = fopen(argv[optind], "r");
	if (!in)
		die("cannot open", argv[optind]);
	if (chdir(TRACEFS))
		die("cannot enter", TRACEFS);
	setvbuf(stdout, NULL, _IOLBF, 0);

	if (state_report("DIRTY"))
		clean();
	quick = want_quick;
	cov_take(0);
	slurp("trace_clock", &clock0);
	kmsg_open();
	clock_gettime(CLOCK_MONOTONIC, &t0);

	for (cur_op = -1; (n = getline(&line, &cap, in)) >= 0;) {
		if (n && line[n - 1] == '\n')
			line[--n] = '\0';
		if (!n || line[0] == '#')
			continue;
		cur_op++;
		n_ops++;
		if (out)
			fprintf(out, "#%ld%s%s\n", cur_op, transcript ? " " : "",
				transcript ? line : "");
		flush_out();
		if (!strcmp(line, "--")) {
			end_segment();
			cov_take(1);
		} else
			run_op(line);
		kmsg_check();
	}
	fclose(in);

	clock_gettime(CLOCK_MONOTONIC, &t1);
	cur_op++;
	if (out)
		fprintf(out, "#%ld clean-up\n", cur_op);
	flush_out();
	end_segment();
	cov_take(1);
	for (i = 0; clock0.s && clock0.s[i]; i++)
		if (clock0.s[i] == '[') {	/* "local [global] ..." */
			put("trace_clock", 0, clock0.s + i + 1,
			    strcspn(clock0.s + i + 1, "]"));
			break;
		}
	put("tracing_on", 0, "1", 1);
	put("trace", O_TRUNC, "", 0);
	kmsg_check();
	if (out)
		fprintf(out, "#%ld end\n", cur_op + 1);
	flush_out();

	clock_gettime(CLOCK_MONOTONIC, &t2);
	printf("SUMMARY ops=%ld commands=%ld accepted=%ld refused=%ld left=%ld leftovers=%ld reports=%ld secs=%.1f clean=%.1f\n",
	       n_ops, n_cmds, n_ok, n_refused, n_left, n_leftovers, n_reports,
	       secs(&t0, &t1), secs(&t1, &t2));
	return n_left || n_leftovers ||
	       (n_reports && !reports_judged_outside) ? 1 : 0;
}
