// The profile's call tree, top down (docs/gui.md "Profile"): every call path of the range
// with its calls, inclusive and exclusive time summed over the lanes; expand and collapse
// by hand (the unfolded paths stay unfolded in the next profile and are saved with the
// session), or search a region by name (text or /REGEX/): the paths through a match stay,
// unfolded.
#pragma once

#include "chitra/profile/profile.hpp"

#include <QWidget>

#include <set>
#include <string>
#include <vector>

class QLineEdit;
class QModelIndex;
class QSortFilterProxyModel;
class QStandardItem;
class QStandardItemModel;
class QTreeView;

namespace chitra::app {

class ProfileTree : public QWidget {
    Q_OBJECT
public:
    explicit ProfileTree(QWidget* parent = nullptr);

    void show(const Profile& profile);
    QTreeView* view() const { return view_; }
    QLineEdit* searchBox() const { return search_; }
    // Selects the row of `path` (bottom frame first), unfolding the rows above it; false
    // when the tree has no such path (or the search hides it).
    bool selectPath(const std::vector<std::string>& path);
    // The path of the selected row; empty when none.
    std::vector<std::string> selectedPath() const;
    // The paths of the rows unfolded by hand (or by default, the top rows), in order.
    using Paths = std::set<std::vector<std::string>>;
    const Paths& expandedPaths() const { return expanded_; }
    // Unfolds these paths (and folds the others), now and in every later profile.
    void setExpandedPaths(Paths paths);

signals:
    void pathSelected(const std::vector<std::string>& path);
    void expansionChanged(); // a row was unfolded or folded by hand

private:
    void applySearch();
    void applyExpanded();
    std::vector<std::string> pathOf(QModelIndex index) const;
    QModelIndex indexOf(const std::vector<std::string>& path) const; // invalid: no such row shown

    QLineEdit* search_;
    QTreeView* view_;
    QStandardItemModel* model_;
    QSortFilterProxyModel* proxy_;
    Paths expanded_;
    bool expandedKnown_ = false; // false until shown or set: the top rows unfold
    bool applying_ = false;      // unfolding rows itself: not by hand
};

} // namespace chitra::app
