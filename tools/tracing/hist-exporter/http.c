// SPDX-License-Identifier: GPL-2.0
/*
 * The metrics over HTTP (HTTPS, with basic authentication, as
 * --web.config.file says: webconfig.c) with libmicrohttpd, a thread per
 * connection, so that a slow scrape keeps no other request waiting: the
 * metrics at http_path (--web.telemetry-path, /metrics by default), a
 * landing page at /, 404 elsewhere. Scrapes share reads and are limited in
 * number (below, scrape()). The listening socket is made here, so that an
 * address or port that cannot be bound is reported with the reason before
 * any trigger is installed.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <microhttpd.h>

#include "hist-exporter.h"

#define CT_TEXT "text/plain; version=0.0.4; charset=utf-8"
#define CT_OPENMETRICS "application/openmetrics-text; version=1.0.0; charset=utf-8"

static struct MHD_Daemon *daemon_;
static int listen_fd = -1;

/* Set by main.c's options. */
bool http_verbose;			/* -v: one log line a scrape */
const char *http_path = "/metrics";	/* --web.telemetry-path */
int http_max_requests = 40;		/* --web.max-requests */

/* This thread's CPU time so far, in ms: in user space and in the kernel. */
static void thread_cpu_ms(double *user, double *sys)
{
	struct rusage ru;

	getrusage(RUSAGE_THREAD, &ru);
	*user = ru.ru_utime.tv_sec * 1e3 + ru.ru_utime.tv_usec / 1e3;
	*sys = ru.ru_stime.tv_sec * 1e3 + ru.ru_stime.tv_usec / 1e3;
}

/* Queue TEXT (LEN bytes; freed by libmicrohttpd) as the answer. */
static enum MHD_Result reply(struct MHD_Connection *conn, unsigned int status,
			     const char *type, char *text, size_t len)
{
	struct MHD_Response *r;
	enum MHD_Result ret;

	r = MHD_create_response_from_buffer(len, text, MHD_RESPMEM_MUST_FREE);
	MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, type);
	ret = MHD_queue_response(conn, status, r);
	MHD_destroy_response(r);
	return ret;
}

static enum MHD_Result reply_text(struct MHD_Connection *conn, unsigned int status,
				  const char *text)
{
	return reply(conn, status, "text/plain; charset=utf-8", strdup(text), strlen(text));
}

/*
 * Scrapes that come while one of the same format is being made wait for
 * it and are answered with it: one read of the tables serves them all.
 * expose() itself runs once at a time (it keeps each metric's state), so
 * a scrape of the other format waits for the one running. A scrape past
 * http_max_requests in flight is answered 503 at once.
 *
 * An answer is shared by reference: each request holds one until
 * libmicrohttpd has sent it (body_release()), and the format's 'last'
 * holds one while requests still wait for it.
 */
struct body {
	char *text;
	size_t len;
	int refs;
	struct scrape_stats st;
};

struct format {
	bool running;		/* a scrape of this format is being made */
	unsigned long gen;	/* scrapes of it made so far */
	struct body *last;	/* the last one, while waiters take it */
	int waiters;
};

static pthread_mutex_t scrape_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t scrape_done = PTHREAD_COND_INITIALIZER;
static struct format formats[2];	/* text, OpenMetrics */
static bool exposing;
static int in_flight;

static void body_put_locked(struct body *b)
{
	if (b && !--b->refs) {
		free(b->text);
		free(b);
	}
}

static void body_release(void *cls)
{
	pthread_mutex_lock(&scrape_lock);
	body_put_locked(cls);
	pthread_mutex_unlock(&scrape_lock);
}

/*
 * A new scrape of format F (the lock held, dropped while it is made), or
 * NULL when out of memory; its text is NULL when that was not whole (out
 * of memory too).
 */
static struct body *scrape_make(struct config *cfg, struct format *f, bool om)
{
	struct body *b = calloc(1, sizeof(*b));
	double user0, sys0, user, sys;
	FILE *out;

