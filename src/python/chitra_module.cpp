// The extension module `chitra._chitra` (pybind11): a trace read by the CLI's own reading
// code and kept in memory, whose columns reach NumPy as views that keep the trace alive;
// and chitra-cli's commands run in this process, their output caught, for the documents
// the package returns (src/python/chitra/__init__.py, docs/python.md). Long work runs on
// a worker thread with the GIL released; Ctrl+C sets the core's cancel flag.
#include "cli_app.hpp"
#include "trace_input.hpp"

#include "chitra/lanes/lane_selection.hpp"
#include "chitra/lanes/lane_trace.hpp"
#include "chitra/trace/trace.hpp"
#include "chitra/util/cancel.hpp"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <chrono>
#include <future>
#include <iostream>
#include <mutex>
#include <sstream>
#include <thread>
#include <unordered_map>

namespace py = pybind11;

namespace chitra::python {

namespace {

// Runs `work` on a worker thread, the GIL released, while this thread watches for Ctrl+C
// (a pending signal: the cancel flag is set, the work stops at the core's next check, and
// KeyboardInterrupt is raised) and reports `share` (0..1, -1 for none yet) to `progress`.
template <class R>
R interruptible(const std::function<R()>& work, const py::object& progress = py::none(),
                const std::shared_ptr<std::atomic<double>>& share = nullptr)
{
    auto cancel = std::make_shared<CancelFlag>(false);
    std::packaged_task<R()> task([&work, cancel] {
        const CancelScope scope(cancel.get());
        return work();
    });
    std::future<R> result = task.get_future();
    std::thread worker(std::move(task));
    // Stops the work at the core's next check and ends the worker, the Python error kept.
    auto stop = [&] {
        cancel->store(true);
        const py::gil_scoped_release release;
        result.wait();
        worker.join();
    };
    double reported = -1;
    for (;;) {
        bool ready = false;
        {
            const py::gil_scoped_release release;
            ready = result.wait_for(std::chrono::milliseconds(50)) == std::future_status::ready;
        }
        if (ready)
            break;
        if (PyErr_CheckSignals() != 0) {
            stop();
            throw py::error_already_set();
        }
        if (share && !progress.is_none() && share->load() != reported) {
            reported = share->load();
            try {
                progress(reported);
            } catch (...) { // the callback raised (KeyboardInterrupt too): the work stops
                stop();
                throw;
            }
        }
    }
    worker.join();
    return result.get();
}

// chitra-cli ARGS in this process: (exit status, stdout as bytes, stderr as text).
py::tuple run_cli(const std::vector<std::string>& args)
{
    struct Output {
        int status = 0;
        std::string out, err;
    };
    const Output o = interruptible<Output>([&args] {
        // One command at a time: std::cout and std::cerr are the process's.
        static std::mutex streams;
        const std::lock_guard<std::mutex> lock(streams);
        std::ostringstream out, err;
        std::streambuf* oldOut = std::cout.rdbuf(out.rdbuf());
        std::streambuf* oldErr = std::cerr.rdbuf(err.rdbuf());
        Output result;
        try {
            result.status = cli::run_command_line(args);
        } catch (...) {
            std::cout.rdbuf(oldOut);
            std::cerr.rdbuf(oldErr);
            throw;
        }
        std::cout.rdbuf(oldOut);
        std::cerr.rdbuf(oldErr);
        result.out = out.str();
        result.err = err.str();
        return result;
    });
    return py::make_tuple(o.status, py::bytes(o.out), py::str(o.err));
}

// The TraceError of the package (set by __init__.py), raised with the reader's message.
py::object& traceError()
{
    static auto* error = new py::object(); // never destroyed: the interpreter may be gone first
    return *error;
}

class TraceHandle {
public:
    explicit TraceHandle(std::shared_ptr<const Trace> trace) : trace_(std::move(trace)) {}

    std::vector<std::string> laneNames() const { return lane_names(*trace_); }
    std::size_t components() const { return trace_->header.components; }
    std::string timebase() const { return std::string(to_string(trace_->header.timebase)); }

    // A read-only NumPy view of a column of the trace, which it keeps alive.
    template <class T> py::array view(const Column<T>& column) const
    {
        auto* owner = new std::shared_ptr<const Trace>(trace_);
        py::capsule base(owner, [](void* p) { delete static_cast<std::shared_ptr<const Trace>*>(p); });
        py::array a(py::dtype::of<T>(), {column.size()}, {sizeof(T)}, column.data(), base);
        py::detail::array_proxy(a.ptr())->flags &= ~py::detail::npy_api::NPY_ARRAY_WRITEABLE_;
        return a;
    }
    py::array times() const { return view(trace_->times); }
    py::array states() const { return view(trace_->states); }
    std::vector<std::string> stateNames() const
    {
        std::vector<std::string> names;
        for (SymbolId s = 0; s < trace_->symbols->size(); ++s)
            names.push_back((*trace_->symbols)[s].name);
        return names;
    }

