// The communication matrix (docs/gui.md "Messages"): sending lanes down, receiving lanes
// across, each cell coloured by the messages from one to the other, their bytes or their
// mean latency (log scale for counts and bytes), empty pairs left blank; hovering names
// the pair and its figures, a click picks it.
#pragma once

#include "chitra/messages/message_matrix.hpp"

#include <QString>
#include <QWidget>

#include <optional>
#include <utility>
#include <vector>

class QCustomPlot;
class QCPColorMap;
class QCPColorScale;
class QLabel;

namespace chitra::app {

enum class MatrixColour { Count, Bytes, Latency };

class MessageMatrixPlot : public QWidget {
    Q_OBJECT
public:
    explicit MessageMatrixPlot(QWidget* parent = nullptr);

    // The matrix of `names.size()` lanes (rows and columns in that order).
    void show(const MessageMatrix& matrix, std::vector<QString> names, MatrixColour colour);
    const MessageMatrix& matrix() const { return matrix_; }
    MatrixColour colour() const { return colour_; }

    // What a cell holds, in words; the cell under a point of the plot (0-based rows and
    // columns: sender, receiver); where a cell's centre is (tests).
    QString describeCell(std::size_t from, std::size_t to) const;
    std::optional<std::pair<std::size_t, std::size_t>> cellAt(const QPoint& plotPos) const;
    QPoint pixelOfCell(std::size_t from, std::size_t to) const;
    QCustomPlot* plot() const { return plot_; }

signals:
    void cellClicked(std::size_t from, std::size_t to);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void redraw();

    MessageMatrix matrix_;
    std::vector<QString> names_;
    MatrixColour colour_ = MatrixColour::Count;
    QLabel* summary_;
    QCustomPlot* plot_;
    QCPColorMap* map_ = nullptr;
    QCPColorScale* scale_ = nullptr;
};

} // namespace chitra::app
