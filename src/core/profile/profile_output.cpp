// The JSON, CSV and text forms of a profile (interfaces.md "Regions: profiles across lanes").
#include "chitra/profile/profile.hpp"
#include "util/csv_field.hpp"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <sstream>

namespace chitra {

std::string profile_json(const Profile& profile)
{
    using json = nlohmann::ordered_json;
    json out;
    out["range"] = json::array({profile.from, profile.to});
    out["time_base"] = profile.time_base;
    json lanes = json::array();
    for (const LaneBusy& l : profile.lanes)
        lanes.push_back({{"lane", l.lane}, {"name", l.name}, {"busy_ns", l.busy_ns}, {"idle_ns", l.idle_ns}});
    out["lanes"] = std::move(lanes);
    json regions = json::array();
    for (const RegionProfile& r : profile.regions) {
        json per_lane = json::array();
        for (const RegionOnLane& l : r.per_lane)
            per_lane.push_back({{"lane", l.lane},
                                {"calls", l.calls},
                                {"inclusive_ns", l.inclusive_ns},
                                {"exclusive_ns", l.exclusive_ns}});
        regions.push_back({{"region", r.region},
                           {"calls", r.calls},
                           {"inclusive_ns", r.inclusive_ns},
                           {"exclusive_ns", r.exclusive_ns},
                           {"mean_ns", r.mean_ns},
                           {"max_ns", r.max_ns},
                           {"max_lane", r.max_lane},
                           {"imbalance", r.imbalance},
                           {"per_lane", std::move(per_lane)}});
    }
    out["regions"] = std::move(regions);
    if (!profile.tree.empty() || profile.with_tree) {
        json tree = json::array();
        for (const CallPathProfile& p : profile.tree)
            tree.push_back({{"path", p.path},
                            {"calls", p.calls},
                            {"inclusive_ns", p.inclusive_ns},
                            {"exclusive_ns", p.exclusive_ns}});
        out["tree"] = std::move(tree);
    }
    return out.dump(2) + "\n";
}

std::string profile_csv(const Profile& profile)
{
    std::string out = "region,lane,lane_name,calls,inclusive_ns,exclusive_ns\n";
    for (const RegionProfile& r : profile.regions)
        for (const RegionOnLane& l : r.per_lane) {
            out += detail::csv_field(r.region) + ',' + std::to_string(l.lane) + ',' +
                   detail::csv_field(profile.lanes.at(l.lane - 1).name) + ',' + std::to_string(l.calls) + ',' +
                   std::to_string(l.inclusive_ns) + ',' + std::to_string(l.exclusive_ns) + '\n';
        }
    return out;
}

namespace {

// Times of a table in one unit chosen by the range's length, with three decimals.
class TimeUnit {
public:
    TimeUnit(Time span, const std::string& base)
    {
        if (base != "ns") {
            name_ = base;
        } else if (span >= 10'000'000'000) {
            name_ = "s", divisor_ = 1e9;
        } else if (span >= 10'000'000) {
            name_ = "ms", divisor_ = 1e6;
        } else if (span >= 10'000) {
            name_ = "us", divisor_ = 1e3;
        } else {
            name_ = "ns";
        }
    }
    const std::string& name() const { return name_; }
    std::string operator()(double t) const
    {
        char buf[64];
        std::snprintf(buf, sizeof buf, divisor_ == 1 ? "%.0f" : "%.3f", t / divisor_);
        return buf;
    }

private:
    std::string name_ = "ns";
    double divisor_ = 1;
};

std::string percent(double part, double whole)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%%", whole > 0 ? 100 * part / whole : 0.0);
    return buf;
}

// Columns padded to their widest cell: the first `left` left-aligned (names), the others
// right-aligned (numbers).
std::string table(const std::vector<std::vector<std::string>>& rows, std::size_t left = 1)
{
    std::vector<std::size_t> width;
    for (const auto& row : rows)
        for (std::size_t c = 0; c < row.size(); ++c) {
            width.resize(std::max(width.size(), row.size()), 0);
            width[c] = std::max(width[c], row[c].size());
        }
    std::string out;
    for (const auto& row : rows) {
        std::string line;
        for (std::size_t c = 0; c < row.size(); ++c) {
            const std::string pad(width[c] - row[c].size(), ' ');
            line += (c == 0 ? "" : "  ") + (c < left ? row[c] + pad : pad + row[c]);
        }
        while (!line.empty() && line.back() == ' ')
            line.pop_back();
        out += line + '\n';
    }
    return out;
}

} // namespace

std::string profile_text(const Profile& profile)
{
    const Time span = profile.to - profile.from;
    const TimeUnit unit(span, profile.time_base);
    const double lane_time = static_cast<double>(span) * static_cast<double>(profile.lanes.size());
    std::ostringstream out;
    out << "Profile of " << profile.lanes.size() << (profile.lanes.size() == 1 ? " lane" : " lanes") << " over ["
        << profile.from << ", " << profile.to << ") " << profile.time_base << " (" << unit(static_cast<double>(span))
        << ' ' << unit.name() << ")\n\n";
    std::vector<std::vector<std::string>> rows{
        {"region", "calls", "inclusive " + unit.name(), "exclusive " + unit.name(), "exclusive share",
         "mean/lane " + unit.name(), "max " + unit.name(), "max lane", "imbalance"}};
    for (const RegionProfile& r : profile.regions) {
        char imbalance[32];
        std::snprintf(imbalance, sizeof imbalance, "%.2f", r.imbalance);
        rows.push_back({r.region, std::to_string(r.calls), unit(static_cast<double>(r.inclusive_ns)),
                        unit(static_cast<double>(r.exclusive_ns)),
                        percent(static_cast<double>(r.exclusive_ns), lane_time), unit(r.mean_ns),
                        unit(static_cast<double>(r.max_ns)), std::to_string(r.max_lane), imbalance});
    }
    if (profile.regions.empty())
        out << "No region is entered or open in the range.\n";
    else
        out << table(rows);
    std::vector<std::vector<std::string>> lanes{
        {"lane", "name", "busy " + unit.name(), "idle " + unit.name(), "busy share"}};
    for (const LaneBusy& l : profile.lanes)
        lanes.push_back({std::to_string(l.lane), l.name, unit(static_cast<double>(l.busy_ns)),
                         unit(static_cast<double>(l.idle_ns)),
                         percent(static_cast<double>(l.busy_ns), static_cast<double>(span))});
    out << '\n' << table(lanes, 2);
    if (profile.with_tree) {
        std::vector<std::vector<std::string>> tree{
            {"call path", "calls", "inclusive " + unit.name(), "exclusive " + unit.name()}};
        for (const CallPathProfile& p : profile.tree)
            tree.push_back({std::string(2 * (p.path.size() - 1), ' ') + p.path.back(), std::to_string(p.calls),
                            unit(static_cast<double>(p.inclusive_ns)), unit(static_cast<double>(p.exclusive_ns))});
        out << '\n' << table(tree);
    }
    return out.str();
}

} // namespace chitra
