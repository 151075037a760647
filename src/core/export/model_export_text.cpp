// The model as Graphviz DOT, CSV and PRISM explicit files (docs/model-formats.md).
#include "chitra/export/model_export.hpp"
#include "util/csv_field.hpp"

#include <cctype>
#include <charconv>
#include <cstdio>
#include <ostream>
#include <sstream>
#include <unordered_set>

namespace chitra {

using detail::csv_field;

namespace {

// Shortest text that reads back to the same double.
std::string exact(double x)
{
    char buf[32];
    auto r = std::to_chars(buf, buf + sizeof buf, x);
    return std::string(buf, r.ptr);
}

std::string rounded(double x, int digits)
{
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.*g", digits, x);
    return buf;
}

std::string dot_quoted(const std::string& s)
{
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\')
            out += '\\';
        out += c;
    }
    return out + "\"";
}

} // namespace

std::string model_to_dot(const SemiMarkovModel& model)
{
    std::ostringstream out;
    const std::string unit(to_string(model.timebase));
    out << "digraph chain {\n  rankdir=LR;\n  node [shape=ellipse];\n";
    for (const ChainState& s : model.states) {
        // The label's "\n" is DOT's line break, after the escaped name.
        std::string label = dot_quoted(s.name);
        label.insert(label.size() - 1, "\\nmean " + rounded(s.mean, 6) + " " + unit);
        out << "  " << dot_quoted(s.name) << " [label=" << label;
        if (s.kind == SymbolKind::other)
            out << ", shape=doublecircle, style=dashed";
        else if (s.kind != SymbolKind::program)
            out << ", shape=box";
        out << "];\n";
    }
    for (const ChainTransition& t : model.transitions)
        out << "  " << dot_quoted(model.states[t.from].name) << " -> " << dot_quoted(model.states[t.to].name)
            << " [label=\"" << rounded(t.probability, 6) << "\"];\n";
    out << "}\n";
    return out.str();
}

std::string model_to_csv(const SemiMarkovModel& model)
{
    const std::size_t n = model.states.size();
    std::vector<double> matrix(n * n, 0.0);
    for (const ChainTransition& t : model.transitions)
        matrix[t.from * n + t.to] = t.probability;
    std::string out = "from";
    for (const ChainState& s : model.states)
        out.append(",").append(csv_field(s.name));
    out += "\n";
    for (std::size_t i = 0; i < n; ++i) {
        out += csv_field(model.states[i].name);
        for (std::size_t j = 0; j < n; ++j) {
            const double p = matrix[i * n + j];
            out += ',';
            out += p == 0.0 ? std::string("0") : exact(p);
        }
        out += "\n";
    }
    return out;
}

void write_observed_transitions_csv(const Ses& ses, const SemiMarkovModel& model, std::ostream& out)
{
    out << "id,from,to,sojourn\n";
    const std::size_t m = ses.size();
    if (m == 0)
        return;
    // Quoted names per symbol id, and OTHER's, computed once.
    std::vector<std::string> name(ses.symbols->size());
    for (const ChainState& s : model.states)
        if (s.symbol != kNoSymbol && s.symbol < name.size())
            name[s.symbol] = csv_field(s.name);
    const std::string other = model.other() == kNoState ? "OTHER" : csv_field(model.states[model.other()].name);
    std::string buf;
    buf.reserve(1 << 20);
    char num[24];
    for (std::size_t i = 0; i < m; ++i) {
        buf += "1,";
        buf += name[ses.symbol[i]];
        buf += ',';
        buf += i + 1 < m ? name[ses.symbol[i + 1]] : other;
        buf += ',';
        auto r = std::to_chars(num, num + sizeof num, ses.occupancy(i));
        buf.append(num, r.ptr);
        buf += '\n';
        if (buf.size() > (1 << 20) - 256) {
            out.write(buf.data(), static_cast<std::streamsize>(buf.size()));
            buf.clear();
        }
    }
    out.write(buf.data(), static_cast<std::streamsize>(buf.size()));
}

std::string observed_transitions_csv(const Ses& ses, const SemiMarkovModel& model)
{
    std::ostringstream out;
    write_observed_transitions_csv(ses, model, out);
    return out.str();
}

std::vector<std::string> prism_labels(const SemiMarkovModel& model)
{
    std::unordered_set<std::string> taken{"init", "deadlock"}; // PRISM's own labels
    std::vector<std::string> labels;
    for (const ChainState& s : model.states) {
        std::string base;
        for (unsigned char c : s.name)
            base += (std::isalnum(c) && c < 128) || c == '_' ? static_cast<char>(c) : '_';
        if (base.empty() || !std::isalpha(static_cast<unsigned char>(base[0])))
            base = "s_" + base;
        std::string label = base;
        for (int k = 1; !taken.insert(label).second; ++k)
            label = base + "_" + std::to_string(k);
        labels.push_back(label);
    }
    return labels;
}

PrismFiles model_to_prism(const SemiMarkovModel& model)
{
    PrismFiles f;
    const std::size_t n = model.states.size();
    const std::size_t other = model.other();

    std::string tra;
    for (const ChainTransition& t : model.transitions)
        tra += std::to_string(t.from) + " " + std::to_string(t.to) + " " + exact(t.probability) + "\n";
    std::size_t count = model.transitions.size();
    if (other != kNoState) { // OTHER absorbing; it is the last state, so order is kept
        tra += std::to_string(other) + " " + std::to_string(other) + " 1\n";
        ++count;
    }
    f.tra = std::to_string(n) + " " + std::to_string(count) + "\n" + tra;

    f.sta = "(s)\n";
    for (std::size_t i = 0; i < n; ++i)
        f.sta += std::to_string(i) + ":(" + std::to_string(i) + ")\n";

    // Label 0 is init; label i + 1 is state i's own.
    const auto labels = prism_labels(model);
    f.lab = "0=\"init\"";
    for (std::size_t i = 0; i < n; ++i)
        f.lab.append(" ").append(std::to_string(i + 1)).append("=\"").append(labels[i]).append("\"");
    f.lab += "\n";
    for (std::size_t i = 0; i < n; ++i) {
        f.lab += std::to_string(i) + ":";
        if (i == model.initial)
            f.lab += " 0";
        f.lab.append(" ").append(std::to_string(i + 1)).append("\n");
    }

    std::string rew;
    std::size_t nonzero = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if (model.states[i].mean == 0.0)
            continue;
        rew += std::to_string(i) + " " + exact(model.states[i].mean) + "\n";
        ++nonzero;
    }
    f.srew = std::to_string(n) + " " + std::to_string(nonzero) + "\n" + rew;
    return f;
}

} // namespace chitra
