// libFuzzer target for the PES text reader. Besides "no crash, no hang, no exception
// other than InputError", every accepted input must survive write_pes -> read_pes
// unchanged (same columns, symbols and header), and read the same with tabs for the
// spaces of its record lines.
#include "chitra/io/io.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>

using namespace chitra;

namespace {
void check(bool ok)
{
    if (!ok)
        std::abort();
}

// The same records: times, states (names and components), fields.
void check_same_records(const Trace& a, const Trace& b)
{
    check(b.size() == a.size());
    check(std::equal(a.times.begin(), a.times.end(), b.times.begin()));
    check(std::equal(a.states.begin(), a.states.end(), b.states.begin()));
    check(a.symbols->size() == b.symbols->size());
    for (std::size_t s = 0; s < a.symbols->size(); ++s)
        check((*a.symbols)[s].name == (*b.symbols)[s].name && (*a.symbols)[s].components == (*b.symbols)[s].components);
    check(a.fields.size() == b.fields.size());
    for (std::size_t f = 0; f < a.fields.size(); ++f)
        check(std::memcmp(a.fields[f].data(), b.fields[f].data(), 8 * a.size()) == 0);
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    std::string_view text(reinterpret_cast<const char*>(data), size);
    Trace a;
    try {
        a = read_pes_text(text, "fuzz.pes");
    } catch (const InputError& e) {
        check(std::strncmp(e.what(), "fuzz.pes:", 9) == 0);
        return 0;
    }
    check(a.states.size() == a.size()); // no records is an empty trace, not an error
    for (std::size_t i = 0; i < a.size(); ++i) {
        check(a.states[i] < a.symbols->size());
        check(i == 0 || a.times[i - 1] <= a.times[i]);
    }

    std::ostringstream out;
    write_pes(a, out);
    Trace b = read_pes_text(out.str(), "round-trip.pes"); // must not throw
    check_same_records(a, b);
    check(a.header.end == b.header.end && a.header.separator == b.header.separator &&
          a.header.components == b.header.components && a.header.fields.size() == b.header.fields.size() &&
          a.header.extra == b.header.extra && a.header.timebase == b.header.timebase);

    // The same records with tabs for spaces read the same: such lines take the general
    // reader, where short lines of the usual layout take the one reading their blanks' masks.
    std::string tabbed(text);
    for (std::size_t line = 0; line < tabbed.size();) {
        std::size_t end = tabbed.find('\n', line);
        end = end == std::string::npos ? tabbed.size() : end;
        const std::size_t first = tabbed.find_first_not_of(" \t", line);
        if (first < end && tabbed[first] != '#')
            for (std::size_t i = line; i < end; ++i)
                if (tabbed[i] == ' ')
                    tabbed[i] = '\t';
        line = end + 1;
    }
    check_same_records(a, read_pes_text(tabbed, "tabbed.pes")); // must not throw
    return 0;
}
