// libFuzzer target for the CSV reader (src/core/io/csv/); the first byte picks the
// delimiter, the time unit and whether a second state column and a field are read.
#include "fuzz_text_check.hpp"
#include "io/csv/csv_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return 0;
    chitra::ImportOptions options;
    const char delimiters[4] = {0, ',', ';', '\t'};
    options.delimiter = delimiters[data[0] % 4];
    options.time_scale = 3 * ((data[0] >> 2) % 4);
    if (data[0] & 16)
        options.state_columns = {"2", "3"};
    if (data[0] & 32)
        options.field_columns = {"4"};
    const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
    try {
        fuzz_text::check_lanes(chitra::detail::read_csv_text(text, "fuzz.csv", options));
    } catch (const chitra::InputError& e) {
        fuzz_text::check_error(e, "fuzz.csv");
    }
    return 0;
}