    // Lane `k`'s state at every record, as codes into its own names (first appearance
    // among the trace's states): (codes, names). One lane: the states column itself.
    py::tuple laneStates(std::size_t k) const
    {
        if (k >= components())
            throw py::index_error("lane " + std::to_string(k + 1) + " out of range");
        if (components() == 1)
            return py::make_tuple(states(), stateNames());
        const SymbolTable& symbols = *trace_->symbols;
        std::vector<std::int32_t> code(symbols.size(), -1);
        std::vector<std::string> names;
        std::unordered_map<std::string, std::int32_t> known;
        for (SymbolId s = 0; s < symbols.size(); ++s) {
            const auto& parts = symbols[s].components;
            const std::string& name = k < parts.size() ? parts[k] : symbols[s].name;
            auto [at, added] = known.try_emplace(name, static_cast<std::int32_t>(names.size()));
            if (added)
                names.push_back(name);
            code[s] = at->second;
        }
        py::array_t<std::int32_t> codes(static_cast<py::ssize_t>(trace_->size()));
        std::int32_t* out = codes.mutable_data();
        const SymbolId* in = trace_->states.data();
        {
            const py::gil_scoped_release release;
            for (std::size_t i = 0; i < trace_->size(); ++i)
                out[i] = code[in[i]];
        }
        return py::make_tuple(codes, names);
    }

    std::vector<std::string> fieldNames() const
    {
        std::vector<std::string> names;
        for (const FieldInfo& f : trace_->header.fields)
            names.push_back(f.name);
        return names;
    }
    py::array field(std::size_t k) const { return view(trace_->fields.at(k)); }

    // Lane `k`'s changes: (times from the origin, state codes, depths, state names).
    py::tuple changes(std::size_t k) const
    {
        if (!lanes_) // a PES's lanes are built from its records on first use
            lanes_ = lanes_of(*trace_);
        if (k >= lanes_->lanes.size())
            throw py::index_error("lane " + std::to_string(k + 1) + " out of range");
        const Lane& lane = lanes_->lanes[k];
        const Time origin = trace_->lanes ? trace_origin(*trace_) : 0;
        py::array_t<Time> times(static_cast<py::ssize_t>(lane.changes.size()));
        py::array_t<std::uint32_t> states(static_cast<py::ssize_t>(lane.changes.size()));
        py::array_t<std::uint32_t> depths(static_cast<py::ssize_t>(lane.changes.size()));
        Time* t = times.mutable_data();
        std::uint32_t* s = states.mutable_data();
        std::uint32_t* d = depths.mutable_data();
        for (std::size_t i = 0; i < lane.changes.size(); ++i) {
            const LaneChange& c = lane.changes[i];
            t[i] = lanes_->times.at(c.record) - origin;
            s[i] = c.state;
            d[i] = c.depth;
        }
        return py::make_tuple(times, states, depths, lanes_->state_names);
    }

private:
    std::shared_ptr<const Trace> trace_;
    mutable std::shared_ptr<const LaneTrace> lanes_;
};

// Reads `path` with the CLI's reading options `options` (--from, --components, ...), as
// every chitra-cli command reads it; bad input raises TraceError "FILE:LINE: reason".
TraceHandle openTrace(const std::string& path, const std::vector<std::string>& options, const py::object& progress)
{
    cli::TraceInput input;
    CLI::App parser{"chitra.open"};
    cli::add_trace_input_options(&parser, input);
    std::vector<std::string> reversed(options.rbegin(), options.rend());
    try {
        parser.parse(reversed);
    } catch (const CLI::ParseError& e) {
        throw py::value_error(e.what());
    }
    auto share = std::make_shared<std::atomic<double>>(-1);
    ImportOptions import = cli::import_options(input);
    std::vector<std::string> warnings;
    import.warnings = &warnings;
    import.progress = [share](double s) { share->store(s);
};
try {
    auto trace = interruptible<std::shared_ptr<const Trace>>(
        [&] { return std::make_shared<const Trace>(cli::load_input(path, import)); }, progress, share);
    for (const std::string& w : warnings)
        PyErr_WarnEx(PyExc_UserWarning, w.c_str(), 1);
    return TraceHandle(std::move(trace));
} catch (const InputError& e) {
    PyErr_SetString(traceError().ptr(), e.what());
    throw py::error_already_set();
}
} // namespace

} // namespace chitra::python

} // namespace chitra::python

PYBIND11_MODULE(_chitra, m)
{
    using namespace chitra::python;
    m.doc() = "The trace core of Chitra (use the package chitra, not this module)";
    m.def("set_trace_error", [](py::object error) { traceError() = std::move(error); });
    m.def("run_cli", &run_cli, py::arg("args"),
          "chitra-cli ARGS in this process: (exit status, stdout bytes, stderr text)");
    m.def("open", &openTrace, py::arg("path"), py::arg("options"), py::arg("progress") = py::none());
    py::class_<TraceHandle>(m, "TraceHandle")
        .def_property_readonly("lane_names", &TraceHandle::laneNames)
        .def_property_readonly("components", &TraceHandle::components)
        .def_property_readonly("timebase", &TraceHandle::timebase)
        .def("times", &TraceHandle::times)
        .def("states", &TraceHandle::states)
        .def("state_names", &TraceHandle::stateNames)
        .def("lane_states", &TraceHandle::laneStates)
        .def("field_names", &TraceHandle::fieldNames)
        .def("field", &TraceHandle::field)
        .def("changes", &TraceHandle::changes);
}
