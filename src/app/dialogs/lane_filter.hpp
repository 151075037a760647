// The import dialog's name filter and the LaneSelection spec of a choice of lanes
// (interfaces.md `--components all|LIST|/REGEX/`): the spec is what sessions, recent
// files and the per-format memory keep, so it must choose exactly the lanes checked.
#pragma once

#include "chitra/lanes/lane_trace.hpp"

#include <QString>

#include <optional>
#include <regex>
#include <string>
#include <vector>

namespace chitra::app {

class LaneFilter {
public:
    // Empty: every lane. "/RE/": lanes whose name contains a match of the ECMAScript
    // expression, as --components reads it. Anything else: lanes whose name contains the
    // text, ignoring case.
    explicit LaneFilter(const QString& text = {});

    bool empty() const { return text_.isEmpty(); }
    bool valid() const { return error_.isEmpty(); }
    QString error() const { return error_; } // a bad regular expression
    bool matches(const std::string& name) const;
    // The spec a non-empty filter stands for: the expression, or the text as a
    // (case-sensitive) expression; nullopt when empty or invalid.
    std::optional<std::string> spec() const;

private:
    QString text_;
    bool regex_ = false;
    std::regex re_;
    QString error_;
};

// The shortest spec that chooses exactly `chosen` (in lane order): "all", the filter's
// spec, or the 1-based lane numbers ("1,3,7").
std::string laneSpec(const LaneTrace& trace, const std::vector<std::size_t>& chosen, const LaneFilter& filter);

} // namespace chitra::app
