#include "chain/transition_graph_widget.hpp"
#include "text/joined_name.hpp"

#include "chain/model_colours.hpp"
#include "text/qt_strings.hpp"

#include "jobs/worker_pool.hpp"
#include "plotting/palette.hpp"
#include "plotting/plot_theme.hpp"
#include "text/definition_text.hpp"
#include "text/number_format.hpp"

#include <QFileInfo>
#include <QFontMetricsF>
#include <QFutureWatcher>
#include <QGraphicsPathItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QImage>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QResizeEvent>
#include <QScrollBar>
#include <QSvgGenerator>
#include <QWheelEvent>

#include <cmath>
#include <numeric>

namespace chitra::app {

namespace {

constexpr double kPointsPerInch = 72.0;
// Ink for edges, definitions and labels, from the palette: dark on a light base, light
// on a dark one (plotting/plot_theme.hpp).
QColor edgeInk(const QPalette& p) { return isDark(p) ? QColor(0xd0, 0xd0, 0xd0) : QColor(0x33, 0x33, 0x33); }
QColor definitionInk(const QPalette& p) { return isDark(p) ? QColor(0x9a, 0x9a, 0x9a) : QColor(0x66, 0x66, 0x66); }
QColor labelInk(const QPalette& p) { return isDark(p) ? QColor(0xe0, 0xe0, 0xe0) : QColor(0x22, 0x22, 0x22); }

QFont nameFont()
{
    QFont f;
    f.setPixelSize(12);
    f.setBold(true);
    return f;
}

QFont smallFont()
{
    QFont f;
    f.setPixelSize(10);
    return f;
}

// Dark text on light fills, white on dark ones.
QColor textOn(const QColor& fill)
{
    const double lum = 0.2126 * fill.redF() + 0.7152 * fill.greenF() + 0.0722 * fill.blueF();
    return lum > 0.55 ? QColor(0x11, 0x11, 0x11) : Qt::white;
}

QPainterPath splinePath(const GraphLayoutEdge& e)
{
    QPainterPath path;
    if (e.points.empty())
        return path;
    path.moveTo(e.points[0]);
    std::size_t i = 1;
    for (; i + 2 < e.points.size(); i += 3)
        path.cubicTo(e.points[i], e.points[i + 1], e.points[i + 2]);
    for (; i < e.points.size(); ++i)
        path.lineTo(e.points[i]);
    if (e.arrow_tip)
        path.lineTo(*e.arrow_tip);
    return path;
}

QPolygonF arrowHead(QPointF from, QPointF tip, double size)
{
    QPointF d = tip - from;
    const double len = std::hypot(d.x(), d.y());
    if (len < 1e-9)
        return {};
    d /= len;
    const QPointF n(-d.y(), d.x());
    const QPointF base = tip - d * size;
    return QPolygonF({tip, base + n * size * 0.45, base - n * size * 0.45});
}

} // namespace

// What a node of the drawing stands for.
struct GraphNodeInfo {
    long state = -1; // model state index, -1 for definition nodes
    QString title;
    QString subtitle;
    QColor fill;
    bool dashed = false;
    bool small = false; // definition nodes and the exit marker
    QString tooltip;
};

struct GraphEdgeInfo {
    double probability = 1.0;
    bool definition = false; // inside an expanded composite
    QString tooltip;
};

// A graph to lay out and what its nodes and edges stand for.
struct TransitionGraphWidget::Drawing {
    GraphSpec spec;
    std::vector<GraphNodeInfo> nodes;
    std::vector<GraphEdgeInfo> edges;
};

TransitionGraphWidget::TransitionGraphWidget(QWidget* parent) : QGraphicsView(parent)
{
    setScene(new QGraphicsScene(this));
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setBackgroundBrush(palette().base());
    setMinimumSize(240, 160);
}

TransitionGraphWidget::~TransitionGraphWidget() = default;

void TransitionGraphWidget::setModel(const SemiMarkovModel& model, std::shared_ptr<const StateColours> colours)
{
    model_ = model;
    colours_ = colours ? std::move(colours) : coloursOfModel(model_);
    const std::size_t n = model_.states.size();
    drawn_.assign(n, 1);
    left_out_ = 0;
    if (n > kDrawnStates + 1) { // OTHER besides: a small model is drawn whole
        std::vector<std::size_t> byTime(n);
        std::iota(byTime.begin(), byTime.end(), std::size_t{0});
        std::stable_sort(byTime.begin(), byTime.end(),
                         [&](std::size_t a, std::size_t b) { return model_.states[a].share > model_.states[b].share; });
        drawn_.assign(n, 0);
        for (std::size_t k = 0; k < kDrawnStates; ++k)
            drawn_[byTime[k]] = 1;
        left_out_ = n - kDrawnStates;
    }
    expanded_.clear();
    user_zoomed_ = false;
    rebuild();
    fitAll();
}

void TransitionGraphWidget::setExpanded(std::size_t state, bool expanded)
{
    if (state >= model_.states.size() || !model_.states[state].definition)
        return;
    if (expanded == isExpanded(state))
        return;
    if (expanded)
        expanded_.insert(state);
    else
        expanded_.erase(state);
    rebuild();
    emit expansionChanged(state, expanded);
}

void TransitionGraphWidget::setMinProbability(double p)
{
    min_probability_ = p;
    rebuild();
}

QString TransitionGraphWidget::preferredRankdir() const
{
    if (model_.states.size() <= 12)
        return QStringLiteral("LR");
    return height() > width() * 0.8 ? QStringLiteral("TB") : QStringLiteral("LR");
}

void TransitionGraphWidget::resizeEvent(QResizeEvent* event)
{
    QGraphicsView::resizeEvent(event);
    if (user_zoomed_)
        return;
    if (preferredRankdir() != rankdir_)
        rebuild();
    fitAll();
}

void TransitionGraphWidget::fitAll()
{
    user_zoomed_ = false;
    const QRectF r = scene()->itemsBoundingRect().adjusted(-10, -10, 10, 10);
    if (r.isEmpty())
        return;
    resetTransform();
    fitInView(r, Qt::KeepAspectRatio);
    // Never blow a small graph up beyond its natural size: labels would look bloated.
    if (transform().m11() > 1.5) {
        resetTransform();
        scale(1.5, 1.5);
        centerOn(r.center());
    }
}

void TransitionGraphWidget::zoomBy(double factor)
{
    const double s = transform().m11() * factor;
    if (s < 0.05 || s > 20)
        return;
    user_zoomed_ = true;
    scale(factor, factor);
}

int TransitionGraphWidget::nodeOfState(std::size_t state) const
{
    const int node = state < node_of_state_.size() ? node_of_state_[state] : -1;
    return node >= 0 && static_cast<std::size_t>(node) < layout_.nodes.size() ? node : -1; // -1 while laid out
}

QPoint TransitionGraphWidget::viewPosOfState(std::size_t state) const
{
    const int node = nodeOfState(state);
    if (node < 0)
        return {-1, -1};
    return mapFromScene(layout_.nodes[static_cast<std::size_t>(node)].center());
}

void TransitionGraphWidget::rebuild()
{
    QGraphicsScene* sc = scene();
    sc->clear();
    layout_ = {};
    node_of_state_.assign(model_.states.size(), -1);
    error_.clear();
    const int generation = ++generation_;
    laying_out_ = false;

    auto drawing = std::make_shared<Drawing>();
    GraphSpec& spec = drawing->spec;
    // A short chain reads best left to right; a big one follows the window's shape so
    // that the fitted drawing stays as large as possible.
    spec.rankdir = preferredRankdir();
    std::vector<GraphNodeInfo>& infos = drawing->nodes;
    std::vector<GraphEdgeInfo>& edge_infos = drawing->edges;
    const QFontMetricsF name_fm(nameFont());
    const QFontMetricsF small_fm(smallFont());

    auto addNode = [&](GraphNodeInfo info, double min_w, double min_h, int cluster) {
        const double text_w =
            std::max(name_fm.horizontalAdvance(info.title), small_fm.horizontalAdvance(info.subtitle));
        GraphNodeSpec n;
        n.width = std::max(min_w, text_w + 16) / kPointsPerInch;
        n.height = std::max(min_h, info.subtitle.isEmpty() ? 24.0 : 36.0) / kPointsPerInch;
        n.ellipse = false;
        n.cluster = cluster;
        spec.nodes.push_back(n);
        infos.push_back(std::move(info));
        return static_cast<int>(spec.nodes.size() - 1);
    };
    auto addEdge = [&](int from, int to, GraphEdgeInfo info, const QString& label) {
        GraphEdgeSpec e;
        e.from = from;
        e.to = to;
        e.label = label;
        e.weight = info.definition ? 2.0 : 1.0 + 4.0 * info.probability;
        spec.edges.push_back(e);
        edge_infos.push_back(std::move(info));
    };

    const TimeBase tb = model_.timebase;
    for (std::size_t i = 0; i < model_.states.size(); ++i) {
        const ChainState& s = model_.states[i];
        if (!drawn_[i])
            continue;
        GraphNodeInfo info;
        info.state = static_cast<long>(i);
        // A joined name of many lanes would make a node wider than the window.
        info.title = elideJoinedName(qs(s.name), separator_, QFontMetrics(nameFont()),
                                     QFontMetrics(nameFont()).averageCharWidth() * 28);
        const double root = std::sqrt(std::clamp(s.share, 0.0, 1.0));
        int cluster = -1;
        if (s.kind == SymbolKind::other) {
            info.fill = QColor(0xE8, 0xE8, 0xE8);
            info.dashed = true;
            info.small = true;
            info.tooltip = QStringLiteral("OTHER: the end of the sequence");
            node_of_state_[i] = addNode(info, 40, 24, -1);
            continue;
        }
        info.fill = colours_->colourOf(s.name);
        info.subtitle = formatShare(s.share) + QStringLiteral(" · ") + formatDuration(s.mean, tb);
        info.tooltip =
            QStringLiteral("%1 (%2)\nvisits %3, share of time %4\nmean %5, sd %6, min %7, max %8")
                .arg(qs(s.name), qs(std::string(to_string(s.kind))), formatCount(static_cast<long long>(s.count)),
                     formatShare(s.share), formatDuration(s.mean, tb), formatDuration(s.stddev, tb),
                     formatDuration(static_cast<double>(s.min), tb), formatDuration(static_cast<double>(s.max), tb));
        if (s.definition) {
            info.tooltip += "\n\n" + definitionText(s.kind, *s.definition, tb);
            info.tooltip += isExpanded(i) ? QStringLiteral("\n\nClick to collapse.")
                                          : QStringLiteral("\n\nClick to expand its definition.");
            info.dashed = true;
            if (isExpanded(i)) {
                spec.clusters.push_back(qs(s.name) + QStringLiteral(" = ") + expansionText(s.definition->expanded));
                cluster = static_cast<int>(spec.clusters.size() - 1);
            }
        }
        node_of_state_[i] = addNode(info, 44 + 110 * root, 30 + 40 * root, cluster);

        if (cluster < 0)
            continue;
        // The definition hangs off the composite's node inside its cluster.
        const StateDefinition& def = *s.definition;
        const int head = node_of_state_[i];
        auto defNode = [&](const QString& title, bool exit = false) {
            GraphNodeInfo d;
            d.title = title;
            d.fill = exit ? QColor(0xE8, 0xE8, 0xE8) : QColor(0xFA, 0xFA, 0xFA);
            d.small = true;
            d.dashed = exit;
            if (const std::size_t k = model_.find(title.toStdString()); k != kNoState && !exit)
                d.fill = colours_->colourOf(model_.states[k].name).lighter(150);
            return addNode(d, 30, 22, cluster);
        };
        GraphEdgeInfo def_edge;
        def_edge.definition = true;
        if (s.kind == SymbolKind::sequence) {
            int prev = head;
            for (const auto& name : def.pattern) {
                const int n = defNode(qs(name));
                addEdge(prev, n, def_edge, {});
                prev = n;
            }
        } else if (s.kind == SymbolKind::projection) {
            for (const auto& name : def.states)
                addEdge(head, defNode(qs(name)), def_edge, {});
        } else if (!def.chain.nodes.empty()) {
            std::vector<int> tree(def.chain.nodes.size(), -1);
            for (std::size_t k = 0; k < def.chain.nodes.size(); ++k) {
                const PrefixNode& pn = def.chain.nodes[k];
                if (pn.role == PrefixNode::Role::entry)
                    tree[k] = head;
                else if (pn.role == PrefixNode::Role::exit)
                    tree[k] = defNode(QStringLiteral("exit"), true);
                else
                    tree[k] = defNode(qs(pn.symbol));
            }
            for (const PrefixEdge& pe : def.chain.edges) {
                if (pe.from >= tree.size() || pe.to >= tree.size())
                    continue;
                GraphEdgeInfo ei = def_edge;
                ei.probability = pe.probability;
                ei.tooltip = QStringLiteral("%1 of %2 replaced runs").arg(pe.count).arg(def.chain.nodes[pe.from].count);
                addEdge(tree[pe.from], tree[pe.to], ei, formatDecimal(pe.probability, 2));
            }
        }
    }

    for (const ChainTransition& t : model_.transitions) {
        if (t.probability < min_probability_)
            continue;
        if (node_of_state_[t.from] < 0 || node_of_state_[t.to] < 0)
            continue;
        GraphEdgeInfo ei;
        ei.probability = t.probability;
        ei.tooltip = QStringLiteral("%1 → %2\n%3 transitions, probability %4")
                         .arg(qs(model_.states[t.from].name), qs(model_.states[t.to].name))
                         .arg(formatCount(static_cast<long long>(t.count)))
                         .arg(formatDecimal(t.probability, 4));
        addEdge(node_of_state_[t.from], node_of_state_[t.to], ei, formatDecimal(t.probability, 2));
    }

    if (spec.nodes.empty()) {
        sc->addSimpleText(QStringLiteral("No states: the sequence is empty."));
        return;
    }
    rankdir_ = spec.rankdir;
    if (spec.nodes.size() <= kLargeGraphNodes && spec.edges.size() <= kLargeGraphEdges) {
        LaidOut result = layOut(spec);
        drawLayout(*drawing, std::move(result));
        return;
    }
    // A large graph takes dot a second or more: laid out on a worker, drawn when done.
    laying_out_ = true;
    sc->addSimpleText(tr("Laying out %n state(s)…", "", static_cast<int>(model_.states.size())));
    auto* watcher = new QFutureWatcher<LaidOut>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, drawing, generation] {
        watcher->deleteLater();
        if (generation != generation_)
            return; // the model or the options changed meanwhile
        laying_out_ = false;
        scene()->clear();
        drawLayout(*drawing, watcher->result());
        if (!user_zoomed_)
            fitAll();
        emit layoutFinished();
    });
    watcher->setFuture(runInBackground([drawing] { return layOut(drawing->spec); }));
}

