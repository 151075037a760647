// The trace-information panel: records, symbols, span, time base, fields, path, size.
#pragma once

#include "jobs/turn_queue.hpp"

#include <QString>
#include <QWidget>

#include <utility>
#include <vector>

class QFormLayout;
class QLabel;

namespace chitra::app {

class ViewDocument;

class TraceInfoPanel : public QWidget {
    Q_OBJECT
public:
    explicit TraceInfoPanel(QWidget* parent = nullptr);
    // Shows what is known of the current view's trace (nullptr: none open). The rows are
    // plain labels in a form: a word-wrapped rich-text table was laid out for several
    // widths. They are filled on a later turn of their own, and only
    // while the panel is on screen (it is a tab behind others at first), so that a newly
    // opened view's layout and paint are not kept waiting (docs/performance.md, "GUI
    // responsiveness").
    void show(const ViewDocument* doc, const QString& path, qint64 bytes);
    // Whether the user sees the panel: its dock's visibilityChanged. A dock tabbed behind
    // another stays visible to Qt, moved out of sight.
    void setOnScreen(bool on);
    bool isOnScreen() const { return onScreen_; }

    using Row = std::pair<QString, QString>; // name, value
    const std::vector<Row>& rows() const { return rows_; }
    // The rows as the panel shows them now, one "name: value" per line.
    QString shownText() const;

private:
    void setRows(std::vector<Row> rows);
    void showRows();
    void addLabels(std::size_t rows);

    static constexpr std::size_t kRowsOfATrace = 14;

    QLabel* message_;
    QFormLayout* form_;
    std::vector<Row> rows_;
    std::vector<std::pair<QLabel*, QLabel*>> labels_;
    bool onScreen_ = false;
    bool shown_ = false; // the labels show rows_
    LaterTurnCall showRowsLater_{this, [this] { showRows(); }};
};

} // namespace chitra::app
