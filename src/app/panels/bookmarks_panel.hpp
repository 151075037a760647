// The Bookmarks dock: the bookmarks (named time markers) and notes of the current view.
// Add a bookmark at the cursor (or the centre of the visible range, Ctrl+B), add a note,
// rename or edit, delete; clicking an entry centres the view's displays on its time.
#pragma once

#include "chitra/trace/types.hpp"

#include <QPointer>
#include <QWidget>

#include <optional>

class QListWidget;
class QListWidgetItem;
class QPushButton;

namespace chitra::app {

class DisplayHost;
class ViewDocument;

class BookmarksPanel : public QWidget {
    Q_OBJECT
public:
    explicit BookmarksPanel(DisplayHost* host, QWidget* parent = nullptr);
    void setDocument(ViewDocument* view);

    QListWidget* list() const { return list_; }
    // The time a new bookmark gets: under the mouse when it is over the trace display,
    // else the centre of the visible range.
    std::optional<Time> cursorTime() const;
    // Without a name, "Bookmark N".
    void addBookmarkAt(Time time, const QString& name = {});
    void addNote(const QString& text);
    void jumpTo(Time time);

public slots:
    void addBookmarkHere();
    void addNoteDialog();
    void renameCurrent();
    void deleteCurrent();

private:
    void refresh();
    void activated(QListWidgetItem* item);

    DisplayHost* host_; // where the view's panel is found
    QPointer<ViewDocument> doc_;
    QListWidget* list_;
    QPushButton* add_;
    QPushButton* note_;
    QPushButton* rename_;
    QPushButton* remove_;
};

} // namespace chitra::app
