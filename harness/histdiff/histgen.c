// SPDX-License-Identifier: GPL-2.0
/*
 * histgen - emit trace events with chosen values, for the hist differential
 * test (harness/histdiff/). Built static on the host, run in the guest.
 *
 * Usage: histgen ACTION...
 *
 * The actions run in order, from one process. A value may start with "N*"
 * to repeat the action N times.
 *
 *   comm=NAME        set the process name (prctl PR_SET_NAME), so that
 *                    filters can select comm == "NAME"; set it first
 *   cpu=N            pin the process to CPU N
 *   pidfile=PATH     write the pid to PATH (for normalising outputs)
 *   mark=[N*]TEXT    write TEXT to trace_marker (ftrace/print); "\n" and
 *                    "\t" in TEXT are turned into newline and tab
 *   write=[N*]FD:LEN write(2) LEN bytes to /dev/null through descriptor FD
 *                    (syscalls/sys_enter_write, sys_exit_write)
 *   read=[N*]FD:LEN  read(2) LEN bytes from /dev/zero through descriptor FD
 *   user=DECL        register a user_event with DECL, the user_events
 *                    command ("name type field;type field..."); the event
 *                    may already exist (created in dynamic_events) with the
 *                    same fields. Later emit= actions write this event.
 *                    Naming an event registered before selects it again.
 *   emit=[N*]V,V,... write one event of the last user= event; the values
 *                    follow the fields in order: numbers (strtoll base 0,
 *                    negative allowed) for integer fields, text for char[N]
 *                    (truncated to N-1; "=TEXT" fills the array with TEXT
 *                    as it is, up to N bytes, "\0" a NUL byte, so that
 *                    it may hold no NUL or bytes after one) and
 *                    __data_loc/__rel_loc char[].
 *                    A number written "A.." is A plus the repetition's
 *                    index (0 to N-1), "A..%M" A plus the index modulo M:
 *                    emit=1000*0..%4,5.. writes keys 0-3 with values 5-1004
 *   usleep=N         sleep N microseconds (spacing for timestamps)
 *   hold=PATH        open PATH read-only and keep it open (one at a time)
 *   poll=EV[:MS]     poll the held file for EV (in, pri or in+pri) with a
 *                    timeout of MS milliseconds (default 0) and print
 *                    "poll EV: " and the events returned (or "none")
 *   drain            read the held file to its end and seek back to 0
 *
 * Example:
 *   histgen comm=hgw write=3:10 write=2*3:20 \
 *           user='hg_t u8 a;char[8] s' emit=1,abc emit=3*2,de
 *
 * Exit status 0, or 1 with a message on stderr at the first failure.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#include "../lib/guest_die.h"
#include "../lib/user_events.h"


#define TRACEFS		"/sys/kernel/tracing"
#define MAX_FIELDS	64

enum kind { NUM, CHARS, DATA_LOC, REL_LOC };

struct field {
	enum kind kind;
	int size;		/* bytes in the fixed part */
};

#define MAX_EVENTS	32

/*
 * Fill a char[@size] with @text as it is, "\0" a NUL byte, up to @size
 * bytes: with @size characters or more, the array holds no NUL at all.
 */
static void chars_raw(char *dst, const char *text, int size)
{
	int n = 0;

	while (*text && n < size) {
		if (text[0] == '\\' && text[1] == '0') {
			dst[n++] = '\0';
			text += 2;
		} else {
			dst[n++] = *text++;
		}
	}
}

/* A registered user_event; the kernel sets bit 0 of enabled while traced. */
struct uevent {
	char *decl;		/* the user= text it was registered with */
	int fd;			/* user_events_data, registered on */
	uint32_t index;		/* write_index */
	int nfields;
	struct field f[MAX_FIELDS];
	uint32_t enabled;
};

static int held = -1;		/* the file of hold= */

static struct uevent events[MAX_EVENTS];
static int nevents;
static struct uevent *cur;	/* the event emit= writes */

/* "N*rest" -> N and rest; anything else -> 1 and the whole text. */
static long repeat(const char **val)
{
	char *end;
	long n;

	if (**val < '0' || **val > '9')
		return 1;
	n = strtol(*val, &end, 10);
	if (*end != '*')
		return 1;
	*val = end + 1;
	return n;
}

