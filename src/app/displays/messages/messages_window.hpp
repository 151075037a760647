// The messages display of a view in a window of its own (docs/gui.md "Messages"): the
// communication matrix of the lanes shown, in the lanes view's order, over the range the
// time and lanes views show or an area brushed in the lanes view, coloured by count,
// bytes or mean latency; beside it the histograms of message sizes and latencies; below,
// each lane's messages and late-sender wait. A cell clicked picks its messages in the
// lanes view.
#pragma once

#include "chitra/messages/message_matrix.hpp"
#include "chitra/profile/profile.hpp"
#include "displays/messages/message_matrix_plot.hpp"

#include <QMainWindow>

#include <memory>
#include <optional>
#include <vector>

class QComboBox;
class QLabel;

namespace chitra::app {

class LateSenderChart;
class MessageHistogram;
class ViewDocument;

class MessagesWindow : public QMainWindow {
    Q_OBJECT
public:
    MessagesWindow(ViewDocument* doc, QWidget* parent = nullptr);
    ~MessagesWindow() override;

    ViewDocument* document() const { return doc_; }
    MessageMatrixPlot* matrix() const { return matrix_; }
    MessageHistogram* sizes() const { return sizes_; }
    MessageHistogram* latencies() const { return latencies_; }
    LateSenderChart* lanesChart() const { return lanesChart_; }
    QComboBox* colourChoice() const { return colour_; }

    MatrixColour colour() const;
    void setColour(MatrixColour colour);
    // The range shown, in ns from the trace's origin; nullopt: the whole run.
    std::optional<ProfileRange> range() const { return range_; }
    void setRange(std::optional<ProfileRange> range);
    // The lanes of an area (indices into the trace's lanes, in the lanes view's order);
    // empty: the lanes the lanes view shows. False, changing nothing, when one is not a lane.
    const std::vector<std::size_t>& areaLanes() const { return areaLanes_; }
    bool setAreaLanes(std::vector<std::size_t> lanes);
    // The matrix's lanes, top to bottom (indices into the trace's lanes).
    const std::vector<std::size_t>& shownLanes() const { return shown_; }
    // The late-sender waits of the lanes shown are still being computed.
    bool waitsPending() const { return waitsPending_; }

    // Opens (or raises) the messages window of `doc`, a child of `parent`.
    static MessagesWindow* open(ViewDocument* doc, QWidget* parent);
    // The messages window of `doc` among the children of `owner`, or null.
    static MessagesWindow* find(const QObject& owner, const ViewDocument* doc);

signals:
    // A cell was clicked: the messages from lane `from` to lane `to` (trace lane indices).
    void messagesPicked(std::size_t from, std::size_t to);
    void waitsShown();
    void optionsChanged(); // colour, range or lanes changed

private:
    void followWindow(const QString& display);
    void recompute();
    void keepOptions();

    ViewDocument* doc_;
    std::shared_ptr<const ProfileSource> source_;
    std::unique_ptr<MessageIndex> index_;
    std::optional<ProfileRange> range_;
    std::vector<std::size_t> areaLanes_, shown_;
    std::vector<QString> names_; // of shown_
    int generation_ = 0;         // of the late-sender waits asked for
    bool waitsPending_ = false;
    bool applying_ = false; // options set from the view's presentation: not written back
    bool built_ = false;    // the constructor has applied the saved options
    QComboBox* colour_;
    QLabel* rangeLabel_;
    MessageMatrixPlot* matrix_;
    MessageHistogram* sizes_;
    MessageHistogram* latencies_;
    LateSenderChart* lanesChart_;
};

} // namespace chitra::app
