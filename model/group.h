/*
 * group — which runs are one configuration for --aggregate: a label's
 * configuration key (its "Try N" / "run N" part removed) and the grouping
 * of a table's runs by the rule in table.h (same tool, same configuration
 * label, same input, compatible hosts), in time linear in the runs
 * whatever the hosts. Owns the arrays it returns (br_configs_release).
 */
#ifndef BR_MODEL_GROUP_H
#define BR_MODEL_GROUP_H

#include <stddef.h>

#include "record.h"

/* The configuration key of a label: the label without its "Try N"/"run N"
 * part (new string), or NULL when nothing is left. */
char *br_cmp_config_label(const char *label);

/* A copy safe for one-line display: TAB, LF and CR become spaces (NULL for
 * NULL). */
char *br_cmp_one_line(const char *s);

/* The configurations of runs recs[0..n), numbered in order of their first
 * run. ikey[i] says which input run i came from (runs of two inputs are
 * never one configuration), SIZE_MAX when unknown. */
struct br_configs {
	size_t n;       /* configurations */
	size_t *of;     /* run i → its configuration */
	char **label;   /* per configuration: its label (one line), or NULL */
	char **host;    /* per configuration: the longest host of its runs (one
			   line), or NULL */
	size_t looked;  /* leaves and rows the look-ups visited (growth tests:
			   O(1) a run for hosts of bounded length, plus the
			   bisections, O(log n)) */
};
void br_configs_find(struct br_configs *cf, const struct br_record *const *recs, size_t n,
		     const size_t *ikey);
/* Frees what is left in cf (a caller may take label[k] and host[k],
 * setting them to NULL). */
void br_configs_release(struct br_configs *cf);

#endif
