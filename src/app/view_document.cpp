#include "view_document.hpp"

#include "number_format.hpp"
#include "palette.hpp"
#include "chitra/pattern.hpp"
#include "chitra/pipeline_runner.hpp"
#include "step_command.hpp"
#include "step_text.hpp"

#include <QStringList>
#include <QUndoStack>

#include <algorithm>
#include <numeric>
#include <unordered_map>

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
    runner_ = std::make_unique<PipelineRunner>(base_ses(*trace_));
    // The displays and background jobs share an immutable copy of the runner's result.
    ses_ = std::make_shared<const Ses>(runner_->result());
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

void ViewDocument::setCustomOrder(std::vector<std::string> names)
{
    customOrder_ = std::move(names);
    order_ = YOrder::Custom;
    rebuildLanes();
    emit lanesChanged();
}

std::vector<std::string> ViewDocument::laneNames() const
{
    std::vector<std::string> names;
    names.reserve(laneSymbols_.size());
    for (SymbolId s : laneSymbols_)
        names.push_back((*ses_->symbols)[s].name);
    return names;
}

SymbolId ViewDocument::pickedState() const
{
    if (picked_.empty())
        return kNoSymbol;
    const SymbolId s = ses_->symbols->find(picked_);
    return s != kNoSymbol && laneOf(s) >= 0 ? s : kNoSymbol;
}

void ViewDocument::setPickedState(SymbolId symbol)
{
    const std::string name = symbol < ses_->symbols->size() ? (*ses_->symbols)[symbol].name : std::string();
    if (name == picked_)
        return;
    picked_ = name;
    emit pickedStateChanged();
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
    case YOrder::Custom: { // named states in the given order, then the rest as they appeared
        std::unordered_map<std::string, std::size_t> rank;
        for (std::size_t i = 0; i < customOrder_.size(); ++i)
            rank.emplace(customOrder_[i], i);
        auto key = [&](SymbolId s) {
            const auto it = rank.find((*ses.symbols)[s].name);
            return it != rank.end() ? std::make_pair(0, static_cast<std::uint64_t>(it->second))
                                    : std::make_pair(1, static_cast<std::uint64_t>(firstSeen[s]));
        };
        std::sort(laneSymbols_.begin(), laneSymbols_.end(), [&](SymbolId a, SymbolId b) { return key(a) < key(b); });
        break;
    }
    }
    laneOf_.assign(nsym, -1);
    for (std::size_t l = 0; l < laneSymbols_.size(); ++l)
        laneOf_[laneSymbols_[l]] = static_cast<int>(l);
    std::vector<std::uint32_t> lanes(ses.size());
    for (std::size_t i = 0; i < ses.size(); ++i)
        lanes[i] = static_cast<std::uint32_t>(laneOf_[ses.symbol[i]]);
    summary_.build(std::move(lanes));
}

const std::vector<Step>& ViewDocument::steps() const { return runner_->pipeline().steps; }
Pipeline ViewDocument::pipeline() const { return runner_->pipeline(); }

QStringList ViewDocument::stepWarnings(std::size_t index) const
{
    QStringList l;
    if (index < runner_->size())
        for (const auto& w : runner_->step_warnings(index))
            l << QString::fromStdString(w);
    return l;
}

std::optional<QString> ViewDocument::pushStep(const Step& step)
{
    const Pipeline before = runner_->pipeline();
    try {
        runner_->push_step(step);
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    resultChanged();
    undo_->push(new StepCommand(this, before, runner_->pipeline(), describeStep(step)));
    QStringList warnings;
    const std::size_t i = runner_->size() - 1;
    for (const QString& w : stepWarnings(i))
        warnings << QString::fromStdString(step_label(i, step)) + ": " + w;
    if (!warnings.isEmpty())
        emit warningsRaised(warnings);
    return std::nullopt;
}

std::optional<QString> ViewDocument::removeStep(std::size_t index)
{
    if (index >= runner_->size())
        return QString("there is no step %1").arg(index + 1);
    const Pipeline before = runner_->pipeline();
    const QString text = QString("remove %1").arg(describeStep(before.steps[index]));
    try {
        runner_->remove_step(index);
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    resultChanged();
    undo_->push(new StepCommand(this, before, runner_->pipeline(), text));
    return std::nullopt;
}

std::optional<QString> ViewDocument::replaceStep(std::size_t index, const Step& step)
{
    if (index >= runner_->size())
        return QString("there is no step %1").arg(index + 1);
    const Pipeline before = runner_->pipeline();
    if (before.steps[index] == step)
        return std::nullopt;
    Pipeline after = before;
    after.steps[index] = step;
    std::vector<std::vector<std::string>> old;
    for (std::size_t j = 0; j < runner_->size(); ++j)
        old.push_back(runner_->step_warnings(j));
    try {
        runner_->set_pipeline(after);
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    // Like a removal: a later step that now names a vanished symbol refuses the edit.
    for (std::size_t j = index + 1; j < runner_->size(); ++j)
        for (const auto& w : runner_->step_warnings(j))
            if (std::find(old[j].begin(), old[j].end(), w) == old[j].end()) {
                runner_->set_pipeline(before); // the cached prefix makes this cheap
                return QString("cannot change %1: %2 depends on it: %3")
                    .arg(QString::fromStdString(step_label(index, before.steps[index])),
                         QString::fromStdString(step_label(j, after.steps[j])), QString::fromStdString(w));
            }
    resultChanged();
    undo_->push(new StepCommand(this, before, after, QString("edit %1").arg(describeStep(step))));
    QStringList warnings;
    for (const QString& w : stepWarnings(index))
        warnings << QString::fromStdString(step_label(index, step)) + ": " + w;
    if (!warnings.isEmpty())
        emit warningsRaised(warnings);
    return std::nullopt;
}

void ViewDocument::applyPipeline(const Pipeline& pipeline)
{
    try {
        runner_->set_pipeline(pipeline);
    } catch (const std::exception&) {
        return; // replay is deterministic: a pipeline that applied once applies again
    }
    resultChanged();
}

void ViewDocument::resultChanged()
{
    ses_ = std::make_shared<const Ses>(runner_->result());
    rebuildLanes();
    rematchPatterns();
    emit sesChanged();
    emit patternsChanged();
}

void ViewDocument::setDisplayOpen(int display, bool open)
{
    if (display == 0 || open == displayOpen(display))
        return;
    if (open)
        closedDisplays_.remove(display);
    else
        closedDisplays_.insert(display);
    emit displaysChanged();
}

void ViewDocument::setSelection(RecordRange range)
{
    if (range == selection_)
        return;
    selection_ = range;
    emit selectionChanged();
}

void ViewDocument::setPatternColour(int index, const QColor& colour)
{
    if (index < 0 || index >= static_cast<int>(patterns_.size()) || patterns_[static_cast<std::size_t>(index)].colour == colour)
        return;
    patterns_[static_cast<std::size_t>(index)].colour = colour;
    emit patternsChanged();
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
        p.starts = find_pattern(ses, std::span<const SymbolId>(ids)).starts;
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
