// SPDX-License-Identifier: GPL-2.0
/*
 * failnth - one write or read of a tracefs file with its Nth fault point
 * failed, for the fault-injection sweep (harness/faults/README.md). Built
 * static on the host, run in the guest of the debug flavour.
 *
 * Usage: failnth N write FILE TEXT
 *        failnth N read FILE
 *
 * The task's fail-nth (/proc/self/fail-nth, Documentation/fault-injection/
 * fault-injection.rst) is armed with N just before FILE is opened, so that
 * the open, the write of TEXT (appended, as `echo TEXT >> FILE` does) or the
 * read of the whole file, and the close all count: the Nth allocation (slab
 * or page, as the guest's failslab and fail_page_alloc settings allow) in
 * them fails. fail-nth is opened before it is armed and read back after the
 * close, so that no allocation of ours is counted.
 *
 * Prints one line: "injected 0|1 ok|ERRNO-NAME POINTS", where injected
 * says whether the Nth fault point was reached (fail-nth reads 0 once it
 * has failed), ERRNO-NAME is the error of the first system call on FILE
 * that failed, and POINTS the fault points reached (N when injected).
 * Exit status 0, or 1 when failnth itself cannot work.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../lib/guest_die.h"

/* The whole of FILE read and dropped; 0 or the errno of the failing call. */
static int read_all(int fd)
{
	char buf[4096];
	ssize_t n;

	while ((n = read(fd, buf, sizeof(buf))) > 0)
		;
	return n < 0 ? errno : 0;
}

static int write_all(int fd, const char *text)
{
	size_t len = strlen(text);

	/* tracefs command files take one command a write. */
	if (write(fd, text, len) != (ssize_t)len)
		return errno ? errno : EIO;
	return 0;
}

int main(int argc, char **argv)
{
	int nth, fd, err = 0, reading;
	char armed[32], left[32];
	ssize_t n;

	if (argc < 4 || (strcmp(argv[2], "read") && strcmp(argv[2], "write")) ||
	    (!strcmp(argv[2], "write") && argc != 5)) {
		fprintf(stderr, "usage: failnth N write FILE TEXT | failnth N read FILE\n");
		return 1;
	}
	reading = !strcmp(argv[2], "read");
	nth = open("/proc/self/fail-nth", O_RDWR);
	if (nth < 0)
		die("cannot open", "/proc/self/fail-nth");
	n = snprintf(armed, sizeof(armed), "%d", atoi(argv[1]));
	if (write(nth, armed, n) != n)
		die("cannot arm", "/proc/self/fail-nth");

	fd = open(argv[3], reading ? O_RDONLY : O_WRONLY | O_APPEND);
	if (fd < 0) {
		err = errno;
	} else {
		err = reading ? read_all(fd) : write_all(fd, argv[4]);
		if (close(fd) && !err)
			err = errno;
	}

	n = pread(nth, left, sizeof(left) - 1, 0);
	if (n <= 0)
		die("cannot read back", "/proc/self/fail-nth");
	left[n] = '\0';
	/* Disarmed, whether or not the Nth fault point came. */
	if (write(nth, "0", 1) != 1)
		die("cannot disarm", "/proc/self/fail-nth");
	printf("injected %d %s %d\n", atoi(left) == 0, err ? strerrorname_np(err) : "ok",
	       atoi(argv[1]) - atoi(left));
	return 0;
}
