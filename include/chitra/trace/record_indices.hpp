// The raw-record boundaries of an SES's elements. The SES of a whole trace has one
// element per record, so its boundaries are 0, 1, 2, ... (and a clip of it keeps a run
// of them): consecutive boundaries are kept as a first value and a count, not stored
// (8 bytes an element less for every trace opened); any change stores them. Stored
// values take 4 bytes each while every one fits in 32 bits (traces of fewer than 2^32
// records), 8 bytes beyond.
#pragma once

#include "chitra/trace/types.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <cstddef>
#include <initializer_list>
#include <iterator>
#include <ostream>
#include <vector>

namespace chitra {

class RecordIndices {
public:
    // Read-only random-access iterator; *it is a value (consecutive values are not stored).
    class const_iterator {
    public:
        using iterator_category = std::random_access_iterator_tag;
        using value_type = RecordIndex;
        using difference_type = std::ptrdiff_t;
        using pointer = void;
        using reference = RecordIndex;

        const_iterator() = default;
        const_iterator(const RecordIndices* owner, std::size_t at) : owner_(owner), at_(at) {}
        RecordIndex operator*() const { return (*owner_)[at_]; }
        RecordIndex operator[](difference_type k) const { return (*owner_)[at_ + static_cast<std::size_t>(k)]; }
        const_iterator& operator++()
        {
            ++at_;
            return *this;
        }
        const_iterator operator++(int)
        {
            auto old = *this;
            ++at_;
            return old;
        }
        const_iterator& operator--()
        {
            --at_;
            return *this;
        }
        const_iterator operator--(int)
        {
            auto old = *this;
            --at_;
            return old;
        }
        const_iterator& operator+=(difference_type k)
        {
            at_ = static_cast<std::size_t>(static_cast<difference_type>(at_) + k);
            return *this;
        }
        const_iterator& operator-=(difference_type k) { return *this += -k; }
        friend const_iterator operator+(const_iterator it, difference_type k) { return it += k; }
        friend const_iterator operator+(difference_type k, const_iterator it) { return it += k; }
        friend const_iterator operator-(const_iterator it, difference_type k) { return it -= k; }
        friend difference_type operator-(const const_iterator& a, const const_iterator& b)
        {
            return static_cast<difference_type>(a.at_) - static_cast<difference_type>(b.at_);
        }
        friend bool operator==(const const_iterator& a, const const_iterator& b) { return a.at_ == b.at_; }
        friend auto operator<=>(const const_iterator& a, const const_iterator& b) { return a.at_ <=> b.at_; }

    private:
        const RecordIndices* owner_ = nullptr;
        std::size_t at_ = 0;
    };

    // What read() gives for consecutive values: value i is first + i.
    struct Consecutive {
        RecordIndex first;
        RecordIndex operator[](std::size_t i) const { return first + i; }
    };

    RecordIndices() = default;
    RecordIndices(std::initializer_list<RecordIndex> values) { assign(values.begin(), values.end()); }
    RecordIndices(const std::vector<RecordIndex>& values) { assign(values.begin(), values.end()); }
    // first, first + 1, ..., first + count - 1, without storing them.
    static RecordIndices consecutive(RecordIndex first, std::size_t count)
    {
        RecordIndices r;
        r.first_ = first;
        r.count_ = count;
        r.form_ = Form::consecutive;
        return r;
    }
    static RecordIndices identity(std::size_t count) { return consecutive(0, count); }

    bool is_consecutive() const { return form_ == Form::consecutive; }
    // Whether stored values take 8 bytes each (some value needs more than 32 bits).
    bool is_wide() const { return form_ == Form::wide; }
    std::size_t size() const
    {
        switch (form_) {
        case Form::consecutive:
            return count_;
        case Form::narrow:
            return narrow_.size();
        default:
            return wide_.size();
        }
    }
    bool empty() const { return size() == 0; }
    RecordIndex operator[](std::size_t i) const
    {
        switch (form_) {
        case Form::consecutive:
            return first_ + i;
        case Form::narrow:
            return narrow_[i];
        default:
            return wide_[i];
        }
    }
    // Values [from, to): consecutive ones stay unstored.
    RecordIndices slice(std::size_t from, std::size_t to) const
    {
        if (is_consecutive())
            return consecutive(first_ + from, to - from);
        RecordIndices r;
        r.form_ = form_;
        if (form_ == Form::narrow)
            r.narrow_.assign(narrow_.begin() + static_cast<std::ptrdiff_t>(from),
                             narrow_.begin() + static_cast<std::ptrdiff_t>(to));
        else
            r.wide_.assign(wide_.begin() + static_cast<std::ptrdiff_t>(from),
                           wide_.begin() + static_cast<std::ptrdiff_t>(to));
        return r;
    }
    RecordIndex front() const { return (*this)[0]; }
    RecordIndex back() const { return (*this)[size() - 1]; }
    const_iterator begin() const { return {this, 0}; }
    const_iterator end() const { return {this, size()}; }

