// The event trace importer (docs/formats.md "Event traces"): detection by the chain of
// FROM and TO in the first lines, then the whole file read from its memory map.
#include "io/events/events_reader.hpp"
#include "io/import/importers.hpp"
#include "io/mapped_file.hpp"

namespace chitra {

namespace {

class EventsImporter final : public Importer {
public:
    SourceFormat format() const override { return SourceFormat::events; }

    bool detect(const std::string&, std::string_view head) const override { return detail::looks_like_events(head); }

    LaneTrace read(const std::string& path, const ImportOptions& options) const override
    {
        const auto file = detail::MappedFile::open(path);
        return detail::read_events_text(file->text(), path, options);
    }
};

} // namespace

const Importer& detail::events_importer()
{
    static const EventsImporter importer;
    return importer;
}

} // namespace chitra
