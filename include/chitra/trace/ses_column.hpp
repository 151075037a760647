// A column of an SES (symbols or boundaries): either values the SES owns, or a read-only
// view of memory someone else keeps alive, such as a mapped binary trace. The SES of a
// whole trace views the trace's columns, so opening a trace copies nothing and faults
// in no fresh pages. Reading never copies; a change first makes the values the SES's own.
#pragma once

#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <memory>
#include <ostream>
#include <span>
#include <vector>

namespace chitra {

template <class T> class SesColumn {
public:
    using value_type = T;
    using const_iterator = const T*;

    SesColumn() = default;
    SesColumn(std::initializer_list<T> values) : own_(values) {}
    SesColumn(std::vector<T> values) : own_(std::move(values)) {}
    // A view of `view`, which `owner` keeps alive.
    SesColumn(std::shared_ptr<const void> owner, std::span<const T> view)
        : keep_(std::move(owner)), view_(view), is_view_(true)
    {
    }
    SesColumn& operator=(std::vector<T> values)
    {
        own_ = std::move(values);
        drop_view();
        return *this;
    }

    bool is_view() const { return is_view_; }
    std::size_t size() const { return is_view_ ? view_.size() : own_.size(); }
    bool empty() const { return size() == 0; }
    const T* data() const { return is_view_ ? view_.data() : own_.data(); }
    const T& operator[](std::size_t i) const { return data()[i]; }
    const T& front() const { return data()[0]; }
    const T& back() const { return data()[size() - 1]; }
    const T* begin() const { return data(); }
    const T* end() const { return data() + size(); }
    std::span<const T> span() const { return {data(), size()}; }
    operator std::span<const T>() const { return span(); }
    std::size_t capacity() const { return is_view_ ? view_.size() : own_.capacity(); }

    // Values [from, to): a view of a view (no copy), else a copy.
    SesColumn slice(std::size_t from, std::size_t to) const
    {
        if (is_view_)
            return SesColumn(keep_, view_.subspan(from, to - from));
        return SesColumn(std::vector<T>(own_.begin() + static_cast<std::ptrdiff_t>(from),
                                        own_.begin() + static_cast<std::ptrdiff_t>(to)));
    }

    // The values as a vector to change (a view is copied once, here).
    std::vector<T>& edit()
    {
        if (is_view_) {
            own_.assign(view_.begin(), view_.end());
            drop_view();
        }
        return own_;
    }
    // The values as a vector, leaving this column empty (a view is copied).
    std::vector<T> release()
    {
        std::vector<T> out = std::move(edit());
        own_ = {};
        return out;
    }

    void push_back(const T& v) { edit().push_back(v); }
    void reserve(std::size_t n) { edit().reserve(n); }
    void resize(std::size_t n) { edit().resize(n); }
    template <class It> void assign(It first, It last)
    {
        std::vector<T> values(first, last); // may read this column's own view
        own_ = std::move(values);
        drop_view();
    }
    // Appends [first, last) (only at the end).
    template <class It> void append(It first, It last)
    {
        std::vector<T>& values = edit();
        values.insert(values.end(), first, last);
    }

    friend bool operator==(const SesColumn& a, const SesColumn& b)
    {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }
    friend bool operator==(const SesColumn& a, const std::vector<T>& b)
    {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }
    friend std::ostream& operator<<(std::ostream& out, const SesColumn& c)
    {
        out << '{';
        for (std::size_t i = 0; i < c.size(); ++i)
            out << (i ? ", " : "") << c[i];
        return out << '}';
    }

private:
    void drop_view()
    {
        keep_.reset();
        view_ = {};
        is_view_ = false;
    }

    std::vector<T> own_;
    std::shared_ptr<const void> keep_;
    std::span<const T> view_;
    bool is_view_ = false;
};

} // namespace chitra
