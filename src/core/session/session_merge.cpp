// Merging another session into this one (docs/sessions.md "Merging").
#include "chitra/session/session_io.hpp"

#include <algorithm>
#include <set>

namespace chitra {

namespace {

// The same entry: the same file showing the same lanes.
bool same_file(const TraceFileRef& a, const TraceFileRef& b)
{
    // Other lanes of one foreign file are another trace.
    if (a.import_format != b.import_format || a.import_components != b.import_components ||
        a.import_lane != b.import_lane || a.import_state_lanes != b.import_state_lanes ||
        a.import_settings != b.import_settings || a.lanes != b.lanes || a.pooled_lanes != b.pooled_lanes)
        return false;
    if (!a.path_absolute.empty() && a.path_absolute == b.path_absolute)
        return true;
    return !a.hash_kind.empty() && a.hash_kind == b.hash_kind && a.content_hash == b.content_hash && a.size == b.size;
}

std::set<std::string> display_ids(const Session& s)
{
    std::set<std::string> ids;
    for (auto& f : s.files)
        for (auto& v : f.views)
            for (auto& d : v.displays)
                ids.insert(d.id);
    return ids;
}

// Gives incoming displays ids unused in the session: "ID-2", "ID-3", ...
void renumber_displays(ViewState& view, std::set<std::string>& used)
{
    for (auto& d : view.displays) {
        if (used.count(d.id)) {
            std::string base = d.id;
            for (int k = 2;; ++k)
                if (!used.count(base + "-" + std::to_string(k))) {
                    d.id = base + "-" + std::to_string(k);
                    break;
                }
        }
        used.insert(d.id);
    }
}

std::string unique_view_name(const TraceFileRef& file, const std::string& name)
{
    for (int k = 2;; ++k) {
        std::string candidate = name + " (" + std::to_string(k) + ")";
        bool taken =
            std::any_of(file.views.begin(), file.views.end(), [&](const ViewState& v) { return v.name == candidate; });
        if (!taken)
            return candidate;
    }
}

} // namespace

std::string_view to_string(MergePolicy policy)
{
    switch (policy) {
    case MergePolicy::rename:
        return "rename";
    case MergePolicy::keep_mine:
        return "keep-mine";
    case MergePolicy::keep_theirs:
        return "keep-theirs";
    }
    return "?";
}

std::optional<MergePolicy> parse_merge_policy(std::string_view text)
{
    for (MergePolicy p : {MergePolicy::rename, MergePolicy::keep_mine, MergePolicy::keep_theirs})
        if (to_string(p) == text)
            return p;
    return std::nullopt;
}

MergeReport merge_sessions(Session& into, const Session& from, MergePolicy policy, const MergeResolver& ask)
{
    MergeReport report;
    std::set<std::string> used = display_ids(into);
    std::vector<std::size_t> file_at; // each incoming file's index in `into`
    for (const TraceFileRef& incoming : from.files) {
        auto target = std::find_if(into.files.begin(), into.files.end(),
                                   [&](const TraceFileRef& f) { return same_file(f, incoming); });
        file_at.push_back(static_cast<std::size_t>(target - into.files.begin()));
        if (target == into.files.end()) {
            TraceFileRef copy = incoming;
            for (auto& v : copy.views)
                renumber_displays(v, used);
            report.views_added += copy.views.size();
            ++report.files_added;
            into.files.push_back(std::move(copy));
            continue;
        }
        TraceFileRef& file = *target;
        for (const ViewState& theirs : incoming.views) {
            ViewState view = theirs;
            renumber_displays(view, used);
            auto mine = std::find_if(file.views.begin(), file.views.end(),
                                     [&](const ViewState& v) { return v.name == theirs.name; });
            if (mine == file.views.end()) {
                file.views.push_back(std::move(view));
                ++report.views_added;
                continue;
            }
            MergePolicy decision = ask ? ask(file, *mine, theirs) : policy;
            std::string where = file.path_absolute + ": view '" + theirs.name + "' ";
            switch (decision) {
            case MergePolicy::rename:
                view.name = unique_view_name(file, theirs.name);
                report.actions.push_back(where + "renamed to '" + view.name + "'");
                file.views.push_back(std::move(view));
                ++report.views_added;
                ++report.views_renamed;
                break;
            case MergePolicy::keep_mine:
                report.actions.push_back(where + "kept from this session; the other one dropped");
                ++report.views_dropped;
                break;
            case MergePolicy::keep_theirs:
                report.actions.push_back(where + "replaced by the merged session's");
                *mine = std::move(view);
                ++report.views_replaced;
                break;
            }
        }
    }
    // Their ensembles join ours, their members renumbered as their files now are.
    for (EnsembleState ensemble : from.ensembles) {
        for (EnsembleMemberRef& m : ensemble.members)
            m.file = m.file < file_at.size() ? file_at[m.file] : m.file;
        if (std::find(into.ensembles.begin(), into.ensembles.end(), ensemble) == into.ensembles.end())
            into.ensembles.push_back(std::move(ensemble));
    }
    // Placements of displays that a replaced view took with it would point nowhere.
    std::set<std::string> live = display_ids(into);
    auto& open = into.layout.open_displays;
    open.erase(
        std::remove_if(open.begin(), open.end(), [&](const DisplayPlacement& p) { return !live.count(p.display_id); }),
        open.end());
    return report;
}

} // namespace chitra
