// The bookmarks (named time markers) and notes of one view. Kept beside the
// ViewDocument as its child object so every display of the view, the bookmarks panel
// and the session capture share one list.
#pragma once

#include "chitra/session/session.hpp"

#include <QObject>

#include <vector>

namespace chitra::app {

class ViewDocument;

class ViewBookmarks : public QObject {
    Q_OBJECT
public:
    // The view's list, created on first use.
    static ViewBookmarks* of(ViewDocument* view);
    static const ViewBookmarks* find(const ViewDocument* view); // null when none yet

    const std::vector<Bookmark>& bookmarks() const { return bookmarks_; }
    const std::vector<Note>& notes() const { return notes_; }

    void addBookmark(Bookmark b);
    void renameBookmark(int index, const std::string& name);
    void removeBookmark(int index);
    void addNote(Note n);
    void editNote(int index, const std::string& text);
    void removeNote(int index);
    // Replaces everything (session restore).
    void setAll(std::vector<Bookmark> bookmarks, std::vector<Note> notes);

signals:
    void changed();

private:
    explicit ViewBookmarks(ViewDocument* view);
    std::vector<Bookmark> bookmarks_;
    std::vector<Note> notes_;
};

} // namespace chitra::app
