#include "panels/patterns_panel.hpp"

#include "text/number_format.hpp"
#include "document/view_document.hpp"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QPainter>
#include <QPushButton>
#include <QStyledItemDelegate>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace chitra::app {

namespace {
// QTreeView asks a delegate for a row's height without the column's width, so wrapped
// text would keep one line: measure the pattern against the width its column has now.
class WrappingDelegate : public QStyledItemDelegate {
public:
    explicit WrappingDelegate(QTreeView* view) : QStyledItemDelegate(view), view_(view) {}
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override
    {
        QStyleOptionViewItem opt = option;
        initStyleOption(&opt, index);
        const QSize base = QStyledItemDelegate::sizeHint(option, index);
        const int margin = 2 * (view_->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, &opt, view_) + 1);
        const int iconWidth = opt.icon.isNull() ? 0 : opt.decorationSize.width() + margin;
        const int width = std::max(40, view_->header()->sectionSize(index.column()) - iconWidth - margin);
        const QRect text = opt.fontMetrics.boundingRect(QRect(0, 0, width, 100000), Qt::TextWordWrap, opt.text);
        return {base.width(), std::max(base.height(), text.height() + margin)};
    }

private:
    QTreeView* view_;
};
} // namespace

PatternsPanel::PatternsPanel(QWidget* parent) : QWidget(parent)
{
    list_ = new QTreeWidget(this);
    list_->setHeaderLabels({tr("pattern"), tr("count"), tr("elements"), tr("time")});
    list_->setRootIsDecorated(false);
    // Long patterns wrap at their commas instead of being cut to "A1E, A1R1, A…".
    list_->setWordWrap(true);
    list_->setUniformRowHeights(false);
    list_->setItemDelegateForColumn(0, new WrappingDelegate(list_));
    connect(list_->header(), &QHeaderView::sectionResized, list_, [this](int column) {
        if (column == 0)
            list_->doItemsLayout(); // rows take the height of the new wrap
    });
    list_->header()->setStretchLastSection(false);
    list_->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int c = 1; c < 4; ++c)
        list_->header()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    auto* aggregate = new QPushButton(tr("Aggregate…"), this);
    auto* remove = new QPushButton(tr("Remove"), this);
    aggregate->setToolTip(tr("Replace every match by one composite state (undoable)"));
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(aggregate);
    buttons->addWidget(remove);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(list_);
    layout->addLayout(buttons);
    connect(aggregate, &QPushButton::clicked, this, &PatternsPanel::aggregateCurrent);
    connect(remove, &QPushButton::clicked, this, &PatternsPanel::removeCurrent);
    prompt_ = [this](const QString& suggested, const QString& problem) -> std::optional<QString> {
        bool ok = false;
        const QString label = problem.isEmpty() ? tr("Name of the composite state:")
                                                : problem + "\n" + tr("Name of the composite state:");
        QString name = QInputDialog::getText(this, tr("Aggregate pattern"), label, QLineEdit::Normal, suggested, &ok);
        if (!ok)
            return std::nullopt;
        return name;
    };
}

void PatternsPanel::setDocument(ViewDocument* doc)
{
    if (doc_)
        disconnect(doc_, nullptr, this, nullptr);
    doc_ = doc;
    if (doc_)
        connect(&doc_->presentation(), &ViewPresentation::patternsChanged, this, &PatternsPanel::refresh);
    refresh();
}

void PatternsPanel::refresh()
{
    list_->clear();
    if (!doc_)
        return;
    for (const auto& p : doc_->presentation().patterns()) {
        auto* item = new QTreeWidgetItem(list_);
        QPixmap swatch(12, 12);
        swatch.fill(p.colour);
        item->setIcon(0, QIcon(swatch));
        item->setText(0, p.label());
        item->setToolTip(0, p.label());
        item->setText(1, formatCount(static_cast<long long>(p.starts.size())) + "×");
        item->setText(2, formatShare(p.elementShare));
        item->setText(3, formatShare(p.timeShare));
    }
    if (list_->topLevelItemCount() > 0)
        list_->setCurrentItem(list_->topLevelItem(list_->topLevelItemCount() - 1));
}

int PatternsPanel::currentPattern() const
{
    return list_->currentItem() ? list_->indexOfTopLevelItem(list_->currentItem()) : -1;
}

void PatternsPanel::setCurrentPattern(int index)
{
    if (auto* item = list_->topLevelItem(index))
        list_->setCurrentItem(item);
}

void PatternsPanel::aggregateCurrent()
{
    const int index = currentPattern();
    if (!doc_ || index < 0) {
        emit message(tr("Brush a pattern first (Shift-drag in the time or event view)"));
        return;
    }
    QString problem;
    QString name = doc_->suggestName(index);
    // Refuse impossible names inline: ask again with the reason until valid or cancelled.
    for (int attempt = 0; attempt < 20; ++attempt) {
        const auto chosen = prompt_(name, problem);
        if (!chosen)
            return;
        name = chosen->trimmed();
        const auto error = doc_->aggregatePattern(index, name);
        if (!error) {
            emit message(tr("Aggregated as %1").arg(name));
            return;
        }
        problem = *error;
    }
}

void PatternsPanel::removeCurrent()
{
    if (doc_)
        doc_->presentation().removePattern(currentPattern());
}

} // namespace chitra::app
