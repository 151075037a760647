// PES text reader (docs/file-formats.md). One pass over the (memory-mapped) text, in
// two halves on two threads when it is large: short record lines of the usual layout
// read from the bit masks of their blanks, any other line by the general reader
// (std::from_chars for numbers), no allocation per line, state tuples interned through
// an open-addressing hash table whose keys live in a stable arena, so only a state seen
// for the first time allocates.
#include "chitra/io/io.hpp"
#include "chitra/util/cancel.hpp"
#include "io/mapped_file.hpp"
#include "io/pes/pes_numbers.hpp"
#include "io/pes/record_column.hpp"
#include "io/pes/state_interner.hpp"
#include "io/import/name_text.hpp"
#include "io/trace_readers.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <thread>
#include <vector>

namespace chitra {

namespace {

using detail::count_newlines;
using detail::parse_digits;
using detail::quote_token;
using detail::RecordColumn;
using detail::StateInterner;
using detail::text_problem;
using detail::token_digits;

constexpr std::size_t kMaxComponents = 65536;

bool is_space(char c) { return c == ' ' || c == '\t'; }

std::string_view trim(std::string_view s)
{
    while (!s.empty() && is_space(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && is_space(s.back()))
        s.remove_suffix(1);
    return s;
}

class PesParser {
public:
    PesParser(std::string_view text, const std::string& source) : text_(text), source_(source) {}

    // A parser for the text after `before`'s records began: it starts with the header
    // `before` had read, its records already started, counting lines after `lines_before`.
    PesParser(std::string_view text, const std::string& source, const PesParser& before, std::size_t lines_before)
        : text_(text), source_(source), line_(lines_before), header_(before.header_),
          seen_timebase_(before.seen_timebase_), seen_components_(before.seen_components_),
          seen_fields_(before.seen_fields_), seen_separator_(before.seen_separator_), seen_end_(before.seen_end_),
          end_line_(before.end_line_), continues_(true)
    {
    }

    // Records go into storage with room for `capacity` records (the text's lines and the
    // later half's), which the later half's parser then shares (write_after).
    void allocate(std::size_t capacity, std::size_t fields)
    {
        times_.allocate(capacity);
        states_.allocate(capacity);
        fields_.resize(fields);
        for (auto& f : fields_)
            f.allocate(capacity);
        allocated_ = true;
    }
    // Records go into `before`'s storage from `offset` on, room for `capacity`.
    void write_after(const PesParser& before, std::size_t offset, std::size_t capacity)
    {
        times_.share(before.times_, offset, capacity);
        states_.share(before.states_, offset, capacity);
        fields_.resize(before.fields_.size());
        for (std::size_t f = 0; f < fields_.size(); ++f)
            fields_[f].share(before.fields_[f], offset, capacity);
        allocated_ = true;
    }

    // Reads the text's lines; then finish() for a whole trace, or append() to the parser
    // of the text before.
    void read()
    {
        if (!allocated_)
            reserve_ = count_newlines(text_) + 1;
        if (continues_)
            start_records();

        const char* p = text_.data();
        end_ = p + text_.size();
        while (p < end_) {
            if ((++line_ & 0xFFFF) == 0) // still wanted? (chitra/util/cancel.hpp)
                throw_if_cancelled();
            line_begin_ = p;
            p = parse_line(p);
        }
    }

    Trace parse()
    {
        read();
        return finish();
    }

    // Takes in the records of `later`, which read the text right after this one's from
    // this one's header. False, with this parser left unusable, when the two halves do
    // not join as one text would read (a state name taken twice, time going back at the
    // seam, a second end): the whole text is then read again to name the first problem.
    // `prelude` read the header lines before the first record, which `later` started from.
    bool append(PesParser& later, const PesParser& prelude)
    {
        const std::size_t header_extras = prelude.header_.extra.size();
        if (!started_)
            return false; // not reached: the text before holds the first record
        if (later.seen_end_ && !prelude.seen_end_) {
            if (seen_end_)
                return false;
            seen_end_ = true;
            header_.end = later.header_.end;
            end_line_ = later.end_line_;
        }
        for (std::size_t i = header_extras; i < later.header_.extra.size(); ++i)
            header_.extra.push_back(std::move(later.header_.extra[i]));
        if (!later.times_.empty() && !times_.empty() && later.times_.front() < times_.back())
            return false;
        // Symbols new to this half, in the order the later half met them.
        std::vector<SymbolId> id(later.interner_.size());
        for (SymbolId k = 0; k < id.size(); ++k) {
            const std::string_view key = later.interner_.key(k);
            const std::uint64_t h = StateInterner::hash(key);
            SymbolId mine = interner_.find(key, h);
            if (mine == kNoSymbol) {
                Symbol symbol = (*later.symbols_)[k];
                if (symbols_->find(symbol.name) != kNoSymbol || interner_.size() >= kNoSymbol - 1)
                    return false;
                mine = interner_.insert(key, h);
                symbols_->add(std::move(symbol));
            }
            id[k] = mine;
        }
        times_.take(later.times_);
        bool same_ids = true;
        for (SymbolId k = 0; k < id.size(); ++k)
            same_ids = same_ids && id[k] == k;
        if (same_ids)
            states_.take(later.states_);
        else
            states_.take(later.states_, [&](SymbolId k) { return id[k]; });
        for (std::size_t f = 0; f < fields_.size(); ++f)
            fields_[f].take(later.fields_[f]);
        if (later.last_record_line_ != 0)
            last_record_line_ = later.last_record_line_;
        return true;
    }

    const TraceHeader& header() const { return header_; }

    // Where the first record's line starts, or npos when there is no record.
    static std::size_t first_record(std::string_view text)
    {
        std::size_t at = 0;
        while (at < text.size()) {
            const std::size_t nl = text.find('\n', at);
            const std::size_t le = nl == std::string_view::npos ? text.size() : nl;
            std::size_t p = at;
            while (p < le && is_space(text[p]))
                ++p;
            if (p < le && text[p] != '#' && text[p] != '\r')
                return at;
            if (nl == std::string_view::npos)
                break;
            at = nl + 1;
        }
        return std::string_view::npos;
    }

private:
    [[noreturn]] void fail(const std::string& reason) const { fail_at(line_, reason); }

    [[noreturn]] void fail_at(std::size_t line, const std::string& reason) const
    {
        // Any trouble on a line holding a NUL byte is binary data, whatever the parser
        // tripped over first.
        if (line == line_ && line_begin_ &&
            std::memchr(line_begin_, '\0', static_cast<std::size_t>(line_end(line_begin_) - line_begin_)))
            throw InputError(source_ + ":" + std::to_string(line) + ": NUL byte (binary data?)");
        throw InputError(source_ + ":" + std::to_string(line) + ": " + reason);
    }

    // Lines end at '\n' or at the end of the text, and a '\r' right before that end
    // belongs to neither the line nor its last token.
    bool at_line_end(const char* p) const
    {
        return p == end_ || *p == '\n' || (*p == '\r' && (p + 1 == end_ || p[1] == '\n'));
    }
    // The end of the line from p, without its '\r' (the error paths and header lines).
    const char* line_end(const char* p) const
    {
        const auto* nl = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end_ - p)));
        const char* le = nl ? nl : end_;
        return le > p && le[-1] == '\r' ? le - 1 : le;
    }
    // The start of the line after the one ending at p (at_line_end(p)).
    const char* next_line(const char* p) const
    {
        if (p < end_ && *p == '\r')
            ++p;
        return p < end_ ? p + 1 : end_;
    }
    // The end of the token at p: its bytes run to a blank or the line's end. The byte
    // table finds both in one test; a '\r' inside a line is part of its token.
    const char* token_end(const char* p) const
    {
        for (;;) {
            while (p < end_ && !kStops[static_cast<unsigned char>(*p)])
                ++p;
            if (p < end_ && *p == '\r' && !at_line_end(p)) {
                ++p;
                continue;
            }
            return p;
        }
    }
    static constexpr std::array<bool, 256> kStops = [] {
        std::array<bool, 256> stops{};
        stops[' '] = stops['\t'] = stops['\n'] = stops['\r'] = true;
        return stops;
    }();

