#include "chitra/util/atomic_file.hpp"

#include "io/file_sink.hpp"

#include <ostream>
#include <streambuf>

namespace chitra {

namespace {

// Lets a writer stream into a FileSink, so large outputs are never held in memory whole.
class SinkBuffer : public std::streambuf {
public:
    explicit SinkBuffer(detail::FileSink& sink) : sink_(sink) {}

protected:
    int_type overflow(int_type ch) override
    {
        if (!traits_type::eq_int_type(ch, traits_type::eof())) {
            char c = traits_type::to_char_type(ch);
            sink_.write(&c, 1);
        }
        return traits_type::not_eof(ch);
    }
    std::streamsize xsputn(const char* s, std::streamsize n) override
    {
        sink_.write(s, static_cast<std::size_t>(n));
        return n;
    }

private:
    detail::FileSink& sink_;
};

} // namespace

void write_file_atomically(const std::string& path, std::string_view content)
{
    detail::FileSink sink(path);
    sink.write(content);
    sink.commit();
}

void write_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& writer)
{
    detail::FileSink sink(path);
    SinkBuffer buffer(sink);
    std::ostream out(&buffer);
    out.exceptions(std::ios::badbit); // a failed write inside the sink reaches the caller
    writer(out);
    sink.commit();
}

} // namespace chitra
