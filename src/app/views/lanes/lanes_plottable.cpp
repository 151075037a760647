#include "views/lanes/lanes_plottable.hpp"

#include "document/view_document.hpp"

#include <QThread>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <map>
#include <unordered_map>
#include <cmath>
#include <limits>

namespace chitra::app {

LanesPlottable::LanesPlottable(QCPAxis* keyAxis, QCPAxis* valueAxis, const LaneRows* rows, const ViewDocument* doc)
    : QCPAbstractPlottable(keyAxis, valueAxis), rows_(rows), doc_(doc)
{
    setSelectable(QCP::stNone);
}

void LanesPlottable::setColours(std::vector<QColor> colours)
{
    colours_ = std::move(colours);
    fills_.clear();
    for (std::size_t s = 0; s < colours_.size(); ++s) {
        const QRgb c = colours_[s].rgb();
        const bool faded = !highlighted_.empty() && (s >= highlighted_.size() || !highlighted_[s]);
        fills_.push_back(s == kEmptyLaneState ? 0 : faded ? qPremultiply(qRgba(qRed(c), qGreen(c), qBlue(c), 50)) : c);
    }
}

void LanesPlottable::setHighlighted(std::vector<char> states)
{
    highlighted_ = std::move(states);
    setColours(std::move(colours_));
}

void LanesPlottable::setFound(const std::vector<LaneSpan>* found, int current)
{
    found_ = found && !found->empty() ? found : nullptr;
    currentFound_ = current;
    longestFound_ = 0;
    if (found_)
        for (const LaneSpan& f : *found_)
            longestFound_ = std::max(longestFound_, f.end - f.start);
}

const QColor& LanesPlottable::colour(LaneStateId state) const
{
    static const QColor grey(0x9e, 0x9e, 0x9e);
    return state < colours_.size() ? colours_[state] : grey;
}

double LanesPlottable::selectTest(const QPointF&, bool, QVariant*) const { return -1; }

QCPRange LanesPlottable::getKeyRange(bool& foundRange, QCP::SignDomain) const
{
    const Trace& t = doc_->lanesTrace();
    foundRange = t.size() > 0;
    if (!foundRange)
        return {};
    const double last = static_cast<double>(t.header.end.value_or(t.times[t.size() - 1]));
    return {static_cast<double>(t.times[0]), std::max(last, static_cast<double>(t.times[0]) + 1)};
}

QCPRange LanesPlottable::getValueRange(bool& foundRange, QCP::SignDomain, const QCPRange&) const
{
    foundRange = true;
    return {0, std::max<double>(1, static_cast<double>(rows_->rows().size()))};
}

namespace {

constexpr std::size_t kRowsWorthAThread = 8; // fewer rows draw faster than a thread starts

// `c` under white at alpha 160: the thin light edge that separates neighbouring regions.
QRgb edgeOver(QRgb c)
{
    auto mix = [](int v) { return (v * 95 + 255 * 160) / 255; };
    return qRgb(mix(qRed(c)), mix(qGreen(c)), mix(qBlue(c)));
}

} // namespace

void LanesPlottable::drawRow(const RowSpan& span, int left, int right, uchar* bits, qsizetype stride,
                             std::vector<LaneColumn>& columns) const
{
    const int n = right - left, top = span.top, bottom = span.bottom;
    if (n <= 0 || bottom <= top)
        return;
    const double t0 = mKeyAxis->pixelToCoord(left), t1 = mKeyAxis->pixelToCoord(right);
    span.row->summary->columns(t0, (t1 - t0) / n, static_cast<std::size_t>(n), columns);
    const bool outline = bottom - top >= 6;
    // One scanline of the row, then copied to its other lines: a busy row is a run per
    // pixel, and writing pixels costs far less than a painter's rectangle per run.
    const auto scanLine = [&](int y) { return reinterpret_cast<QRgb*>(bits + y * stride); };
    QRgb* line = scanLine(top);
    for (int a = 0; a < n;) {
        const LaneColumn c = columns[static_cast<std::size_t>(a)];
        int b = a + 1;
        while (b < n && columns[static_cast<std::size_t>(b)].state == c.state)
            ++b;
        const QRgb fill = c.state == kEmptyLaneState ? 0
                          : c.state < fills_.size()  ? fills_[c.state]
                                                     : colour(c.state).rgb();
        std::fill(line + a, line + b, fill);
        if (fill != 0 && outline && b - a >= 4)
            line[a] = edgeOver(fill);
        a = b;
    }
    for (int y = top + 1; y < bottom; ++y)
        std::copy(line, line + n, scanLine(y));
}

void LanesPlottable::drawShading(QCPPainter* painter, const QRect& clip) const
{
    const Trace& trace = doc_->trace();
    auto timeOfRecord = [&](RecordIndex r) {
        if (trace.size() == 0)
            return 0.0;
        if (r >= trace.size())
            return static_cast<double>(trace.header.end.value_or(trace.times[trace.size() - 1]));
        return static_cast<double>(trace.times[r]);
    };
    const RecordRange sel = doc_->presentation().selection();
    if (sel.end > sel.begin) {
        const double x0 = mKeyAxis->coordToPixel(timeOfRecord(sel.begin));
        const double x1 = mKeyAxis->coordToPixel(timeOfRecord(sel.end));
        painter->fillRect(QRectF(QPointF(x0, clip.top()), QPointF(std::max(x1, x0 + 1), clip.bottom())),
                          QColor(30, 30, 30, 40));
    }
    const Ses& ses = doc_->ses();
    const double lo = mKeyAxis->range().lower, hi = mKeyAxis->range().upper;
    for (const BrushedPattern& p : doc_->presentation().patterns()) {
        QColor c = p.colour;
        c.setAlpha(60);
        const std::size_t len = p.names.size();
        // Matches are in SES order: skip those left of the view, stop right of it.
        auto first = std::lower_bound(p.starts.begin(), p.starts.end(), lo, [&](std::size_t s, double x) {
            return static_cast<double>(ses.entry(std::min(s + len, ses.size()))) < x;
        });
        for (auto it = first; it != p.starts.end(); ++it) {
            const double a = static_cast<double>(ses.entry(*it));
            if (a > hi)
                break;
            const double b = static_cast<double>(ses.entry(std::min(*it + len, ses.size())));
            const double x0 = mKeyAxis->coordToPixel(a), x1 = mKeyAxis->coordToPixel(b);
            painter->fillRect(QRectF(QPointF(x0, clip.top()), QPointF(std::max(x1, x0 + 1), clip.top() + 4)), p.colour);
            painter->fillRect(QRectF(QPointF(x0, clip.top() + 4), QPointF(std::max(x1, x0 + 1), clip.bottom())), c);
        }
    }
}

void LanesPlottable::draw(QCPPainter* painter)
{
    const QRect clip = clipRect();
    if (clip.isEmpty())
        return;
    const auto& rows = rows_->rows();
    const int left = clip.left(), right = clip.right() + 1;
    if (frame_.size() != clip.size())
        frame_ = QImage(clip.size(), QImage::Format_ARGB32_Premultiplied);
    frame_.fill(Qt::transparent);
    std::vector<RowSpan> spans;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const auto [top, bottom] = rowPixels(r);
        if (bottom < clip.top() || top > clip.bottom())
            continue;
        spans.push_back({&rows[r], std::max(top, clip.top()) - clip.top(),
                         std::min(std::max(bottom, top + 1), clip.bottom() + 1) - clip.top()});
    }
    // Rows write disjoint scanlines of one image: many rows are split between two threads.
    uchar* bits = frame_.bits();
    const qsizetype stride = frame_.bytesPerLine();
    const auto drawSpans = [&](std::size_t a, std::size_t b, std::vector<LaneColumn>& columns) {
        for (std::size_t i = a; i < b; ++i)
            drawRow(spans[i], left, right, bits, stride, columns);
    };
    if (spans.size() >= kRowsWorthAThread && QThread::idealThreadCount() > 1) {
        const std::size_t half = spans.size() / 2;
        // Qt's global pool, which runs short drawing helpers (the raster engine's too), not
        // the background jobs; waitForFinished runs the half here if no thread took it.
        QFuture<void> other =
            QtConcurrent::run(QThreadPool::globalInstance(), [&] { drawSpans(half, spans.size(), otherColumns_); });
        drawSpans(0, half, columns_);
        other.waitForFinished();
    } else {
        drawSpans(0, spans.size(), columns_);
    }
    painter->drawImage(clip.topLeft(), frame_);
    drawShading(painter, clip);
    drawMessages(painter, clip);
    drawFound(painter, clip);
    drawLaneMarks(painter, clip);
}

