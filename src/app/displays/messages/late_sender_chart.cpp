#include "displays/messages/late_sender_chart.hpp"

#include "text/number_format.hpp"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace chitra::app {

namespace {

// A table item that sorts by a number, not by its text.
class NumberItem : public QTreeWidgetItem {
public:
    using QTreeWidgetItem::QTreeWidgetItem;
    bool operator<(const QTreeWidgetItem& other) const override
    {
        const int column = treeWidget() ? treeWidget()->sortColumn() : 0;
        const QVariant a = data(column, Qt::UserRole), b = other.data(column, Qt::UserRole);
        if (a.isValid() && b.isValid())
            return a.toDouble() < b.toDouble();
        return QTreeWidgetItem::operator<(other);
    }
};

enum WaitColumn { WaitLane, WaitSent, WaitReceived, WaitBytesSent, WaitBytesReceived, WaitNs };

} // namespace

LateSenderChart::LateSenderChart(QWidget* parent)
    : QWidget(parent), summary_(new QLabel(this)), table_(new QTreeWidget(this)), plot_(new QCustomPlot(this))
{
    table_->setHeaderLabels(
        {tr("Lane"), tr("Sent"), tr("Received"), tr("Bytes sent"), tr("Bytes received"), tr("Late-sender wait")});
    table_->setRootIsDecorated(false);
    table_->setSortingEnabled(true);
    table_->sortByColumn(WaitLane, Qt::AscendingOrder);
    table_->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    plot_->setMinimumSize(240, 150);
    plot_->yAxis->setLabel(tr("late-sender wait"));
    plot_->xAxis->grid()->setVisible(false);
    summary_->setWordWrap(true);
    auto* row = new QHBoxLayout;
    row->addWidget(table_, 3);
    row->addWidget(plot_, 2);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(summary_);
    layout->addLayout(row, 1);
}

void LateSenderChart::show(const MessageMatrix& matrix, std::vector<QString> names)
{
    matrix_ = matrix;
    names_ = std::move(names);
    waits_.clear();
    waitsKnown_ = false;
    fill();
}

void LateSenderChart::showWaits(const std::vector<LaneWait>& waits)
{
    waits_ = waits;
    waitsKnown_ = waits_.size() == names_.size();
    fill();
}

QString LateSenderChart::summary() const { return summary_->text(); }

void LateSenderChart::fill()
{
    const std::size_t n = names_.size();
    Time total = 0, most = 0;
    std::size_t worst = 0;
    for (std::size_t k = 0; waitsKnown_ && k < n; ++k) {
        total += waits_[k].ns;
        if (waits_[k].ns > most)
            most = waits_[k].ns, worst = k;
    }
    summary_->setText(!waitsKnown_ ? tr("Late-sender waits: replaying the receiving lanes…")
                      : total == 0 ? tr("Late-sender waits: none (no receive waited for a send made late)")
                                   : tr("Late-sender waits: %1 in all, most on %2 (%3)")
                                         .arg(formatDuration(static_cast<double>(total), TimeBase::ns), names_[worst],
                                              formatDuration(static_cast<double>(most), TimeBase::ns)));
    table_->setSortingEnabled(false);
    table_->clear();
    for (std::size_t k = 0; k < n && matrix_.lanes == n; ++k) {
        std::uint64_t sent = 0, received = 0, bytesSent = 0, bytesReceived = 0;
        for (std::size_t j = 0; j < n; ++j) {
            sent += matrix_.count[matrix_.cell(k, j)];
            bytesSent += matrix_.bytes[matrix_.cell(k, j)];
            received += matrix_.count[matrix_.cell(j, k)];
            bytesReceived += matrix_.bytes[matrix_.cell(j, k)];
        }
        auto* item = new NumberItem(table_);
        const auto number = [item](int column, const QString& text, double value) {
            item->setText(column, text);
            item->setData(column, Qt::UserRole, value);
            item->setTextAlignment(column, Qt::AlignRight | Qt::AlignVCenter);
        };
        item->setText(WaitLane, names_[k]);
        item->setData(WaitLane, Qt::UserRole, static_cast<double>(k));
        number(WaitSent, formatCount(static_cast<long long>(sent)), static_cast<double>(sent));
        number(WaitReceived, formatCount(static_cast<long long>(received)), static_cast<double>(received));
        number(WaitBytesSent, formatBytes(static_cast<long long>(bytesSent)), static_cast<double>(bytesSent));
        number(WaitBytesReceived, formatBytes(static_cast<long long>(bytesReceived)),
               static_cast<double>(bytesReceived));
        if (waitsKnown_)
            number(WaitNs, formatDuration(static_cast<double>(waits_[k].ns), TimeBase::ns),
                   static_cast<double>(waits_[k].ns));
        else
            item->setText(WaitNs, QStringLiteral("…"));
    }
    table_->setSortingEnabled(true);

    plot_->clearPlottables();
    QVector<double> keys, values;
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    const std::size_t step = std::max<std::size_t>(1, (n + 23) / 24);
    // The axis in the unit of the largest wait.
    const double unit = most >= 1'000'000'000 ? 1e9 : most >= 1'000'000 ? 1e6 : most >= 1'000 ? 1e3 : 1;
    const QString unitName = unit == 1e9 ? "s" : unit == 1e6 ? "ms" : unit == 1e3 ? "µs" : "ns";
    for (std::size_t k = 0; waitsKnown_ && k < n; ++k) {
        keys << static_cast<double>(k);
        values << static_cast<double>(waits_[k].ns) / unit;
        if (k % step == 0)
            ticker->addTick(static_cast<double>(k), names_[k]);
    }
    auto* bars = new QCPBars(plot_->xAxis, plot_->yAxis);
    bars->setData(keys, values, true);
    bars->setWidth(0.7);
    bars->setPen(Qt::NoPen);
    bars->setBrush(QColor(203, 24, 29));
    plot_->xAxis->setTicker(ticker);
    plot_->xAxis->setTickLabelRotation(n > 6 ? 60 : 0);
    plot_->xAxis->setRange(-0.6, static_cast<double>(std::max<std::size_t>(n, 1)) - 0.4);
    plot_->yAxis->setLabel(tr("late-sender wait (%1)").arg(unitName));
    plot_->yAxis->setRange(0, std::max(1.0, static_cast<double>(most) / unit * 1.08));
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace chitra::app
