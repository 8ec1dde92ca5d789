// SPDX-License-Identifier: GPL-2.0
/*
 * --web.config.file: TLS and basic authentication, in the format of the
 * Prometheus exporter-toolkit (node_exporter's), the part of it an
 * exporter of one port needs:
 *
 *	tls_server_config:
 *	  cert_file: server.crt        PEM, relative to the file's directory
 *	  key_file: server.key
 *	basic_auth_users:
 *	  alice: $2y$10$...            bcrypt hashes (htpasswd -nbB, or the like)
 *
 * Both parts are optional; any other key is an error, as a setting the
 * exporter would ignore is one an operator believes is in force. Read with
 * libyaml (Debian's libyaml-dev) into a tree of nodes.
 *
 * A password is checked with crypt_r() (libxcrypt's bcrypt). bcrypt is
 * slow on purpose, and a scraper sends the same password at every scrape:
 * a password once found right is remembered as a SHA-256 crypt() of it
 * with a salt of this process (web_auth_ok()), which costs a fraction of
 * the bcrypt; a wrong one is never remembered.
 */
#include <crypt.h>
#include <libgen.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include <yaml.h>

#include "hist-exporter.h"

#define AUTH_CACHE 8

struct auth_seen {
	char *user;
	char *digest;		/* $5$ crypt of the password, salt of this run */
};

static pthread_mutex_t auth_lock = PTHREAD_MUTEX_INITIALIZER;
static struct auth_seen seen[AUTH_CACHE];
static int seen_next;
static char salt[32];

/* This run's salt of remembered passwords: "$5$" and 16 random characters. */
static int salt_make(void)
{
	static const char b64[] =
		"./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
	unsigned char rnd[16];
	int i;

	if (getrandom(rnd, sizeof(rnd), 0) != sizeof(rnd))
		return -1;
	memcpy(salt, "$5$", 3);
	for (i = 0; i < 16; i++)
		salt[3 + i] = b64[rnd[i] % 64];
	salt[19] = '\0';
	return 0;
}

static char *file_text(const char *dir, const char *name, const char *what, const char *cfg)
{
	char *path, *text = NULL;
	size_t len = 0;
	FILE *f, *out;
	int c;

	if (name[0] == '/')
		path = strdup(name);
	else if (asprintf(&path, "%s/%s", dir, name) < 0)
		path = NULL;
	if (!path)
		return NULL;
	f = fopen(path, "r");
	if (!f) {
		log_msg("%s: %s %s: %m", cfg, what, path);
		free(path);
		return NULL;
	}
	out = open_memstream(&text, &len);
	while ((c = fgetc(f)) != EOF)
		fputc(c, out);
	fclose(out);
	fclose(f);
	free(path);
	return text;
}

