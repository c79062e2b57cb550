/*
 * jsonl — JSON Lines output, the archive format (SCHEMA.md, docs/schema.md):
 * one object per record, keys in a fixed order, "schema": 2 first.
 * Extra keys beyond SCHEMA.md: source.excerpt (the original text), and
 * "also" (further appearances merged into the record).
 */
#include <assert.h>
#include <pthread.h>
#include <string.h>

#include "json.h"
#include "render.h"

/*
 * The writer appends to the record's buffer with inline copies: room for a
 * whole record is made once (put() still checks, so a record larger than
 * that only costs a regrowth). Text the program itself chose (key literals,
 * the tool and unit names) is copied without escaping checks; every string
 * that came from a document goes through br_json_add_cstr. The buffer is
 * NUL-terminated once, at the end of the record.
 */

/* Room for n more bytes and the NUL. */
static inline void room(struct br_buf *b, size_t n)
{
	if (b->cap - b->len <= n)
		br_buf_grow(b, n);
}

static inline void put(struct br_buf *b, const char *s, size_t n)
{
	room(b, n);
	memcpy(b->data + b->len, s, n);
	b->len += n;
}

static inline void put_c(struct br_buf *b, char c)
{
	room(b, 1);
	b->data[b->len++] = c;
}

/* a string literal, without strlen */
#define PUT_LIT(b, lit) put((b), "" lit, sizeof(lit) - 1)

/* A string known to need no escaping (ASCII text of the program's own). */
static void put_plain_str(struct br_buf *b, const char *s)
{
	size_t n = strlen(s);
	room(b, n + 2);
	char *d = b->data + b->len;
	d[0] = '"';
	memcpy(d + 1, s, n);
	d[n + 1] = '"';
	b->len += n + 2;
}

static void add_uint(struct br_buf *b, unsigned v)
{
	char tmp[16], *p = tmp + sizeof tmp;
	do
		*--p = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	put(b, p, (size_t)(tmp + sizeof tmp - p));
}

/* Each metric's key with its quotes, the colon and the start of its object,
 * after a comma: `,"putc":{"value":`. Spelled by the metric table itself
 * (the JSON key is the id in metrics.def, as in metric.c). */
