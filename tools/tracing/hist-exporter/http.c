// SPDX-License-Identifier: GPL-2.0
/*
 * /metrics over HTTP with libmicrohttpd, one internal thread: scrapes are
 * served one at a time, each from one read of every event's hist_json.
 * The listening socket is made here, so that an address or port that cannot
 * be bound is reported with the reason before any trigger is installed.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
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

/* Set by main.c's -v: one log line a scrape. */
bool http_verbose;

/* This thread's CPU time so far, in ms: in user space and in the kernel. */
static void thread_cpu_ms(double *user, double *sys)
{
	struct rusage ru;

	getrusage(RUSAGE_THREAD, &ru);
	*user = ru.ru_utime.tv_sec * 1e3 + ru.ru_utime.tv_usec / 1e3;
	*sys = ru.ru_stime.tv_sec * 1e3 + ru.ru_stime.tv_usec / 1e3;
}

/* Queue BODY (malloc()ed, LEN bytes; freed by libmicrohttpd) as the answer. */
static enum MHD_Result reply(struct MHD_Connection *conn, unsigned int status,
			     const char *type, char *body, size_t len)
{
	struct MHD_Response *r;
	enum MHD_Result ret;

	r = MHD_create_response_from_buffer(len, body, MHD_RESPMEM_MUST_FREE);
	MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, type);
	ret = MHD_queue_response(conn, status, r);
	MHD_destroy_response(r);
	return ret;
}

static enum MHD_Result reply_text(struct MHD_Connection *conn, unsigned int status,
				  const char *text)
{
	return reply(conn, status, "text/plain", strdup(text), strlen(text));
}

static enum MHD_Result handle(void *cls, struct MHD_Connection *conn, const char *url,
			      const char *method, const char *version,
			      const char *upload, size_t *upload_size, void **state)
{
	struct config *cfg = cls;
	struct scrape_stats st;
	double user0, sys0, user, sys;
	const char *accept;
	bool om;
	char *body;
	size_t len;
	FILE *out;

	(void)version;
	(void)upload;
	(void)upload_size;
	(void)state;
	if (strcmp(method, "GET") && strcmp(method, "HEAD"))
		return reply_text(conn, MHD_HTTP_METHOD_NOT_ALLOWED, "GET only\n");
	if (strcmp(url, "/metrics"))
		return reply_text(conn, MHD_HTTP_NOT_FOUND,
				  "hist-exporter: the metrics are at /metrics\n");
	accept = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_ACCEPT);
	om = accept && strstr(accept, "application/openmetrics-text");
	thread_cpu_ms(&user0, &sys0);
	out = open_memstream(&body, &len);
	expose(cfg, om, out, &st);
	fclose(out);
	if (http_verbose) {
		thread_cpu_ms(&user, &sys);
		log_msg("scrape: %s, %d series, %zu bytes, CPU %.1f ms user + %.1f ms system",
			om ? "OpenMetrics" : "text", st.series, len, user - user0, sys - sys0);
	}
	return reply(conn, MHD_HTTP_OK, om ? CT_OPENMETRICS : CT_TEXT, body, len);
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
	daemon_ = MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ERROR_LOG,
				   0, NULL, NULL, handle, cfg,
				   MHD_OPTION_LISTEN_SOCKET, listen_fd,
				   MHD_OPTION_CONNECTION_TIMEOUT, 10U,
				   MHD_OPTION_END);
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
