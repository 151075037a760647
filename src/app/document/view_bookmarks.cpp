#include "document/view_bookmarks.hpp"

#include "document/view_document.hpp"

#include <algorithm>

namespace chitra::app {

ViewBookmarks::ViewBookmarks(ViewDocument* view) : QObject(view) { setObjectName("chitra-bookmarks"); }

ViewBookmarks* ViewBookmarks::of(ViewDocument* view)
{
    if (auto* b = view->findChild<ViewBookmarks*>("chitra-bookmarks", Qt::FindDirectChildrenOnly))
        return b;
    return new ViewBookmarks(view);
}

const ViewBookmarks* ViewBookmarks::find(const ViewDocument* view)
{
    return view ? view->findChild<ViewBookmarks*>("chitra-bookmarks", Qt::FindDirectChildrenOnly) : nullptr;
}

void ViewBookmarks::addBookmark(Bookmark b)
{
    bookmarks_.push_back(std::move(b));
    emit changed();
}

void ViewBookmarks::renameBookmark(int index, const std::string& name)
{
    if (index < 0 || index >= static_cast<int>(bookmarks_.size()) || bookmarks_[index].name == name)
        return;
    bookmarks_[static_cast<std::size_t>(index)].name = name;
    emit changed();
}

void ViewBookmarks::removeBookmark(int index)
{
    if (index < 0 || index >= static_cast<int>(bookmarks_.size()))
        return;
    bookmarks_.erase(bookmarks_.begin() + index);
    emit changed();
}

void ViewBookmarks::addNote(Note n)
{
    notes_.push_back(std::move(n));
    emit changed();
}

void ViewBookmarks::editNote(int index, const std::string& text)
{
    if (index < 0 || index >= static_cast<int>(notes_.size()) || notes_[index].text == text)
        return;
    notes_[static_cast<std::size_t>(index)].text = text;
    emit changed();
}

void ViewBookmarks::removeNote(int index)
{
    if (index < 0 || index >= static_cast<int>(notes_.size()))
        return;
    notes_.erase(notes_.begin() + index);
    emit changed();
}

void ViewBookmarks::setAll(std::vector<Bookmark> bookmarks, std::vector<Note> notes)
{
    bookmarks_ = std::move(bookmarks);
    notes_ = std::move(notes);
    emit changed();
}

} // namespace chitra::app
