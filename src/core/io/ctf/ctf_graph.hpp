// The babeltrace2 graph the CTF importer reads through: one `source.ctf.fs` per trace
// (each directory holding a `metadata` file), `filter.utils.muxer` merging all their
// streams by time, and a simple sink of ours that hands each message to a callback.
#pragma once

#include <babeltrace2/babeltrace.h>

#include <exception>
#include <functional>
#include <string>
#include <vector>

namespace chitra::detail {

class CtfGraph {
public:
    using OnMessage = std::function<void(const bt_message*)>;

    // `traces`: the trace directories below `dir`. Throws InputError("TRACE: reason")
    // when the plugins or a trace cannot be opened.
    CtfGraph(const std::string& dir, const std::vector<std::string>& traces, OnMessage on_message);
    ~CtfGraph();
    CtfGraph(const CtfGraph&) = delete;
    CtfGraph& operator=(const CtfGraph&) = delete;

    // Runs the graph to its end, calling `between` after each batch of messages. An
    // exception thrown by the callbacks is rethrown here; a decoding error is thrown as
    // std::runtime_error holding the library's reason.
    void run(const std::function<void()>& between);

private:
    static bt_graph_simple_sink_component_initialize_func_status init(bt_message_iterator*, void*);
    static bt_graph_simple_sink_component_consume_func_status consume(bt_message_iterator*, void*);

    std::string dir_;
    OnMessage on_message_;
    bt_graph* graph_ = nullptr;
    bt_message_iterator* iterator_ = nullptr;
    std::exception_ptr failure_;
};

// Loads the plugins the graph needs, once per process (CtfGraph does it when not done):
// the contained read loads them before it forks, so that its child only decodes.
void load_ctf_plugins();

// The library's reason for the current thread's error (and clears it); `fallback` when
// there is none.
std::string take_babeltrace_error(const std::string& fallback);

} // namespace chitra::detail
