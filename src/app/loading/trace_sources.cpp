#include "loading/trace_sources.hpp"

namespace chitra::app {

namespace {
TraceSources& current()
{
    static TraceSources s;
    return s;
}
} // namespace

const TraceSources& traceSources() { return current(); }

void setTraceSources(TraceSources sources) { current() = std::move(sources); }

} // namespace chitra::app