struct key_lit {
	const char *text;
	size_t len;
};
static const struct key_lit metric_keys[BR_METRIC_COUNT] = {
#define BR_METRIC(id, fam, unit, better, group, title, short) \
	{",\"" #id "\":{\"value\":", sizeof(",\"" #id "\":{\"value\":") - 1},
#include "metrics.def"
#undef BR_METRIC
};

/* Each metric's unit member, `,"unit":"KiB/s"`, made once from the unit
 * names of the metric table. */
#define UNIT_LIT_MAX 48
static char unit_text[BR_METRIC_COUNT][UNIT_LIT_MAX];
static size_t unit_len[BR_METRIC_COUNT];
static pthread_once_t unit_once = PTHREAD_ONCE_INIT;

static void make_unit_lits(void)
{
	static const char head[] = ",\"unit\":\"";
	for (int i = 0; i < BR_METRIC_COUNT; i++) {
		const char *u = br_unit_name(br_metric(i)->unit);
		size_t n = strlen(u);
		if (n > UNIT_LIT_MAX - sizeof head - 1)
			n = UNIT_LIT_MAX - sizeof head - 1; /* never: unit names are short */
		char *d = unit_text[i];
		memcpy(d, head, sizeof head - 1);
		memcpy(d + sizeof head - 1, u, n);
		d[sizeof head - 1 + n] = '"';
		unit_len[i] = sizeof head - 1 + n + 1;
	}
}

static void add_source(struct br_buf *b, const struct br_source *s)
{
	PUT_LIT(b, "{\"file\":");
	br_json_add_cstr(b, s->file);
	PUT_LIT(b, ",\"line\":");
	add_uint(b, s->line);
	PUT_LIT(b, ",\"end_line\":");
	add_uint(b, s->end_line);
	PUT_LIT(b, ",\"format\":");
	br_json_add_cstr(b, s->format);
	if (s->excerpt) {
		PUT_LIT(b, ",\"excerpt\":");
		br_json_add_cstr(b, s->excerpt);
	}
	put_c(b, '}');
}

/* Room made once per record: the fixed text, every metric, and the usual
 * strings; a record with more (a long excerpt) grows as it goes. */
#define RECORD_ROOM (1024 + 160 * BR_METRIC_COUNT)

void br_record_to_json(const struct br_record *r, struct br_buf *b)
{
	pthread_once(&unit_once, make_unit_lits);
	room(b, RECORD_ROOM);
	static_assert(BR_SCHEMA_VERSION == 2, "the literal below writes the schema");
	PUT_LIT(b, "{\"schema\":2,\"tool\":");
	put_plain_str(b, br_tool_name(r->tool));
	PUT_LIT(b, ",\"version\":");
	br_json_add_cstr(b, r->version);
	PUT_LIT(b, ",\"host\":");
	br_json_add_cstr(b, r->host);
	if (r->host_cut && r->host)
		PUT_LIT(b, ",\"host_cut\":true");
	PUT_LIT(b, ",\"label\":");
	br_json_add_cstr(b, r->label);
	PUT_LIT(b, ",\"source\":");
	add_source(b, &r->source);
	PUT_LIT(b, ",\"params\":{");
	for (size_t i = 0; i < r->nparams; i++) {
		struct br_param p = br_record_param_at(r, i);
		if (i)
			put_c(b, ',');
		br_json_add_cstr(b, p.key);
		put_c(b, ':');
		if (p.str)
			br_json_add_cstr(b, p.str);
		else
			br_buf_add_double(b, p.num);
	}
	PUT_LIT(b, "},\"ran_at\":");
	char when[BR_DATE_BUF];
	if (br_record_ran_at_iso(r, when)) {
		put_plain_str(b, when);
		PUT_LIT(b, ",\"ran_at_from\":");
		put_plain_str(b, br_ran_from_name((enum br_ran_from)r->ran_at_from));
	} else {
		PUT_LIT(b, "null");
	}
	PUT_LIT(b, ",\"metrics\":{");
	bool first = true;
	for (uint64_t held = br_record_held(r); held; held &= held - 1) {
		int i = __builtin_ctzll(held);
		const struct br_value v = br_record_get(r, (enum br_metric_id)i);
		if (!v.present)
			continue;
		/* the key literal without its comma for the first metric */
		put(b, metric_keys[i].text + first, metric_keys[i].len - first);
		first = false;
		if (v.has_value)
			br_buf_add_double(b, v.value);
		else
			PUT_LIT(b, "null");
		put(b, unit_text[i], unit_len[i]);
		if (v.has_cpu) {
			PUT_LIT(b, ",\"cpu\":");
			br_buf_add_double(b, v.cpu);
		}
		/* a raw kept as its form: written where it goes */
		char rawbuf[BR_RAW_JSON_BUF];
		size_t rn = br_value_raw_json(&v, rawbuf);
		if (rn) {
			PUT_LIT(b, ",\"raw\":");
			put(b, rawbuf, rn);
		} else {
			const char *raw = br_value_raw(&v, rawbuf);
			if (raw) {
				PUT_LIT(b, ",\"raw\":");
				br_json_add_cstr(b, raw);
			}
		}
		if (v.too_fast)
			PUT_LIT(b, ",\"too_fast\":true");
		if (v.marked)
			PUT_LIT(b, ",\"marked\":true");
		put_c(b, '}');
	}
	put_c(b, '}');
	if (r->nalso) {
		PUT_LIT(b, ",\"also\":[");
		for (size_t i = 0; i < r->nalso; i++) {
			if (i)
				put_c(b, ',');
			add_source(b, &r->also[i]);
		}
		put_c(b, ']');
	}
	put_c(b, '}');
	b->data[b->len] = '\0';
}

static void record(const struct br_record *r, struct br_buf *out)
{
	br_record_to_json(r, out);
	br_buf_addc(out, '\n');
}

static int render(const struct br_report *rep, struct br_sink *out)
{
	const struct br_dataset *ds = rep->ds;
	struct br_buf b = BR_BUF_INIT;
	for (size_t i = 0; i < ds->records.n; i++) {
		br_buf_reset(&b);
		record(ds->records.v[i], &b);
		br_sink_write(out, b.data, b.len);
	}
	br_buf_free(&b);
	return 0;
}

const struct br_renderer br_renderer_jsonl = {
	.name = "jsonl",
	.extensions = ".jsonl .json .ndjson",
	.summary = "JSON Lines, one record per line (docs/schema.md)",
	.needs = BR_NEED_EXCERPTS | BR_NEED_RAW | BR_NEED_PARAMS | BR_NEED_ALSO,
	.render = render,
	.record = record,
};
