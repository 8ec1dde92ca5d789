// SPDX-License-Identifier: GPL-2.0
/*
 * poll - call poll() once on a tracefs file and say what it reported, for
 * the ftracetest cases that test poll() on an event's hist file.
 *
 * Usage: poll [-I|-P] [-r] [-t MS] [FILE]
 *
 *   FILE    the file to open read-only. Without it, poll works on its
 *           standard input, so that a shell can keep one open file across
 *           several runs (exec 3< hist; poll <&3; ...): the hist file
 *           keeps its read and poll state in the open file.
 *   -r      first read the file from its start to its end (as cat does)
 *   -I      poll for POLLIN only
 *   -P      poll for POLLPRI only (the default is both)
 *   -t MS   time out after MS milliseconds; the default, -1, waits for
 *           ever and 0 only looks
 *
 * Prints one line: the events poll() returned, joined by "+" ("in",
 * "pri", "in+pri"; "err", "hup" and "nval" when the kernel says so), or
 * "none" when the timeout expired first, then the milliseconds poll()
 * took. For example "in+pri 1003" or "none 0".
 *
 * Exit status 0 whatever poll() returned, 1 with a message on stderr when
 * something failed (bad usage, open, read, poll).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

static const char *prog = "poll";

static void bad_usage(void)
{
	fprintf(stderr, "usage: %s [-I|-P] [-r] [-t MS] [FILE]\n", prog);
	exit(1);
}

static void fail(const char *what, const char *name)
{
	fprintf(stderr, "%s: %s %s: %s\n", prog, what, name, strerror(errno));
	exit(1);
}

/* Read from the start to the end of the file. */
static void read_all(int fd, const char *name)
{
	char buf[4096];
	ssize_t n;

	if (lseek(fd, 0, SEEK_SET) < 0)
		fail("cannot seek", name);
	do {
		n = read(fd, buf, sizeof(buf));
	} while (n > 0 || (n < 0 && errno == EINTR));
	if (n < 0)
		fail("cannot read", name);
}

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

static void print_events(short revents)
{
	static const struct {
		short bit;
		const char *name;
	} names[] = {
		{ POLLIN, "in" },
		{ POLLPRI, "pri" },
		{ POLLERR, "err" },
		{ POLLHUP, "hup" },
		{ POLLNVAL, "nval" },
	};
	const char *sep = "";
	unsigned int i;

	if (!revents) {
		fputs("none", stdout);
		return;
	}
	for (i = 0; i < ARRAY_SIZE(names); i++) {
		if (revents & names[i].bit) {
			printf("%s%s", sep, names[i].name);
			sep = "+";
		}
	}
	revents &= ~(POLLIN | POLLPRI | POLLERR | POLLHUP | POLLNVAL);
	if (revents)
		printf("%s0x%x", sep, (unsigned short)revents);
}

int main(int argc, char **argv)
{
	struct pollfd pfd = { .fd = 0, .events = POLLIN | POLLPRI };
	const char *name = "standard input";
	long long start, took;
	int timeout = -1;
	int do_read = 0;
	char *end;
	int opt, ret;

	while ((opt = getopt(argc, argv, "IPrt:")) != -1) {
		switch (opt) {
		case 'I':
			pfd.events = POLLIN;
			break;
		case 'P':
			pfd.events = POLLPRI;
			break;
		case 'r':
			do_read = 1;
			break;
		case 't':
			errno = 0;
			timeout = strtol(optarg, &end, 10);
			if (errno || end == optarg || *end || timeout < -1)
				bad_usage();
			break;
		default:
			bad_usage();
		}
	}
	if (argc - optind > 1)
		bad_usage();
	if (optind < argc) {
		name = argv[optind];
		pfd.fd = open(name, O_RDONLY);
		if (pfd.fd < 0)
			fail("cannot open", name);
	}

	if (do_read)
		read_all(pfd.fd, name);

	start = now_ms();
	do {
		ret = poll(&pfd, 1, timeout);
	} while (ret < 0 && errno == EINTR);
	took = now_ms() - start;
	if (ret < 0)
		fail("cannot poll", name);

	print_events(ret ? pfd.revents : 0);
	printf(" %lld\n", took);
	return 0;
}
