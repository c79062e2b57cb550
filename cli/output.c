/*
 * output — what the subcommands share to name a format and to show what
 * an output (render/output.h) or a message has to say: input text
 * neutralised on its way to a terminal (core/neutral.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "date.h"
#include "diag.h"
#include "neutral.h"
#include "output.h"
#include "render.h"
#include "util.h"

char *br_cli_format_names(void)
{
	size_t n;
	const struct br_renderer *const *r = br_renderers(&n);
	struct br_buf b = BR_BUF_INIT;
	for (size_t i = 0; i < n; i++) {
		if (i)
			br_buf_adds(&b, ", ");
		for (const char *p = r[i]->name; *p; p++)
			br_buf_addc(&b, *p == '_' ? '-' : *p);
	}
	return br_buf_detach(&b);
}

char *br_cli_format_extensions(size_t indent)
{
	size_t n;
	const struct br_renderer *const *r = br_renderers(&n);
	struct br_buf b = BR_BUF_INIT;
	size_t col = indent + 1;
	for (size_t k = 0; k < indent; k++)
		br_buf_addc(&b, ' ');
	br_buf_addc(&b, '(');
	bool first = true;
	for (size_t i = 0; i < n; i++) {
		const char *e = r[i]->extensions;
		if (!e || !*e)
			continue;
		/* ".jsonl .json" → ".jsonl/.json" */
		char *word = br_strdup(e);
		for (char *p = word; *p; p++)
			if (*p == ' ')
				*p = '/';
		size_t len = strlen(word);
		if (!first && col + 1 + len + 1 > 80) {
			br_buf_addc(&b, '\n');
			for (size_t k = 0; k <= indent; k++)
				br_buf_addc(&b, ' ');
			col = indent + 1;
		} else if (!first) {
			br_buf_addc(&b, ' ');
			col++;
		}
		br_buf_adds(&b, word);
		col += len;
		first = false;
		free(word);
	}
	br_buf_addc(&b, ')');
	return br_buf_detach(&b);
}

/* The format name as the user types it ("bonnie-csv") to the registry's
 * ("bonnie_csv"). */
const struct br_renderer *br_cli_renderer_named(const char *name)
{
	char tmp[64];
	size_t n = strlen(name);
	if (n >= sizeof tmp)
		return NULL;
	for (size_t i = 0; i <= n; i++)
		tmp[i] = name[i] == '-' ? '_' : name[i];
	if (strcmp(tmp, "md") == 0)
		return br_renderer_by_name("markdown");
	if (strcmp(tmp, "json") == 0)
		return br_renderer_by_name("jsonl");
	return br_renderer_by_name(tmp);
}

void br_cli_print_clean(FILE *fp, const char *s)
{
	size_t n = strlen(s);
	if (!br_neutral_needed(s, n)) {
		fputs(s, fp);
		return;
	}
	struct br_buf b = BR_BUF_INIT;
	br_neutral_add(&b, s, n, BR_NEUTRAL_TEXT, false);
	fputs(br_buf_str(&b), fp);
	br_buf_free(&b);
}

int br_cli_said(char *message)
{
	if (message)
		br_cli_error("%s", message);
	free(message);
	return BR_EXIT_IO;
}

int br_cli_out_check(const char *path, bool force)
{
	char *message;
	if (br_output_check(path, force, &message) == 0)
		return BR_EXIT_OK;
	return br_cli_said(message);
}

int br_cli_output_done(struct br_output *o, int rc)
{
	char *message = o->message;
	o->message = NULL;
	if (rc == 0)
		return BR_EXIT_OK;
	return br_cli_said(message);
}

int br_cli_write_file(const char *path, const char *data, size_t len, bool force)
{
	char *message;
	if (br_output_write_file(path, data, len, force, &message) == 0)
		return BR_EXIT_OK;
	return br_cli_said(message);
}

void br_cli_print_diags(const struct br_diags *d, bool quiet)
{
	struct br_buf line = BR_BUF_INIT;
	for (size_t i = 0; i < d->n; i++) {
		if (quiet && d->v[i].severity < BR_ERROR)
			continue;
		br_buf_reset(&line);
		br_diag_format(&d->v[i], &line);
		br_buf_addc(&line, '\n');
		br_cli_print_clean(stderr, br_buf_str(&line));
	}
	br_buf_free(&line);
}

void br_cli_report_date(char *buf, size_t n)
{
	time_t t = (time_t)br_date_now();
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(buf, n, "%Y-%m-%d %H:%M UTC", &tm);
}
