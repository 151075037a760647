#include "io/csv/csv_rows.hpp"

#include "io/import/text_scan.hpp"

#include <cstring>

namespace chitra::detail::csv {

Rows::Rows(std::string_view text, const std::string& source, char delimiter)
    : p_(text.data()), end_(text.data() + text.size()), source_(source), delimiter_(delimiter)
{
    if (text.size() >= 3 && std::memcmp(p_, "\xEF\xBB\xBF", 3) == 0) // UTF-8 byte order mark
        p_ += 3;
}

bool Rows::next(std::vector<std::string_view>& cells)
{
    cells.clear();
    quoted_used_ = 0;
    for (;;) {
        if (p_ >= end_)
            return false;
        row_line_ = ++line_;
        if (*p_ == '\n' || (*p_ == '\r' && p_ + 1 < end_ && p_[1] == '\n')) { // an empty row
            p_ += *p_ == '\n' ? 1 : 2;
            continue;
        }
        break;
    }
    for (;;) {
        if (p_ < end_ && *p_ == '"') {
            cells.push_back(quoted_cell());
        } else {
            const char* start = p_;
            while (p_ < end_ && *p_ != delimiter_ && *p_ != '\n')
                ++p_;
            std::string_view cell(start, static_cast<std::size_t>(p_ - start));
            if ((p_ == end_ || *p_ == '\n') && !cell.empty() && cell.back() == '\r')
                cell.remove_suffix(1);
            cells.push_back(cell);
        }
        if (p_ >= end_)
            return true;
        if (*p_ == '\n') {
            ++p_;
            return true;
        }
        ++p_; // the delimiter
        if (p_ >= end_ || *p_ == '\n' || (*p_ == '\r' && p_ + 1 < end_ && p_[1] == '\n')) {
            cells.emplace_back(); // a row that ends with a delimiter has an empty last cell
            if (p_ < end_)
                p_ += *p_ == '\n' ? 1 : 2;
            return true;
        }
    }
}

std::string_view Rows::quoted_cell()
{
    if (quoted_used_ == quoted_.size())
        quoted_.emplace_back();
    std::string& cell = quoted_[quoted_used_++];
    cell.clear();
    ++p_; // the opening quote
    for (;;) {
        const char* quote = static_cast<const char*>(std::memchr(p_, '"', static_cast<std::size_t>(end_ - p_)));
        if (!quote)
            text::fail(source_, row_line_, "a quoted cell has no closing '\"'");
        for (const char* c = p_; c < quote; ++c)
            line_ += *c == '\n';
        cell.append(p_, quote);
        p_ = quote + 1;
        if (p_ < end_ && *p_ == '"') { // "" is one quote
            cell.push_back('"');
            ++p_;
            continue;
        }
        break;
    }
    if (p_ < end_ && *p_ == '\r' && p_ + 1 < end_ && p_[1] == '\n')
        ++p_;
    if (p_ < end_ && *p_ != delimiter_ && *p_ != '\n')
        text::fail(source_, line_, "text right after a closing '\"' (the delimiter or the end of the row expected)");
    return cell;
}

char guess_delimiter(std::string_view text)
{
    bool quoted = false;
    for (char c : text) {
        if (c == '"')
            quoted = !quoted;
        else if (!quoted && (c == ',' || c == ';' || c == '\t'))
            return c;
        else if (!quoted && c == '\n')
            break;
    }
    return ',';
}

std::string_view trim(std::string_view cell)
{
    while (!cell.empty() && (cell.front() == ' ' || cell.front() == '\t'))
        cell.remove_prefix(1);
    while (!cell.empty() && (cell.back() == ' ' || cell.back() == '\t'))
        cell.remove_suffix(1);
    return cell;
}

} // namespace chitra::detail::csv
