// Runs an importer's read in a child process, so that a decoding library that aborts,
// crashes or spins forever on a damaged trace (babeltrace2 2.0 does all three) costs that
// import, not the program: the workbench and chitra-cli report an InputError instead.
//
// The child (fork(), no exec) does the read and nothing else, and sends back through a
// pipe: progress frames while it reads, then the LaneTrace (lanes/lane_trace_codec.hpp)
// or the message of the exception that stopped it. The parent:
// - calls ImportOptions::progress with the child's progress, on its own thread;
// - rethrows an InputError with the child's message (bad_alloc as bad_alloc, other
//   exceptions as InputError("SOURCE: DECODER stopped: what"));
// - on the child's death by a signal throws InputError("SOURCE: DECODER failed on this
//   trace: SIGSEGV (Segmentation fault)");
// - when nothing comes from the child for the watchdog period while it decodes, kills it
//   and throws InputError("SOURCE: DECODER made no progress for N s"). The read must call
//   its progress callback as it advances (and only then): a read that stops calling it is
//   taken as stuck. Once it reports 1.0 (its input all decoded) the watchdog stops: what
//   is left is the importer's own bounded work;
// - when the calling thread's cancel flag is set (chitra/util/cancel.hpp), kills the
//   child and throws Cancelled.
// Every path reaps the child. Where fork() fails, the read runs in this process.
#pragma once

#include "chitra/io/import.hpp"

#include <chrono>
#include <functional>
#include <string>

namespace chitra::detail {

// 10 s, or the environment's CHITRA_DECODER_WATCHDOG_SECONDS (decimal seconds; tests
// shorten it for traces that make the decoder spin).
std::chrono::milliseconds decoder_watchdog();

struct ContainedRead {
    std::string source;  // the trace, first in every message
    std::string decoder; // who decodes, for messages: "the CTF decoder (babeltrace2)"
    std::chrono::milliseconds watchdog = decoder_watchdog();
};

// `read` gets `options` with its progress going to the parent and no warnings list (a
// LaneTrace carries its warnings back).
LaneTrace read_contained(const ContainedRead& what, const ImportOptions& options,
                         const std::function<LaneTrace(const ImportOptions&)>& read);

} // namespace chitra::detail
