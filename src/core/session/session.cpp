#include "chitra/session/session.hpp"

#include <algorithm>

namespace chitra {

std::optional<DisplayKind> parse_display_kind(std::string_view text)
{
    auto tokenChar = [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_'; };
    if (text.empty() || text.size() > 40 || !std::all_of(text.begin(), text.end(), tokenChar))
        return std::nullopt;
    return DisplayKind{std::string(text)};
}

std::optional<ViewLocation> find_view(const Session& session, std::string_view name)
{
    // Exact view name first: view names may themselves contain '/'.
    std::vector<ViewLocation> hits;
    for (std::size_t f = 0; f < session.files.size(); ++f)
        for (std::size_t v = 0; v < session.files[f].views.size(); ++v)
            if (session.files[f].views[v].name == name)
                hits.push_back({f, v});
    if (hits.size() == 1)
        return hits.front();
    if (hits.size() > 1) {
        std::string message = "view '" + std::string(name) + "' exists for several files (";
        for (std::size_t i = 0; i < hits.size(); ++i)
            message += (i ? ", " : "") + shown_path(session.files[hits[i].file]);
        throw InputError(message + "); name it as FILE/VIEW, FILE being the file's name or its "
                                   "index from 1");
    }
    // FILE/NAME: FILE is the trace's file name, its full path, or its 1-based index.
    for (std::size_t slash = name.find('/'); slash != std::string_view::npos; slash = name.find('/', slash + 1)) {
        std::string_view file = name.substr(0, slash), view = name.substr(slash + 1);
        for (std::size_t f = 0; f < session.files.size(); ++f) {
            const std::string& path = shown_path(session.files[f]);
            std::string_view base = path;
            if (auto p = base.rfind('/'); p != std::string_view::npos)
                base = base.substr(p + 1);
            bool match = file == base || file == path || file == std::to_string(f + 1);
            if (!match)
                continue;
            for (std::size_t v = 0; v < session.files[f].views.size(); ++v)
                if (session.files[f].views[v].name == view)
                    return ViewLocation{f, v};
        }
    }
    return std::nullopt;
}

} // namespace chitra
