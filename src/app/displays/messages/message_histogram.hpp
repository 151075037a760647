// A histogram of the messages shown (docs/gui.md "Messages"): their sizes or their
// latencies in bins of powers of two (chitra/messages/message_matrix.hpp), one bar per
// bin from the smallest to the largest that holds any, each labelled by its lower bound.
#pragma once

#include "chitra/messages/message_matrix.hpp"

#include <QString>
#include <QWidget>

class QCustomPlot;
class QLabel;

namespace chitra::app {

class MessageHistogram : public QWidget {
    Q_OBJECT
public:
    enum class Kind { Sizes, Latencies };

    explicit MessageHistogram(Kind kind, QWidget* parent = nullptr);

    void show(const std::array<std::uint64_t, kMessageBins>& bins);
    const std::array<std::uint64_t, kMessageBins>& bins() const { return bins_; }
    // The lower bound of bin `bin` in words ("4 KiB", "2 µs").
    QString binLabel(std::size_t bin) const;
    QString title() const;
    QCustomPlot* plot() const { return plot_; }

private:
    Kind kind_;
    std::array<std::uint64_t, kMessageBins> bins_{};
    QLabel* title_;
    QCustomPlot* plot_;
};

} // namespace chitra::app