static void do_mark(const char *text, long n)
{
	char buf[4096], *o = buf;
	int fd;

	for (; *text && o < buf + sizeof(buf) - 1; text++) {
		if (text[0] == '\\' && text[1] == 'n') {
			*o++ = '\n';
			text++;
		} else if (text[0] == '\\' && text[1] == 't') {
			*o++ = '\t';
			text++;
		} else {
			*o++ = *text;
		}
	}
	fd = open(TRACEFS "/trace_marker", O_WRONLY);
	if (fd < 0)
		die("cannot open trace_marker", NULL);
	while (n--)
		if (write(fd, buf, o - buf) < 0)
			die("trace_marker write failed", NULL);
	close(fd);
}

static void do_io(const char *spec, long n, int is_read)
{
	static char buf[1 << 16];
	const char *path = is_read ? "/dev/zero" : "/dev/null";
	int want, tmp;
	long len;
	char *end;

	want = strtol(spec, &end, 10);
	if (*end != ':')
		die("expected FD:LEN, not", spec);
	len = strtol(end + 1, &end, 10);
	if (*end || len < 0 || len > (long)sizeof(buf))
		die("bad length in", spec);
	tmp = open(path, is_read ? O_RDONLY : O_WRONLY);
	if (tmp < 0)
		die("cannot open", path);
	if (tmp != want) {
		if (dup2(tmp, want) < 0)
			die("dup2 failed for", spec);
		close(tmp);
	}
	while (n--) {
		ssize_t r = is_read ? read(want, buf, len) : write(want, buf, len);

		if (r < 0)
			die(is_read ? "read failed" : "write failed", spec);
	}
	close(want);
}

static int type_size(const char *type, enum kind *kind)
{
	const char *b;

	*kind = NUM;
	if (!strncmp(type, "__data_loc ", 11)) {
		*kind = DATA_LOC;
		return 4;
	}
	if (!strncmp(type, "__rel_loc ", 10)) {
		*kind = REL_LOC;
		return 4;
	}
	b = strchr(type, '[');
	if (b) {
		*kind = CHARS;
		return atoi(b + 1);
	}
	if (!strcmp(type, "u64") || !strcmp(type, "s64"))
		return 8;
	if (!strcmp(type, "u32") || !strcmp(type, "s32") ||
	    !strcmp(type, "int") || !strcmp(type, "unsigned int"))
		return 4;
	if (!strcmp(type, "u16") || !strcmp(type, "s16") ||
	    !strcmp(type, "short") || !strcmp(type, "unsigned short"))
		return 2;
	if (!strcmp(type, "u8") || !strcmp(type, "s8") ||
	    !strcmp(type, "char") || !strcmp(type, "unsigned char"))
		return 1;
	return -1;
}

/* Remember the field layout of DECL: "name type field;type field...". */
static void parse_decl(struct uevent *ue, const char *decl)
{
	char *copy = strdup(decl), *args, *f, *save;

	ue->nfields = 0;
	args = strchr(copy, ' ');
	if (!args)
		return;
	for (f = strtok_r(args + 1, ";", &save); f; f = strtok_r(NULL, ";", &save)) {
		char *sp;

		while (*f == ' ')
			f++;
		if (!*f)
			continue;
		sp = strrchr(f, ' ');
		while (sp && sp[1] == '\0') {	/* trailing blanks */
			*sp = '\0';
			sp = strrchr(f, ' ');
		}
		if (!sp)
			die("field without a type:", f);
		*sp = '\0';
		if (ue->nfields == MAX_FIELDS)
			die("too many fields in", decl);
		ue->f[ue->nfields].size = type_size(f, &ue->f[ue->nfields].kind);
		if (ue->f[ue->nfields].size < 0)
			die("unknown field type", f);
		ue->nfields++;
	}
	free(copy);
}

/*
 * Make DECL the current event, registering it the first time: each event
 * has its own descriptor and enable word (the kernel refuses a second
 * registration of the same address and bit).
 */
