/* The LTTng-UST tracepoints of chitra-lttng-workers (provider `chitra_demo`): each
 * region is a pair of events, `X_entry`/`X_exit` or `X_begin`/`X_end`, as Chitra's CTF
 * importer reads them (docs/formats.md "CTF (LTTng)"). */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER chitra_demo

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./chitra_tp.h"

#if !defined(CHITRA_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define CHITRA_TP_H

#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_EVENT_CLASS(chitra_demo, step, LTTNG_UST_TP_ARGS(int, item),
                                 LTTNG_UST_TP_FIELDS(lttng_ust_field_integer(int, item, item)))

LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(chitra_demo, step, chitra_demo, task_entry, LTTNG_UST_TP_ARGS(int, item))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(chitra_demo, step, chitra_demo, task_exit, LTTNG_UST_TP_ARGS(int, item))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(chitra_demo, step, chitra_demo, compute_begin, LTTNG_UST_TP_ARGS(int, item))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(chitra_demo, step, chitra_demo, compute_end, LTTNG_UST_TP_ARGS(int, item))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(chitra_demo, step, chitra_demo, io_enter, LTTNG_UST_TP_ARGS(int, item))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(chitra_demo, step, chitra_demo, io_exit, LTTNG_UST_TP_ARGS(int, item))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(chitra_demo, step, chitra_demo, dispatch_begin, LTTNG_UST_TP_ARGS(int, item))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(chitra_demo, step, chitra_demo, dispatch_end, LTTNG_UST_TP_ARGS(int, item))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(chitra_demo, step, chitra_demo, join_begin, LTTNG_UST_TP_ARGS(int, item))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(chitra_demo, step, chitra_demo, join_end, LTTNG_UST_TP_ARGS(int, item))

LTTNG_UST_TRACEPOINT_EVENT(chitra_demo, progress, LTTNG_UST_TP_ARGS(int, done, double, share),
                           LTTNG_UST_TP_FIELDS(lttng_ust_field_integer(int, done, done)
                                                   lttng_ust_field_float(double, share, share)))

#endif /* CHITRA_TP_H */

#include <lttng/tracepoint-event.h>
