// chitra-cli: every core capability without a display (docs/cli.md).
// Exit status: 0 success, 2 usage error, 3 bad input.
#include "cli_app.hpp"

#include <malloc.h>

int main(int argc, char** argv)
{
    // Each pipeline step allocates whole-trace columns and frees its input's. Served from
    // the heap and kept there (not mapped per array and returned to the kernel), the next
    // step reuses those pages instead of having the kernel fault in and zero fresh ones
    // (docs/performance.md, "Scale: a hundred million records").
    mallopt(M_MMAP_MAX, 0);
    mallopt(M_TRIM_THRESHOLD, -1); // as size_t: never
    return chitra::cli::run_command_line(std::vector<std::string>(argv + 1, argv + argc));
}
