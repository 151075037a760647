#include "dialogs/state_order_dialog.hpp"

#include "plotting/palette.hpp"
#include "document/view_document.hpp"

#include <QDialogButtonBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace chitra::app {

StateOrderDialog::StateOrderDialog(ViewDocument* doc, QWidget* parent) : QDialog(parent), doc_(doc)
{
    setWindowTitle(tr("State order"));
    list_ = new QListWidget(this);
    list_->setDragDropMode(QAbstractItemView::InternalMove);
    list_->setDefaultDropAction(Qt::MoveAction);
    list_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    // Top of the list = top lane, as the view draws it.
    const auto names = doc_->laneNames();
    for (auto it = names.rbegin(); it != names.rend(); ++it) {
        auto* item = new QListWidgetItem(QString::fromStdString(*it), list_);
        const SymbolId s = doc_->ses().symbols->find(*it);
        QPixmap swatch(12, 12);
        swatch.fill(doc_->stateColour(s));
        item->setIcon(QIcon(swatch));
    }
    auto* top = new QPushButton(tr("Move to top"), this);
    auto* bottom = new QPushButton(tr("Move to bottom"), this);
    connect(top, &QPushButton::clicked, this, [this] {
        const auto items = list_->selectedItems();
        for (int i = items.size() - 1; i >= 0; --i)
            list_->insertItem(0, list_->takeItem(list_->row(items[i])));
    });
    connect(bottom, &QPushButton::clicked, this, [this] {
        for (auto* item : list_->selectedItems())
            list_->addItem(list_->takeItem(list_->row(item)));
    });
    auto* buttons =
        new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Apply | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        apply();
        accept();
    });
    connect(buttons->button(QDialogButtonBox::Apply), &QPushButton::clicked, this, &StateOrderDialog::apply);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* moves = new QHBoxLayout;
    moves->addWidget(top);
    moves->addWidget(bottom);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("Drag states to reorder the lanes (top of the list = top lane):"), this));
    layout->addWidget(list_, 1);
    layout->addLayout(moves);
    layout->addWidget(buttons);
    resize(320, 480);
}

void StateOrderDialog::apply()
{
    std::vector<std::string> bottomFirst;
    for (int i = list_->count() - 1; i >= 0; --i)
        bottomFirst.push_back(list_->item(i)->text().toStdString());
    doc_->presentation().setCustomOrder(std::move(bottomFirst));
}

} // namespace chitra::app
