// Reads of a SES that touch a few elements here and there (a display's pixel columns).
#pragma once

#include "chitra/trace/ses.hpp"

#include <cstddef>

namespace chitra {

// While alive, the parts of `ses` that are views of a mapped trace file are read one
// page per fault, without the read-around a fault gets by default (the device's
// readahead: 8 MB on some machines). A frame of a trace larger than memory reads a few
// pages per pixel column; with read-around it read gigabytes, evicting the pages of the
// frame before. On destruction the mappings get back the sequential advice they were
// opened with, for the passes that stream the trace. Memory that is not a mapping of a
// file (columns the SES owns, a trace read into memory) is left alone.
class ScatteredReads {
public:
    explicit ScatteredReads(const Ses& ses);
    ~ScatteredReads();
    ScatteredReads(const ScatteredReads&) = delete;
    ScatteredReads& operator=(const ScatteredReads&) = delete;

    struct Range {
        const void* begin = nullptr;
        std::size_t bytes = 0;
    };

private:
    Range symbols_, bounds_;
};

} // namespace chitra
