// The PES text reader's outcome for tests: the trace, or the message it failed with.
#pragma once

#include "io/trace_readers.hpp"

#include "chitra/io/io.hpp"

#include <cstddef>
#include <string>

namespace chitra::test {

struct PesOutcome {
    std::string error;
    Trace trace;
};

// The text read as `t.pes`, in two halves from `two_halves_from` bytes on.
inline PesOutcome read_pes_outcome(const std::string& text, std::size_t two_halves_from)
{
    PesOutcome out;
    try {
        out.trace = detail::parse_pes(text, "t.pes", two_halves_from);
    } catch (const InputError& e) {
        out.error = e.what();
    }
    return out;
}

} // namespace chitra::test
