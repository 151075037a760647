// Internal: streams a large output into a temporary file beside `path` and renames it
// over `path` on commit(), so readers see the old or the whole new file (the protocol
// of atomic_file.hpp, without holding the whole content in memory). The temporary file
// is unnamed (O_TMPFILE) until it is complete, so a write killed before commit leaves
// nothing behind; it is linked to "<path>.tmp-XXXXXX" only to be renamed at once.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace chitra::detail {

class FileSink {
public:
    explicit FileSink(std::string path); // throws InputError naming `path`
    ~FileSink();                         // removes the temporary file unless committed
    FileSink(const FileSink&) = delete;
    FileSink& operator=(const FileSink&) = delete;

    void write(const void* data, std::size_t size);
    void write(std::string_view text) { write(text.data(), text.size()); }
    std::size_t written() const { return written_; }
    void commit();

private:
    void flush();
    void name_temporary(); // links the unnamed file to temp_
    std::string path_;
    std::string temp_;
    bool named_ = false; // temp_ exists in the directory
    int fd_ = -1;
    std::vector<char> buffer_;
    std::size_t used_ = 0;
    std::size_t written_ = 0;
};

} // namespace chitra::detail