static void do_user(const char *decl)
{
	struct user_reg reg = { 0 };
	struct uevent *ue;
	int i;

	for (i = 0; i < nevents; i++) {
		if (!strcmp(events[i].decl, decl)) {
			cur = &events[i];
			return;
		}
	}
	if (nevents == MAX_EVENTS)
		die("too many user events", decl);
	ue = &events[nevents];
	ue->fd = open(TRACEFS "/user_events_data", O_RDWR);
	if (ue->fd < 0)
		die("cannot open user_events_data", NULL);
	reg.size = sizeof(reg);
	reg.enable_bit = 0;
	reg.enable_size = sizeof(ue->enabled);
	reg.enable_addr = (uint64_t)(uintptr_t)&ue->enabled;
	reg.name_args = (uint64_t)(uintptr_t)decl;
	if (ioctl(ue->fd, DIAG_IOCSREG, &reg) < 0)
		die("DIAG_IOCSREG failed for", decl);
	ue->index = reg.write_index;
	ue->decl = strdup(decl);
	parse_decl(ue, decl);
	cur = &events[nevents++];
}

/* An integer field written "A.." or "A..%M": where it is and what it counts. */
struct seq {
	size_t off;
	int size;
	uint64_t base, mod;
};

static void do_emit(const char *vals, long n)
{
	char fixed[4096], dyn[4096], *copy, *v, *next, *dots;
	size_t flen = 0, dlen = 0;
	struct seq seq[MAX_FIELDS];
	struct iovec io[3];
	int i, nseq = 0;
	long rep;

	if (!cur)
		die("emit= before user=", vals);
	for (i = 0; i < cur->nfields; i++)
		flen += cur->f[i].size;
	if (flen > sizeof(fixed))
		die("event too large", vals);
	memset(fixed, 0, sizeof(fixed));

	copy = strdup(vals);
	next = copy;
	flen = 0;
	for (i = 0; i < cur->nfields; i++) {
		struct field *f = &cur->f[i];
		size_t len;

		v = next ? next : (char *)"";
		next = next ? strchr(next, ',') : NULL;
		if (next)
			*next++ = '\0';
		switch (f->kind) {
		case NUM: {
			uint64_t x = *v == '-' ? (uint64_t)strtoll(v, NULL, 0)
					       : strtoull(v, NULL, 0);

			dots = strstr(v, "..");
			if (dots) {
				seq[nseq].off = flen;
				seq[nseq].size = f->size;
				seq[nseq].base = x;
				seq[nseq].mod = dots[2] == '%' ? strtoull(dots + 3, NULL, 0) : 0;
				nseq++;
			}
			user_event_put_num(fixed + flen, x, f->size);
			break;
		}
		case CHARS:
			if (*v == '=') {
				chars_raw(fixed + flen, v + 1, f->size);
				break;
			}
			len = strlen(v);
			if (len > (size_t)f->size - 1)
				len = f->size - 1;
			memcpy(fixed + flen, v, len);
			break;
		case DATA_LOC:
		case REL_LOC: {
			uint32_t loc, off;

			len = strlen(v) + 1;
			if (dlen + len > sizeof(dyn))
				die("strings too long in", vals);
			memcpy(dyn + dlen, v, len);
			/*
			 * The offsets are resolved below, once the fixed part's
			 * size is known; keep (len, offset in dyn) for now.
			 */
			off = dlen;
			loc = (uint32_t)len << 16 | off;
			memcpy(fixed + flen, &loc, 4);
			dlen += len;
			break;
		}
		}
		flen += f->size;
	}
	if (next)
		die("more values than fields in", vals);

	/* __data_loc: from the start of the entry (8-byte trace_entry first);
	 * __rel_loc: from the end of the location word itself. */
	{
		size_t pos = 0;

		for (i = 0; i < cur->nfields; i++) {
			struct field *f = &cur->f[i];
			uint32_t loc;

			if (f->kind == DATA_LOC || f->kind == REL_LOC) {
				memcpy(&loc, fixed + pos, 4);
				if (f->kind == DATA_LOC)
					loc += 8 + flen;
				else
					loc += flen - (pos + 4);
				memcpy(fixed + pos, &loc, 4);
			}
			pos += f->size;
		}
	}
	free(copy);

	io[0].iov_base = &cur->index;
	io[0].iov_len = sizeof(cur->index);
	io[1].iov_base = fixed;
	io[1].iov_len = flen;
	io[2].iov_base = dyn;
	io[2].iov_len = dlen;
	/* EBADF: nothing traces the event (no trigger took): not an error. */
	for (rep = 0; rep < n; rep++) {
		for (i = 0; i < nseq; i++) {
			uint64_t x = seq[i].base +
				     (seq[i].mod ? (uint64_t)rep % seq[i].mod : (uint64_t)rep);

			user_event_put_num(fixed + seq[i].off, x, seq[i].size);
		}
		if (writev(cur->fd, io, 3) < 0 && errno != EBADF)
			die("user event write failed for", vals);
	}
}

