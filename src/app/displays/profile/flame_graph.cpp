#include "displays/profile/flame_graph.hpp"

#include "text/number_format.hpp"
#include "text/qt_strings.hpp"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

namespace chitra::app {

FlameGraph::FlameGraph(QWidget* parent) : QWidget(parent)
{
    setMouseTracking(true);
    setMinimumHeight(4 * kRowHeight);
    setBackgroundRole(QPalette::Base);
    setAutoFillBackground(true);
}

void FlameGraph::show(const Profile& profile)
{
    profile_ = profile;
    frames_.clear();
    // Depth first, parents before children: a frame starts where the last frame placed one
    // level down from its parent's start ended.
    std::vector<double> next{0};
    total_ = 0;
    for (const CallPathProfile& p : profile_.tree) {
        const std::size_t depth = p.path.size();
        next.resize(depth + 1, 0);
        const double x0 = next[depth - 1];
        const double x1 = x0 + static_cast<double>(p.inclusive_ns);
        next[depth - 1] = x1;
        next[depth] = x0;
        frames_.push_back({p.path, x0, x1, &p});
        if (depth == 1)
            total_ = x1;
    }
    if (zoom1_ <= zoom0_ || zoom1_ > total_) {
        zoom0_ = 0;
        zoom1_ = total_;
    }
    int depth = 0;
    for (const Frame& f : frames_)
        depth = std::max(depth, static_cast<int>(f.path.size()));
    setMinimumHeight(std::max(4, depth + 1) * kRowHeight);
    update();
}

void FlameGraph::selectPath(const std::vector<std::string>& path)
{
    selected_ = path;
    update();
}

QRectF FlameGraph::frameRect(std::size_t index) const
{
    const Frame& f = frames_[index];
    if (zoom1_ <= zoom0_ || f.x1 <= zoom0_ || f.x0 >= zoom1_)
        return {};
    const double scale = width() / (zoom1_ - zoom0_);
    const double left = (std::max(f.x0, zoom0_) - zoom0_) * scale;
    const double right = (std::min(f.x1, zoom1_) - zoom0_) * scale;
    return {left, static_cast<double>((f.path.size() - 1) * kRowHeight), right - left, kRowHeight - 1.0};
}

void FlameGraph::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    if (frames_.empty()) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect(), Qt::AlignCenter, tr("No region in the range"));
        return;
    }
    const QFontMetrics metrics = painter.fontMetrics();
    for (std::size_t i = 0; i < frames_.size(); ++i) {
        const QRectF r = frameRect(i);
        if (r.width() < 0.5)
            continue;
        const Frame& f = frames_[i];
        const QColor fill = colour_ ? colour_(f.path.back()) : palette().color(QPalette::Highlight);
        painter.fillRect(r, fill);
        const bool selected = f.path == selected_;
        if (selected) {
            painter.setPen(QPen(palette().color(QPalette::Text), 2));
            painter.drawRect(r.adjusted(1, 1, -1, -1));
        }
        if (r.width() > 24) {
            painter.setPen(fill.lightnessF() > 0.55 ? Qt::black : Qt::white);
            const QString text = metrics.elidedText(qs(f.path.back()), Qt::ElideRight, static_cast<int>(r.width()) - 6);
            painter.drawText(r.adjusted(3, 0, -3, 0), Qt::AlignVCenter | Qt::AlignLeft, text);
        }
    }
}

int FlameGraph::frameAt(const QPointF& pos) const
{
    for (std::size_t i = 0; i < frames_.size(); ++i)
        if (frameRect(i).contains(pos))
            return static_cast<int>(i);
    return -1;
}

void FlameGraph::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return;
    const int i = frameAt(event->position());
    selectPath(i >= 0 ? frames_[static_cast<std::size_t>(i)].path : std::vector<std::string>{});
    if (i >= 0)
        emit pathClicked(selected_);
}

void FlameGraph::mouseDoubleClickEvent(QMouseEvent* event)
{
    const int i = frameAt(event->position());
    if (i >= 0) {
        zoom0_ = frames_[static_cast<std::size_t>(i)].x0;
        zoom1_ = frames_[static_cast<std::size_t>(i)].x1;
    } else {
        zoom0_ = 0;
        zoom1_ = total_;
    }
    update();
}

bool FlameGraph::event(QEvent* event)
{
    if (event->type() != QEvent::ToolTip)
        return QWidget::event(event);
    auto* help = static_cast<QHelpEvent*>(event);
    const int i = frameAt(help->pos());
    if (i < 0) {
        QToolTip::hideText();
        return true;
    }
    const Frame& f = frames_[static_cast<std::size_t>(i)];
    const TimeBase base = profile_.time_base == "cycles" ? TimeBase::cycles : TimeBase::ns;
    QStringList path;
    for (const std::string& frame : f.path)
        path << qs(frame);
    QToolTip::showText(help->globalPos(),
                       tr("%1\n%2 calls, inclusive %3 (%4 of the graph), exclusive %5")
                           .arg(path.join(QStringLiteral(" › ")), formatCount(static_cast<long long>(f.figures->calls)),
                                formatDuration(static_cast<double>(f.figures->inclusive_ns), base),
                                formatShare(total_ > 0 ? (f.x1 - f.x0) / total_ : 0),
                                formatDuration(static_cast<double>(f.figures->exclusive_ns), base)),
                       this);
    return true;
}

} // namespace chitra::app
