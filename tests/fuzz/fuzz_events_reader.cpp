// libFuzzer target for the event trace reader (src/core/io/events/); the first byte picks
// the time unit.
#include "fuzz_text_check.hpp"
#include "io/events/events_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return 0;
    chitra::ImportOptions options;
    options.time_scale = 3 * (data[0] % 4);
    const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
    try {
        fuzz_text::check_lanes(chitra::detail::read_events_text(text, "fuzz.events", options));
    } catch (const chitra::InputError& e) {
        fuzz_text::check_error(e, "fuzz.events");
    }
    return 0;
}
