// The CSV importer (docs/formats.md "CSV"): chosen by a `.csv` name or `--from csv`, then
// the whole file read from its memory map.
#include "io/csv/csv_reader.hpp"
#include "io/import/importers.hpp"
#include "io/mapped_file.hpp"

#include <algorithm>
#include <cctype>

namespace chitra {

namespace {

class CsvImporter final : public Importer {
public:
    SourceFormat format() const override { return SourceFormat::csv; }

    bool detect(const std::string& path, std::string_view) const override
    {
        if (path.size() < 4)
            return false;
        std::string ext = path.substr(path.size() - 4);
        std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
        return ext == ".csv";
    }

    LaneTrace read(const std::string& path, const ImportOptions& options) const override
    {
        const auto file = detail::MappedFile::open(path);
        return detail::read_csv_text(file->text(), path, options);
    }
};

} // namespace

const Importer& detail::csv_importer()
{
    static const CsvImporter importer;
    return importer;
}

} // namespace chitra
