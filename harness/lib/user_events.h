/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The user_events ABI of include/uapi/linux/user_events.h (6.4 and later),
 * which the host's libc headers may lack: for the guest programs of the
 * harness (fuzzexec, histgen, benchloop, tracefs-hist).
 */
#ifndef HARNESS_USER_EVENTS_H
#define HARNESS_USER_EVENTS_H

#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>

struct user_reg {
	uint32_t size;
	uint8_t enable_bit;
	uint8_t enable_size;
	uint16_t flags;
	uint64_t enable_addr;
	uint64_t name_args;
	uint32_t write_index;
} __attribute__((__packed__));

struct user_unreg {
	uint32_t size;
	uint8_t disable_bit;
	uint8_t reserved;
	uint16_t reserved2;
	uint64_t disable_addr;
} __attribute__((__packed__));

#define DIAG_IOCSREG	_IOWR('*', 0, struct user_reg *)
#define DIAG_IOCSDEL	_IOW('*', 1, char *)
#define DIAG_IOCSUNREG	_IOW('*', 2, struct user_unreg *)

/*
 * Store the low @size (1, 2, 4 or 8) bytes of @x in an event's payload as a
 * number of that width, in the host's byte order, the order the kernel
 * reads the record's fields in. A memcpy() of the first @size bytes of @x
 * is right on little-endian hosts only: on big-endian ones it takes the
 * top bytes.
 */
static inline void user_event_put_num(char *dst, uint64_t x, unsigned int size)
{
	uint8_t x8 = x;
	uint16_t x16 = x;
	uint32_t x32 = x;

	switch (size) {
	case 1:
		memcpy(dst, &x8, 1);
		break;
	case 2:
		memcpy(dst, &x16, 2);
		break;
	case 4:
		memcpy(dst, &x32, 4);
		break;
	default:
		memcpy(dst, &x, 8);
	}
}

#endif /* HARNESS_USER_EVENTS_H */
