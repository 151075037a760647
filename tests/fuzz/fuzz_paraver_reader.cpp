// libFuzzer target for the Paraver reader (src/core/io/paraver/): the bytes as a .prv
// (with the names of a fixed .pcf), and as a .pcf and a .row, whose errors also name
// their line.
#include "fuzz_text_check.hpp"
#include "io/paraver/paraver_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace chitra::detail;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    paraver::Names names;
    names.states = {{1, "Running"}, {2, "Waiting"}};
    names.event_types = {{50000001, "MPI calls"}};
    try {
        fuzz_text::check_lanes(read_paraver_text(text, "fuzz.prv", names, {}));
    } catch (const chitra::InputError& e) {
        fuzz_text::check_error(e, "fuzz.prv");
    }
    paraver::Names read;
    try {
        paraver::parse_pcf(text, "fuzz.pcf", read);
    } catch (const chitra::InputError& e) {
        fuzz_text::check_error(e, "fuzz.pcf");
    }
    try {
        paraver::parse_row(text, "fuzz.row", read);
    } catch (const chitra::InputError& e) {
        fuzz_text::check_error(e, "fuzz.row");
    }
    return 0;
}
