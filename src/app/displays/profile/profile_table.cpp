#include "displays/profile/profile_table.hpp"

#include "displays/profile/profile_items.hpp"

#include "document/view_document.hpp"
#include "text/name_filter.hpp"
#include "text/number_format.hpp"
#include "text/qt_strings.hpp"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTreeView>
#include <QVBoxLayout>

#include <cmath>

namespace chitra::app {

ProfileTable::ProfileTable(ViewDocument* doc, QWidget* parent)
    : QWidget(parent), doc_(doc), rangeLabel_(new QLabel(this)), filter_(new QLineEdit(this)),
      perLane_(new QCheckBox(tr("One row per &lane"), this)), view_(new QTreeView(this)),
      model_(new QStandardItemModel(this)), proxy_(new QSortFilterProxyModel(this))
{
    filter_->setPlaceholderText(tr("Filter regions: text or /regex/"));
    filter_->setClearButtonEnabled(true);
    auto* bar = new QHBoxLayout;
    bar->addWidget(rangeLabel_, 1);
    bar->addWidget(filter_, 1);
    bar->addWidget(perLane_);
    proxy_->setSourceModel(model_);
    proxy_->setSortRole(kProfileSortRole);
    proxy_->setFilterKeyColumn(0);
    view_->setModel(proxy_);
    view_->setRootIsDecorated(false);
    view_->setUniformRowHeights(true);
    view_->setAlternatingRowColors(true);
    view_->setSortingEnabled(true);
    view_->setSelectionMode(QAbstractItemView::SingleSelection);
    view_->header()->setStretchLastSection(false);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(view_, 1);

    connect(filter_, &QLineEdit::textChanged, this, [this] {
        applyFilter();
        emit optionsChanged();
    });
    connect(perLane_, &QCheckBox::toggled, this, [this] {
        const Column column = sortColumn();
        const Qt::SortOrder order = sortOrder();
        fill();
        sortBy(column, order);
        emit optionsChanged();
    });
    connect(view_->header(), &QHeaderView::sortIndicatorChanged, this, [this] { emit optionsChanged(); });
    connect(view_->selectionModel(), &QItemSelectionModel::selectionChanged, this, &ProfileTable::pickSelectedRegion);
    connect(&doc_->presentation(), &ViewPresentation::windowChanged, this, &ProfileTable::followWindow);
    connect(doc_, &ViewDocument::sesChanged, this, [this] { recompute(); });
    view_->sortByColumn(columnIndex(Exclusive), Qt::DescendingOrder);
    recompute();
}

ProfileTable::~ProfileTable() = default;

void ProfileTable::setRange(std::optional<ProfileRange> range)
{
    if (range == range_ && source_)
        return;
    range_ = range;
    recompute();
}

bool ProfileTable::setLanes(std::vector<std::size_t> lanes)
{
    std::sort(lanes.begin(), lanes.end());
    lanes.erase(std::unique(lanes.begin(), lanes.end()), lanes.end());
    if (source_ && !lanes.empty() && lanes.back() >= source_->lanes->lanes.size())
        return false;
    if (lanes == lanes_)
        return true;
    lanes_ = std::move(lanes);
    recompute();
    return true;
}

// The time and lanes views show time on x in the trace's units from its origin.
void ProfileTable::followWindow(const QString& display)
{
    const ViewPresentation& p = doc_->presentation();
    if (display != kLanesDisplay && !(display == kTraceDisplay && p.traceAxis() == XAxis::Time))
        return;
    const XWindow w = p.window(display);
    if (w.empty())
        return;
    const double scale = static_cast<double>(nsPerUnit_);
    const Time from = std::max<Time>(0, static_cast<Time>(std::floor(w.x0 * scale)));
    const Time to = static_cast<Time>(std::ceil(w.x1 * scale));
    if (to <= from)
        return;
    const Time end = source_ ? source_->end - source_->origin : 0;
    setRange(from == 0 && to >= end ? std::nullopt : std::optional<ProfileRange>(ProfileRange{from, to}));
}

void ProfileTable::recompute()
{
    try {
        if (!source_) {
            source_ = std::make_shared<const ProfileSource>(profile_source(doc_->lanesTrace()));
            nsPerUnit_ = source_->ns_per_unit;
        }
        profile_ = chitra::profile(*areaSource(), range_.value_or(ProfileRange{}), true);
        waits_.clear();
        if (!source_->lanes->messages.empty())
            waits_ = late_sender_waits(*areaSource(), range_.value_or(ProfileRange{}));
    } catch (const std::exception& e) {
        profile_ = Profile{};
        waits_.clear();
        rangeLabel_->setText(tr("No profile: %1").arg(qs(e.what())));
        fill();
        emit profiled();
        return;
    }
    const TimeBase base = profile_.time_base == "cycles" ? TimeBase::cycles : TimeBase::ns;
    const Time end = source_->end - source_->origin;
    const QString lanes =
        lanes_.empty() ? tr("every lane") : tr("%n lane(s)", nullptr, static_cast<int>(lanes_.size()));
    rangeLabel_->setText(range_
                             ? tr("%1 to %2 of %3, %4")
                                   .arg(formatDuration(static_cast<double>(profile_.from), base),
                                        formatDuration(static_cast<double>(profile_.to), base),
                                        formatDuration(static_cast<double>(end), base), lanes)
                             : tr("The whole run, %1, %2").arg(formatDuration(static_cast<double>(end), base), lanes));
    const Column column = sortColumn();
    const Qt::SortOrder order = sortOrder();
    fill();
    sortBy(column, order);
    emit profiled();
}

std::shared_ptr<const ProfileSource> ProfileTable::areaSource() const
{
    if (lanes_.empty() || !source_)
        return source_;
    auto area = std::make_shared<ProfileSource>(*source_);
    area->chosen = lanes_;
    return area;
}

int ProfileTable::columnIndex(Column column) const
{
    if (perLane()) {
        switch (column) {
        case MaxLane:
        case Imbalance:
            return -1;
        default:
            return static_cast<int>(column);
        }
    }
    if (column == Lane)
        return -1;
    return column == Region ? 0 : static_cast<int>(column) - 1;
}

ProfileTable::Column ProfileTable::columnAt(int index) const
{
    for (int c = Region; c <= Imbalance; ++c)
        if (columnIndex(static_cast<Column>(c)) == index)
            return static_cast<Column>(c);
    return Exclusive;
}

void ProfileTable::fill()
{
    const TimeBase base = profile_.time_base == "cycles" ? TimeBase::cycles : TimeBase::ns;
    const auto duration = [base](double ns) { return profileNumberItem(formatDuration(ns, base), ns); };
    const double span = static_cast<double>(profile_.to - profile_.from);
    const bool lanes = perLane();
    QStringList headers{tr("Region")};
    if (lanes)
        headers << tr("Lane");
    headers << tr("Calls") << tr("Inclusive") << tr("Exclusive") << tr("Share") << tr("Mean per call");
    if (!lanes)
        headers << tr("Max lane") << tr("Imbalance");
    model_->clear();
    model_->setHorizontalHeaderLabels(headers);
    const double laneTime = span * static_cast<double>(profile_.lanes.size());
    for (const RegionProfile& r : profile_.regions) {
        const QString region = qs(r.region);
        if (!lanes) {
            const double mean = r.calls > 0 ? static_cast<double>(r.inclusive_ns) / static_cast<double>(r.calls) : 0;
            const QString maxLane = r.max_lane > 0 ? qs(profile_.lanes[r.max_lane - 1].name) : QString();
            model_->appendRow(
                {profileTextItem(region),
                 profileNumberItem(formatCount(static_cast<long long>(r.calls)), static_cast<double>(r.calls)),
                 duration(static_cast<double>(r.inclusive_ns)), duration(static_cast<double>(r.exclusive_ns)),
                 profileNumberItem(formatShare(laneTime > 0 ? static_cast<double>(r.exclusive_ns) / laneTime : 0),
                                   static_cast<double>(r.exclusive_ns)),
                 r.calls > 0 ? duration(mean) : profileNumberItem({}, 0), profileTextItem(maxLane),
                 profileNumberItem(formatDecimal(r.imbalance, 2), r.imbalance)});
            continue;
        }
        for (const RegionOnLane& l : r.per_lane) {
            const double mean = l.calls > 0 ? static_cast<double>(l.inclusive_ns) / static_cast<double>(l.calls) : 0;
            QStandardItem* lane = profileTextItem(qs(profile_.lanes[l.lane - 1].name));
            lane->setData(static_cast<double>(l.lane), kProfileSortRole);
            model_->appendRow(
                {profileTextItem(region), lane,
                 profileNumberItem(formatCount(static_cast<long long>(l.calls)), static_cast<double>(l.calls)),
                 duration(static_cast<double>(l.inclusive_ns)), duration(static_cast<double>(l.exclusive_ns)),
                 profileNumberItem(formatShare(span > 0 ? static_cast<double>(l.exclusive_ns) / span : 0),
                                   static_cast<double>(l.exclusive_ns)),
                 l.calls > 0 ? duration(mean) : profileNumberItem({}, 0)});
        }
    }
    applyFilter();
    for (int c = 0; c < model_->columnCount(); ++c)
        view_->resizeColumnToContents(c);
}

void ProfileTable::applyFilter()
{
    const QRegularExpression re = nameFilter(filter_->text());
    filter_->setStyleSheet(re.isValid() ? QString() : QStringLiteral("color: #b00020"));
    proxy_->setFilterRegularExpression(re.isValid() ? re : QRegularExpression());
}

// A region that is also a state of the view (one lane, or a state of its own) is picked
// there too: the views mark it.
void ProfileTable::pickSelectedRegion()
{
    const QModelIndexList rows = view_->selectionModel()->selectedRows(0);
    if (rows.isEmpty())
        return;
    const std::string name = rows.front().data().toString().toStdString();
    emit regionSelected(QString::fromStdString(name));
    if (doc_->ses().symbols->find(name) != kNoSymbol)
        doc_->presentation().setPickedState(name);
}

bool ProfileTable::perLane() const { return perLane_->isChecked(); }

void ProfileTable::setPerLane(bool perLane) { perLane_->setChecked(perLane); }

QString ProfileTable::filterText() const { return filter_->text(); }

void ProfileTable::setFilterText(const QString& text) { filter_->setText(text); }

ProfileTable::Column ProfileTable::sortColumn() const { return columnAt(view_->header()->sortIndicatorSection()); }

Qt::SortOrder ProfileTable::sortOrder() const { return view_->header()->sortIndicatorOrder(); }

void ProfileTable::sortBy(Column column, Qt::SortOrder order)
{
    const int index = columnIndex(column);
    view_->sortByColumn(index >= 0 ? index : columnIndex(Exclusive), order);
}

QStringList ProfileTable::shownRegions() const
{
    QStringList out;
    for (int row = 0; row < proxy_->rowCount(); ++row)
        out << proxy_->index(row, 0).data().toString();
    return out;
}

} // namespace chitra::app
