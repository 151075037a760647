#include "chitra/util/huge_page_advice.hpp"

#include <atomic>

namespace chitra {

namespace {
std::atomic<bool> g_advice{true};
}

void set_huge_page_advice(bool on) { g_advice.store(on, std::memory_order_relaxed); }

bool huge_page_advice() { return g_advice.load(std::memory_order_relaxed); }

} // namespace chitra