    // Reads the line at p; returns where the next line starts. Each byte of a record's
    // line is looked at once, in the order of its tokens.
    [[gnu::always_inline]] const char* parse_line(const char* p)
    {
        while (p < end_ && is_space(*p))
            ++p;
        if (at_line_end(p))
            return next_line(p); // blank
        if (*p == '#') {
            const char* le = line_end(p);
            header_line(std::string_view(p + 1, static_cast<std::size_t>(le - p - 1)));
            return next_line(le);
        }
        return record_line(p);
    }

    // ---- header --------------------------------------------------------------------

    void header_line(std::string_view body)
    {
        if (auto problem = text_problem(body, true); !problem.empty())
            fail(problem + " in header line");
        body = trim(body);
        if (body.empty())
            return;
        if (body.starts_with("chitra-pes") && (body.size() == 10 || is_space(body[10]))) {
            auto version = trim(body.substr(10));
            if (version != "1")
                fail("unsupported chitra-pes version " + quote_token(version) + " (this reader knows 1)");
            return;
        }
        auto colon = body.find(':');
        if (colon == std::string_view::npos) {
            // A comment; but a known key without its colon is a typo worth reporting.
            auto word = body.substr(0, std::min(body.find(' '), body.find('\t')));
            if (is_known_key(word))
                fail("header key '" + std::string(word) + "' needs a colon: '# " + std::string(word) + ": VALUE'");
            return;
        }
        auto key = trim(body.substr(0, colon));
        auto value = trim(body.substr(colon + 1));
        if (key.empty())
            return; // "# : x" is a comment
        if (!is_known_key(key)) {
            header_.extra.emplace_back(std::string(key), std::string(value));
            return;
        }
        if (key != "end" && started_)
            fail("header key '" + std::string(key) + "' must come before the first record");
        if (key == "timebase") {
            once(seen_timebase_, key);
            auto base = parse_timebase(value);
            if (!base)
                fail("bad timebase " + quote_token(value) + " (expected ns, us, ms, s or cycles)");
            header_.timebase = *base;
        } else if (key == "components") {
            once(seen_components_, key);
            std::size_t n = 0;
            auto [q, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
            if (ec != std::errc() || q != value.data() + value.size() || n < 1 || n > kMaxComponents)
                fail("bad components count " + quote_token(value) + " (expected an integer from 1 to " +
                     std::to_string(kMaxComponents) + ")");
            header_.components = n;
        } else if (key == "fields") {
            once(seen_fields_, key);
            parse_fields(value);
        } else if (key == "separator") {
            once(seen_separator_, key);
            if (value.size() >= 2 && value.front() == '"' && value.back() == '"')
                value = value.substr(1, value.size() - 2);
            header_.separator = std::string(value);
        } else if (key == "end") {
            once(seen_end_, key);
            Time end = 0;
            auto [q, ec] = std::from_chars(value.data(), value.data() + value.size(), end);
            if (ec != std::errc() || q != value.data() + value.size())
                fail("bad end time " + quote_token(value));
            header_.end = end;
            end_line_ = line_;
        }
    }

    static bool is_known_key(std::string_view key)
    {
        return key == "timebase" || key == "components" || key == "fields" || key == "separator" || key == "end";
    }

    void once(bool& seen, std::string_view key)
    {
        if (seen)
            fail("duplicate header key '" + std::string(key) + "'");
        seen = true;
    }

    void parse_fields(std::string_view value)
    {
        std::size_t i = 0;
        while (i < value.size()) {
            while (i < value.size() && is_space(value[i]))
                ++i;
            std::size_t j = i;
            while (j < value.size() && !is_space(value[j]))
                ++j;
            if (j == i)
                break;
            auto decl = value.substr(i, j - i);
            i = j;
            auto colon = decl.rfind(':');
            if (colon == std::string_view::npos || colon == 0)
                fail("bad field declaration " + quote_token(decl) + " (expected name:gauge or name:counter)");
            auto name = decl.substr(0, colon);
            auto kind = decl.substr(colon + 1);
            FieldInfo field{detail::decode_name(name), FieldKind::gauge};
            if (kind == "counter")
                field.kind = FieldKind::counter;
            else if (kind != "gauge")
                fail("unknown field kind " + quote_token(kind) + " for field " + quote_token(name) +
                     " (expected gauge or counter)");
            for (const auto& f : header_.fields)
                if (f.name == field.name)
                    fail("duplicate field " + quote_token(name));
            header_.fields.push_back(std::move(field));
        }
    }

    // ---- records -------------------------------------------------------------------

    void start_records()
    {
        started_ = true;
        if (!allocated_)
            allocate(reserve_, header_.fields.size());
        if (fields_.size() != header_.fields.size()) // not reached: the halves share one header
            throw std::logic_error("PES halves disagree on the fields");
        tokens_.resize(header_.components);
        symbols_ = std::make_shared<SymbolTable>();
    }

    std::size_t columns() const { return 1 + header_.components + header_.fields.size(); }

    [[noreturn]] void column_count_error(const char* p) const
    {
        const char* le = line_end(p);
        std::size_t found = 0;
        while (true) {
            while (p < le && is_space(*p))
                ++p;
            if (p == le)
                break;
            ++found;
            while (p < le && !is_space(*p))
                ++p;
        }
        std::string expected = "expected " + std::to_string(columns()) + " columns (time, " +
                               std::to_string(header_.components) +
                               (header_.components == 1 ? " component" : " components");
        if (!header_.fields.empty())
            expected +=
                ", " + std::to_string(header_.fields.size()) + (header_.fields.size() == 1 ? " field" : " fields");
        fail(expected + "), found " + std::to_string(found));
    }

#if defined(__SSE2__)
    // The bytes of p[0, 32) equal to c, as bits.
    static std::uint32_t bytes_equal(__m128i low, __m128i high, char c)
    {
        const __m128i v = _mm_set1_epi8(c);
        return static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(low, v))) |
               (static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(high, v))) << 16);
    }

    // A record line of the usual layout, read from the bit masks of its blanks: shorter
    // than 32 bytes, one space between its columns, a time of plain digits, a state seen
    // before, finite fields. Returns where the next line starts, or nullptr with nothing
    // written for the general reader to take the line (and name any problem).
    const char* record_line_fast(const char* p)
    {
        const __m128i low = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        const __m128i high = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16));
        const std::uint32_t newline = bytes_equal(low, high, '\n');
        if (newline == 0)
            return nullptr;
        const unsigned n = static_cast<unsigned>(std::countr_zero(newline)); // < 32
        unsigned length = n;                                                 // without a '\r'
        const std::uint32_t before = (std::uint32_t{1} << n) - 1;
        const std::uint32_t cr = bytes_equal(low, high, '\r') & before;
        if (cr != 0) {
            if (cr != std::uint32_t{1} << (n - 1))
                return nullptr;
            --length;
        }
        const std::uint32_t inside = (std::uint32_t{1} << length) - 1;
        if (bytes_equal(low, high, '\t') & inside)
            return nullptr;
        const std::uint32_t spaces = bytes_equal(low, high, ' ') & inside;
        if ((spaces & (spaces >> 1)) != 0 || (spaces & 1) != 0 || ((spaces >> (length - 1)) & 1) != 0)
            return nullptr; // blanks in a row, or at either end
        // The columns: [0, s[0]), [s[0] + 1, s[1]), ..., [s[last] + 1, length).
        unsigned s[33];
        std::size_t k = 0;
        for (std::uint32_t m = spaces; m != 0; m &= m - 1)
            s[k++] = static_cast<unsigned>(std::countr_zero(m));
        const std::size_t nc = header_.components, nf = fields_.size();
        if (k != nc + nf)
            return nullptr;
        s[k] = length;
        Time t = 0;
        if (s[0] == 0 || s[0] > 16 || !token_digits(p, s[0], t) || (!times_.empty() && t < times_.back()))
            return nullptr;
        double values[32];
        for (std::size_t f = 0; f < nf; ++f) {
            const char* vs = p + s[nc + f] + 1;
            const char* ve = p + s[nc + f + 1];
            auto [vq, vec] = std::from_chars(vs, ve, values[f]);
            if (vec != std::errc() || vq != ve || !std::isfinite(values[f]))
                return nullptr;
        }
        const std::string_view key(p + s[0] + 1, s[nc] - s[0] - 1);
        const SymbolId id = interner_.find_words(key, StateInterner::hash(key));
        if (id == kNoSymbol)
            return nullptr;
        times_.push_back(t);
        states_.push_back(id);
        for (std::size_t f = 0; f < nf; ++f)
            fields_[f].push_back(values[f]);
        last_record_line_ = line_;
        return p + n + 1;
    }