	if (!b)
		return NULL;
	f->running = true;
	while (exposing)
		pthread_cond_wait(&scrape_done, &scrape_lock);
	exposing = true;
	pthread_mutex_unlock(&scrape_lock);

	thread_cpu_ms(&user0, &sys0);
	out = open_memstream(&b->text, &b->len);
	if (out) {
		int bad = expose(cfg, om, out, &b->st);

		if (fclose(out) || bad) {
			free(b->text);
			b->text = NULL;
		}
	}
	if (http_verbose) {
		thread_cpu_ms(&user, &sys);
		log_msg("scrape: %s, %d series, %zu bytes, CPU %.1f ms user + %.1f ms system",
			om ? "OpenMetrics" : "text", b->st.series, b->len,
			user - user0, sys - sys0);
	}

	pthread_mutex_lock(&scrape_lock);
	exposing = false;
	f->running = false;
	f->gen++;
	body_put_locked(f->last);
	f->last = NULL;
	b->refs = 1;
	if (f->waiters) {
		f->last = b;
		b->refs++;
	}
	pthread_cond_broadcast(&scrape_done);
	return b;
}

/* The answer to a scrape: a new one, or the one being made. */
static struct body *scrape(struct config *cfg, bool om)
{
	struct format *f = &formats[om];
	struct body *b;
	unsigned long gen;

	pthread_mutex_lock(&scrape_lock);
	if (!f->running) {
		b = scrape_make(cfg, f, om);
	} else {
		gen = f->gen;
		f->waiters++;
		while (f->gen == gen)
			pthread_cond_wait(&scrape_done, &scrape_lock);
		b = f->last;
		b->refs++;
		if (!--f->waiters) {
			body_put_locked(f->last);
			f->last = NULL;
		}
	}
	pthread_mutex_unlock(&scrape_lock);
	return b;
}

static const char *landing_page(void)
{
	static char page[512];

	snprintf(page, sizeof(page),
		 "<html><head><title>hist-exporter</title></head><body>\n"
		 "<h1>hist-exporter %s</h1>\n"
		 "<p>hist trigger tables as Prometheus metrics: <a href=\"%s\">%s</a></p>\n"
		 "</body></html>\n", HIST_EXPORTER_VERSION, http_path, http_path);
	return page;
}

static enum MHD_Result handle(void *cls, struct MHD_Connection *conn, const char *url,
			      const char *method, const char *version,
			      const char *upload, size_t *upload_size, void **state)
{
	struct config *cfg = cls;
	struct MHD_Response *r;
	enum MHD_Result ret;
	const char *accept;
	struct body *b;
	bool om, busy;

	(void)version;
	(void)upload;
	(void)upload_size;
	(void)state;
	if (cfg->web.nr_users) {
		static char denied[] = "hist-exporter: a user and password are needed\n";
		char *pass = NULL, *user = MHD_basic_auth_get_username_password(conn, &pass);
		bool ok = web_auth_ok(&cfg->web, user, pass);

		MHD_free(user);
		MHD_free(pass);
		if (!ok) {
			r = MHD_create_response_from_buffer(strlen(denied), denied,
							    MHD_RESPMEM_PERSISTENT);
			ret = MHD_queue_basic_auth_fail_response(conn, "hist-exporter", r);
			MHD_destroy_response(r);
			return ret;
		}
	}
	if (strcmp(method, "GET") && strcmp(method, "HEAD"))
		return reply_text(conn, MHD_HTTP_METHOD_NOT_ALLOWED, "GET only\n");
	if (!strcmp(url, "/") && strcmp(http_path, "/"))
		return reply(conn, MHD_HTTP_OK, "text/html; charset=utf-8",
			     strdup(landing_page()), strlen(landing_page()));
	if (strcmp(url, http_path)) {
		char *text;

		if (asprintf(&text, "hist-exporter: the metrics are at %s\n", http_path) < 0)
			return MHD_NO;
		return reply(conn, MHD_HTTP_NOT_FOUND, "text/plain; charset=utf-8",
			     text, strlen(text));
	}
	pthread_mutex_lock(&scrape_lock);
	busy = in_flight >= http_max_requests;
	if (!busy)
		in_flight++;
	pthread_mutex_unlock(&scrape_lock);
	if (busy)
		return reply_text(conn, MHD_HTTP_SERVICE_UNAVAILABLE,
				  "hist-exporter: too many scrapes in flight (--web.max-requests)\n");
	accept = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_ACCEPT);
	om = accept && strstr(accept, "application/openmetrics-text");
	b = scrape(cfg, om);
	pthread_mutex_lock(&scrape_lock);
	in_flight--;
	pthread_mutex_unlock(&scrape_lock);
	if (!b || !b->text) {
		if (b)
			body_release(b);
		return reply_text(conn, MHD_HTTP_SERVICE_UNAVAILABLE, "hist-exporter: out of memory\n");
	}
	r = MHD_create_response_from_buffer_with_free_callback_cls(b->len, b->text,
								   body_release, b);
	MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, om ? CT_OPENMETRICS : CT_TEXT);
	ret = MHD_queue_response(conn, MHD_HTTP_OK, r);
	MHD_destroy_response(r);
	return ret;
}

