// How evenly the lanes spend their time (docs/gui.md "Profile"): for the region selected in
// the profile, one bar per lane of its inclusive time, stacked under the lane's other busy
// time and its idle time, the mean of all lanes drawn across and the imbalance (the largest
// lane over the mean) named; lanes in their order or sorted by either time.
#pragma once

#include "chitra/messages/messages.hpp"
#include "chitra/profile/profile.hpp"

#include <QColor>
#include <QString>
#include <QWidget>

#include <functional>
#include <string>
#include <vector>

class QComboBox;
class QCustomPlot;
class QCPBars;
class QCPItemStraightLine;
class QLabel;

namespace chitra::app {

class ImbalanceChart : public QWidget {
    Q_OBJECT
public:
    enum class Order { Lanes, RegionTime, BusyTime };

    explicit ImbalanceChart(QWidget* parent = nullptr);

    void setColours(std::function<QColor(const std::string&)> colour) { colour_ = std::move(colour); }
    // `waits`: each lane's late-sender wait (profile's lane order), drawn as a narrow bar
    // beside its busy and idle time; empty: none drawn.
    void show(const Profile& profile, std::vector<LaneWait> waits = {});
    void setRegion(const QString& region); // empty: none
    const QString& region() const { return region_; }
    Order order() const;
    void setOrder(Order order);
    // The lane numbers (1-based) in the order of the bars, left to right.
    const std::vector<std::size_t>& barLanes() const { return barLanes_; }
    QString summary() const; // the line above the bars

private:
    void redraw();

    Profile profile_;
    std::vector<LaneWait> waits_;
    QString region_;
    std::vector<std::size_t> barLanes_;
    std::function<QColor(const std::string&)> colour_;
    QLabel* summary_;
    QComboBox* order_;
    QCustomPlot* plot_;
};

} // namespace chitra::app
