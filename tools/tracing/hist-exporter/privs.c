// SPDX-License-Identifier: GPL-2.0
/*
 * The privileges the exporter keeps once its triggers are in: with a
 * "user NAME" setting, it becomes NAME (its uid, gid and groups) before it
 * serves anything, and no exec can give it any back (no_new_privs).
 *
 * What it still needs then, and how it has it:
 *   - to read each event's hist_json at every scrape: tracefs must let
 *     NAME read it, which is the mount's gid= option (a group NAME is in;
 *     hist_json is mode 0440);
 *   - to remove its triggers at exit: the trigger files are opened for
 *     appending while it is still root (trigger.c keeps the descriptor);
 *   - to end the state file: it keeps its descriptor too, and empties it
 *     when it cannot unlink it (state.c).
 * A configuration that only adopts needs no root at all: run it as a user
 * that can read tracefs, without "user".
 */
#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "hist-exporter.h"

/**
 * privs_drop() - become the configured user, for good
 * @cfg: the configuration
 *
 * Return: 0 (also when there is no "user" setting), or -1 after logging why.
 */
int privs_drop(struct config *cfg)
{
	struct passwd *pw;

	if (!cfg->user)
		return 0;
	errno = 0;
	pw = getpwnam(cfg->user);
	if (!pw) {
		log_msg("%s: user '%s': %s", cfg->path, cfg->user,
			errno ? strerror(errno) : "no such user");
		return -1;
	}
	if (initgroups(pw->pw_name, pw->pw_gid) || setgid(pw->pw_gid) ||
	    setuid(pw->pw_uid)) {
		log_msg("cannot become user %s: %m", cfg->user);
		return -1;
	}
	/* Neither back to root, nor anything gained by an exec. */
	if (!setuid(0) || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)) {
		log_msg("user %s: root could be had back", cfg->user);
		return -1;
	}
	log_msg("running as user %s (uid %u, gid %u)", cfg->user, pw->pw_uid, pw->pw_gid);
	return 0;
}
