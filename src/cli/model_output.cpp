#include "model_output.hpp"

#include "commands.hpp"

#include "chitra/export/model_export.hpp"
#include "chitra/util/atomic_file.hpp"

namespace chitra::cli {

namespace {

// "-o model" and "-o model.tra" both name the base of model.tra, .sta, .lab, .srew.
std::string prism_base(std::string out)
{
    for (const char* ext : {".tra", ".sta", ".lab", ".srew"}) {
        const std::string e = ext;
        if (out.size() > e.size() && out.compare(out.size() - e.size(), e.size(), e) == 0)
            return out.substr(0, out.size() - e.size());
    }
    return out;
}

} // namespace

void write_model(const SemiMarkovModel& model, const std::string& format, const std::string& out)
{
    if (format == "json") {
        emit(out, model_to_json(model));
    } else if (format == "dot") {
        emit(out, model_to_dot(model));
    } else if (format == "csv") {
        emit(out, model_to_csv(model));
    } else { // prism
        const PrismFiles files = model_to_prism(model);
        const std::string base = prism_base(out);
        write_file_atomically(base + ".tra", files.tra);
        write_file_atomically(base + ".sta", files.sta);
        write_file_atomically(base + ".lab", files.lab);
        write_file_atomically(base + ".srew", files.srew);
    }
}

} // namespace chitra::cli
