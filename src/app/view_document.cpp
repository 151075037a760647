#include "view_document.hpp"

#include "number_format.hpp"
#include "palette.hpp"
#include "step_command.hpp"
#include "step_engine.hpp"

#include <QStringList>
#include <QUndoStack>

#include <algorithm>
#include <numeric>

namespace chitra::app {

QString BrushedPattern::label() const
{
    QStringList l;
    for (const auto& n : names)
        l << QString::fromStdString(n);
    return l.join(", ");
}

ViewDocument::ViewDocument(std::shared_ptr<const Trace> trace, QString name, QObject* parent)
    : QObject(parent), trace_(std::move(trace)), name_(std::move(name)), undo_(new QUndoStack(this))
{
    engine_ = std::make_unique<StepEngine>(std::make_shared<const Ses>(Ses::from_trace(*trace_)));
    ses_ = engine_->result();
    rebuildLanes();
}

ViewDocument::~ViewDocument() = default;

void ViewDocument::setName(const QString& name)
{
    if (name == name_)
        return;
    name_ = name;
    emit nameChanged();
}

int ViewDocument::laneOf(SymbolId s) const
{
    return s < laneOf_.size() ? laneOf_[s] : -1;
}

void ViewDocument::setYOrder(YOrder order)
{
    if (order == order_)
        return;
    order_ = order;
    rebuildLanes();
    emit lanesChanged();
}

void ViewDocument::rebuildLanes()
{
    const Ses& ses = *ses_;
    const std::size_t nsym = ses.symbols->size();
    std::vector<std::uint32_t> firstSeen(nsym, 0xFFFFFFFFu);
    std::vector<double> total(nsym, 0.0);
    for (std::size_t i = 0; i < ses.size(); ++i) {
        const SymbolId s = ses.symbol[i];
        if (firstSeen[s] == 0xFFFFFFFFu)
            firstSeen[s] = static_cast<std::uint32_t>(std::min<std::size_t>(i, 0xFFFFFFFEu));
        total[s] += static_cast<double>(ses.occupancy(i));
    }
    laneSymbols_.clear();
    for (SymbolId s = 0; s < nsym; ++s)
        if (firstSeen[s] != 0xFFFFFFFFu)
            laneSymbols_.push_back(s);
    switch (order_) {
    case YOrder::FirstAppearance:
        std::sort(laneSymbols_.begin(), laneSymbols_.end(),
                  [&](SymbolId a, SymbolId b) { return firstSeen[a] < firstSeen[b]; });
        break;
    case YOrder::Name:
        std::sort(laneSymbols_.begin(), laneSymbols_.end(),
                  [&](SymbolId a, SymbolId b) { return (*ses.symbols)[a].name < (*ses.symbols)[b].name; });
        break;
    case YOrder::TimeShare: // largest share at the top, i.e. on the highest lane
        std::stable_sort(laneSymbols_.begin(), laneSymbols_.end(),
                         [&](SymbolId a, SymbolId b) { return total[a] < total[b]; });
        break;
    }
    laneOf_.assign(nsym, -1);
    for (std::size_t l = 0; l < laneSymbols_.size(); ++l)
        laneOf_[laneSymbols_[l]] = static_cast<int>(l);
    std::vector<std::uint32_t> lanes(ses.size());
    for (std::size_t i = 0; i < ses.size(); ++i)
        lanes[i] = static_cast<std::uint32_t>(laneOf_[ses.symbol[i]]);
    summary_.build(std::move(lanes));
}

const std::vector<Step>& ViewDocument::steps() const { return engine_->steps(); }

std::optional<QString> ViewDocument::pushStep(const Step& step)
{
    try {
        engine_->push(step);
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    resultChanged();
    undo_->push(new StepCommand(this, step));
    return std::nullopt;
}

void ViewDocument::redoStep(const Step& step)
{
    try {
        engine_->push(step);
    } catch (const std::exception&) {
        return; // replay is deterministic: a step that applied once applies again
    }
    resultChanged();
}

void ViewDocument::undoStep()
{
    engine_->pop();
    resultChanged();
}

void ViewDocument::resultChanged()
{
    ses_ = engine_->result();
    rebuildLanes();
    rematchPatterns();
    emit sesChanged();
    emit patternsChanged();
}

void ViewDocument::setSelection(RecordRange range)
{
    if (range == selection_)
        return;
    selection_ = range;
    emit selectionChanged();
}

int ViewDocument::addPattern(std::vector<std::string> names)
{
    if (names.empty())
        return -1;
    BrushedPattern p;
    p.names = std::move(names);
    p.colour = patternColour(patternsMade_++);
    patterns_.push_back(std::move(p));
    rematchPatterns();
    emit patternsChanged();
    return static_cast<int>(patterns_.size()) - 1;
}

void ViewDocument::removePattern(int index)
{
    if (index < 0 || index >= static_cast<int>(patterns_.size()))
        return;
    patterns_.erase(patterns_.begin() + index);
    emit patternsChanged();
}

void ViewDocument::rematchPatterns()
{
    const Ses& ses = *ses_;
    for (auto& p : patterns_) {
        p.starts.clear();
        p.elementShare = p.timeShare = 0;
        std::vector<SymbolId> ids;
        for (const auto& n : p.names) {
            const SymbolId id = ses.symbols->find(n);
            if (id == kNoSymbol)
                break;
            ids.push_back(id);
        }
        if (ids.size() != p.names.size())
            continue; // a symbol of the pattern was replaced: nothing matches any more
        p.starts = findPatternMatches(ses, ids);
        const std::size_t k = ids.size();
        double time = 0;
        for (std::size_t s : p.starts)
            time += static_cast<double>(ses.bounds[s + k] - ses.bounds[s]);
        if (!ses.empty())
            p.elementShare = static_cast<double>(p.starts.size() * k) / static_cast<double>(ses.size());
        if (ses.total() > 0)
            p.timeShare = time / static_cast<double>(ses.total());
    }
}

QString ViewDocument::suggestName(int index) const
{
    const auto& p = patterns_.at(static_cast<std::size_t>(index));
    // Short names joined, as analysts write them (LOCK WORK UNLOCK -> LOCK_WORK_UNLOCK),
    // made unique with a number.
    QString base;
    for (const auto& n : p.names)
        base += (base.isEmpty() ? "" : "_") + QString::fromStdString(n);
    if (base.size() > 24)
        base = "P" + QString::number(index + 1);
    QString name = base;
    for (int k = 2; ses_->symbols->find(name.toStdString()) != kNoSymbol; ++k)
        name = base + QString::number(k);
    return name;
}

std::optional<QString> ViewDocument::aggregatePattern(int index, const QString& name)
{
    if (index < 0 || index >= static_cast<int>(patterns_.size()))
        return QString("no such pattern");
    if (name.trimmed().isEmpty())
        return QString("the composite needs a name");
    if (ses_->symbols->find(name.toStdString()) != kNoSymbol)
        return QString("the name %1 is already taken").arg(name);
    step::Aggregate a{patterns_[static_cast<std::size_t>(index)].names, name.toStdString()};
    auto error = pushStep(a);
    if (!error)
        removePattern(index);
    return error;
}

} // namespace chitra::app
