#include "chitra/util/cancel.hpp"

namespace chitra {

namespace {
thread_local const CancelFlag* current_flag = nullptr;
}

// A scope without a flag keeps the enclosing one (a nested synchronous replay).
CancelScope::CancelScope(const CancelFlag* flag) : previous_(current_flag)
{
    if (flag)
        current_flag = flag;
}
CancelScope::~CancelScope() { current_flag = previous_; }

void throw_if_cancelled()
{
    if (current_flag && current_flag->load(std::memory_order_relaxed))
        throw Cancelled();
}

const CancelFlag* current_cancel_flag() { return current_flag; }

} // namespace chitra
