// Where the time goes over time (docs/gui.md "Profile"): the range cut into bins, each bin
// a stack of the exclusive time of the regions that take most time in the range (the rest
// as "other"), in lanes: a bar as high as the number of lanes means every lane spent the
// whole bin in those regions (chitra/profile/profile.hpp, time_profile).
#pragma once

#include "chitra/profile/profile.hpp"

#include <QColor>
#include <QWidget>

#include <functional>
#include <string>

class QCustomPlot;

namespace chitra::app {

class TimeProfileChart : public QWidget {
    Q_OBJECT
public:
    static constexpr std::size_t kNamedRegions = 8;
    static constexpr std::size_t kBins = 100;

    explicit TimeProfileChart(QWidget* parent = nullptr);

    void setColours(std::function<QColor(const std::string&)> colour) { colour_ = std::move(colour); }
    // The time profile of `source` over `range` (the profile display's).
    void show(const ProfileSource& source, const ProfileRange& range);
    const TimeProfile& timeProfile() const { return profile_; }
    // The stacks' names, bottom first: the named regions, then "other" when there are more.
    QStringList stackNames() const;

private:
    TimeProfile profile_;
    std::size_t lanes_ = 0;
    std::function<QColor(const std::string&)> colour_;
    QCustomPlot* plot_;
};

} // namespace chitra::app
