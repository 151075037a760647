// A read-only column that either owns a vector or views memory owned by someone
// else (for example a memory-mapped binary trace). Copies share the storage.
#pragma once

#include <memory>
#include <span>
#include <vector>

namespace chitra {

template <class T> class Column {
public:
    Column() = default;
    explicit Column(std::vector<T> values)
    {
        auto owned = std::make_shared<const std::vector<T>>(std::move(values));
        view_ = std::span<const T>(owned->data(), owned->size());
        owner_ = std::move(owned);
    }
    Column(std::shared_ptr<const void> owner, std::span<const T> view) : owner_(std::move(owner)), view_(view) {}

    std::span<const T> span() const { return view_; }
    const std::shared_ptr<const void>& owner() const { return owner_; }
    std::size_t size() const { return view_.size(); }
    bool empty() const { return view_.empty(); }
    const T* data() const { return view_.data(); }
    const T& operator[](std::size_t i) const { return view_[i]; }
    auto begin() const { return view_.begin(); }
    auto end() const { return view_.end(); }

private:
    std::shared_ptr<const void> owner_;
    std::span<const T> view_;
};

} // namespace chitra
