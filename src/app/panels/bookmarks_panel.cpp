#include "panels/bookmarks_panel.hpp"

#include "displays/display_host.hpp"
#include "text/number_format.hpp"
#include "views/trace/trace_plot.hpp"
#include "document/view_bookmarks.hpp"
#include "document/view_document.hpp"
#include "views/view_panel.hpp"

#include <QAction>
#include <QGridLayout>
#include <QInputDialog>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

#include <cmath>

namespace chitra::app {

namespace {
// Item data: kind (0 bookmark, 1 note) and index in the view's list.
constexpr int kKindRole = Qt::UserRole;
constexpr int kIndexRole = Qt::UserRole + 1;
constexpr int kTimeRole = Qt::UserRole + 2;
} // namespace

BookmarksPanel::BookmarksPanel(DisplayHost* host, QWidget* parent) : QWidget(parent), host_(host)
{
    list_ = new QListWidget(this);
    list_->setWordWrap(true);
    add_ = new QPushButton(tr("Bookmark"), this);
    add_->setToolTip(tr("Add a bookmark at the cursor, or at the centre of the visible range (Ctrl+B)"));
    note_ = new QPushButton(tr("Note…"), this);
    rename_ = new QPushButton(tr("Edit…"), this);
    remove_ = new QPushButton(tr("Delete"), this);
    // Two rows so the dock stays narrow (it shares the left side with the session tree).
    auto* buttons = new QGridLayout;
    buttons->addWidget(add_, 0, 0);
    buttons->addWidget(note_, 0, 1);
    buttons->addWidget(rename_, 1, 0);
    buttons->addWidget(remove_, 1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(list_, 1);
    layout->addLayout(buttons);

    auto* shortcut = new QAction(tr("Add bookmark"), host->hostWidget());
    shortcut->setShortcut(Qt::CTRL | Qt::Key_B);
    shortcut->setShortcutContext(Qt::WindowShortcut);
    host->hostWidget()->addAction(shortcut);
    connect(shortcut, &QAction::triggered, this, &BookmarksPanel::addBookmarkHere);
    auto* del = new QAction(this);
    del->setShortcut(QKeySequence::Delete);
    del->setShortcutContext(Qt::WidgetShortcut);
    list_->addAction(del);
    connect(del, &QAction::triggered, this, &BookmarksPanel::deleteCurrent);

    connect(add_, &QPushButton::clicked, this, &BookmarksPanel::addBookmarkHere);
    connect(note_, &QPushButton::clicked, this, &BookmarksPanel::addNoteDialog);
    connect(rename_, &QPushButton::clicked, this, &BookmarksPanel::renameCurrent);
    connect(remove_, &QPushButton::clicked, this, &BookmarksPanel::deleteCurrent);
    connect(list_, &QListWidget::itemClicked, this, &BookmarksPanel::activated);
    connect(list_, &QListWidget::itemActivated, this, &BookmarksPanel::activated);
    setDocument(nullptr);
}

void BookmarksPanel::setDocument(ViewDocument* view)
{
    if (doc_)
        if (auto* marks = ViewBookmarks::of(doc_))
            disconnect(marks, nullptr, this, nullptr);
    doc_ = view;
    if (view)
        connect(ViewBookmarks::of(view), &ViewBookmarks::changed, this, &BookmarksPanel::refresh);
    for (QPushButton* b : {add_, note_, rename_, remove_})
        b->setEnabled(view != nullptr);
    refresh();
}

void BookmarksPanel::refresh()
{
    list_->clear();
    const ViewBookmarks* marks = doc_ ? ViewBookmarks::find(doc_) : nullptr;
    if (!marks)
        return;
    const TimeBase base = doc_->trace().header.timebase;
    const auto& bs = marks->bookmarks();
    for (std::size_t i = 0; i < bs.size(); ++i) {
        auto* item = new QListWidgetItem(
            QString::fromUtf8("▌ %1   @ %2")
                .arg(QString::fromStdString(bs[i].name), formatTime(static_cast<double>(bs[i].time), base)),
            list_);
        item->setForeground(QColor(200, 30, 30));
        item->setData(kKindRole, 0);
        item->setData(kIndexRole, static_cast<int>(i));
        item->setData(kTimeRole, static_cast<qlonglong>(bs[i].time));
    }
    const auto& ns = marks->notes();
    for (std::size_t i = 0; i < ns.size(); ++i) {
        QString text = QString::fromUtf8("✎ ") + QString::fromStdString(ns[i].text);
        if (ns[i].time)
            text += QString("   @ %1").arg(formatTime(static_cast<double>(*ns[i].time), base));
        auto* item = new QListWidgetItem(text, list_);
        item->setData(kKindRole, 1);
        item->setData(kIndexRole, static_cast<int>(i));
        if (ns[i].time)
            item->setData(kTimeRole, static_cast<qlonglong>(*ns[i].time));
    }
}

std::optional<Time> BookmarksPanel::cursorTime() const
{
    ViewPanel* panel = doc_ ? host_->panelOf(doc_) : nullptr;
    if (!panel)
        return std::nullopt;
    TracePlot* plot = panel->tracePlot();
    const auto [x0, x1] = plot->visibleRange();
    double x = 0.5 * (x0 + x1);
    if (plot->canvas()->underMouse() && plot->lastHoverX())
        x = *plot->lastHoverX();
    const Ses& ses = doc_->ses();
    if (plot->axis() == XAxis::Event) {
        if (ses.empty())
            return std::nullopt;
        const auto i = static_cast<std::size_t>(std::clamp(std::floor(x), 0.0, static_cast<double>(ses.size() - 1)));
        return ses.entry(i);
    }
    return static_cast<Time>(std::llround(x));
}

void BookmarksPanel::addBookmarkAt(Time time, const QString& name)
{
    if (!doc_)
        return;
    ViewBookmarks* marks = ViewBookmarks::of(doc_);
    const QString n = name.isEmpty() ? tr("Bookmark %1").arg(marks->bookmarks().size() + 1) : name;
    marks->addBookmark({n.toStdString(), time});
}

void BookmarksPanel::addBookmarkHere()
{
    if (const auto t = cursorTime())
        addBookmarkAt(*t);
}

void BookmarksPanel::addNote(const QString& text)
{
    if (!doc_ || text.trimmed().isEmpty())
        return;
    Note n;
    n.text = text.toStdString();
    n.time = cursorTime();
    ViewBookmarks::of(doc_)->addNote(std::move(n));
}

void BookmarksPanel::addNoteDialog()
{
    if (!doc_)
        return;
    bool ok = false;
    const QString text =
        QInputDialog::getMultiLineText(this, tr("Add note"), tr("Note on %1:").arg(doc_->name()), {}, &ok);
    if (ok)
        addNote(text);
}

void BookmarksPanel::renameCurrent()
{
    QListWidgetItem* item = list_->currentItem();
    if (!item || !doc_)
        return;
    ViewBookmarks* marks = ViewBookmarks::of(doc_);
    const int index = item->data(kIndexRole).toInt();
    bool ok = false;
    if (item->data(kKindRole).toInt() == 0) {
        const QString name = QInputDialog::getText(this, tr("Rename bookmark"), tr("Name:"), QLineEdit::Normal,
                                                   QString::fromStdString(marks->bookmarks()[index].name), &ok);
        if (ok && !name.trimmed().isEmpty())
            marks->renameBookmark(index, name.trimmed().toStdString());
    } else {
        const QString text = QInputDialog::getMultiLineText(this, tr("Edit note"), tr("Note:"),
                                                            QString::fromStdString(marks->notes()[index].text), &ok);
        if (ok && !text.trimmed().isEmpty())
            marks->editNote(index, text.toStdString());
    }
}

void BookmarksPanel::deleteCurrent()
{
    QListWidgetItem* item = list_->currentItem();
    if (!item || !doc_)
        return;
    ViewBookmarks* marks = ViewBookmarks::of(doc_);
    if (item->data(kKindRole).toInt() == 0)
        marks->removeBookmark(item->data(kIndexRole).toInt());
    else
        marks->removeNote(item->data(kIndexRole).toInt());
}

void BookmarksPanel::activated(QListWidgetItem* item)
{
    if (item && item->data(kTimeRole).isValid())
        jumpTo(static_cast<Time>(item->data(kTimeRole).toLongLong()));
}

void BookmarksPanel::jumpTo(Time time)
{
    ViewPanel* panel = doc_ ? host_->panelOf(doc_) : nullptr;
    if (!panel)
        return;
    TracePlot* plot = panel->tracePlot();
    double x = static_cast<double>(time);
    if (plot->axis() == XAxis::Event) {
        const std::size_t i = elementAt(doc_->ses(), XAxis::Time, x);
        if (i >= doc_->ses().size())
            return;
        x = static_cast<double>(i) + 0.5;
    }
    const auto [x0, x1] = plot->visibleRange();
    plot->setVisibleRange(x - (x1 - x0) / 2, x + (x1 - x0) / 2);
    emit plot->interactionFinished();
}

} // namespace chitra::app