void LanesPlottable::drawLaneMarks(QCPPainter* painter, const QRect& clip) const
{
    if (laneMarks_.empty())
        return;
    const std::vector<LaneRow>& rows = rows_->rows();
    for (std::size_t r = 0; r < rows.size(); ++r) {
        if (rows[r].lane >= laneMarks_.size() || !laneMarks_[rows[r].lane].isValid())
            continue;
        const auto [top, bottom] = rowPixels(r);
        if (bottom < clip.top() || top > clip.bottom())
            continue;
        // Framed, so that a group's colour stands out from the states' beside it.
        const QRect strip(clip.left(), top, 8, std::max(2, bottom - top));
        painter->fillRect(strip, laneMarks_[rows[r].lane]);
        painter->setPen(QPen(QColor(40, 40, 40), 1));
        painter->setBrush(Qt::NoBrush);
        painter->drawRect(strip.adjusted(0, 0, -1, -1));
        painter->setPen(QPen(Qt::white, 1));
        painter->drawLine(strip.topRight() + QPoint(1, 0), strip.bottomRight() + QPoint(1, 0));
    }
}

namespace {

// A line of the messages drawn: its ends' pixels and rows.
struct MessageLine {
    int x0, x1;
    std::uint32_t from, to;
    bool picked;
    bool operator==(const MessageLine&) const = default;
};
struct MessageLineHash {
    std::size_t operator()(const MessageLine& l) const
    {
        const std::uint64_t xs =
            std::uint64_t{static_cast<std::uint32_t>(l.x0)} << 32 | static_cast<std::uint32_t>(l.x1);
        return std::hash<std::uint64_t>()(xs ^ (std::uint64_t{l.from} << 40) ^ (std::uint64_t{l.to} << 8) ^
                                          std::uint64_t{l.picked});
    }
};

} // namespace

