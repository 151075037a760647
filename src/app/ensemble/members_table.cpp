#include "ensemble/members_table.hpp"

#include "plotting/palette.hpp"

#include <QHeaderView>

namespace chitra::app {

MembersTable::MembersTable(QWidget* parent) : QTableWidget(parent)
{
    setObjectName(QStringLiteral("ensembleMembers"));
    setAlternatingRowColors(true);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                    QAbstractItemView::AnyKeyPressed);
    verticalHeader()->hide();
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    horizontalHeader()->setStretchLastSection(true);
    connect(this, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        const int p = item->column() - 1;
        if (filling_ || p < 0 || p >= static_cast<int>(parameters_.size()))
            return;
        emit parameterEdited(item->row(), QString::fromStdString(parameters_[p]), item->text().trimmed());
    });
}

int MembersTable::parameterColumn(const QString& name) const
{
    for (std::size_t p = 0; p < parameters_.size(); ++p)
        if (QString::fromStdString(parameters_[p]) == name)
            return 1 + static_cast<int>(p);
    return -1;
}

void MembersTable::showRuns(const std::vector<EnsembleRun>& runs)
{
    filling_ = true;
    parameters_ = parameterNames(runs);
    QStringList headers{tr("File")};
    for (const std::string& name : parameters_)
        headers << QString::fromStdString(name);
    headers << tr("Elements") << tr("Pipeline") << tr("Spectral distance") << tr("Mode");
    clear();
    setColumnCount(static_cast<int>(headers.size()));
    setHorizontalHeaderLabels(headers);
    setRowCount(static_cast<int>(runs.size()));
    auto fixed = [](const QString& text) {
        auto* item = new QTableWidgetItem(text);
        item->setFlags(item->flags() & ~Qt::ItemIsEditable);
        return item;
    };
    for (int row = 0; row < rowCount(); ++row) {
        const EnsembleRun& run = runs[row];
        QTableWidgetItem* file = fixed(run.input.label);
        file->setToolTip(run.paramNote.isEmpty() ? run.input.path : run.input.path + "\n" + run.paramNote);
        setItem(row, 0, file);
        for (std::size_t p = 0; p < parameters_.size(); ++p) {
            const auto found = run.params.find(parameters_[p]);
            auto* item =
                new QTableWidgetItem(found == run.params.end() ? QString() : QString::fromStdString(found->second));
            item->setToolTip(tr("Type a value to set this member's %1").arg(QString::fromStdString(parameters_[p])));
            setItem(row, 1 + static_cast<int>(p), item);
        }
        QString elements, pipeline, distance, mode;
        QString pipelineTip;
        if (run.measured) {
            const MemberMeasurement& m = *run.measured;
            if (!m.error.isEmpty()) {
                pipeline = tr("refused");
                pipelineTip = m.error;
            } else {
                elements = QString::number(m.elements);
                if (!m.warnings.isEmpty()) {
                    pipeline = tr("⚠ %n warning(s)", nullptr, static_cast<int>(m.warnings.size()));
                    pipelineTip = m.warnings.join('\n');
                }
            }
            if (!std::isnan(run.distance))
                distance = QString::number(run.distance, 'f', 3);
            if (run.distinct)
                mode = tr("distinct");
        } else {
            elements = tr("fitting…");
        }
        QTableWidgetItem* e = fixed(elements);
        e->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        setItem(row, elementsColumn(), e);
        QTableWidgetItem* w = fixed(pipeline);
        w->setToolTip(pipelineTip);
        setItem(row, pipelineColumn(), w);
        QTableWidgetItem* d = fixed(distance);
        d->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        d->setToolTip(tr("How far the shape of this member's spectrum lies from the others', in their standard "
                         "deviations (RMS over the bands)"));
        setItem(row, distanceColumn(), d);
        QTableWidgetItem* flag = fixed(mode);
        if (run.distinct) {
            flag->setToolTip(tr("Its spectrum lies more than three times the median distance from the others"));
            QFont bold = flag->font();
            bold.setBold(true);
            flag->setFont(bold);
            // The colour its spectrum is drawn in (SpectraPlot).
            QColor tint = patternColour(1);
            tint.setAlpha(70);
            flag->setBackground(tint);
        }
        setItem(row, modeColumn(), flag);
    }
    resizeColumnsToContents();
    filling_ = false;
}

} // namespace chitra::app
