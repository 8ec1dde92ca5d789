// SPDX-License-Identifier: GPL-2.0
/*
 * The exporter's log: a line at a time on stderr, whole even when the HTTP
 * thread and the main thread write at once. The bottom of the call graph:
 * every other file calls it, it calls none of them.
 */
#include <stdarg.h>
#include <stdio.h>

#include "hist-exporter.h"

/**
 * log_msg() - one line on stderr, "hist-exporter: " in front
 * @fmt: printf format
 */
void log_msg(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	flockfile(stderr);
	fputs("hist-exporter: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	funlockfile(stderr);
	va_end(ap);
}
