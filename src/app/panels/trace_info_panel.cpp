#include "panels/trace_info_panel.hpp"
#include "document/lane_pool.hpp"

#include "chitra/lanes/lane_trace.hpp"
#include "document/view_document.hpp"
#include "text/number_format.hpp"

#include <QAction>
#include <QClipboard>
#include <QFormLayout>
#include <QGuiApplication>
#include <QLabel>
#include <QVBoxLayout>

namespace chitra::app {

TraceInfoPanel::TraceInfoPanel(QWidget* parent) : QWidget(parent)
{
    message_ = new QLabel(this);
    message_->setTextFormat(Qt::PlainText);
    message_->setWordWrap(true);
    form_ = new QFormLayout;
    form_->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form_->setLabelAlignment(Qt::AlignLeft);
    form_->setHorizontalSpacing(8);
    form_->setVerticalSpacing(2);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(message_);
    layout->addLayout(form_);
    layout->addStretch(1);
    // Made with the window: making them when a trace opens took longer than filling them.
    addLabels(kRowsOfATrace);
    // Copied as a whole from the context menu: labels whose text the mouse can select
    // are laid out as text documents, too slow for the whole panel (docs/performance.md).
    auto* copy = new QAction(tr("Copy trace information"), this);
    connect(copy, &QAction::triggered, this, [this] { QGuiApplication::clipboard()->setText(shownText()); });
    addAction(copy);
    setContextMenuPolicy(Qt::ActionsContextMenu);
}

void TraceInfoPanel::setRows(std::vector<Row> rows)
{
    rows_ = std::move(rows);
    shown_ = false;
    if (onScreen_) // a panel out of sight fills its labels when it comes on screen
        showRowsLater_.request();
}

void TraceInfoPanel::addLabels(std::size_t rows)
{
    while (labels_.size() < rows) {
        auto* name = new QLabel(this);
        name->setTextFormat(Qt::PlainText);
        QFont bold = name->font();
        bold.setBold(true);
        name->setFont(bold);
        auto* value = new QLabel(this);
        value->setTextFormat(Qt::PlainText);
        value->setWordWrap(true);
        form_->addRow(name, value);
        form_->setRowVisible(form_->rowCount() - 1, false);
        labels_.emplace_back(name, value);
    }
}

void TraceInfoPanel::showRows()
{
    if (shown_)
        return;
    shown_ = true;
    // A single row without a name is a message (no trace open).
    const bool message = rows_.size() == 1 && rows_[0].first.isEmpty();
    message_->setText(message ? rows_[0].second : QString());
    message_->setVisible(message);
    const std::size_t n = message ? 0 : rows_.size();
    addLabels(n);
    for (std::size_t i = 0; i < labels_.size(); ++i) {
        if (i < n) {
            labels_[i].first->setText(rows_[i].first);
            labels_[i].second->setText(rows_[i].second);
        }
        form_->setRowVisible(static_cast<int>(i), i < n);
    }
}

QString TraceInfoPanel::shownText() const
{
    QStringList lines;
    if (message_->isVisibleTo(this))
        lines << message_->text();
    for (std::size_t i = 0; i < labels_.size(); ++i)
        if (labels_[i].first->isVisibleTo(this))
            lines << labels_[i].first->text() + ": " + labels_[i].second->text();
    return lines.join('\n');
}

void TraceInfoPanel::setOnScreen(bool on)
{
    onScreen_ = on;
    if (on)
        showRows();
}

void TraceInfoPanel::show(const ViewDocument* doc, const QString& path, qint64 bytes)
{
    if (!doc) {
        setRows({{QString(), tr("No trace open. File ▸ Open (Ctrl+O), or drop trace files here.")}});
        return;
    }
    const Trace& t = doc->trace();
    const Ses& ses = doc->ses();
    const TimeBase base = t.header.timebase;
    QStringList fields;
    for (const auto& f : t.header.fields)
        fields << QString("%1 (%2)").arg(QString::fromStdString(f.name),
                                         QString::fromStdString(std::string(to_string(f.kind))));
    const Time first = t.size() ? t.times[0] : 0;
    const Time last = t.size() ? (t.header.end ? *t.header.end : t.times[t.size() - 1]) : 0;
    std::vector<Row> rows;
    const auto row = [&rows](const QString& name, const QString& value) { rows.emplace_back(name, value); };
    row(tr("records"), formatCount(static_cast<long long>(t.size())));
    row(tr("states"), formatCount(static_cast<long long>(t.symbols ? t.symbols->size() : 0)));
    row(tr("components"), QString::number(t.header.components));
    // States formed from some of the lanes only (too many distinct states otherwise).
    if (t.lanes && t.lanes->lanes.size() > t.header.components)
        row(tr("lanes"), tr("%1; the states are those of %2 of them (the lanes view shows every lane)")
                             .arg(t.lanes->lanes.size())
                             .arg(t.header.components));
    row(tr("span"),
        formatDuration(static_cast<double>(last - first), base) +
            QString(" (%1 … %2)")
                .arg(formatTime(static_cast<double>(first), base), formatTime(static_cast<double>(last), base)));
    row(tr("time base"), QString::fromStdString(std::string(to_string(base))));
    row(tr("fields"), fields.isEmpty() ? tr("none") : fields.join(", "));
    if (const LanePool* pool = doc->lanePool()) {
        const LaneTrace& all = doc->laneTracks()->trace();
        row(tr("analysed"),
            pool->lanes.size() == 1
                ? tr("%1: the views show it; the lanes view shows every lane").arg(pool->describe(all))
                : tr("%1: the views show %2; the pipeline applies to each lane and the model pools them")
                      .arg(pool->describe(all), QString::fromStdString(all.lanes.at(pool->lanes.front()).name)));
    }
    row(tr("view"), doc->name());
    row(tr("elements"), formatCount(static_cast<long long>(ses.size())));
    row(tr("symbols"), formatCount(doc->laneCount()));
    row(tr("steps"), QString::number(doc->steps().size()));
    row(tr("file"), path);
    row(tr("size"), formatBytes(bytes));
    setRows(std::move(rows));
}

} // namespace chitra::app
