// Plugins are loaded once per process (finding them scans the plugin directory); the
// graph is built per import. Library logging is off: errors come back as the thread's
// error object, turned into one message.
#include "io/ctf/ctf_graph.hpp"

#include "chitra/trace/types.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <regex>
#include <stdexcept>
#include <vector>

namespace chitra::detail {

namespace {

struct Plugins {
    const bt_plugin* ctf = nullptr;
    const bt_plugin* utils = nullptr;
};

const Plugins& plugins()
{
    static const Plugins loaded = [] {
        bt_logging_set_global_level(BT_LOGGING_LEVEL_NONE);
        // The metadata parser reports the line of a syntax error only in its log, whose
        // level is read from the environment when the plugin loads (OpenLog).
        ::setenv("BABELTRACE_PLUGIN_CTF_METADATA_LOG_LEVEL", "W", 0);
        Plugins p;
        bt_plugin_find("ctf", BT_TRUE, BT_TRUE, BT_TRUE, BT_TRUE, BT_FALSE, &p.ctf);
        bt_plugin_find("utils", BT_TRUE, BT_TRUE, BT_TRUE, BT_TRUE, BT_FALSE, &p.utils);
        bt_current_thread_clear_error();
        return p;
    }();
    return loaded;
}

// A bt_value released at scope exit.
struct ValueRef {
    bt_value* v;
    ~ValueRef() { bt_value_put_ref(v); }
};

// Catches what is written to stderr while a source opens its trace: the metadata parser
// reports the line of a syntax error only in its log (level from the environment, see
// plugins()), not in the error causes. Opening is short, so the redirection is too.
class OpenLog {
public:
    OpenLog() : file_(std::tmpfile())
    {
        if (!file_)
            return;
        std::fflush(stderr);
        saved_ = ::dup(2);
        ::dup2(::fileno(file_), 2);
    }
    ~OpenLog()
    {
        restore();
        if (file_)
            std::fclose(file_);
    }
    // The parser's "At line N in metadata stream: ..." message, if it wrote one.
    std::string metadata_error()
    {
        restore();
        if (!file_)
            return {};
        std::rewind(file_);
        char line[1024];
        while (std::fgets(line, sizeof line, file_)) {
            const std::string_view l(line);
            const std::size_t at = l.find("At line ");
            if (at != std::string_view::npos && l.find("metadata stream") != std::string_view::npos)
                return std::string(l.substr(at, l.find_last_not_of('\n') + 1 - at));
        }
        return {};
    }

private:
    void restore()
    {
        if (saved_ < 0)
            return;
        std::fflush(stderr);
        ::dup2(saved_, 2);
        ::close(saved_);
        saved_ = -1;
    }
    std::FILE* file_;
    int saved_ = -1;
};

} // namespace

void load_ctf_plugins() { plugins(); }

std::string take_babeltrace_error(const std::string& fallback)
{
    const bt_error* error = bt_current_thread_take_error();
    if (!error)
        return fallback;
    // Causes go from the root (what is wrong with the data) to the outermost component;
    // the graph's own causes only say which component failed, with addresses.
    std::string reason;
    const std::uint64_t n = bt_error_get_cause_count(error);
    int kept = 0;
    for (std::uint64_t i = 0; i < n && kept < 3; ++i) {
        std::string m = bt_error_cause_get_message(bt_error_borrow_cause_by_index(error, i));
        while (!m.empty() && (m.back() == '\n' || m.back() == '.'))
            m.pop_back();
        if (m.find("comp-addr=") != std::string::npos)
            continue;
        // Object addresses mean nothing to a reader of the message.
        static const std::regex address(R"((, )?[a-z-]+-addr=0x[0-9a-fA-F]+(, )?)");
        m = std::regex_replace(m, address, "");
        m = std::regex_replace(m, std::regex(": $"), "");
        if (m.empty() || reason.find(m) != std::string::npos)
            continue;
        reason += (reason.empty() ? "" : ": ") + m;
        ++kept;
    }
    bt_error_release(error);
    return reason.empty() ? fallback : reason;
}

CtfGraph::CtfGraph(const std::string& dir, const std::vector<std::string>& traces, OnMessage on_message)
    : dir_(dir), on_message_(std::move(on_message))
{
    const Plugins& p = plugins();
    if (!p.ctf || !p.utils)
        throw InputError(dir + ": the babeltrace2 plugins `ctf` and `utils` are not installed");
    const bt_component_class_source* fs = bt_plugin_borrow_source_component_class_by_name_const(p.ctf, "fs");
    const bt_component_class_filter* muxer = bt_plugin_borrow_filter_component_class_by_name_const(p.utils, "muxer");
    if (!fs || !muxer)
        throw InputError(dir + ": the babeltrace2 components source.ctf.fs and filter.utils.muxer are missing");

    graph_ = bt_graph_create(0);
    if (!graph_)
        throw std::bad_alloc();
    // One source per trace: source.ctf.fs reads one trace (its inputs are parts of it).
    std::vector<const bt_component_source*> sources;
    for (const std::string& trace : traces) {
        ValueRef params{bt_value_map_create()};
        bt_value* inputs = nullptr;
        if (!params.v || bt_value_map_insert_empty_array_entry(params.v, "inputs", &inputs) != 0 ||
            bt_value_array_append_string_element(inputs, trace.c_str()) != 0)
            throw std::bad_alloc();
        const bt_component_source* source = nullptr;
        const std::string name = "source" + std::to_string(sources.size());
        OpenLog log;
        if (bt_graph_add_source_component(graph_, fs, name.c_str(), params.v, BT_LOGGING_LEVEL_NONE, &source) !=
            BT_GRAPH_ADD_COMPONENT_STATUS_OK) {
            std::string reason = take_babeltrace_error("cannot open");
            const std::string where = log.metadata_error();
            if (!where.empty())
                reason = "metadata: " + where;
            bt_graph_put_ref(graph_);
            graph_ = nullptr;
            throw InputError(trace + ": not a readable CTF trace: " + reason);
        }
        sources.push_back(source);
    }
    const bt_component_filter* mux = nullptr;
    const bt_component_sink* sink = nullptr;
    bool ok = bt_graph_add_filter_component(graph_, muxer, "muxer", nullptr, BT_LOGGING_LEVEL_NONE, &mux) ==
                  BT_GRAPH_ADD_COMPONENT_STATUS_OK &&
              bt_graph_add_simple_sink_component(graph_, "sink", init, consume, nullptr, this, &sink) ==
                  BT_GRAPH_ADD_COMPONENT_STATUS_OK;
    // The muxer adds an input port each time one is connected.
    std::uint64_t connected = 0;
    for (const bt_component_source* source : sources) {
        const std::uint64_t outputs = ok ? bt_component_source_get_output_port_count(source) : 0;
        for (std::uint64_t i = 0; ok && i < outputs; ++i)
            ok = bt_graph_connect_ports(graph_, bt_component_source_borrow_output_port_by_index_const(source, i),
                                        bt_component_filter_borrow_input_port_by_index_const(mux, connected++),
                                        nullptr) == BT_GRAPH_CONNECT_PORTS_STATUS_OK;
    }
    ok = ok && bt_graph_connect_ports(graph_, bt_component_filter_borrow_output_port_by_index_const(mux, 0),
                                      bt_component_sink_borrow_input_port_by_index_const(sink, 0),
                                      nullptr) == BT_GRAPH_CONNECT_PORTS_STATUS_OK;
    if (!ok) {
        bt_graph_put_ref(graph_);
        graph_ = nullptr;
        throw InputError(dir + ": cannot read the trace: " + take_babeltrace_error("cannot connect its streams"));
    }
}

CtfGraph::~CtfGraph() { bt_graph_put_ref(graph_); }

bt_graph_simple_sink_component_initialize_func_status CtfGraph::init(bt_message_iterator* iterator, void* self)
{
    static_cast<CtfGraph*>(self)->iterator_ = iterator;
    return BT_GRAPH_SIMPLE_SINK_COMPONENT_INITIALIZE_FUNC_STATUS_OK;
}

bt_graph_simple_sink_component_consume_func_status CtfGraph::consume(bt_message_iterator* iterator, void* data)
{
    auto* self = static_cast<CtfGraph*>(data);
    bt_message_array_const messages = nullptr;
    std::uint64_t count = 0;
    switch (bt_message_iterator_next(iterator, &messages, &count)) {
    case BT_MESSAGE_ITERATOR_NEXT_STATUS_OK:
        break;
    case BT_MESSAGE_ITERATOR_NEXT_STATUS_END:
        return BT_GRAPH_SIMPLE_SINK_COMPONENT_CONSUME_FUNC_STATUS_END;
    case BT_MESSAGE_ITERATOR_NEXT_STATUS_AGAIN:
        return BT_GRAPH_SIMPLE_SINK_COMPONENT_CONSUME_FUNC_STATUS_AGAIN;
    case BT_MESSAGE_ITERATOR_NEXT_STATUS_MEMORY_ERROR:
        return BT_GRAPH_SIMPLE_SINK_COMPONENT_CONSUME_FUNC_STATUS_MEMORY_ERROR;
    default:
        return BT_GRAPH_SIMPLE_SINK_COMPONENT_CONSUME_FUNC_STATUS_ERROR;
    }
    // Exceptions must not cross the library's C frames: keep the first, release the
    // rest of the batch, and stop the graph.
    std::uint64_t i = 0;
    try {
        for (; i < count; ++i) {
            self->on_message_(messages[i]);
            bt_message_put_ref(messages[i]);
        }
    } catch (...) {
        self->failure_ = std::current_exception();
        for (; i < count; ++i)
            bt_message_put_ref(messages[i]);
        return BT_GRAPH_SIMPLE_SINK_COMPONENT_CONSUME_FUNC_STATUS_ERROR;
    }
    return BT_GRAPH_SIMPLE_SINK_COMPONENT_CONSUME_FUNC_STATUS_OK;
}

void CtfGraph::run(const std::function<void()>& between)
{
    for (;;) {
        const bt_graph_run_once_status status = bt_graph_run_once(graph_);
        if (failure_) {
            bt_current_thread_clear_error();
            std::rethrow_exception(failure_);
        }
        if (status == BT_GRAPH_RUN_ONCE_STATUS_END)
            return;
        if (status == BT_GRAPH_RUN_ONCE_STATUS_MEMORY_ERROR)
            throw std::bad_alloc();
        if (status != BT_GRAPH_RUN_ONCE_STATUS_OK && status != BT_GRAPH_RUN_ONCE_STATUS_AGAIN)
            throw std::runtime_error(take_babeltrace_error("cannot decode the trace"));
        if (between) {
            try {
                between();
            } catch (...) {
                bt_current_thread_clear_error();
                throw;
            }
        }
    }
}

} // namespace chitra::detail
