/*
 * dump_html: see dump_html.h for what the page gets. The writer only
 * writes the data; what is drawn is dump/html/report.js's. Numbers are
 * written as integers (bytes, blocks, ns) or as the leaks' rates, so the
 * page shows what memprof_dump_array() gives for the same view.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "php.h"

#include "version.h"
#include "dump_html.h"
#include "dump_html_template.h"
#include "lib/arena.h"

/* Sites whose source line the page shows: the largest by live bytes. */
#define HTML_SOURCE_LINES 30
/* A source line's text is cut to this many bytes. */
#define HTML_SOURCE_MAX 240
/* Holding containers listed. */
#define HTML_HOLDERS 30

static void html_key(memprof_writer *w, const char *key)
{
	memprof_writer_printf(w, "\"%s\":", key);
}

static void html_meta(const memprof_profile *p, memprof_writer *w)
{
	uint64_t jobs = p->ntimeline ? p->timeline[p->ntimeline - 1].job : 0;

	html_key(w, "meta");
	memprof_writer_puts(w, "{\"reason\":");
	memprof_writer_json_string(w, p->reason, true);
	memprof_writer_puts(w, ",\"description\":");
	memprof_writer_json_string(w, p->description, true);
	memprof_writer_puts(w, ",\"script\":");
	memprof_writer_json_string(w, p->script ? p->script : "-", true);
	memprof_writer_printf(w, ",\"time_ns\":%" PRIu64 ",\"duration_ns\":%" PRIu64
		",\"php\":\"" PHP_VERSION "\",\"memprof\":\"" PHP_MEMPROF_VERSION "\",\"sample_interval\":%" PRIu64
		",\"jobs\":%" PRIu64 "},\n", p->time_nanos, p->duration_nanos, p->sample_interval, jobs);
}

/* names (function ids) and the canonical paths, as index pairs. */
static void html_paths(const memprof_profile *p, memprof_writer *w, uint32_t *index)
{
	uint32_t id, n = 0, nfuncs = memprof_func_count();

	html_key(w, "names");
	memprof_writer_puts(w, "[\"{root}\"");
	for (id = 1; id <= nfuncs; id++) {
		const memprof_func *f = memprof_func_by_id(id);
		memprof_writer_write(w, ",", 1);
		memprof_writer_json_string(w, f ? f->name : "?", true);
	}
	memprof_writer_puts(w, "],\n");
	html_key(w, "paths");
	memprof_writer_write(w, "[", 1);
	for (id = 0; id < p->count; id++) {
		const memprof_path *path = memprof_path_by_id(id);
		if (p->canon[id] != id) {
			continue;
		}
		index[id] = n++;
		if (id == 0) {
			memprof_writer_puts(w, "-1,0");
		} else {
			memprof_writer_printf(w, ",%u,%u", index[p->canon[path->parent->id]], path->func ? path->func->id : 0);
		}
	}
	memprof_writer_puts(w, "],\n");
}

static void html_sites(const memprof_profile *p, memprof_writer *w, const uint32_t *index)
{
	uint32_t id;

	html_key(w, "sites");
	memprof_writer_write(w, "[", 1);
	for (id = 0; id < p->nsites; id++) {
		const memprof_site *site = memprof_site_by_id(id);
		const memprof_counters *c = &p->site_self[id];
		bool peak = p->peak_bytes && id < p->npeak;
		memprof_writer_printf(w, "%s%u,%u,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64,
			id ? ",\n" : "", index[p->canon[site->path->id]], site->line, c->live_bytes, c->live_blocks,
			c->total_bytes, c->total_blocks, peak ? p->peak_bytes[id] : 0, peak ? p->peak_blocks[id] : 0);
	}
	memprof_writer_puts(w, "],\n");
}

static void html_timeline(const memprof_profile *p, memprof_writer *w)
{
	uint32_t i, j;

	html_key(w, "timeline");
	if (!p->ntimeline) {
		memprof_writer_puts(w, "null,\n");
		return;
	}
	memprof_writer_puts(w, "{\"points\":[");
	for (i = 0; i < p->ntimeline; i++) {
		const memprof_timeline_point *pt = &p->timeline[i];
		memprof_writer_printf(w, "%s[%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%u,[", i ? ",\n" : "",
			pt->ns, pt->job, pt->live, pt->heap, pt->why);
		for (j = 0; j < pt->nsites; j++) {
			memprof_writer_printf(w, "%s%u,%" PRIu64, j ? "," : "", pt->sites[j].site, pt->sites[j].bytes);
		}
		memprof_writer_puts(w, "],[");
		for (j = 0; j < pt->ncontainers; j++) {
			memprof_writer_printf(w, "%s%u,%" PRIu64, j ? "," : "", pt->containers[j], pt->container_bytes[j]);
		}
		memprof_writer_puts(w, "]]");
	}
	memprof_writer_printf(w, "],\"peak\":[%" PRIu64 ",%" PRIu64 "],\"containers\":[", p->peak_ns, p->peak_live);
	for (i = 0; i < p->ntimeline_names; i++) {
		if (i) {
			memprof_writer_write(w, ",", 1);
		}
		memprof_writer_json_string(w, p->timeline_names[i], true);
	}
	memprof_writer_puts(w, "]},\n");
}

