// LTTng's packet index files (`index/STREAM.idx` beside each stream file) checked against
// the stream files before babeltrace2 opens a trace. babeltrace2 2.0 trusts an index whose
// sizes add up: a packet offset beyond its stream file fails an assertion (an abort), and
// when the sizes disagree it falls back to reading the packets, which on a damaged packet
// header can run without end. Each such disagreement is reported here instead.
#pragma once

#include <string>

namespace chitra::detail {

// Throws InputError("FILE: reason") for the first index or stream file of `trace_dir`
// where they disagree: an index not in LTTng's format, a packet outside its stream file
// or not right after the one before, sizes that do not add up to the stream file's,
// a packet that does not start with CTF's packet magic number (LTTng's
// packets all do). Streams without an index are left to babeltrace2.
void check_lttng_indexes(const std::string& trace_dir);

} // namespace chitra::detail
