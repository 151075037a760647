// Steady state of the embedded chain (semantics.md section 4.5): closed classes by
// Tarjan's strongly connected components, then pi = pi P, sum pi = 1 on the one closed
// class by an LU of the augmented system (dense when small, sparse when large).
#include "chitra/chain/chain.hpp"

#include <Eigen/Dense>
#include <Eigen/Sparse>
#include <Eigen/SparseLU>

#include <algorithm>
#include <numeric>

namespace chitra {

namespace {

struct Edge {
    std::size_t to;
    double p;
};

// Strongly connected components (iterative Tarjan); returns the component of each
// active vertex (kNoState for inactive ones) and the number of components.
std::size_t strong_components(const std::vector<std::vector<Edge>>& adj, const std::vector<bool>& active,
                              std::vector<std::size_t>& comp)
{
    const std::size_t n = adj.size();
    constexpr std::size_t unvisited = kNoState;
    std::vector<std::size_t> index(n, unvisited), low(n, 0);
    std::vector<bool> on_stack(n, false);
    std::vector<std::size_t> stack;
    std::vector<std::pair<std::size_t, std::size_t>> calls; // (vertex, next edge)
    comp.assign(n, kNoState);
    std::size_t counter = 0, components = 0;
    for (std::size_t root = 0; root < n; ++root) {
        if (!active[root] || index[root] != unvisited)
            continue;
        index[root] = low[root] = counter++;
        stack.push_back(root);
        on_stack[root] = true;
        calls.emplace_back(root, 0);
        while (!calls.empty()) {
            auto& [v, next] = calls.back();
            if (next < adj[v].size()) {
                const std::size_t w = adj[v][next++].to;
                if (index[w] == unvisited) {
                    index[w] = low[w] = counter++;
                    stack.push_back(w);
                    on_stack[w] = true;
                    calls.emplace_back(w, 0);
                } else if (on_stack[w]) {
                    low[v] = std::min(low[v], index[w]);
                }
                continue;
            }
            const std::size_t done = v;
            if (low[done] == index[done]) {
                std::size_t w;
                do {
                    w = stack.back();
                    stack.pop_back();
                    on_stack[w] = false;
                    comp[w] = components;
                } while (w != done);
                ++components;
            }
            calls.pop_back();
            if (!calls.empty()) {
                const std::size_t parent = calls.back().first;
                low[parent] = std::min(low[parent], low[done]);
            }
        }
    }
    return components;
}

// pi on one closed class: rows of P restricted to the class sum to 1.
std::vector<double> stationary(const std::vector<std::vector<Edge>>& adj, const std::vector<std::size_t>& cls)
{
    const std::size_t k = cls.size();
    if (k == 1)
        return {1.0};
    std::vector<std::size_t> pos(adj.size(), kNoState);
    for (std::size_t i = 0; i < k; ++i)
        pos[cls[i]] = i;
    // (P^T - I) pi = 0 with its last equation replaced by sum pi = 1: the rows of
    // P^T - I add up to zero, so any one of them is redundant.
    const auto last = static_cast<Eigen::Index>(k - 1);
    Eigen::VectorXd b = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(k));
    b(last) = 1.0;
    Eigen::VectorXd x;
    constexpr std::size_t kDenseLimit = 400;
    if (k <= kDenseLimit) {
        Eigen::MatrixXd a = -Eigen::MatrixXd::Identity(static_cast<Eigen::Index>(k), static_cast<Eigen::Index>(k));
        for (std::size_t i = 0; i < k; ++i)
            for (const Edge& e : adj[cls[i]])
                a(static_cast<Eigen::Index>(pos[e.to]), static_cast<Eigen::Index>(i)) += e.p;
        a.row(last).setOnes();
        x = a.partialPivLu().solve(b);
    } else {
        std::vector<Eigen::Triplet<double>> t;
        for (std::size_t i = 0; i < k; ++i) {
            const auto col = static_cast<Eigen::Index>(i);
            if (col != last)
                t.emplace_back(col, col, -1.0);
            for (const Edge& e : adj[cls[i]]) {
                const auto row = static_cast<Eigen::Index>(pos[e.to]);
                if (row != last)
                    t.emplace_back(row, col, e.p);
            }
            t.emplace_back(last, col, 1.0);
        }
        Eigen::SparseMatrix<double> a(static_cast<Eigen::Index>(k), static_cast<Eigen::Index>(k));
        a.setFromTriplets(t.begin(), t.end()); // duplicates (self-loops) are summed
        Eigen::SparseLU<Eigen::SparseMatrix<double>> lu;
        lu.analyzePattern(a);
        lu.factorize(a);
        x = lu.solve(b);
    }
    std::vector<double> pi(k);
    double sum = 0.0;
    for (std::size_t i = 0; i < k; ++i) {
        pi[i] = std::max(0.0, x(static_cast<Eigen::Index>(i))); // rounding can leave -1e-17
        sum += pi[i];
    }
    for (double& p : pi)
        p = sum > 0 ? p / sum : 1.0 / static_cast<double>(k);
    return pi;
}

// The state every lane is idle in (`-`) after the program finished, entered only as the
// last element of a sequence: every visit followed by OTHER (which follows only the last
// element of each sequence: one for a trace, one per lane or run pooled or merged).
std::size_t run_end_state(const SemiMarkovModel& model)
{
    const std::size_t other = model.other();
    for (const ChainTransition& t : model.transitions) {
        if (t.to != other || t.from >= model.states.size())
            continue;
        const ChainState& last = model.states[t.from];
        const bool all_idle = !last.components.empty() && std::all_of(last.components.begin(), last.components.end(),
                                                                      [](const std::string& c) { return c == "-"; });
        return all_idle && last.count == t.count && last.kind != SymbolKind::other ? t.from : kNoState;
    }
    return kNoState;
}

} // namespace