TransitionGraphWidget::LaidOut TransitionGraphWidget::layOut(const GraphSpec& spec)
{
    LaidOut result;
    try {
        result.layout = layout_graph(spec);
    } catch (const std::exception& e) {
        result.error = QString::fromUtf8(e.what());
    }
    return result;
}

void TransitionGraphWidget::drawLayout(const Drawing& drawing, LaidOut result)
{
    QGraphicsScene* sc = scene();
    const GraphSpec& spec = drawing.spec;
    const std::vector<GraphNodeInfo>& infos = drawing.nodes;
    const std::vector<GraphEdgeInfo>& edge_infos = drawing.edges;
    const QFontMetricsF small_fm(smallFont());
    if (!result.error.isEmpty()) {
        error_ = result.error;
        sc->addSimpleText(error_);
        node_of_state_.assign(model_.states.size(), -1);
        return;
    }
    layout_ = std::move(result.layout);

    // Clusters first (behind), then edges, then nodes on top.
    for (std::size_t k = 0; k < layout_.clusters.size(); ++k) {
        const QRectF r = layout_.clusters[k];
        auto* item =
            sc->addRect(r, QPen(definitionInk(palette()), 1, Qt::DashLine), palette().color(QPalette::AlternateBase));
        item->setZValue(-2);
        auto* label = sc->addSimpleText(spec.clusters[k], smallFont());
        label->setBrush(definitionInk(palette()));
        label->setPos(r.left() + 6, r.top() + 2);
        label->setZValue(-1);
    }
    for (std::size_t j = 0; j < layout_.edges.size(); ++j) {
        const GraphLayoutEdge& e = layout_.edges[j];
        const GraphEdgeInfo& info = edge_infos[j];
        QColor colour = info.definition ? definitionInk(palette()) : edgeInk(palette());
        colour.setAlphaF(info.definition ? 0.9 : 0.35 + 0.65 * info.probability);
        const double width = info.definition ? 1.0 : 0.8 + 3.2 * info.probability;
        QPen pen(colour, width, info.definition ? Qt::DashLine : Qt::SolidLine, Qt::RoundCap);
        auto* path = sc->addPath(splinePath(e), pen);
        path->setToolTip(info.tooltip);
        if (e.arrow_tip && !e.points.empty()) {
            auto* head =
                sc->addPolygon(arrowHead(e.points.back(), *e.arrow_tip, 6 + 2 * width), QPen(Qt::NoPen), colour);
            head->setToolTip(info.tooltip);
        }
        if (e.label_pos && !spec.edges[j].label.isEmpty()) {
            auto* label = sc->addSimpleText(spec.edges[j].label, smallFont());
            label->setBrush(info.definition ? definitionInk(palette()) : labelInk(palette()));
            const QRectF b = label->boundingRect();
            label->setPos(*e.label_pos - QPointF(b.width() / 2, b.height() / 2));
            label->setToolTip(info.tooltip);
            label->setZValue(1);
        }
    }
    for (std::size_t i = 0; i < layout_.nodes.size(); ++i) {
        const GraphNodeInfo& info = infos[i];
        const QRectF r = layout_.nodes[i];
        QPainterPath shape;
        shape.addRoundedRect(r, 6, 6);
        QPen border(info.fill.darker(150), info.small ? 1.0 : 1.5, info.dashed ? Qt::DashLine : Qt::SolidLine);
        auto* node = sc->addPath(shape, border, info.fill);
        node->setZValue(2);
        node->setData(0, QVariant::fromValue<qlonglong>(info.state));
        node->setToolTip(info.tooltip);
        if (info.state >= 0)
            node->setCursor(Qt::PointingHandCursor);
        const QColor ink = textOn(info.fill);
        auto* title = new QGraphicsSimpleTextItem(info.title, node);
        title->setFont(info.small ? smallFont() : nameFont());
        title->setBrush(ink);
        const QRectF tb_rect = title->boundingRect();
        const double lines_h = tb_rect.height() + (info.subtitle.isEmpty() ? 0 : small_fm.height());
        double y = r.center().y() - lines_h / 2;
        title->setPos(r.center().x() - tb_rect.width() / 2, y);
        if (!info.subtitle.isEmpty()) {
            auto* sub = new QGraphicsSimpleTextItem(info.subtitle, node);
            sub->setFont(smallFont());
            sub->setBrush(ink);
            sub->setPos(r.center().x() - sub->boundingRect().width() / 2, y + tb_rect.height());
        }
    }
    sc->setSceneRect(sc->itemsBoundingRect().adjusted(-20, -20, 20, 20));
}

