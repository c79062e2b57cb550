/*
 * raw_of.h — for the unit tests: a figure's raw as br_value_raw gives it
 * (a record's string, or made from the figure's form), in one of the
 * calling thread's few buffers: valid for the next 7 calls, so that one
 * assert may compare two.
 */
#ifndef BR_TEST_RAW_OF_H
#define BR_TEST_RAW_OF_H

#include "record.h"

static inline const char *raw_of(struct br_value v)
{
	static _Thread_local char buf[8][BR_RAW_BUF];
	static _Thread_local unsigned next;
	return br_value_raw(&v, buf[next++ % 8]);
}

#endif