void LanesPlottable::drawMessages(QCPPainter* painter, const QRect& clip) const
{
    lastMessageLines_ = {0, 0};
    lastPickedLines_ = 0;
    const LaneTrace& lanes = rows_->trace();
    if (!messagesShown_ || lanes.messages.empty())
        return;
    const Time origin = rows_->tracks().origin();
    const double lo = mKeyAxis->range().lower;
    const MessagesInView view = messagesInView();
    const auto first = lanes.messages.begin() + static_cast<std::ptrdiff_t>(view.first);
    const auto last = lanes.messages.begin() + static_cast<std::ptrdiff_t>(view.last);
    const Time viewFrom = view.from, viewTo = view.to;
    std::vector<std::optional<std::size_t>> rowOfLane(lanes.lanes.size());
    for (std::size_t l = 0; l < lanes.lanes.size(); ++l)
        rowOfLane[l] = rows_->rowOf({l, 0, 0, 0});
    const auto px = [this](double t) { return static_cast<int>(std::clamp(mKeyAxis->coordToPixel(t), -1e6, 1e6)); };
    // One line per pair of rows and pixels of its ends: how many messages it stands for.
    std::unordered_map<MessageLine, std::uint32_t, MessageLineHash> lines;
    std::size_t messages = 0;
    const auto add = [&](std::uint32_t fromLane, std::uint32_t toLane, double send, double recv, std::uint32_t count) {
        const auto& a = rowOfLane[fromLane];
        const auto& b = rowOfLane[toLane];
        if (std::max(send, recv) < lo || !a || !b)
            return;
        const bool picked = picked_ && picked_->first == fromLane && picked_->second == toLane;
        lines[{px(send), px(recv), static_cast<std::uint32_t>(*a), static_cast<std::uint32_t>(*b), picked}] += count;
        messages += count;
    };
    if (last - first <= static_cast<std::ptrdiff_t>(kMessagesOneByOne)) {
        for (auto it = first; it != last; ++it)
            add(it->from, it->to, static_cast<double>(it->send - origin), static_cast<double>(it->recv - origin), 1);
    } else {
        // Too many to take one by one: the finest bundles (per pair and bucket of send
        // times) that fit the budget, each a line from its bucket's middle, as long as its
        // mean latency.
        if (!bundles_)
            bundles_ = std::make_unique<MessageBundles>(lanes);
        const MessageBundles::Level* level = bundles_->levelFor(viewFrom, viewTo, kBundlesAFrame);
        const double width = static_cast<double>(level->width);
        const double firstSend = static_cast<double>(bundles_->firstSend() - origin);
        for (const MessageBundle& b : bundles_->in(*level, viewFrom, viewTo)) {
            const double send = firstSend + (static_cast<double>(b.bucket) + 0.5) * width;
            add(b.from, b.to, send, send + b.latency / b.count, b.count);
        }
    }
    const auto middle = [this](std::uint32_t row) { return mValueAxis->coordToPixel(static_cast<double>(row) + 0.5); };
    // With a pair picked, its lines in orange over the others, faded. The lines of one
    // colour and width go to the painter at once (a pen per line, and round caps, cost
    // most of a busy frame); widths in half pixels.
    const QColor ink(25, 25, 25, picked_ ? 70 : 200), pickedInk(230, 85, 13);
    std::map<std::pair<bool, int>, std::vector<QLineF>> byPen; // (picked, half pixels): lines
    std::vector<std::pair<QLineF, bool>> heads;                // lines that get an arrowhead
    const bool arrowheads = lines.size() <= kArrowheadsAFrame;
    for (const auto& [line, count] : lines) {
        const QLineF l(QPointF(line.x0, middle(line.from)), QPointF(line.x1, middle(line.to)));
        const double width =
            (count == 1 ? 1.0 : std::min(1.0 + std::log2(static_cast<double>(count)), 6.0)) + (line.picked ? 1.0 : 0.0);
        byPen[{line.picked, static_cast<int>(std::lround(width * 2))}].push_back(l);
        lastPickedLines_ += line.picked ? 1 : 0;
        if (arrowheads && l.length() >= 12)
            heads.emplace_back(l, line.picked);
    }
    painter->save();
    painter->setClipRect(clip);
    painter->setRenderHint(QPainter::Antialiasing, lines.size() <= kArrowheadsAFrame); // smooth, unless many
    for (const auto& [pen, drawn] : byPen) { // the picked ones last: over the others
        painter->setPen(QPen(pen.first ? pickedInk : ink, pen.second / 2.0, Qt::SolidLine, Qt::FlatCap));
        painter->drawLines(drawn.data(), static_cast<int>(drawn.size()));
    }
    // An arrowhead at each receive, where there is room for one.
    painter->setPen(Qt::NoPen);
    for (const bool picked : {false, true}) {
        painter->setBrush(picked ? pickedInk : ink);
        for (const auto& [l, isPicked] : heads) {
            if (isPicked != picked)
                continue;
            const QPointF to = l.p2(), u = (l.p2() - l.p1()) / l.length(), n(-u.y(), u.x());
            painter->drawPolygon(QPolygonF{to, to - 7 * u + 3 * n, to - 7 * u - 3 * n});
        }
    }
    if (pickedMessage_ && *pickedMessage_ < lanes.messages.size())
        if (const auto l = messageLine(lanes.messages[*pickedMessage_])) {
            painter->setRenderHint(QPainter::Antialiasing, true);
            painter->setPen(QPen(pickedInk, 2.5, Qt::SolidLine, Qt::FlatCap));
            painter->drawLine(*l);
            painter->setPen(QPen(Qt::white, 1));
            painter->setBrush(pickedInk);
            painter->drawEllipse(l->p1(), 4, 4);
            painter->drawEllipse(l->p2(), 4, 4);
        }
    painter->restore();
    lastMessageLines_ = {lines.size(), messages};
}

