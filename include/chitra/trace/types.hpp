// Basic scalar types shared by every layer of the trace core.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace chitra {

using Time = std::int64_t;         // in the trace's time base
using SymbolId = std::uint32_t;    // dense index into a SymbolTable
using RecordIndex = std::uint64_t; // index of a raw PES record

inline constexpr SymbolId kNoSymbol = 0xFFFFFFFFu;

enum class TimeBase : std::uint8_t { ns, us, ms, s, cycles };

std::string_view to_string(TimeBase base);
std::optional<TimeBase> parse_timebase(std::string_view text);
// Seconds per tick, or nullopt for `cycles`.
std::optional<double> seconds_per_tick(TimeBase base);

// Bad input: a file, pipeline or argument that the core refuses. The message is
// complete and user-facing, e.g. "run.pes:12: decreasing time". The CLI maps it to
// exit status 3.
class InputError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

} // namespace chitra
