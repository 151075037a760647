// Error capture for the OTF2 library: one process-wide callback (the library has only
// one) that appends to the calling thread's capture, so imports on several threads keep
// their messages apart.
#include "io/otf2/otf2_library.hpp"

#include "chitra/trace/types.hpp"

#include <cstdarg>
#include <cstdio>
#include <mutex>
#include <vector>

namespace chitra::detail {

namespace {

struct ThreadErrors {
    int depth = 0;                     // nested captures on this thread
    std::vector<std::string> messages; // since the last clear
};
thread_local ThreadErrors t_errors;

OTF2_ErrorCode on_error(void*, const char*, uint64_t, const char*, OTF2_ErrorCode code, const char* format,
                        va_list args)
{
    if (t_errors.depth == 0) { // not ours: print as the library would
        std::fprintf(stderr, "[OTF2] %s: ", OTF2_Error_GetDescription(code));
        std::vfprintf(stderr, format, args);
        std::fputc('\n', stderr);
        return code;
    }
    char text[512];
    std::vsnprintf(text, sizeof text, format ? format : "", args);
    std::string message = OTF2_Error_GetDescription(code);
    if (text[0] != '\0')
        message += std::string(": ") + text;
    if (t_errors.messages.size() < 16)
        t_errors.messages.push_back(std::move(message));
    return code;
}

} // namespace

Otf2ErrorCapture::Otf2ErrorCapture()
{
    static std::once_flag registered;
    std::call_once(registered, [] { OTF2_Error_RegisterCallback(on_error, nullptr); });
    if (t_errors.depth++ == 0)
        t_errors.messages.clear();
}

Otf2ErrorCapture::~Otf2ErrorCapture() { --t_errors.depth; }

std::string Otf2ErrorCapture::reason(OTF2_ErrorCode code) const
{
    if (!t_errors.messages.empty())
        return t_errors.messages.front();
    return OTF2_Error_GetDescription(code);
}

void Otf2ErrorCapture::clear() { t_errors.messages.clear(); }

void otf2_check(OTF2_ErrorCode code, const std::string& file, const char* what, const Otf2ErrorCapture& errors)
{
    if (code != OTF2_SUCCESS)
        throw InputError(file + ": " + what + ": " + errors.reason(code));
}

Otf2ReaderHandle::Otf2ReaderHandle(const std::string& anchor, const Otf2ErrorCapture& errors)
{
    reader_ = OTF2_Reader_Open(anchor.c_str());
    if (!reader_)
        throw InputError(anchor + ": not a readable OTF2 archive: " + errors.reason(OTF2_ERROR_INVALID));
}

Otf2ReaderHandle::~Otf2ReaderHandle()
{
    if (reader_)
        OTF2_Reader_Close(reader_);
}

} // namespace chitra::detail