#endif

    [[gnu::always_inline]] const char* record_line(const char* p)
    {
        const char* line_start = p;
        if (!started_)
            start_records();
#if defined(__SSE2__)
        if (end_ - p >=
            static_cast<std::ptrdiff_t>(32 + StateInterner::kWord)) // the key's words as well as the line's 32 bytes
            if (const char* next = record_line_fast(p))
                return next;
#endif

        // Digits stop at a line's end, so the text's end bounds the time as well as the line's.
        Time t = 0;
        const char* fast = parse_digits(p, end_, t);
        auto [q, ec] = fast ? std::from_chars_result{fast, std::errc()} : std::from_chars(p, end_, t);
        if (ec == std::errc() && !at_line_end(q) && !is_space(*q))
            ec = std::errc::invalid_argument; // "12ab"
        if (ec != std::errc()) {
            const char* le = line_end(p);
            const char* te = p;
            while (te < le && !is_space(*te))
                ++te;
            std::string_view token(p, static_cast<std::size_t>(te - p));
            if (ec == std::errc::result_out_of_range)
                fail("time " + quote_token(token) + " is out of range (64-bit integer)");
            fail("bad time " + quote_token(token) + " (expected an integer)");
        }
        if (!times_.empty() && t < times_.back())
            fail("decreasing time (" + std::to_string(t) + " after " + std::to_string(times_.back()) + " on line " +
                 std::to_string(last_record_line_) + ")");
        p = q;

        // Components: the key of a tuple is its tokens joined by one space; when the
        // line already has exactly that layout the key is a slice of the line.
        const std::size_t nc = header_.components;
        bool contiguous = true;
        for (std::size_t c = 0; c < nc; ++c) {
            const char* gap = p;
            while (p < end_ && is_space(*p))
                ++p;
            if (at_line_end(p))
                column_count_error(line_start);
            if (c > 0 && (p - gap != 1 || *gap != ' '))
                contiguous = false;
            const char* ts = p;
            p = token_end(p);
            tokens_[c] = std::string_view(ts, static_cast<std::size_t>(p - ts));
        }
        std::string_view key;
        if (nc == 1 || contiguous) {
            key = std::string_view(
                tokens_[0].data(),
                static_cast<std::size_t>(tokens_[nc - 1].data() + tokens_[nc - 1].size() - tokens_[0].data()));
        } else {
            scratch_.clear();
            for (std::size_t c = 0; c < nc; ++c) {
                if (c)
                    scratch_ += ' ';
                scratch_ += tokens_[c];
            }
            key = scratch_;
        }
        std::uint64_t h = StateInterner::hash(key);
        SymbolId id = interner_.find(key, h);
        if (id == kNoSymbol)
            id = new_symbol(key, h);

        for (std::size_t f = 0; f < fields_.size(); ++f) {
            while (p < end_ && is_space(*p))
                ++p;
            if (at_line_end(p))
                column_count_error(line_start);
            const char* vs = p;
            const char* ve = token_end(p);
            double v = 0;
            auto [vq, vec] = std::from_chars(p, ve, v);
            if (vec != std::errc() || vq != ve || !std::isfinite(v)) {
                fail("bad number " + quote_token(std::string_view(vs, static_cast<std::size_t>(ve - vs))) +
                     " for field " + quote_token(header_.fields[f].name) + " (expected a finite number)");
            }
            fields_[f].push_back(v);
            p = vq;
        }
        while (p < end_ && is_space(*p))
            ++p;
        if (!at_line_end(p))
            column_count_error(line_start);

        times_.push_back(t);
        states_.push_back(id);
        last_record_line_ = line_;
        return next_line(p);
    }

    SymbolId new_symbol(std::string_view key, std::uint64_t h)
    {
        Symbol symbol;
        symbol.components.reserve(tokens_.size());
        for (std::size_t c = 0; c < tokens_.size(); ++c) {
            if (auto problem = text_problem(tokens_[c], false); !problem.empty())
                fail(problem + " in state token " + quote_token(tokens_[c]));
            symbol.components.push_back(detail::decode_name(tokens_[c]));
        }
        symbol.name = detail::join_components(symbol.components, header_.separator);
        if (interner_.size() >= kNoSymbol - 1)
            fail("too many distinct states");
        SymbolId other = symbols_->find(symbol.name);
        if (other != kNoSymbol) {
            std::string a, b;
            for (const auto& c : symbol.components)
                a += (a.empty() ? "" : " ") + c;
            for (const auto& c : (*symbols_)[other].components)
                b += (b.empty() ? "" : " ") + c;
            fail("states '" + a + "' and '" + b + "' have the same name " + quote_token(symbol.name) +
                 "; declare a separator, e.g. '# separator: ,'");
        }
        SymbolId id = interner_.insert(key, h);
        symbols_->add(std::move(symbol));
        return id;
    }

