// "State order": the view's states as a list, top lane first, reordered by dragging;
// OK applies the order as the view's custom y order (analysis results do not change).
#pragma once

#include <QDialog>

class QListWidget;

namespace chitra::app {

class ViewDocument;

class StateOrderDialog : public QDialog {
    Q_OBJECT
public:
    StateOrderDialog(ViewDocument* doc, QWidget* parent = nullptr);
    QListWidget* list() const { return list_; }
    void apply(); // sets the list's order on the view

private:
    ViewDocument* doc_;
    QListWidget* list_;
};

} // namespace chitra::app
