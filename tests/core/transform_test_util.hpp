// Helpers for the transform tests: SES written as "A:10 B:5" (name:occupancy).
#pragma once

#include "chitra/trace/ses.hpp"

#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace chitra::testing {

// Elements "NAME[:OCC]" (occupancy 1 by default) entered from `start`; record i is element i.
// Names missing from `table` are added as single-component program states.
inline Ses make_ses(const std::string& spec, Time start = 0, std::shared_ptr<SymbolTable> table = nullptr)
{
    if (!table)
        table = std::make_shared<SymbolTable>();
    Ses ses;
    ses.bounds.push_back(start);
    std::istringstream in(spec);
    std::string token;
    while (in >> token) {
        std::string name = token;
        Time occ = 1;
        if (auto colon = token.find(':'); colon != std::string::npos) {
            name = token.substr(0, colon);
            occ = std::stoll(token.substr(colon + 1));
        }
        SymbolId id = table->find(name);
        if (id == kNoSymbol)
            id = table->add({.name = name, .components = {name}});
        ses.symbol.push_back(id);
        ses.bounds.push_back(ses.bounds.back() + occ);
    }
    for (std::size_t i = 0; i <= ses.symbol.size(); ++i)
        ses.records.push_back(i);
    ses.symbols = table;
    return ses;
}

inline std::vector<std::string> names(const Ses& ses)
{
    std::vector<std::string> out;
    for (std::size_t i = 0; i < ses.size(); ++i)
        out.push_back(ses.name(i));
    return out;
}

inline std::vector<Time> occupancies(const Ses& ses)
{
    std::vector<Time> out;
    for (std::size_t i = 0; i < ses.size(); ++i)
        out.push_back(ses.occupancy(i));
    return out;
}

using Names = std::vector<std::string>;
using Times = std::vector<Time>;
using Records = std::vector<RecordIndex>;

} // namespace chitra::testing
