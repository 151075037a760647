// libFuzzer target for the session loader: any bytes, both modes. The loader must
// return or throw InputError; anything else (a crash, another exception, a hang, a
// recovered view that is not a valid value) is a bug.
#include "chitra/session/session_io.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    std::string_view text(reinterpret_cast<const char*>(data), size);
    for (auto mode : {chitra::LoadMode::strict, chitra::LoadMode::recover}) {
        try {
            chitra::LoadedSession loaded = chitra::load_session_text(text, "fuzz", mode);
            // Whatever loads must save again: no value the writer cannot represent.
            (void)chitra::session_to_text(loaded.session);
        } catch (const chitra::InputError&) {
        }
    }
    return 0;
}
