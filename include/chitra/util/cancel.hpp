// Cooperative cancellation of long core work (a pipeline replay on a worker thread).
// The flag is installed per thread, so deep loops (the frequency filter's per-symbol
// FFTs) can check it without every transform taking a token parameter.
#pragma once

#include <atomic>
#include <stdexcept>

namespace chitra {

using CancelFlag = std::atomic<bool>;

// Thrown by throw_if_cancelled(); deliberately not an InputError, so nothing reports a
// cancelled job as a refused step.
class Cancelled : public std::runtime_error {
public:
    Cancelled() : std::runtime_error("cancelled") {}
};

// Installs `flag` as the calling thread's cancel flag for the scope's lifetime (nests).
class CancelScope {
public:
    explicit CancelScope(const CancelFlag* flag);
    ~CancelScope();
    CancelScope(const CancelScope&) = delete;
    CancelScope& operator=(const CancelScope&) = delete;

private:
    const CancelFlag* previous_;
};

// Throws Cancelled when the calling thread's flag is set; a relaxed load otherwise.
void throw_if_cancelled();

// The calling thread's flag (nullptr: none), for work it hands to other threads, which
// install it with a CancelScope of their own.
const CancelFlag* current_cancel_flag();

} // namespace chitra
