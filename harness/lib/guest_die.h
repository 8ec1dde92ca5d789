/* SPDX-License-Identifier: GPL-2.0 */
/*
 * die() of the harness's guest programs (histgen, benchloop): "PROGRAM:
 * WHAT 'ARG': the error of errno", then exit 1. Include after <errno.h>
 * with _GNU_SOURCE defined (program_invocation_short_name).
 */
#ifndef HARNESS_GUEST_DIE_H
#define HARNESS_GUEST_DIE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void die(const char *what, const char *arg)
{
	int err = errno;

	fprintf(stderr, "%s: %s", program_invocation_short_name, what);
	if (arg)
		fprintf(stderr, " '%s'", arg);
	if (err)
		fprintf(stderr, ": %s", strerror(err));
	fputc('\n', stderr);
	exit(1);
}

#endif /* HARNESS_GUEST_DIE_H */