    // Changes store the values first.
    void push_back(RecordIndex r)
    {
        store(r);
        if (form_ == Form::narrow)
            narrow_.push_back(static_cast<std::uint32_t>(r));
        else
            wide_.push_back(r);
    }
    void reserve(std::size_t n) { reserve(n, 0); }
    // Room for n values up to `largest`: stored 8 bytes each from the start when it needs
    // them, so that nothing is widened later.
    void reserve(std::size_t n, RecordIndex largest)
    {
        store(largest);
        if (form_ == Form::narrow)
            narrow_.reserve(n);
        else
            wide_.reserve(n);
    }
    std::size_t capacity() const
    {
        return form_ == Form::narrow ? narrow_.capacity() : form_ == Form::wide ? wide_.capacity() : 0;
    }
    // The stored values' room, in bytes, and where it starts (nullptr when consecutive).
    std::size_t capacity_bytes() const
    {
        return form_ == Form::narrow ? narrow_.capacity() * sizeof(std::uint32_t)
                                     : wide_.capacity() * sizeof(RecordIndex);
    }
    const void* storage() const
    {
        return form_ == Form::narrow ? static_cast<const void*>(narrow_.data())
               : form_ == Form::wide ? static_cast<const void*>(wide_.data())
                                     : nullptr;
    }
    // New values are 0.
    void resize(std::size_t n)
    {
        store(0);
        if (form_ == Form::narrow)
            narrow_.resize(n);
        else
            wide_.resize(n);
    }
    template <class It> void assign(It first, It last)
    {
        narrow_.clear();
        wide_.clear();
        form_ = Form::narrow;
        count_ = 0;
        append(first, last);
    }
    // Appends [first, last).
    template <class It> void append(It first, It last)
    {
        RecordIndex largest = 0;
        for (It it = first; it != last; ++it)
            largest = std::max<RecordIndex>(largest, *it);
        store(largest);
        if (form_ == Form::narrow)
            narrow_.insert(narrow_.end(), first, last);
        else
            wide_.insert(wide_.end(), first, last);
    }
    // f(values) with the stored values as a pointer to std::uint32_t or to RecordIndex,
    // for loops that write them in place; consecutive values are stored first.
    template <class F> decltype(auto) edit(F&& f)
    {
        store(0);
        return form_ == Form::narrow ? f(narrow_.data()) : f(wide_.data());
    }
    // f(values) with a pointer to the stored values (std::uint32_t or RecordIndex) or a
    // Consecutive, each read as values[i], for loops that read them raw.
    template <class F> decltype(auto) read(F&& f) const
    {
        switch (form_) {
        case Form::consecutive:
            return f(Consecutive{first_});
        case Form::narrow:
            return f(static_cast<const std::uint32_t*>(narrow_.data()));
        default:
            return f(static_cast<const RecordIndex*>(wide_.data()));
        }
    }
    std::vector<RecordIndex> to_vector() const { return {begin(), end()}; }

    friend bool operator==(const RecordIndices& a, const RecordIndices& b)
    {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }
    friend bool operator==(const RecordIndices& a, const std::vector<RecordIndex>& b) { return a == RecordIndices(b); }
    friend std::ostream& operator<<(std::ostream& out, const RecordIndices& r)
    {
        out << '{';
        for (std::size_t i = 0; i < r.size(); ++i)
            out << (i ? ", " : "") << r[i];
        return out << '}';
    }

private:
    enum class Form : std::uint8_t { consecutive, narrow, wide };
    static constexpr RecordIndex kNarrowMax = std::numeric_limits<std::uint32_t>::max();

    // Stores consecutive values, and widens stored ones when `next` (a value about to be
    // stored) needs more than 32 bits.
    void store(RecordIndex next)
    {
        if (form_ == Form::consecutive) {
            const RecordIndex largest = std::max(next, count_ > 0 ? first_ + count_ - 1 : 0);
            if (largest <= kNarrowMax) {
                narrow_.resize(count_);
                for (std::size_t i = 0; i < count_; ++i)
                    narrow_[i] = static_cast<std::uint32_t>(first_ + i);
                form_ = Form::narrow;
            } else {
                wide_.resize(count_);
                for (std::size_t i = 0; i < count_; ++i)
                    wide_[i] = first_ + i;
                form_ = Form::wide;
            }
            count_ = 0;
        }
        if (form_ == Form::narrow && next > kNarrowMax) [[unlikely]] {
            wide_.reserve(narrow_.capacity());
            wide_.assign(narrow_.begin(), narrow_.end());
            narrow_ = {};
            form_ = Form::wide;
        }
    }

    std::vector<std::uint32_t> narrow_;
    std::vector<RecordIndex> wide_;
    RecordIndex first_ = 0; // when consecutive: first_ + i for i < count_
    std::size_t count_ = 0;
    Form form_ = Form::narrow;
};

} // namespace chitra