LanesPlottable::MessagesInView LanesPlottable::messagesInView() const
{
    const LaneTrace& lanes = rows_->trace();
    if (!longestMessage_) {
        Time longest = 0;
        for (const Message& m : lanes.messages)
            longest = std::max(longest, m.recv - m.send);
        longestMessage_ = longest;
    }
    const Time origin = rows_->tracks().origin();
    const auto at = [origin](double t) {
        return static_cast<Time>(std::clamp(t + static_cast<double>(origin), -9e18, 9e18));
    };
    MessagesInView view;
    view.from = at(mKeyAxis->range().lower - static_cast<double>(*longestMessage_));
    view.to = at(mKeyAxis->range().upper) + 1;
    const auto sentBefore = [&](Time t) {
        return static_cast<std::size_t>(std::lower_bound(lanes.messages.begin(), lanes.messages.end(), t,
                                                         [](const Message& m, Time x) { return m.send < x; }) -
                                        lanes.messages.begin());
    };
    view.first = sentBefore(view.from);
    view.last = sentBefore(view.to);
    return view;
}

std::optional<QLineF> LanesPlottable::messageLine(const Message& m) const
{
    const auto a = rows_->rowOf({m.from, 0, 0, 0}), b = rows_->rowOf({m.to, 0, 0, 0});
    if (!a || !b)
        return std::nullopt;
    const auto origin = static_cast<double>(rows_->tracks().origin());
    const auto x = [&](Time t) {
        return std::clamp(mKeyAxis->coordToPixel(static_cast<double>(t) - origin), -1e6, 1e6);
    };
    const auto y = [this](std::size_t row) { return mValueAxis->coordToPixel(static_cast<double>(row) + 0.5); };
    return QLineF(x(m.send), y(*a), x(m.recv), y(*b));
}