public:
    Trace finish()
    {
        if (!started_)
            start_records(); // an empty trace still gets its (empty) columns and symbol table
        if (header_.end && !times_.empty() && *header_.end < times_.back())
            fail_at(end_line_, "end time " + std::to_string(*header_.end) + " is before the last record's time " +
                                   std::to_string(times_.back()) + " (line " + std::to_string(last_record_line_) + ")");
        Trace trace;
        trace.source = source_;
        trace.header = std::move(header_);
        if (trace.header.end)
            trace.times_and_end = times_.with_last(*trace.header.end);
        trace.times = std::move(times_).column();
        trace.states = std::move(states_).column();
        for (auto& f : fields_)
            trace.fields.push_back(std::move(f).column());
        trace.symbols = std::move(symbols_);
        return trace;
    }

private:
    std::string_view text_;
    const std::string& source_;
    std::size_t line_ = 0;
    const char* line_begin_ = nullptr;
    const char* end_ = nullptr; // of the text
    std::size_t reserve_ = 0;

    TraceHeader header_;
    bool seen_timebase_ = false, seen_components_ = false, seen_fields_ = false, seen_separator_ = false,
         seen_end_ = false;
    std::size_t end_line_ = 0;
    bool started_ = false;
    std::size_t last_record_line_ = 0;

    RecordColumn<Time> times_;
    RecordColumn<SymbolId> states_;
    std::vector<RecordColumn<double>> fields_;
    bool allocated_ = false;
    std::shared_ptr<SymbolTable> symbols_;
    StateInterner interner_;
    std::vector<std::string_view> tokens_;
    std::string scratch_;
    bool continues_ = false; // reads the text after another parser's
};

} // namespace

