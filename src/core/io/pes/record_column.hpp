// Internal to the PES text reader: a trace column written in place while the text is read.
#pragma once

#include "chitra/trace/column.hpp"

#include <cstddef>
#include <cstring>
#include <memory>
#include <span>
#include <stdexcept>

namespace chitra::detail {

// A column written in place into storage with room for every line of its text: records
// never outnumber lines, so it never grows or copies. The parsers of a text's two halves
// write into one storage, the second from the first half's line count on, and append()
// closes the gap between them.
template <class T> class RecordColumn {
public:
    void allocate(std::size_t capacity)
    {
        storage_ = std::shared_ptr<T[]>(new T[capacity]); // not zeroed: every value is written before use
        data_ = storage_.get();
        capacity_ = capacity;
        size_ = 0;
    }
    // The part of `whole`'s storage from `offset`, room for `capacity` values.
    void share(const RecordColumn& whole, std::size_t offset, std::size_t capacity)
    {
        storage_ = whole.storage_;
        data_ = storage_.get() + offset;
        capacity_ = capacity;
        size_ = 0;
    }
    void push_back(T value)
    {
        if (size_ == capacity_) [[unlikely]]
            throw std::length_error("PES column: more records than lines");
        data_[size_++] = value;
    }
    bool empty() const { return size_ == 0; }
    std::size_t size() const { return size_; }
    T front() const { return data_[0]; }
    T back() const { return data_[size_ - 1]; }
    // `later`'s values, which lie after this column's in the same storage, moved to
    // follow them, each passed through `map`.
    template <class Map> void take(RecordColumn& later, Map map)
    {
        if (size_ + later.size_ > capacity_) [[unlikely]]
            throw std::length_error("PES column: halves larger than the storage");
        T* to = data_ + size_;
        for (std::size_t i = 0; i < later.size_; ++i) // forward: `to` never passes the value read
            to[i] = map(later.data_[i]);
        size_ += later.size_;
        later = RecordColumn();
    }
    // The same without a map: nothing moves when `later`'s values already follow.
    void take(RecordColumn& later)
    {
        if (size_ + later.size_ > capacity_) [[unlikely]]
            throw std::length_error("PES column: halves larger than the storage");
        if (data_ + size_ != later.data_)
            std::memmove(data_ + size_, later.data_, later.size_ * sizeof(T));
        size_ += later.size_;
        later = RecordColumn();
    }
    Column<T> column() &&
    {
        Column<T> out(std::shared_ptr<const void>(std::move(storage_)), std::span<const T>(data_, size_));
        *this = RecordColumn();
        return out;
    }
    // The values followed by `last`, when the storage has room for it (the times and the
    // declared end, which the trace's SES then views instead of copying); else empty.
    Column<T> with_last(T last)
    {
        if (size_ == capacity_)
            return {};
        data_[size_] = last;
        return Column<T>(std::shared_ptr<const void>(storage_), std::span<const T>(data_, size_ + 1));
    }

private:
    std::shared_ptr<T[]> storage_;
    T* data_ = nullptr;
    std::size_t capacity_ = 0, size_ = 0;
};

} // namespace chitra::detail
