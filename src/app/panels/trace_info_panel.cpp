#include "panels/trace_info_panel.hpp"

#include "chitra/lanes/lane_trace.hpp"
#include "text/number_format.hpp"
#include "document/view_document.hpp"

#include <QLabel>
#include <QVBoxLayout>

namespace chitra::app {

TraceInfoPanel::TraceInfoPanel(QWidget* parent) : QWidget(parent)
{
    label_ = new QLabel(this);
    label_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label_->setWordWrap(true);
    label_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(label_);
    layout->addStretch(1);
    pending_ = new QTimer(this);
    pending_->setSingleShot(true);
    pending_->setInterval(3);
    connect(pending_, &QTimer::timeout, this, [this] { label_->setText(text_); });
}

void TraceInfoPanel::setText(const QString& text)
{
    text_ = text;
    pending_->start();
}

void TraceInfoPanel::show(const ViewDocument* doc, const QString& path, qint64 bytes)
{
    if (!doc) {
        setText(tr("No trace open. File ▸ Open (Ctrl+O), or drop trace files here."));
        return;
    }
    const Trace& t = doc->trace();
    const Ses& ses = doc->ses();
    const TimeBase base = t.header.timebase;
    QStringList fields;
    for (const auto& f : t.header.fields)
        fields << QString("%1 (%2)").arg(QString::fromStdString(f.name), QString::fromStdString(std::string(to_string(f.kind))));
    const Time first = t.size() ? t.times[0] : 0;
    const Time last = t.size() ? (t.header.end ? *t.header.end : t.times[t.size() - 1]) : 0;
    auto row = [](const QString& k, const QString& v) {
        return QString("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(k, v.toHtmlEscaped());
    };
    QString html = "<table cellspacing=2>";
    html += row(tr("records"), formatCount(static_cast<long long>(t.size())));
    html += row(tr("states"), formatCount(static_cast<long long>(t.symbols ? t.symbols->size() : 0)));
    html += row(tr("components"), QString::number(t.header.components));
    // States formed from some of the lanes only (too many distinct states otherwise).
    if (t.lanes && t.lanes->lanes.size() > t.header.components)
        html += row(tr("lanes"), tr("%1; the states are those of %2 of them (the lanes view shows every lane)")
                                     .arg(t.lanes->lanes.size())
                                     .arg(t.header.components));
    html += row(tr("span"), formatDuration(static_cast<double>(last - first), base) +
                                QString(" (%1 … %2)").arg(formatTime(static_cast<double>(first), base), formatTime(static_cast<double>(last), base)));
    html += row(tr("time base"), QString::fromStdString(std::string(to_string(base))));
    html += row(tr("fields"), fields.isEmpty() ? tr("none") : fields.join(", "));
    html += row(tr("view"), doc->name());
    html += row(tr("elements"), formatCount(static_cast<long long>(ses.size())));
    html += row(tr("symbols"), formatCount(doc->laneCount()));
    html += row(tr("steps"), QString::number(doc->steps().size()));
    html += row(tr("file"), path);
    html += row(tr("size"), formatBytes(bytes));
    html += "</table>";
    setText(html);
}

} // namespace chitra::app