/**
 * http_listen() - bind the configured address
 * @cfg: the configuration
 *
 * Done before any trigger is installed, so that an address in use costs
 * nothing to undo.
 *
 * Return: 0, or -1 after logging why.
 */
int http_listen(struct config *cfg)
{
	struct sockaddr_in sa = { .sin_family = AF_INET, .sin_port = htons(cfg->port) };
	int one = 1;

	if (inet_pton(AF_INET, cfg->listen_addr, &sa.sin_addr) != 1) {
		log_msg("%s: listen: '%s' is not an IPv4 address", cfg->path, cfg->listen_addr);
		return -1;
	}
	listen_fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (listen_fd < 0 ||
	    setsockopt(listen_fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) ||
	    bind(listen_fd, (struct sockaddr *)&sa, sizeof(sa)) ||
	    listen(listen_fd, 16)) {
		log_msg("cannot listen on %s:%d: %s", cfg->listen_addr, cfg->port,
			strerror(errno));
		http_stop();
		return -1;
	}
	return 0;
}

/**
 * http_serve() - serve /metrics on the bound socket, from another thread
 * @cfg: the configuration, its triggers started
 *
 * Return: 0, or -1 after logging why.
 */
int http_serve(struct config *cfg)
{
	unsigned int tls = cfg->web.cert_pem ? MHD_USE_TLS : 0;
	struct MHD_OptionItem ops[] = {
		{ MHD_OPTION_LISTEN_SOCKET, listen_fd, NULL },
		{ MHD_OPTION_CONNECTION_TIMEOUT, 10, NULL },
		/* Room to answer 503 past the scrapes allowed. */
		{ MHD_OPTION_CONNECTION_LIMIT, http_max_requests + 16, NULL },
		{ MHD_OPTION_HTTPS_MEM_KEY, 0, cfg->web.key_pem },
		{ MHD_OPTION_HTTPS_MEM_CERT, 0, cfg->web.cert_pem },
		{ MHD_OPTION_END, 0, NULL },
	};

	/* Without TLS, the list ends before the key and certificate. */
	if (!tls)
		ops[3].option = MHD_OPTION_END;
	daemon_ = MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD |
				   MHD_USE_THREAD_PER_CONNECTION | MHD_USE_ERROR_LOG | tls,
				   0, NULL, NULL, handle, cfg,
				   MHD_OPTION_ARRAY, ops, MHD_OPTION_END);
	if (!daemon_) {
		log_msg("cannot start the HTTP server on %s:%d", cfg->listen_addr, cfg->port);
		return -1;
	}
	return 0;
}

/**
 * http_stop() - stop serving; a scrape under way is finished first
 */
void http_stop(void)
{
	if (daemon_)
		MHD_stop_daemon(daemon_);
	daemon_ = NULL;
	if (listen_fd >= 0)
		close(listen_fd);
	listen_fd = -1;
}
