// The CSV reader: the first row decides the header, the delimiter and the columns; then
// one pass over the rows. State names are looked up by views into the text.
#include "io/csv/csv_reader.hpp"

#include "io/csv/csv_rows.hpp"
#include "io/import/exact_time.hpp"
#include "io/import/text_scan.hpp"
#include "io/import/name_text.hpp"

#include <algorithm>
#include <deque>
#include <unordered_map>

namespace chitra::detail {

namespace {

using text::fail;

bool is_header(const std::vector<std::string_view>& cells)
{
    return std::any_of(cells.begin(), cells.end(),
                       [](std::string_view c) { return !text::parse_double(csv::trim(c)); });
}

// The columns a trace reads, resolved against the first row.
struct Columns {
    std::size_t time = 0;
    std::vector<std::size_t> states; // in column order
    std::vector<std::size_t> fields;
};

class ColumnNames {
public:
    ColumnNames(const std::vector<std::string_view>& first, bool header, const std::string& source)
        : count_(first.size()), source_(source)
    {
        if (header)
            names_.assign(first.begin(), first.end());
    }

    std::size_t find(const std::string& column) const
    {
        for (std::size_t i = 0; i < names_.size(); ++i)
            if (csv::trim(names_[i]) == column)
                return i;
        const auto number = text::parse_unsigned(column);
        if (number && *number >= 1 && *number <= count_)
            return static_cast<std::size_t>(*number - 1);
        fail(source_, 1,
             "no column " + quote_token(column) + " (the first row has " + std::to_string(count_) + " cell" +
                 (count_ == 1 ? "" : "s") + (names_.empty() ? ", no header" : "") + ")");
    }

    // A column's name, checked as a lane or field name (its problem is one of line 1).
    std::string name(std::size_t column) const
    {
        if (!names_.empty()) {
            const std::string problem = name_text_problem(csv::trim(names_[column]));
            if (!problem.empty())
                fail(source_, 1, "column name " + quote_token(csv::trim(names_[column])) + ": " + problem);
        }
        // No header, or an empty header cell: the column's number.
        return names_.empty() || csv::trim(names_[column]).empty() ? std::to_string(column + 1)
                                                                   : std::string(csv::trim(names_[column]));
    }

private:
    std::size_t count_;
    std::vector<std::string> names_;
    const std::string& source_;
};

Columns resolve(const ColumnNames& names, const ImportOptions& options)
{
    Columns c;
    c.time = names.find(options.time_column.empty() ? "1" : options.time_column);
    if (options.state_columns.empty())
        c.states.push_back(names.find("2"));
    for (const std::string& s : options.state_columns)
        c.states.push_back(names.find(s));
    std::sort(c.states.begin(), c.states.end());
    c.states.erase(std::unique(c.states.begin(), c.states.end()), c.states.end());
    for (const std::string& f : options.field_columns)
        c.fields.push_back(names.find(f));
    return c;
}

class CsvReader {
public:
    CsvReader(const std::string& source, const ImportOptions& options, const ColumnNames& names, Columns columns)
        : source_(source), scale_(options.time_scale), columns_(std::move(columns)), builder_(source, "csv")
    {
        for (std::size_t c : columns_.states)
            lanes_.push_back(builder_.add_lane(names.name(c)));
        for (std::size_t c : columns_.fields)
            fields_.push_back(builder_.add_field(names.name(c), FieldKind::gauge, std::nullopt));
    }

    void row(const std::vector<std::string_view>& cells, std::size_t expected, std::size_t line)
    {
        if (cells.size() != expected)
            fail(source_, line,
                 "this row has " + std::to_string(cells.size()) + " cells, the first row " + std::to_string(expected));
        const std::string_view time_cell = csv::trim(cells[columns_.time]);
        const auto t = decimal_scaled(time_cell, scale_);
        if (!t)
            fail(source_, line, "the time " + quote_token(time_cell) + " is not a decimal number (or is too large)");
        if (seen_ && *t < last_)
            fail(source_, line, "the time " + quote_token(time_cell) + " is before the previous row's");
        seen_ = true;
        last_ = *t;
        builder_.saw_event(*t);
        for (std::size_t i = 0; i < lanes_.size(); ++i) {
            const std::string_view cell = csv::trim(cells[columns_.states[i]]);
            if (cell.empty())
                builder_.reset(lanes_[i], *t);
            else
                builder_.set(lanes_[i], *t, state(cell, line));
        }
        for (std::size_t i = 0; i < fields_.size(); ++i) {
            const std::string_view cell = csv::trim(cells[columns_.fields[i]]);
            if (cell.empty())
                continue;
            const auto v = text::parse_double(cell);
            if (!v)
                fail(source_, line, "the field cell " + quote_token(cell) + " is not a number");
            builder_.sample(fields_[i], *t, *v);
        }
    }

    LaneTrace finish() { return builder_.finish(); }

private:
    LaneStateId state(std::string_view name, std::size_t line)
    {
        auto it = states_.find(name);
        if (it != states_.end())
            return it->second;
        const std::string problem = name_text_problem(name);
        if (!problem.empty())
            fail(source_, line, "state " + quote_token(name) + ": " + problem);
        const LaneStateId id = builder_.state(name);
        // A quoted cell's text lives in a buffer reused by the next row: keep a copy.
        owned_.emplace_back(name);
        states_.emplace(owned_.back(), id);
        return id;
    }

    const std::string& source_;
    int scale_;
    Columns columns_;
    LaneTraceBuilder builder_;
    std::vector<std::size_t> lanes_, fields_;
    std::deque<std::string> owned_;
    std::unordered_map<std::string_view, LaneStateId> states_;
    Time last_ = 0;
    bool seen_ = false;
};

} // namespace

LaneTrace read_csv_text(std::string_view text, const std::string& source, const ImportOptions& options)
{
    csv::Rows rows(text, source, options.delimiter ? options.delimiter : csv::guess_delimiter(text));
    std::vector<std::string_view> cells;
    if (!rows.next(cells))
        fail(source, 1, "no row (an empty CSV file)");
    const bool header = is_header(cells);
    const ColumnNames names(cells, header, source);
    const std::size_t expected = cells.size();
    if (options.state_columns.empty() && expected < 2)
        fail(source, rows.line(), "the first row has one cell: no state column (is the delimiter right?)");
    CsvReader reader(source, options, names, resolve(names, options));
    text::Progress progress(text, options.progress);
    if (!header)
        reader.row(cells, expected, rows.line());
    while (rows.next(cells)) {
        reader.row(cells, expected, rows.line());
        progress.at(rows.position());
    }
    progress.done();
    return reader.finish();
}

} // namespace chitra::detail