SteadyState solve_steady_state(const SemiMarkovModel& model)
{
    SteadyState result;
    const std::size_t n = model.states.size();
    std::vector<bool> active(n);
    for (std::size_t i = 0; i < n; ++i)
        active[i] = model.states[i].kind != SymbolKind::other;

    // Drop OTHER and the transitions into it, renormalise the rows.
    std::vector<std::vector<Edge>> adj(n);
    std::vector<double> row(n, 0.0);
    for (const auto& t : model.transitions) {
        if (t.from >= n || t.to >= n || !active[t.from] || !active[t.to] || !(t.probability > 0))
            continue;
        adj[t.from].push_back({t.to, t.probability});
        row[t.from] += t.probability;
    }
    for (std::size_t i = 0; i < n; ++i)
        for (Edge& e : adj[i])
            e.p /= row[i];

    // A run that ends: the transitions into its final state go, the rows stay as they
    // are, and a state that led there leaks probability out of any class it is in.
    result.run_end = run_end_state(model);
    std::vector<bool> leaks(n, false);
    if (result.run_end != kNoState) {
        active[result.run_end] = false;
        adj[result.run_end].clear();
        for (std::size_t v = 0; v < n; ++v) {
            const auto into_end = [&](const Edge& e) { return e.to == result.run_end; };
            if (std::any_of(adj[v].begin(), adj[v].end(), into_end)) {
                leaks[v] = true;
                std::erase_if(adj[v], into_end);
            }
        }
    }

    std::vector<std::size_t> comp;
    const std::size_t components = strong_components(adj, active, comp);
    std::vector<bool> closed(components, true);
    for (std::size_t v = 0; v < n; ++v) {
        if (leaks[v])
            closed[comp[v]] = false;
        for (const Edge& e : adj[v])
            if (comp[v] != comp[e.to])
                closed[comp[v]] = false;
    }
    // Classes listed by their first state index; states within a class ascending.
    std::vector<std::size_t> class_of(components, kNoState);
    for (std::size_t v = 0; v < n; ++v) {
        if (!active[v] || !closed[comp[v]])
            continue;
        if (class_of[comp[v]] == kNoState) {
            class_of[comp[v]] = result.closed_classes.size();
            result.closed_classes.emplace_back();
        }
        result.closed_classes[class_of[comp[v]]].push_back(v);
    }
    if (result.closed_classes.size() != 1)
        return result;

    const auto& cls = result.closed_classes.front();
    const std::vector<double> pi = stationary(adj, cls);
    result.defined = true;
    result.embedded.assign(n, 0.0);
    double weight = 0.0;
    for (std::size_t i = 0; i < cls.size(); ++i) {
        result.embedded[cls[i]] = pi[i];
        weight += pi[i] * model.states[cls[i]].mean;
    }
    if (weight > 0) {
        std::vector<double> share(n, 0.0);
        for (std::size_t v : cls)
            share[v] = result.embedded[v] * model.states[v].mean / weight;
        result.time_share = std::move(share);
    }
    return result;
}

} // namespace chitra
