// The profile display's table (docs/gui.md "Profile"): where the time goes in the range the
// time and lanes views show, per region (calls, inclusive and exclusive time, share of the
// range, mean per call, the largest lane and the imbalance) summed over the lanes or one
// row per region and lane; sortable, filtered by name (text or /REGEX/). The figures are
// those of `chitra-cli profile` (chitra/profile/profile.hpp).
#pragma once

#include "chitra/messages/messages.hpp"
#include "chitra/profile/profile.hpp"

#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QCheckBox;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QStandardItemModel;
class QTreeView;

namespace chitra::app {

class ViewDocument;

class ProfileTable : public QWidget {
    Q_OBJECT
public:
    // The columns, summed over the lanes; per lane, Lane follows Region and Max lane and
    // Imbalance are left out.
    enum Column { Region, Lane, Calls, Inclusive, Exclusive, Share, MeanPerCall, MaxLane, Imbalance };

    explicit ProfileTable(ViewDocument* doc, QWidget* parent = nullptr);
    ~ProfileTable() override;

    // The profile shown, with its call tree.
    const Profile& profile() const { return profile_; }
    // Each profiled lane's late-sender wait in the range (as `chitra-cli messages` counts
    // it), in the order of profile().lanes; empty for a trace without messages.
    const std::vector<LaneWait>& lateSenderWaits() const { return waits_; }
    // The lanes profiled (null when the trace could not be profiled).
    std::shared_ptr<const ProfileSource> source() const { return areaSource(); }
    // The range profiled, in ns from the trace's origin; nullopt: the whole run.
    std::optional<ProfileRange> range() const { return range_; }
    // Profiles [from, to) at once (the views' window follows nothing back).
    void setRange(std::optional<ProfileRange> range);
    // The lanes profiled (indices into the trace's lanes, in lane order); empty: every
    // lane. False, changing nothing, when one is not a lane of the trace.
    const std::vector<std::size_t>& lanes() const { return lanes_; }
    bool setLanes(std::vector<std::size_t> lanes);

    bool perLane() const;
    void setPerLane(bool perLane);
    QString filterText() const;
    void setFilterText(const QString& text);
    Column sortColumn() const;
    Qt::SortOrder sortOrder() const;
    void sortBy(Column column, Qt::SortOrder order);

    QTreeView* view() const { return view_; }
    // The regions shown, top to bottom, as the table sorts and filters them.
    QStringList shownRegions() const;

signals:
    void profiled();       // a new profile is in the table
    void optionsChanged(); // per lane, filter or sort changed
    void regionSelected(const QString& region);

private:
    void followWindow(const QString& display);
    void recompute();
    std::shared_ptr<const ProfileSource> areaSource() const; // the source, of lanes_ alone
    void fill();
    void applyFilter();
    void pickSelectedRegion();
    int columnIndex(Column column) const; // -1 when the mode does not show it
    Column columnAt(int index) const;

    ViewDocument* doc_;
    std::shared_ptr<const ProfileSource> source_; // made on first use
    Time nsPerUnit_ = 1;                          // ns per unit of the views' time axis
    std::optional<ProfileRange> range_;
    std::vector<std::size_t> lanes_;
    Profile profile_;
    std::vector<LaneWait> waits_;
    QLabel* rangeLabel_;
    QLineEdit* filter_;
    QCheckBox* perLane_;
    QTreeView* view_;
    QStandardItemModel* model_;
    QSortFilterProxyModel* proxy_;
};

} // namespace chitra::app
