// The head of a text trace split as its importer splits it (chitra/io/text_preview.hpp).
#include "chitra/io/text_preview.hpp"

#include "io/csv/csv_rows.hpp"
#include "io/import/text_scan.hpp"

#include <algorithm>
#include <fstream>

namespace chitra {

namespace {

// Enough for the rows shown; a row cut at the end of the head is dropped.
constexpr std::size_t kHeadBytes = 256 * 1024;

std::string read_head(const std::string& path, std::string& problem)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        problem = path + ": cannot open";
        return {};
    }
    std::string head(kHeadBytes, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    if (head.size() == kHeadBytes) // keep whole lines only
        head.resize(head.rfind('\n') == std::string::npos ? 0 : head.rfind('\n') + 1);
    return head;
}

bool is_header(const std::vector<std::string_view>& cells)
{
    return std::any_of(cells.begin(), cells.end(),
                       [](std::string_view c) { return !detail::text::parse_double(detail::csv::trim(c)); });
}

void preview_csv(const std::string& head, const std::string& path, TextTablePreview& p, std::size_t max_rows)
{
    if (!p.delimiter)
        p.delimiter = detail::csv::guess_delimiter(head);
    detail::csv::Rows rows(head, path, p.delimiter);
    std::vector<std::string_view> cells;
    try {
        if (!rows.next(cells))
            return;
        p.header = is_header(cells);
        for (std::size_t c = 0; c < cells.size(); ++c) {
            const std::string_view name = detail::csv::trim(cells[c]);
            p.names.push_back(p.header && !name.empty() ? std::string(name) : std::to_string(c + 1));
        }
        bool first = !p.header;
        while (p.rows.size() < max_rows && (first || rows.next(cells))) {
            first = false;
            std::vector<std::string> row;
            for (std::string_view c : cells)
                row.emplace_back(detail::csv::trim(c));
            p.rows.push_back(std::move(row));
        }
    } catch (const std::exception& e) {
        p.problem = e.what();
    }
}

void preview_events(const std::string& head, TextTablePreview& p, std::size_t max_rows)
{
    std::size_t widest = 0;
    std::size_t start = 0;
    while (start < head.size() && p.rows.size() < max_rows) {
        const std::size_t end = std::min(head.find('\n', start), head.size());
        std::string_view line(head.data() + start, end - start);
        start = end + 1;
        std::vector<std::string> row;
        for (std::string_view word = detail::text::next_word(line); !word.empty(); word = detail::text::next_word(line))
            row.emplace_back(word);
        if (row.empty() || row.front().front() == '#')
            continue;
        widest = std::max(widest, row.size());
        p.rows.push_back(std::move(row));
    }
    p.names = {"time", "from", "to", "type"};
    for (std::size_t c = p.names.size(); c < widest; ++c)
        p.names.push_back("field " + std::to_string(c - 3));
    p.names.resize(std::max<std::size_t>(widest, 3));
}

} // namespace

TextTablePreview preview_text_table(const std::string& path, SourceFormat format, char delimiter, std::size_t max_rows)
{
    TextTablePreview p;
    p.delimiter = delimiter;
    const std::string head = read_head(path, p.problem);
    if (!p.problem.empty())
        return p;
    if (format == SourceFormat::events)
        preview_events(head, p, max_rows);
    else
        preview_csv(head, path, p, max_rows);
    // Rows shorter than the header get empty cells, so that every row has every column.
    for (auto& row : p.rows)
        row.resize(std::max(row.size(), p.names.size()));
    return p;
}

} // namespace chitra
