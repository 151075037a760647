// The raw-record boundaries of an SES's elements. The SES of a whole trace has one
// element per record, so its boundaries are 0, 1, 2, ... (and a clip of it keeps a run
// of them): consecutive boundaries are kept as a first value and a count, not stored
// (8 bytes an element less for every trace opened); any change stores them.
#pragma once

#include "chitra/trace/types.hpp"

#include <algorithm>
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
        const_iterator& operator++() { ++at_; return *this; }
        const_iterator operator++(int) { auto old = *this; ++at_; return old; }
        const_iterator& operator--() { --at_; return *this; }
        const_iterator operator--(int) { auto old = *this; --at_; return old; }
        const_iterator& operator+=(difference_type k) { at_ = static_cast<std::size_t>(static_cast<difference_type>(at_) + k); return *this; }
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

    RecordIndices() = default;
    RecordIndices(std::initializer_list<RecordIndex> values) : stored_(values) {}
    RecordIndices(std::vector<RecordIndex> values) : stored_(std::move(values)) {}
    // first, first + 1, ..., first + count - 1, without storing them.
    static RecordIndices consecutive(RecordIndex first, std::size_t count)
    {
        RecordIndices r;
        r.first_ = first;
        r.count_ = count;
        r.consecutive_ = true;
        return r;
    }
    static RecordIndices identity(std::size_t count) { return consecutive(0, count); }

    bool is_consecutive() const { return consecutive_; }
    std::size_t size() const { return consecutive_ ? count_ : stored_.size(); }
    bool empty() const { return size() == 0; }
    RecordIndex operator[](std::size_t i) const { return consecutive_ ? first_ + i : stored_[i]; }
    // Values [from, to): consecutive ones stay unstored.
    RecordIndices slice(std::size_t from, std::size_t to) const
    {
        if (consecutive_)
            return consecutive(first_ + from, to - from);
        return RecordIndices(std::vector<RecordIndex>(stored_.begin() + static_cast<std::ptrdiff_t>(from),
                                                      stored_.begin() + static_cast<std::ptrdiff_t>(to)));
    }
    RecordIndex front() const { return (*this)[0]; }
    RecordIndex back() const { return (*this)[size() - 1]; }
    const_iterator begin() const { return {this, 0}; }
    const_iterator end() const { return {this, size()}; }

    // Changes store the values first.
    void push_back(RecordIndex r) { store().push_back(r); }
    void reserve(std::size_t n) { store().reserve(n); }
    std::size_t capacity() const { return stored_.capacity(); }
    void resize(std::size_t n) { store().resize(n); }
    template <class It>
    void assign(It first, It last)
    {
        std::vector<RecordIndex> values(first, last);
        stored_ = std::move(values);
        consecutive_ = false;
        count_ = 0;
    }
    // Appends [first, last).
    template <class It>
    void append(It first, It last)
    {
        auto& values = store();
        values.insert(values.end(), first, last);
    }
    RecordIndex* data() { return store().data(); }
    // The stored values, or nullptr when they are consecutive (for loops that read them
    // raw: value i is then front() + i).
    const RecordIndex* stored_data() const { return consecutive_ ? nullptr : stored_.data(); }
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
    std::vector<RecordIndex>& store()
    {
        if (consecutive_) {
            stored_.resize(count_);
            for (std::size_t i = 0; i < count_; ++i)
                stored_[i] = first_ + i;
            consecutive_ = false;
            count_ = 0;
        }
        return stored_;
    }

    std::vector<RecordIndex> stored_;
    RecordIndex first_ = 0; // when consecutive_: first_ + i for i < count_
    std::size_t count_ = 0;
    bool consecutive_ = false;
};

} // namespace chitra
