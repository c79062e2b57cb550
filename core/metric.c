/* metric — see metric.h. */
#include "metric.h"

#include <string.h>

static const struct br_metric_info metrics[BR_METRIC_COUNT] = {
#define BR_METRIC(id, fam, unit, better, group, title, short) \
	{#id, BR_FAM_##fam, BR_UNIT_##unit, BR_##better, BR_GROUP_##group, title, short},
#include "metrics.def"
#undef BR_METRIC
};

const struct br_metric_info *br_metric(enum br_metric_id id)
{
	return &metrics[id];
}

int br_metric_by_name(const char *name)
{
	for (int i = 0; i < BR_METRIC_COUNT; i++)
		if (strcmp(metrics[i].name, name) == 0)
			return i;
	return -1;
}

int br_metric_latency_of(enum br_metric_id id)
{
	if (id > BR_M_ran_del)
		return -1;
	return BR_M_putc_latency + (int)id;
}

const char *br_unit_name(enum br_unit u)
{
	static const char *const names[] = {"KiB/s", "/s", "us"};
	return names[u];
}

static const char *const group_names[BR_GROUP_COUNT] = {"seq", "random", "fileops", "latency"};
static const char *const group_titles[BR_GROUP_COUNT] = {
	"Sequential throughput", "Random I/O", "File operations", "Latency"};

const char *br_group_name(enum br_group g)
{
	return group_names[g];
}

const char *br_group_title(enum br_group g)
{
	return group_titles[g];
}

int br_group_by_name(const char *name)
{
	for (int i = 0; i < BR_GROUP_COUNT; i++)
		if (strcmp(group_names[i], name) == 0)
			return i;
	return -1;
}

static const char *const tool_names[BR_TOOL_COUNT] = {"bonnie", "bonnie++", "hdparm", "rawio"};

const char *br_tool_name(enum br_tool t)
{
	return tool_names[t];
}

int br_tool_by_name(const char *name)
{
	for (int i = 0; i < BR_TOOL_COUNT; i++)
		if (strcmp(tool_names[i], name) == 0)
			return i;
	return -1;
}

enum br_family br_tool_family(enum br_tool t)
{
	switch (t) {
	case BR_TOOL_HDPARM:
		return BR_FAM_HDPARM;
	case BR_TOOL_RAWIO:
		return BR_FAM_RAWIO;
	default:
		return BR_FAM_BONNIE;
	}
}

const char *br_family_name(enum br_family f)
{
	static const char *const names[] = {"bonnie", "hdparm", "rawio"};
	return names[f];
}

const char *br_family_title(enum br_family f)
{
	static const char *const titles[] = {"Bonnie and Bonnie++", "hdparm", "rawio"};
	return titles[f];
}