static void html_leaks(const memprof_profile *p, memprof_writer *w)
{
	uint32_t i;

	html_key(w, "leaks");
	memprof_writer_write(w, "[", 1);
	for (i = 0; i < p->ngrowth; i++) {
		const memprof_growth *g = &p->growth[i];
		memprof_writer_printf(w, "%s{\"site\":%u,\"holder\":", i ? ",\n" : "", g->site);
		memprof_writer_json_string(w, g->holder ? g->holder : "", true);
		memprof_writer_puts(w, ",\"path\":");
		memprof_writer_json_string(w, g->path ? g->path : "", true);
		memprof_writer_printf(w, ",\"bytes_per_job\":%.17g,\"blocks_per_job\":%.17g,\"confirmed\":%s}",
			g->bytes_per_job, g->blocks_per_job, g->confirmed ? "true" : "false");
	}
	memprof_writer_puts(w, "],\n");
}

/* The retention walk's holding containers (by root and holder), summed over sites. */
static void html_holders(const memprof_profile *p, memprof_writer *w)
{
	const memprof_retainers *r = &p->retainers;
	uint32_t i, n;
	memprof_holding *h = memprof_profile_holdings(p, &n);

	html_key(w, "holders");
	memprof_writer_write(w, "[", 1);
	for (i = 0; i < n && i < HTML_HOLDERS; i++) {
		memprof_writer_puts(w, i ? ",\n{\"holder\":" : "{\"holder\":");
		memprof_writer_json_string(w, r->holders[h[i].id], true);
		memprof_writer_puts(w, ",\"root\":");
		memprof_writer_json_string(w, r->names[h[i].id], true);
		memprof_writer_printf(w, ",\"bytes\":%" PRIu64 ",\"blocks\":%" PRIu64 ",\"site\":%u}", h[i].bytes,
			h[i].blocks, h[i].site);
	}
	memprof_arena_free(h);
	memprof_writer_puts(w, "],\n");
	html_key(w, "dominators");
	memprof_writer_write(w, "[", 1);
	for (i = 0; i < r->ndominators; i++) {
		const memprof_dominator *d = &r->dominators[i];
		memprof_writer_puts(w, i ? ",\n{\"what\":" : "{\"what\":");
		memprof_writer_json_string(w, d->what, true);
		memprof_writer_printf(w, ",\"retained\":%" PRIu64 ",\"blocks\":%" PRIu64 ",\"root\":", d->retained,
			d->retained_blocks);
		memprof_writer_json_string(w, d->root, true);
		memprof_writer_puts(w, ",\"holder\":");
		memprof_writer_json_string(w, d->holder, true);
		memprof_writer_puts(w, ",\"path\":");
		memprof_writer_json_string(w, d->path ? d->path : "", true);
		memprof_writer_printf(w, ",\"site\":%" PRId64 "}", (int64_t) d->site - 1);
	}
	memprof_writer_puts(w, "],\n");
}

/* Line `line` of file into buf (cut, no newline); false when it cannot be read. */
static bool html_source_line(const char *file, uint32_t line, char *buf, size_t size)
{
	FILE *f = fopen(file, "r");
	uint32_t at = 1;
	int c;
	size_t n = 0;

	if (!f) {
		return false;
	}
	while (at < line && (c = getc(f)) != EOF) {
		at += c == '\n';
	}
	while (at == line && (c = getc(f)) != EOF && c != '\n') {
		if (n + 1 < size) {
			buf[n++] = (char) c;
		}
	}
	buf[n] = '\0';
	fclose(f);
	return at == line;
}

typedef struct _html_site {
	uint64_t bytes;
	uint32_t id;
} html_site;

static int html_site_cmp(const void *a, const void *b)
{
	const html_site *x = a, *y = b;

	return x->bytes != y->bytes ? (x->bytes < y->bytes ? 1 : -1) : (x->id > y->id) - (x->id < y->id);
}

/* The text of the lines that hold the most, where their file is readable. */
static void html_source(const memprof_profile *p, memprof_writer *w)
{
	html_site *order = p->nsites ? memprof_arena_malloc(p->nsites * sizeof(*order)) : NULL;
	uint32_t i, n = 0;
	char text[HTML_SOURCE_MAX];

	html_key(w, "source");
	memprof_writer_write(w, "{", 1);
	if (order) {
		for (i = 0; i < p->nsites; i++) {
			order[i].bytes = p->site_self[i].live_bytes;
			order[i].id = i;
		}
		qsort(order, p->nsites, sizeof(*order), html_site_cmp);
		for (i = 0; i < p->nsites && i < HTML_SOURCE_LINES && order[i].bytes; i++) {
			const memprof_site *site = memprof_site_by_id(order[i].id);
			const memprof_func *f = site->path->func;
			if (!f || !f->filename || !site->line || !html_source_line(f->filename, site->line, text, sizeof(text))) {
				continue;
			}
			memprof_writer_printf(w, "%s\"%u\":", n++ ? ",\n" : "", order[i].id);
			memprof_writer_json_string(w, text, true);
		}
		memprof_arena_free(order);
	}
	memprof_writer_write(w, "}", 1);
}

void memprof_dump_html(const memprof_profile *profile, memprof_writer *w)
{
	uint32_t *index = memprof_arena_malloc((profile->count ? profile->count : 1) * sizeof(*index));

	if (!index) {
		memprof_writer_fail(w);
		return;
	}
	memprof_writer_puts(w, dump_html_head);
	memprof_writer_puts(w, "{\"version\":1,\n");
	html_meta(profile, w);
	html_paths(profile, w, index);
	html_sites(profile, w, index);
	html_timeline(profile, w);
	html_leaks(profile, w);
	html_holders(profile, w);
	html_source(profile, w);
	memprof_writer_puts(w, "}\n");
	memprof_writer_puts(w, dump_html_tail);
	memprof_arena_free(index);
}
