// The lanes of the messages display (docs/gui.md "Messages"): per lane, the messages and
// bytes it sent and received and its late-sender wait (the time its receives waited for
// sends made late, as `chitra-cli messages` counts it), as a sortable table and a bar
// chart of the waits. The waits come after the rest (they replay the receiving lanes).
#pragma once

#include "chitra/messages/message_matrix.hpp"
#include "chitra/messages/messages.hpp"

#include <QString>
#include <QWidget>

#include <vector>

class QCustomPlot;
class QLabel;
class QTreeWidget;

namespace chitra::app {

class LateSenderChart : public QWidget {
    Q_OBJECT
public:
    explicit LateSenderChart(QWidget* parent = nullptr);

    // The lanes of `matrix` (named `names`); their waits to come.
    void show(const MessageMatrix& matrix, std::vector<QString> names);
    // Each lane's wait, in the order of the names (one per name, else they are still to come).
    void showWaits(const std::vector<LaneWait>& waits);
    const std::vector<LaneWait>& waits() const { return waits_; }
    QTreeWidget* table() const { return table_; }
    QCustomPlot* plot() const { return plot_; }
    QString summary() const;

private:
    void fill();

    MessageMatrix matrix_;
    std::vector<QString> names_;
    std::vector<LaneWait> waits_;
    bool waitsKnown_ = false;
    QLabel* summary_;
    QTreeWidget* table_;
    QCustomPlot* plot_;
};

} // namespace chitra::app
