#include "dialogs/lane_filter.hpp"

#include "chitra/lanes/lane_selection.hpp"

#include <QObject>

namespace chitra::app {

namespace {

bool isRegexText(const QString& t) { return t.size() >= 2 && t.startsWith('/') && t.endsWith('/'); }

std::string escaped(const std::string& text)
{
    std::string out;
    for (char c : text) {
        if (std::string_view("\\^$.|?*+()[]{}/").find(c) != std::string_view::npos)
            out += '\\';
        out += c;
    }
    return out;
}

// The lanes `spec` chooses, or nothing when it chooses none or is not valid here.
std::vector<std::size_t> chosenBy(const LaneTrace& trace, const std::string& spec)
{
    try {
        return choose_lanes(trace, {spec});
    } catch (const std::exception&) {
        return {};
    }
}

} // namespace

LaneFilter::LaneFilter(const QString& text) : text_(text.trimmed())
{
    regex_ = isRegexText(text_);
    if (!regex_)
        return;
    try {
        re_ = std::regex(text_.mid(1, text_.size() - 2).toStdString(), std::regex::ECMAScript);
    } catch (const std::regex_error& e) {
        error_ = QObject::tr("bad regular expression (%1)").arg(QString::fromUtf8(e.what()));
    }
}

bool LaneFilter::matches(const std::string& name) const
{
    if (text_.isEmpty() || !valid())
        return true;
    if (regex_)
        return std::regex_search(name, re_);
    return QString::fromStdString(name).contains(text_, Qt::CaseInsensitive);
}

std::optional<std::string> LaneFilter::spec() const
{
    if (text_.isEmpty() || !valid())
        return std::nullopt;
    if (regex_)
        return text_.toStdString();
    return "/" + escaped(text_.toStdString()) + "/";
}

std::string laneSpec(const LaneTrace& trace, const std::vector<std::size_t>& chosen, const LaneFilter& filter)
{
    if (chosen.empty())
        return {};
    if (chosenBy(trace, "all") == chosen)
        return "all";
    if (const auto s = filter.spec(); s && chosenBy(trace, *s) == chosen)
        return *s;
    std::string list;
    for (std::size_t l : chosen)
        list += (list.empty() ? "" : ",") + std::to_string(l + 1);
    return list;
}

} // namespace chitra::app
