#include "io/paraver/paraver_header.hpp"

#include "chitra/io/import.hpp"
#include "io/import/text_scan.hpp"

namespace chitra::detail::paraver {

namespace {

constexpr std::uint64_t kMaxThreads = 1u << 20; // lanes of one trace, against absurd headers

class HeaderParser {
public:
    HeaderParser(std::string_view line, const std::string& source) : rest_(line), source_(source) {}

    [[noreturn]] void fail(const std::string& reason) const { text::fail(source_, 1, "Paraver header: " + reason); }

    // Up to (not including) the next `stop` outside parentheses.
    std::string_view take(char stop)
    {
        int depth = 0;
        std::size_t i = 0;
        for (; i < rest_.size(); ++i) {
            if (rest_[i] == '(')
                ++depth;
            else if (rest_[i] == ')')
                --depth;
            else if (rest_[i] == stop && depth == 0)
                break;
        }
        std::string_view part = rest_.substr(0, i);
        rest_.remove_prefix(i < rest_.size() ? i + 1 : i);
        return part;
    }

    std::uint64_t number(std::string_view text, const char* what) const
    {
        const auto n = text::parse_unsigned(text);
        if (!n)
            fail(std::string(what) + " is not a number");
        return *n;
    }

    Header parse()
    {
        if (!rest_.starts_with("#Paraver"))
            fail("the first line does not start with #Paraver");
        const std::size_t date_end = rest_.find("):");
        if (date_end == std::string_view::npos)
            fail("no (DATE): after #Paraver");
        rest_.remove_prefix(date_end + 2);
        Header h;
        h.time_scale = time_scale(take(':'));
        take(':'); // resources (nodes and cpus): not read
        const std::uint64_t applications = number(take(':'), "the number of applications");
        std::uint64_t total = 0;
        for (std::uint64_t a = 0; a < applications; ++a) {
            if (rest_.empty())
                fail("fewer applications than the " + std::to_string(applications) + " announced");
            h.threads.push_back(application(take(':'), total));
        }
        return h;
    }

private:
    int time_scale(std::string_view ftime) const
    {
        const std::size_t underscore = ftime.find('_');
        number(ftime.substr(0, underscore), "the trace's duration");
        if (underscore == std::string_view::npos)
            return 3;
        const std::string_view unit = ftime.substr(underscore + 1);
        if (const auto scale = time_unit_scale(unit))
            return *scale;
        fail("unknown time unit " + std::string(unit.substr(0, 16)) + " (ns, us, ms or s)");
    }

    // `NTASKS(NTHREADS:NODE,...)[,NCOMMUNICATORS]`
    std::vector<std::uint32_t> application(std::string_view spec, std::uint64_t& total) const
    {
        const std::size_t open = spec.find('(');
        const std::size_t close = spec.find(')');
        if (open == std::string_view::npos || close == std::string_view::npos || close < open)
            fail("an application is NTASKS(NTHREADS:NODE,...)");
        const std::uint64_t tasks = number(spec.substr(0, open), "a task count");
        std::string_view list = spec.substr(open + 1, close - open - 1);
        std::vector<std::uint32_t> threads;
        while (!list.empty() || threads.size() < tasks) {
            const std::size_t comma = list.find(',');
            const std::string_view task = list.substr(0, comma);
            list.remove_prefix(comma == std::string_view::npos ? list.size() : comma + 1);
            const std::uint64_t n = number(task.substr(0, task.find(':')), "a thread count");
            total += n;
            if (total > kMaxThreads)
                fail("more than " + std::to_string(kMaxThreads) + " threads");
            threads.push_back(static_cast<std::uint32_t>(n));
            if (threads.size() > tasks)
                break;
        }
        if (threads.size() != tasks)
            fail("an application announces " + std::to_string(tasks) + " tasks and lists " +
                 std::to_string(threads.size()));
        return threads;
    }

    std::string_view rest_;
    const std::string& source_;
};

} // namespace

Header parse_header(std::string_view line, const std::string& source) { return HeaderParser(line, source).parse(); }

} // namespace chitra::detail::paraver
