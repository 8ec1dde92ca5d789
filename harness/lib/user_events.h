/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The user_events ABI of include/uapi/linux/user_events.h (6.4 and later),
 * which the host's libc headers may lack: for the guest programs of the
 * harness (fuzzexec, histgen, benchloop, tracefs-hist).
 */
#ifndef HARNESS_USER_EVENTS_H
#define HARNESS_USER_EVENTS_H

#include <stdint.h>
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

#endif /* HARNESS_USER_EVENTS_H */
