// Lays out a directed graph with Graphviz's `dot` and returns plain Qt geometry.
//
// Public interface:
//   GraphSpec spec;                       // nodes (size in inches), edges, clusters
//   GraphLayout layout = layout_graph(spec);
//   layout.nodes[i]   : box of node i (Qt coordinates: points, y down, origin top-left)
//   layout.edges[j]   : cubic Bezier points of edge j, arrow tip, label position
//   layout.clusters[k]: box of cluster k
// No drawing happens here; TransitionGraphWidget draws the result.
// Graphviz is not thread-safe: layout_graph lets one call in at a time, from any thread.
#pragma once

#include <QPointF>
#include <QRectF>
#include <QString>

#include <optional>
#include <vector>

namespace chitra::app {

struct GraphNodeSpec {
    double width = 0.75; // inches (Graphviz's unit; 72 points each)
    double height = 0.5; // inches
    bool ellipse = true; // else a box
    int cluster = -1;    // index into GraphSpec::clusters, -1 for the top level
};

struct GraphEdgeSpec {
    int from = 0;
    int to = 0;
    QString label;       // reserved space for the label; empty for none
    double weight = 1.0; // dot's edge weight (higher pulls the ends closer)
    bool constraint = true;
};

struct GraphSpec {
    std::vector<GraphNodeSpec> nodes;
    std::vector<GraphEdgeSpec> edges;
    std::vector<QString> clusters; // cluster labels
    QString rankdir = QStringLiteral("LR");
    double label_font_size = 10.0; // points, used by dot to size edge labels
};

struct GraphLayoutEdge {
    // A cubic Bezier spline: p0, then (c1, c2, p) per segment. Empty if dot drew none.
    std::vector<QPointF> points;
    std::optional<QPointF> arrow_tip; // the arrowhead points from points.back() to here
    std::optional<QPointF> label_pos; // centre of the edge label
};

struct GraphLayout {
    QRectF bounds;                      // the whole drawing
    std::vector<QRectF> nodes;          // same order as GraphSpec::nodes
    std::vector<GraphLayoutEdge> edges; // same order as GraphSpec::edges
    std::vector<QRectF> clusters;       // same order as GraphSpec::clusters
};

// Beyond these sizes the edge labels are placed after the layout instead of in it, and
// dot's network simplex is bounded: dot's time grows steeply with labelled edges.
inline constexpr std::size_t kLargeGraphNodes = 32;
inline constexpr std::size_t kLargeGraphEdges = 128;

// Throws std::runtime_error if Graphviz cannot lay the graph out (e.g. no dot plugin).
GraphLayout layout_graph(const GraphSpec& spec);

} // namespace chitra::app
