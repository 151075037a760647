// The profile display of a view in a window of its own: the table (ProfileTable) and a
// menu that exports the profile as `chitra-cli profile` writes it (CSV or JSON).
#pragma once

#include <QMainWindow>

namespace chitra::app {

class ProfileTable;
class ViewDocument;

class ProfileWindow : public QMainWindow {
    Q_OBJECT
public:
    ProfileWindow(ViewDocument* doc, QWidget* parent = nullptr);

    ViewDocument* document() const { return doc_; }
    ProfileTable* table() const { return table_; }

    // Opens (or raises) the profile window of `doc`, a child of `parent`.
    static ProfileWindow* open(ViewDocument* doc, QWidget* parent);
    // The profile window of `doc` among the children of `owner`, or null.
    static ProfileWindow* find(const QObject& owner, const ViewDocument* doc);

    // Writes the profile shown to `path` (atomically) as CSV, or JSON when the name ends
    // in .json; the error's text when it could not.
    QString exportTo(const QString& path) const;

private:
    void exportInteractive();

    ViewDocument* doc_;
    ProfileTable* table_;
};

} // namespace chitra::app
