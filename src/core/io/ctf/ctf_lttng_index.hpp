// LTTng's packet index files (`index/STREAM.idx` beside each stream file) checked against
// the stream files before babeltrace2 opens a trace: babeltrace2 2.0 falls back to reading
// the packets when the sizes disagree, and on a damaged packet header that can run without
// end. A disagreement is a cut short or damaged stream file; it is reported here instead.
#pragma once

#include <string>

namespace chitra::detail {

// Throws InputError("STREAM: reason") for the first stream file of `trace_dir` whose size
// is not the total its LTTng index gives. Streams without an index, or whose index is not
// in LTTng's format, are left to babeltrace2.
void check_lttng_indexes(const std::string& trace_dir);

} // namespace chitra::detail
