#include "displays/profile/profile_tree.hpp"

#include "displays/profile/profile_items.hpp"

#include "text/name_filter.hpp"
#include "text/number_format.hpp"
#include "text/qt_strings.hpp"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTreeView>
#include <QVBoxLayout>

#include <map>

namespace chitra::app {

ProfileTree::ProfileTree(QWidget* parent)
    : QWidget(parent), search_(new QLineEdit(this)), view_(new QTreeView(this)), model_(new QStandardItemModel(this)),
      proxy_(new QSortFilterProxyModel(this))
{
    search_->setPlaceholderText(tr("Find a region: text or /regex/"));
    search_->setClearButtonEnabled(true);
    proxy_->setSourceModel(model_);
    proxy_->setSortRole(kProfileSortRole);
    proxy_->setRecursiveFilteringEnabled(true);
    proxy_->setFilterKeyColumn(0);
    view_->setModel(proxy_);
    view_->setUniformRowHeights(true);
    view_->setAlternatingRowColors(true);
    view_->setSortingEnabled(true);
    view_->header()->setStretchLastSection(false);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(search_);
    layout->addWidget(view_, 1);
    connect(search_, &QLineEdit::textChanged, this, &ProfileTree::applySearch);
    connect(view_->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        if (const auto path = selectedPath(); !path.empty())
            emit pathSelected(path);
    });
    const auto byHand = [this](const QModelIndex& index, bool unfolded) {
        if (applying_)
            return;
        if (unfolded)
            expanded_.insert(pathOf(index));
        else
            expanded_.erase(pathOf(index));
        expandedKnown_ = true;
        emit expansionChanged();
    };
    connect(view_, &QTreeView::expanded, this, [byHand](const QModelIndex& i) { byHand(i, true); });
    connect(view_, &QTreeView::collapsed, this, [byHand](const QModelIndex& i) { byHand(i, false); });
}

void ProfileTree::show(const Profile& profile)
{
    const std::vector<std::string> selected = selectedPath();
    const TimeBase base = profile.time_base == "cycles" ? TimeBase::cycles : TimeBase::ns;
    model_->clear();
    model_->setHorizontalHeaderLabels({tr("Call path"), tr("Calls"), tr("Inclusive"), tr("Exclusive")});
    // Depth first, parents before children: each row goes under the last row one shorter.
    std::vector<QStandardItem*> open; // the rows of the current path's prefixes
    for (const CallPathProfile& p : profile.tree) {
        QStandardItem* name = profileTextItem(qs(p.path.back()));
        const QList<QStandardItem*> row{
            name, profileNumberItem(formatCount(static_cast<long long>(p.calls)), static_cast<double>(p.calls)),
            profileNumberItem(formatDuration(static_cast<double>(p.inclusive_ns), base),
                              static_cast<double>(p.inclusive_ns)),
            profileNumberItem(formatDuration(static_cast<double>(p.exclusive_ns), base),
                              static_cast<double>(p.exclusive_ns))};
        open.resize(p.path.size() - 1);
        if (open.empty())
            model_->appendRow(row);
        else
            open.back()->appendRow(row);
        open.push_back(name);
    }
    view_->sortByColumn(2, Qt::DescendingOrder);
    if (!expandedKnown_) {
        for (int row = 0; row < proxy_->rowCount(); ++row)
            expanded_.insert(pathOf(proxy_->index(row, 0)));
        expandedKnown_ = true;
    }
    applyExpanded();
    applySearch();
    // The paths take the width; the figures stay together at their right.
    view_->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int c = 1; c < 4; ++c)
        view_->resizeColumnToContents(c);
    if (!selected.empty())
        selectPath(selected);
}

void ProfileTree::applySearch()
{
    const QString text = search_->text().trimmed();
    const QRegularExpression re = nameFilter(text);
    search_->setStyleSheet(re.isValid() ? QString() : QStringLiteral("color: #b00020"));
    proxy_->setFilterRegularExpression(re.isValid() ? re : QRegularExpression());
    applying_ = true;
    if (!text.isEmpty())
        view_->expandAll();
    applying_ = false;
}

void ProfileTree::setExpandedPaths(Paths paths)
{
    expanded_ = std::move(paths);
    expandedKnown_ = true;
    applyExpanded();
}

void ProfileTree::applyExpanded()
{
    applying_ = true;
    view_->collapseAll();
    for (const std::vector<std::string>& path : expanded_)
        if (const QModelIndex at = indexOf(path); at.isValid())
            view_->expand(at);
    applying_ = false;
}

QModelIndex ProfileTree::indexOf(const std::vector<std::string>& path) const
{
    QModelIndex at;
    for (const std::string& frame : path) {
        QModelIndex next;
        for (int row = 0; row < proxy_->rowCount(at) && !next.isValid(); ++row)
            if (proxy_->index(row, 0, at).data().toString() == qs(frame))
                next = proxy_->index(row, 0, at);
        if (!next.isValid())
            return {};
        at = next;
    }
    return at;
}

std::vector<std::string> ProfileTree::pathOf(QModelIndex index) const
{
    std::vector<std::string> path;
    for (index = index.siblingAtColumn(0); index.isValid(); index = index.parent())
        path.insert(path.begin(), index.data().toString().toStdString());
    return path;
}

bool ProfileTree::selectPath(const std::vector<std::string>& path)
{
    const QModelIndex at = indexOf(path);
    if (!at.isValid())
        return false;
    for (QModelIndex above = at.parent(); above.isValid(); above = above.parent())
        view_->expand(above);
    view_->scrollTo(at);
    view_->selectionModel()->select(at, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    view_->setCurrentIndex(at);
    return true;
}

std::vector<std::string> ProfileTree::selectedPath() const
{
    const QModelIndexList rows = view_->selectionModel()->selectedRows(0);
    return rows.isEmpty() ? std::vector<std::string>() : pathOf(rows.front());
}

} // namespace chitra::app
