// SPDX-License-Identifier: GPL-2.0
/*
 * An arena: memory cut in order from blocks of ARENA_BLOCK bytes (or one
 * of its own for a larger request), all given back at once. What is cut
 * never moves, so pointers into it stay good until the arena is reset.
 * The reader cuts each entry of a hist_json document from one, emptied
 * after the entry; a scrape cuts the labels and values of its series from
 * one a table. Called by reader.c and expose.c; calls nothing of ours.
 *
 * Blocks are a list, newest first; a reset frees all but the oldest (the
 * first cut), which is kept empty for the next use.
 */
#include <stdlib.h>
#include <string.h>

#include "hist-exporter.h"

#define ARENA_BLOCK 65536

struct arena_block {
	struct arena_block *next;
	size_t size, used;
	char data[];
};

/* N bytes, aligned for any of our structures; NULL when out of memory. */
void *arena_alloc(struct arena *a, size_t n)
{
	struct arena_block *b = a->head;
	void *mem;

	n = (n + 7) & ~(size_t)7;
	if (!b || b->size - b->used < n) {
		size_t size = n > ARENA_BLOCK ? n : ARENA_BLOCK;

		b = malloc(sizeof(*b) + size);
		if (!b)
			return NULL;
		b->size = size;
		b->used = 0;
		b->next = a->head;
		a->head = b;
	}
	mem = b->data + b->used;
	b->used += n;
	return mem;
}

/* LEN bytes of S and a NUL; NULL when out of memory. */
char *arena_text(struct arena *a, const void *s, size_t len)
{
	char *text = arena_alloc(a, len + 1);

	if (text) {
		memcpy(text, s, len);
		text[len] = '\0';
	}
	return text;
}

/* Everything cut given back: the oldest block kept (KEEP) or freed too. */
void arena_reset(struct arena *a, bool keep)
{
	struct arena_block *b;

	while (a->head && (!keep || a->head->next)) {
		b = a->head;
		a->head = b->next;
		free(b);
	}
	if (a->head)
		a->head->used = 0;
}