/* Node N's text if it is a scalar, else NULL. */
static const char *scalar_of(yaml_node_t *n)
{
	return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

/* The members of mapping N: an error message, or NULL. */
static const char *tls_part(struct web_config *w, yaml_document_t *doc, yaml_node_t *n,
			    const char *dir, const char *path)
{
	yaml_node_pair_t *p;

	if (n->type != YAML_MAPPING_NODE)
		return "tls_server_config is not a mapping";
	for (p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
		const char *k = scalar_of(yaml_document_get_node(doc, p->key));
		const char *v = scalar_of(yaml_document_get_node(doc, p->value));
		char **dst;

		if (!k || !v)
			return "tls_server_config: KEY: VALUE expected";
		if (!strcmp(k, "cert_file"))
			dst = &w->cert_pem;
		else if (!strcmp(k, "key_file"))
			dst = &w->key_pem;
		else
			return "tls_server_config: only cert_file and key_file are known";
		free(*dst);
		*dst = file_text(dir, v, k, path);
		if (!*dst)
			return "a file it names cannot be read";
	}
	if (!w->cert_pem || !w->key_pem)
		return "tls_server_config needs cert_file and key_file";
	return NULL;
}

static const char *users_part(struct web_config *w, yaml_document_t *doc, yaml_node_t *n)
{
	yaml_node_pair_t *p;

	if (n->type != YAML_MAPPING_NODE)
		return "basic_auth_users is not a mapping";
	for (p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
		const char *k = scalar_of(yaml_document_get_node(doc, p->key));
		const char *v = scalar_of(yaml_document_get_node(doc, p->value));

		if (!k || !v || !*k)
			return "basic_auth_users: USER: HASH expected";
		if (strncmp(v, "$2", 2))
			return "basic_auth_users: a password must be a bcrypt hash ($2a$, $2b$, $2y$)";
		w->users = realloc(w->users, (w->nr_users + 1) * sizeof(*w->users));
		w->users[w->nr_users].name = strdup(k);
		w->users[w->nr_users++].hash = strdup(v);
	}
	return NULL;
}

/**
 * web_config_load() - read a --web.config.file
 * @path: the file
 * @w: filled in; web_config_free() it whatever the result
 *
 * Return: 0, or -1 after logging why.
 */
int web_config_load(const char *path, struct web_config *w)
{
	char *copy = strdup(path), *dir = dirname(copy);
	yaml_parser_t parser;
	yaml_document_t doc;
	const char *err = NULL;
	yaml_node_t *root;
	yaml_node_pair_t *p;
	FILE *f;

	memset(w, 0, sizeof(*w));
	f = fopen(path, "r");
	if (!f) {
		log_msg("%s: cannot open: %m", path);
		free(copy);
		return -1;
	}
	yaml_parser_initialize(&parser);
	yaml_parser_set_input_file(&parser, f);
	if (!yaml_parser_load(&parser, &doc)) {
		log_msg("%s:%zu: not YAML: %s", path, parser.problem_mark.line + 1,
			parser.problem ? parser.problem : "?");
		yaml_parser_delete(&parser);
		fclose(f);
		free(copy);
		return -1;
	}
	root = yaml_document_get_root_node(&doc);
	if (root && root->type != YAML_MAPPING_NODE)
		err = "not a mapping of tls_server_config and basic_auth_users";
	for (p = root && !err ? root->data.mapping.pairs.start : NULL;
	     p && p < root->data.mapping.pairs.top && !err; p++) {
		const char *k = scalar_of(yaml_document_get_node(&doc, p->key));
		yaml_node_t *v = yaml_document_get_node(&doc, p->value);

		if (k && !strcmp(k, "tls_server_config"))
			err = tls_part(w, &doc, v, dir, path);
		else if (k && !strcmp(k, "basic_auth_users"))
			err = users_part(w, &doc, v);
		else
			err = "only tls_server_config and basic_auth_users are known";
	}
	if (err)
		log_msg("%s: %s", path, err);
	yaml_document_delete(&doc);
	yaml_parser_delete(&parser);
	fclose(f);
	free(copy);
	if (!err && w->nr_users && salt_make()) {
		err = "no random salt";
		log_msg("%s: getrandom(): %m", path);
	}
	return err ? -1 : 0;
}

/**
 * web_config_free() - free what web_config_load() allocated
 * @w: the web configuration
 */
void web_config_free(struct web_config *w)
{
	int i;

	free(w->cert_pem);
	free(w->key_pem);
	for (i = 0; i < w->nr_users; i++) {
		free(w->users[i].name);
		free(w->users[i].hash);
	}
	free(w->users);
	memset(w, 0, sizeof(*w));
}

/* crypt_r() of PASS with SETTING (a hash or a salt), malloc()ed, or NULL. */
static char *crypt_of(const char *pass, const char *setting)
{
	struct crypt_data *cd = calloc(1, sizeof(*cd));
	char *h, *out = NULL;

	if (!cd)
		return NULL;
	h = crypt_r(pass, setting, cd);
	if (h && h[0] != '*')
		out = strdup(h);
	free(cd);
	return out;
}

/**
 * web_auth_ok() - whether a user and password may scrape
 * @w: the web configuration
 * @user: the user the request names, or NULL
 * @pass: its password, or NULL
 *
 * Return: true when no user is configured, or when @user's bcrypt hash is
 * that of @pass.
 */
bool web_auth_ok(const struct web_config *w, const char *user, const char *pass)
{
	char *digest, *h;
	bool ok = false;
	int i;

	if (!w->nr_users)
		return true;
	if (!user || !pass)
		return false;
	for (i = 0; i < w->nr_users && strcmp(w->users[i].name, user); i++)
		;
	if (i == w->nr_users)
		return false;
	digest = crypt_of(pass, salt);
	if (!digest)
		return false;
	pthread_mutex_lock(&auth_lock);
	for (i = 0; i < AUTH_CACHE && !ok; i++)
		ok = seen[i].user && !strcmp(seen[i].user, user) && !strcmp(seen[i].digest, digest);
	pthread_mutex_unlock(&auth_lock);
	if (!ok) {
		for (i = 0; strcmp(w->users[i].name, user); i++)
			;
		h = crypt_of(pass, w->users[i].hash);
		ok = h && !strcmp(h, w->users[i].hash);
		free(h);
		if (ok) {
			pthread_mutex_lock(&auth_lock);
			free(seen[seen_next].user);
			free(seen[seen_next].digest);
			seen[seen_next].user = strdup(user);
			seen[seen_next].digest = strdup(digest);
			seen_next = (seen_next + 1) % AUTH_CACHE;
			pthread_mutex_unlock(&auth_lock);
		}
	}
	free(digest);
	return ok;
}