long TransitionGraphWidget::stateAt(const QPoint& viewPos) const
{
    for (QGraphicsItem* item : items(viewPos)) {
        for (QGraphicsItem* it = item; it; it = it->parentItem()) {
            const QVariant v = it->data(0);
            if (v.isValid())
                return static_cast<long>(v.toLongLong());
        }
    }
    return -1;
}

void TransitionGraphWidget::changeEvent(QEvent* event)
{
    QGraphicsView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) { // a new theme: the inks follow it
        setBackgroundBrush(palette().base());
        if (!model_.states.empty())
            rebuild();
    }
}

void TransitionGraphWidget::wheelEvent(QWheelEvent* event)
{
    zoomBy(std::pow(1.0015, event->angleDelta().y()));
    event->accept();
}

void TransitionGraphWidget::mousePressEvent(QMouseEvent* event)
{
    press_pos_ = event->pos();
    QGraphicsView::mousePressEvent(event);
}

void TransitionGraphWidget::mouseReleaseEvent(QMouseEvent* event)
{
    QGraphicsView::mouseReleaseEvent(event);
    if (event->button() != Qt::LeftButton || (event->pos() - press_pos_).manhattanLength() > 4)
        return;
    const long state = stateAt(event->pos());
    if (state < 0)
        return;
    const auto s = static_cast<std::size_t>(state);
    emit stateClicked(s);
    if (model_.states[s].definition) {
        setExpanded(s, !isExpanded(s));
        if (!user_zoomed_) {
            fitAll();
        } else if (const int node = nodeOfState(s); node >= 0) {
            centerOn(layout_.nodes[static_cast<std::size_t>(node)].center());
        }
    }
}

bool TransitionGraphWidget::exportTo(const QString& path) const
{
    QGraphicsScene* sc = scene();
    const QRectF src = sc->sceneRect();
    if (src.isEmpty())
        return false;
    if (QFileInfo(path).suffix().compare(QStringLiteral("svg"), Qt::CaseInsensitive) == 0) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(src.size().toSize());
        svg.setViewBox(QRectF(QPointF(0, 0), src.size()));
        svg.setTitle(QStringLiteral("Transition graph"));
        QPainter p;
        if (!p.begin(&svg))
            return false;
        sc->render(&p, QRectF(QPointF(0, 0), src.size()), src);
        return p.end();
    }
    const double scale = 2.0; // crisp on high-density screens and in documents
    QImage image((src.size() * scale).toSize(), QImage::Format_ARGB32);
    image.fill(palette().color(QPalette::Base)); // the scene's inks suit the view's base
    QPainter p(&image);
    p.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    sc->render(&p, QRectF(QPointF(0, 0), src.size() * scale), src);
    p.end();
    return image.save(path);
}

} // namespace chitra::app
