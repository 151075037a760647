// The drawing of the lanes view as a QCustomPlot plottable: one row per shown lane (or
// nesting depth), regions coloured by state from per-pixel-column summaries, so a frame
// costs O(rows x columns x log changes) for any trace length, written as pixels into one
// image (a painter's rectangle per region cost most of a busy frame); the view's linked selection
// and brushed pattern matches are shaded across the rows. Include only from .cpp files.
#pragma once

#include "chitra/messages/message_bundles.hpp"
#include "views/lanes/lane_rows.hpp"

#include <QColor>
#include <QImage>
#include <qcustomplot.h>

#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace chitra::app {

class ViewDocument;

class LanesPlottable : public QCPAbstractPlottable {
public:
    LanesPlottable(QCPAxis* keyAxis, QCPAxis* valueAxis, const LaneRows* rows, const ViewDocument* doc);

    // Colour of each lane state (index: LaneStateId).
    void setColours(std::vector<QColor> colours);
    // The states drawn in full colour (index: LaneStateId); the others faded, so that the
    // regions a search finds stand out. Empty: every state in full colour.
    void setHighlighted(std::vector<char> states);
    // The regions found (the view's list, in order of start; null: none): each underlined
    // on its row, the current one (an index, -1: none) framed.
    void setFound(const std::vector<LaneSpan>* found, int current);
    // Draws the trace's messages between shown lanes as lines from send to receive.
    // Where several fall on one pair of rows and the same pixels, one line stands for
    // them, wider the more it holds; with more in view than a frame can draw one by one,
    // the lines are those of bundles of messages (chitra/messages/message_bundles.hpp).
    void setMessagesShown(bool shown) { messagesShown_ = shown; }
    // The messages from one lane to another (trace lane indices) drawn in a colour of
    // their own over the others, faded; nullopt: all alike.
    void setPickedPair(std::optional<std::pair<std::size_t, std::size_t>> lanes) { picked_ = lanes; }
    const std::optional<std::pair<std::size_t, std::size_t>>& pickedPair() const { return picked_; }
    // The message (an index into the trace's messages) whose line passes within `within`
    // pixels of a point of the plot, the nearest; none where the frame draws bundles.
    std::optional<std::size_t> messageAt(const QPointF& pos, double within = 4) const;
    // One message drawn picked out, a dot at each end; nullopt: none.
    void setPickedMessage(std::optional<std::size_t> message) { pickedMessage_ = message; }
    const std::optional<std::size_t>& pickedMessage() const { return pickedMessage_; }
    bool messagesShown() const { return messagesShown_; }
    // The lines the last frame drew, and the messages they stood for (tests); of them,
    // the picked pair's lines.
    std::pair<std::size_t, std::size_t> lastMessageLines() const { return lastMessageLines_; }
    std::size_t lastPickedLines() const { return lastPickedLines_; }
    const QColor& colour(LaneStateId state) const;
    // A colour per lane (trace lane indices; an invalid colour: none), drawn as a strip
    // at the left of the lane's rows: the lane comparison's groups. Empty: none.
    void setLaneMarks(std::vector<QColor> marks) { laneMarks_ = std::move(marks); }
    const std::vector<QColor>& laneMarks() const { return laneMarks_; }

    double selectTest(const QPointF& pos, bool onlySelectable, QVariant* details = nullptr) const override;
    QCPRange getKeyRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth) const override;
    QCPRange getValueRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth,
                           const QCPRange& inKeyRange = QCPRange()) const override;

protected:
    void draw(QCPPainter* painter) override;
    void drawLegendIcon(QCPPainter* painter, const QRectF& rect) const override;

private:
    // A row's pixel lines [top, bottom) of frame_ (0: the clip's top).
    struct RowSpan {
        const LaneRow* row;
        int top, bottom;
    };
    // Draws `span` over pixel columns [left, right) into the image `bits` (`stride` bytes a
    // line), with `columns` as its buffer (one per thread).
    void drawRow(const RowSpan& span, int left, int right, uchar* bits, qsizetype stride,
                 std::vector<LaneColumn>& columns) const;
    void drawShading(QCPPainter* painter, const QRect& clip) const;
    void drawFound(QCPPainter* painter, const QRect& clip) const;
    void drawMessages(QCPPainter* painter, const QRect& clip) const;
    void drawLaneMarks(QCPPainter* painter, const QRect& clip) const;
    // The messages that could be in view (sent from the longest latency before it to its
    // end), as indices [first, last) into the trace's messages, and the absolute send
    // times they were found by.
    struct MessagesInView {
        std::size_t first = 0, last = 0;
        Time from = 0, to = 0;
    };
    MessagesInView messagesInView() const;
    // Where message m's line runs: its ends' pixels; nullopt when a lane is not shown.
    std::optional<QLineF> messageLine(const Message& m) const;
    // Pixel lines [top, bottom) of row r.
    std::pair<int, int> rowPixels(std::size_t r) const;

    const LaneRows* rows_;
    const ViewDocument* doc_;
    std::vector<QColor> colours_;
    std::vector<char> highlighted_;
    // Messages in view up to this many are drawn one by one; more, from bundles of at
    // most kBundlesAFrame; arrowheads only on frames of few lines.
    static constexpr std::size_t kMessagesOneByOne = 10'000, kBundlesAFrame = 1'500, kArrowheadsAFrame = 2'000;
    mutable std::unique_ptr<MessageBundles> bundles_; // made at the first frame that needs them
    const std::vector<LaneSpan>* found_ = nullptr;
    int currentFound_ = -1;
    Time longestFound_ = 0; // found_ is by start: those that end in view start this much before it
    bool messagesShown_ = false;
    mutable std::optional<Time> longestMessage_; // the largest latency, found at the first frame
    std::optional<std::pair<std::size_t, std::size_t>> picked_;
    std::optional<std::size_t> pickedMessage_;
    std::vector<QColor> laneMarks_;
    mutable std::pair<std::size_t, std::size_t> lastMessageLines_{0, 0};
    mutable std::size_t lastPickedLines_ = 0;
    std::vector<QRgb> fills_;                                // colours_ as pixels, "-" transparent: what a frame writes
    mutable std::vector<LaneColumn> columns_, otherColumns_; // per-frame buffers (one a thread)
    mutable QImage frame_;                                   // the rows, drawn as pixels then painted at once
};

} // namespace chitra::app