std::optional<Trace> detail::parse_pes_in_halves(std::string_view text, const std::string& source)
{
    const std::size_t first = PesParser::first_record(text);
    if (first == std::string_view::npos)
        return std::nullopt;
    const std::size_t first_end = text.find('\n', first);
    std::size_t split = std::max(first_end, text.size() / 2);
    split = split == std::string_view::npos ? split : text.find('\n', split);
    if (split == std::string_view::npos || split + 1 >= text.size())
        return std::nullopt;
    ++split; // the second half starts on a line of its own
    const std::string_view head = text.substr(0, split), tail = text.substr(split);
    try {
        PesParser prelude(text.substr(0, first), source);
        prelude.read();
        // Lines of each half, counted on two threads: the storage has room for both.
        std::size_t head_lines = 0;
        std::thread counting([&] { head_lines = count_newlines(head); });
        const std::size_t tail_lines = count_newlines(tail) + 1;
        counting.join();
        // The tail's records are written where the head's end unless the head holds
        // comment or blank lines after its first record: its lines less the prelude's.
        const std::size_t prelude_lines =
            static_cast<std::size_t>(std::count(text.begin(), text.begin() + first, '\n'));
        PesParser before(head, source);
        before.allocate(head_lines + 1 + tail_lines, prelude.header().fields.size());
        PesParser after(tail, source, prelude, head_lines);
        after.write_after(before, head_lines - prelude_lines, tail_lines);
        std::exception_ptr tail_failed;
        bool tail_cancelled = false;
        std::thread reading_tail([&, flag = current_cancel_flag()] {
            const CancelScope scope(flag); // the caller's cancel flag holds for both halves
            try {
                after.read();
            } catch (const Cancelled&) {
                tail_cancelled = true;
            } catch (...) {
                tail_failed = std::current_exception();
            }
        });
        try {
            before.read();
        } catch (...) {
            reading_tail.join();
            throw;
        }
        reading_tail.join();
        if (tail_cancelled)
            throw Cancelled();
        if (tail_failed || !before.append(after, prelude))
            return std::nullopt;
        return before.finish();
    } catch (const InputError&) {
        return std::nullopt;
    }
}

namespace detail {
Trace parse_pes(std::string_view text, const std::string& source, std::size_t two_halves_from)
{
    if (text.size() >= two_halves_from && std::thread::hardware_concurrency() > 1)
        if (std::optional<Trace> trace = parse_pes_in_halves(text, source))
            return std::move(*trace);
    return PesParser(text, source).parse();
}

} // namespace detail

Trace read_pes_text(std::string_view text, const std::string& source) { return detail::parse_pes(text, source); }

Trace read_pes_file(const std::string& path)
{
    auto file = detail::MappedFile::open(path);
    return detail::parse_pes(file->text(), path);
}

} // namespace chitra