static void do_poll(const char *spec)
{
	struct pollfd p = { .fd = held };
	char ev[16];
	int ms = 0, n;
	const char *colon = strchr(spec, ':');
	size_t len = colon ? (size_t)(colon - spec) : strlen(spec);

	if (held < 0)
		die("poll= before hold=", spec);
	if (len >= sizeof(ev))
		die("bad poll events", spec);
	memcpy(ev, spec, len);
	ev[len] = '\0';
	if (colon)
		ms = atoi(colon + 1);
	if (!strcmp(ev, "in"))
		p.events = POLLIN;
	else if (!strcmp(ev, "pri"))
		p.events = POLLPRI;
	else if (!strcmp(ev, "in+pri"))
		p.events = POLLIN | POLLPRI;
	else
		die("poll events are in, pri or in+pri, not", ev);
	n = poll(&p, 1, ms);
	if (n < 0)
		die("poll failed for", spec);
	printf("poll %s:", ev);
	if (!p.revents)
		printf(" none");
	if (p.revents & POLLIN)
		printf(" IN");
	if (p.revents & POLLPRI)
		printf(" PRI");
	if (p.revents & POLLERR)
		printf(" ERR");
	if (p.revents & POLLHUP)
		printf(" HUP");
	if (p.revents & POLLNVAL)
		printf(" NVAL");
	if (p.revents & ~(POLLIN | POLLPRI | POLLERR | POLLHUP | POLLNVAL))
		printf(" 0x%x", p.revents);
	printf("\n");
	fflush(stdout);
}

static void do_drain(void)
{
	char buf[4096];
	ssize_t r;

	if (held < 0)
		die("drain before hold=", NULL);
	while ((r = read(held, buf, sizeof(buf))) > 0)
		;
	if (r < 0)
		die("read of the held file failed", NULL);
	if (lseek(held, 0, SEEK_SET) < 0)
		die("lseek of the held file failed", NULL);
}

int main(int argc, char **argv)
{
	int i;

	/*
	 * Descriptors the caller left open would change which ones open()
	 * returns, and so the syscalls traced: start from 0, 1 and 2 only.
	 */
	syscall(SYS_close_range, 3, ~0U, 0);

	for (i = 1; i < argc; i++) {
		char *arg = argv[i], *eq = strchr(arg, '=');
		const char *val;
		long n;

		if (!strcmp(arg, "drain")) {
			do_drain();
			continue;
		}
		if (!eq)
			die("expected ACTION=VALUE, not", arg);
		*eq = '\0';
		val = eq + 1;
		errno = 0;
		if (!strcmp(arg, "comm")) {
			if (prctl(PR_SET_NAME, val, 0, 0, 0))
				die("PR_SET_NAME failed for", val);
		} else if (!strcmp(arg, "cpu")) {
			cpu_set_t set;

			CPU_ZERO(&set);
			CPU_SET(atoi(val), &set);
			if (sched_setaffinity(0, sizeof(set), &set))
				die("sched_setaffinity failed for", val);
		} else if (!strcmp(arg, "pidfile")) {
			FILE *f = fopen(val, "w");

			if (!f)
				die("cannot write", val);
			fprintf(f, "%d\n", getpid());
			fclose(f);
		} else if (!strcmp(arg, "mark")) {
			n = repeat(&val);
			do_mark(val, n);
		} else if (!strcmp(arg, "write") || !strcmp(arg, "read")) {
			n = repeat(&val);
			do_io(val, n, arg[0] == 'r');
		} else if (!strcmp(arg, "user")) {
			do_user(val);
		} else if (!strcmp(arg, "emit")) {
			n = repeat(&val);
			do_emit(val, n);
		} else if (!strcmp(arg, "usleep")) {
			usleep(atol(val));
		} else if (!strcmp(arg, "hold")) {
			if (held >= 0)
				close(held);
			held = open(val, O_RDONLY);
			if (held < 0)
				die("cannot open", val);
		} else if (!strcmp(arg, "poll")) {
			do_poll(val);
		} else {
			die("unknown action", arg);
		}
	}
	return 0;
}
