#include "chain/graph_layout.hpp"

#include <graphviz/gvc.h>

#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>

namespace chitra::app {

namespace {

// Graphviz's API takes char* everywhere but does not modify the strings.
char* cs(const char* s) { return const_cast<char*>(s); }

void set(void* obj, const char* name, const std::string& value) { agsafeset(obj, cs(name), cs(value.c_str()), cs("")); }

std::string num(double v) { return std::to_string(v); }

// Escapes a label for Graphviz's default (non-HTML) label syntax.
std::string escape_label(const QString& text)
{
    std::string out;
    for (char c : text.toStdString()) {
        if (c == '"' || c == '\\')
            out += '\\';
        out += c;
    }
    return out;
}

struct Context {
    GVC_t* gvc = gvContext();
    ~Context() { gvFreeContext(gvc); }
};

struct Graph {
    GVC_t* gvc;
    Agraph_t* g;
    bool laid_out = false;
    ~Graph()
    {
        if (laid_out)
            gvFreeLayout(gvc, g);
        agclose(g);
    }
};

} // namespace

GraphLayout layout_graph(const GraphSpec& spec)
{
    // Graphviz keeps global state: one layout at a time, whichever thread asks.
    static std::mutex graphviz;
    const std::lock_guard<std::mutex> lock(graphviz);
    Context ctx;
    if (!ctx.gvc)
        throw std::runtime_error("Graphviz: cannot create a context");
    Graph graph{ctx.gvc, agopen(cs("g"), Agdirected, nullptr)};
    Agraph_t* g = graph.g;
    set(g, "rankdir", spec.rankdir.toStdString());
    set(g, "nodesep", "0.35");
    set(g, "ranksep", "0.6");
    // Node labels are drawn by Qt; dot only needs to know the box sizes.
    agattr(g, AGNODE, cs("label"), cs(""));
    agattr(g, AGNODE, cs("fixedsize"), cs("true"));
    agattr(g, AGEDGE, cs("fontsize"), cs(num(spec.label_font_size).c_str()));

    std::vector<Agraph_t*> clusters;
    for (std::size_t k = 0; k < spec.clusters.size(); ++k) {
        std::string name = "cluster_";
        name += std::to_string(k); // (not operator+: GCC 12 warns falsely)
        Agraph_t* sub = agsubg(g, cs(name.c_str()), 1);
        set(sub, "label", escape_label(spec.clusters[k]));
        set(sub, "fontsize", num(spec.label_font_size));
        clusters.push_back(sub);
    }

    std::vector<Agnode_t*> nodes;
    for (std::size_t i = 0; i < spec.nodes.size(); ++i) {
        const GraphNodeSpec& n = spec.nodes[i];
        std::string name = "n";
        name += std::to_string(i);
        Agraph_t* owner = g;
        if (n.cluster >= 0 && n.cluster < static_cast<int>(clusters.size()))
            owner = clusters[static_cast<std::size_t>(n.cluster)];
        Agnode_t* node = agnode(owner, cs(name.c_str()), 1);
        set(node, "width", num(n.width));
        set(node, "height", num(n.height));
        set(node, "shape", n.ellipse ? "ellipse" : "box");
        nodes.push_back(node);
    }

    // dot lays an edge label out as a node of its own, and ranks and orders the graph by
    // network simplex to convergence, whose time grows steeply with the graph. A larger
    // graph gets its labels placed after the layout (xlabel) and a bounded simplex
    // (docs/performance.md, "The transition graph's layout").
    const bool large = spec.nodes.size() > kLargeGraphNodes || spec.edges.size() > kLargeGraphEdges;
    if (large) {
        set(g, "nslimit", "1");
        set(g, "nslimit1", "1");
        set(g, "mclimit", "0.2");
    }
    std::vector<Agedge_t*> edges;
    for (const GraphEdgeSpec& e : spec.edges) {
        if (e.from < 0 || e.to < 0 || e.from >= static_cast<int>(nodes.size()) ||
            e.to >= static_cast<int>(nodes.size()))
            throw std::runtime_error("Graphviz: edge refers to a missing node");
        Agedge_t* edge =
            agedge(g, nodes[static_cast<std::size_t>(e.from)], nodes[static_cast<std::size_t>(e.to)], nullptr, 1);
        if (!e.label.isEmpty())
            set(edge, large ? "xlabel" : "label", escape_label(e.label));
        set(edge, "weight", num(e.weight));
        if (!e.constraint)
            set(edge, "constraint", "false");
        edges.push_back(edge);
    }

    if (gvLayout(ctx.gvc, g, "dot") != 0)
        throw std::runtime_error("Graphviz: dot layout failed (is the dot plugin installed?)");
    graph.laid_out = true;

    // Graphviz puts the origin bottom-left with y up; Qt wants y down.
    const boxf bb = GD_bb(g);
    const double top = bb.UR.y;
    auto flip = [top](pointf p) { return QPointF(p.x, top - p.y); };

    GraphLayout out;
    out.bounds = QRectF(QPointF(bb.LL.x, 0.0), QPointF(bb.UR.x, bb.UR.y - bb.LL.y));
    for (Agnode_t* node : nodes) {
        const QPointF c = flip(ND_coord(node));
        const double w = ND_width(node) * 72.0;
        const double h = ND_height(node) * 72.0;
        out.nodes.emplace_back(c.x() - w / 2, c.y() - h / 2, w, h);
    }
    for (Agedge_t* edge : edges) {
        GraphLayoutEdge le;
        if (const splines* spl = ED_spl(edge); spl && spl->size > 0) {
            // dot gives one bezier per edge unless it is split by concentrators.
            for (int b = 0; b < spl->size; ++b) {
                const bezier& bz = spl->list[b];
                for (int p = 0; p < bz.size; ++p)
                    le.points.push_back(flip(bz.list[p]));
                if (bz.eflag)
                    le.arrow_tip = flip(bz.ep);
            }
        }
        for (textlabel_t* lbl : {ED_label(edge), ED_xlabel(edge)})
            if (lbl && lbl->set)
                le.label_pos = flip(lbl->pos);
        out.edges.push_back(std::move(le));
    }
    for (Agraph_t* sub : clusters) {
        const boxf cb = GD_bb(sub);
        out.clusters.emplace_back(QPointF(cb.LL.x, top - cb.UR.y), QPointF(cb.UR.x, top - cb.LL.y));
    }
    return out;
}

} // namespace chitra::app
