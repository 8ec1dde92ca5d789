// SPDX-License-Identifier: GPL-2.0
/*
 * workload N:SIZE...: for each argument, N write(2)s of SIZE bytes to
 * /dev/null on descriptor 77, the descriptor the exporter tests' triggers
 * filter on (harness/exporter/README.md), so that nothing else counts.
 * With HX_COMM in the environment, the task is named that first (its
 * comm, which the tables show through .execname).
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <unistd.h>

#define FD 77

int main(int argc, char **argv)
{
	static char buf[65536];
	unsigned long n, size, i;
	int a, fd = open("/dev/null", O_WRONLY);

	if (fd < 0 || dup2(fd, FD) != FD)
		return 1;
	if (getenv("HX_COMM") && prctl(PR_SET_NAME, getenv("HX_COMM")))
		return 1;
	for (a = 1; a < argc; a++) {
		if (sscanf(argv[a], "%lu:%lu", &n, &size) != 2 || size > sizeof(buf)) {
			fprintf(stderr, "workload: '%s' is not N:SIZE (SIZE up to %zu)\n",
				argv[a], sizeof(buf));
			return 2;
		}
		for (i = 0; i < n; i++)
			if (write(FD, buf, size) != (ssize_t)size)
				return 1;
	}
	return 0;
}