std::optional<std::size_t> LanesPlottable::messageAt(const QPointF& pos, double within) const
{
    const LaneTrace& lanes = rows_->trace();
    if (!messagesShown_ || lanes.messages.empty())
        return std::nullopt;
    const MessagesInView view = messagesInView();
    if (view.last - view.first > kMessagesOneByOne)
        return std::nullopt;
    std::optional<std::size_t> nearest;
    double best = within;
    for (std::size_t i = view.first; i < view.last; ++i) {
        const auto l = messageLine(lanes.messages[i]);
        if (!l)
            continue;
        // Distance from the point to the segment.
        const QPointF d = l->p2() - l->p1();
        const double length2 = QPointF::dotProduct(d, d);
        const double u = length2 > 0 ? std::clamp(QPointF::dotProduct(pos - l->p1(), d) / length2, 0.0, 1.0) : 0.0;
        const QPointF off = pos - (l->p1() + u * d);
        if (const double distance = std::hypot(off.x(), off.y()); distance <= best) {
            best = distance;
            nearest = i;
        }
    }
    return nearest;
}

std::pair<int, int> LanesPlottable::rowPixels(std::size_t r) const
{
    const double gap = std::abs(mValueAxis->coordToPixel(1) - mValueAxis->coordToPixel(0)) >= 5 ? 1 : 0;
    const double ya = mValueAxis->coordToPixel(static_cast<double>(r));
    const double yb = mValueAxis->coordToPixel(static_cast<double>(r + 1));
    return {static_cast<int>(std::round(std::min(ya, yb))), static_cast<int>(std::round(std::max(ya, yb)) - gap)};
}

void LanesPlottable::drawFound(QCPPainter* painter, const QRect& clip) const
{
    if (!found_)
        return;
    const double lo = mKeyAxis->range().lower, hi = mKeyAxis->range().upper;
    const auto xOf = [this](Time t) { return mKeyAxis->coordToPixel(static_cast<double>(t)); };
    // An underline per region in view, one per pixel at most on each row.
    std::vector<int> drawnTo(rows_->rows().size(), std::numeric_limits<int>::min());
    auto it = std::lower_bound(found_->begin(), found_->end(), lo - static_cast<double>(longestFound_),
                               [](const LaneSpan& f, double t) { return static_cast<double>(f.start) < t; });
    const QColor underline(20, 20, 20);
    for (; it != found_->end() && static_cast<double>(it->start) <= hi; ++it) {
        const auto row = rows_->rowOf(*it);
        if (!row || static_cast<double>(it->end) < lo)
            continue;
        const int x0 = static_cast<int>(std::floor(xOf(it->start)));
        const int x1 = std::max(x0 + 1, static_cast<int>(std::ceil(xOf(it->end))));
        if (x1 <= drawnTo[*row])
            continue;
        const auto [top, bottom] = rowPixels(*row);
        if (bottom < clip.top() || top > clip.bottom())
            continue;
        const int height = std::clamp((bottom - top) / 6, 1, 3);
        painter->fillRect(QRect(QPoint(std::max(x0, drawnTo[*row]), bottom - height), QPoint(x1 - 1, bottom - 1)),
                          underline);
        drawnTo[*row] = x1;
    }
    if (currentFound_ < 0 || static_cast<std::size_t>(currentFound_) >= found_->size())
        return;
    const LaneSpan& current = (*found_)[static_cast<std::size_t>(currentFound_)];
    const auto row = rows_->rowOf(current);
    if (!row)
        return;
    const auto [top, bottom] = rowPixels(*row);
    int x0 = static_cast<int>(std::floor(xOf(current.start))), x1 = static_cast<int>(std::ceil(xOf(current.end)));
    if (x1 - x0 < 6) { // a region narrower than the frame: framed at its middle
        const int middle = (x0 + x1) / 2;
        x0 = middle - 3;
        x1 = middle + 3;
    }
    // Crisp: a dark band three pixels wide with a white line inside, on any colour.
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, false);
    painter->setBrush(Qt::NoBrush);
    const QRect outer(QPoint(x0 - 3, top - 3), QPoint(x1 + 2, bottom + 2));
    for (int k = 0; k < 3; ++k) {
        painter->setPen(k == 1 ? QPen(Qt::white, 1) : QPen(QColor(20, 20, 20), 1));
        painter->drawRect(outer.adjusted(k, k, -k, -k));
    }
    painter->restore();
}

void LanesPlottable::drawLegendIcon(QCPPainter*, const QRectF&) const {}

} // namespace chitra::app
