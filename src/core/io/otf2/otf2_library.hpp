// The OTF2 library as the importer uses it: its error messages are caught (not printed
// to stderr) so that a malformed archive becomes one InputError naming the file and the
// library's own reason, and the reader handle is closed on every path.
#pragma once

#include <otf2/otf2.h>

#include <string>

namespace chitra::detail {

// Catches the library's error messages on this thread for the scope's lifetime (they
// are printed nowhere else); nests.
class Otf2ErrorCapture {
public:
    Otf2ErrorCapture();
    ~Otf2ErrorCapture();
    Otf2ErrorCapture(const Otf2ErrorCapture&) = delete;
    Otf2ErrorCapture& operator=(const Otf2ErrorCapture&) = delete;

    // The first message caught since the last clear(), or the code's description.
    std::string reason(OTF2_ErrorCode code) const;
    void clear();
};

// Throws InputError("FILE: WHAT: REASON") unless `code` is OTF2_SUCCESS.
void otf2_check(OTF2_ErrorCode code, const std::string& file, const char* what, const Otf2ErrorCapture& errors);

// An OTF2_Reader opened on an anchor file, closed by the destructor.
class Otf2ReaderHandle {
public:
    Otf2ReaderHandle(const std::string& anchor, const Otf2ErrorCapture& errors);
    ~Otf2ReaderHandle();
    Otf2ReaderHandle(const Otf2ReaderHandle&) = delete;
    Otf2ReaderHandle& operator=(const Otf2ReaderHandle&) = delete;

    OTF2_Reader* get() const { return reader_; }

private:
    OTF2_Reader* reader_ = nullptr;
};

} // namespace chitra::detail
