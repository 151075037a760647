#include "session/session_model.hpp"

#include "displays/display_registry.hpp"
#include "document/view_document.hpp"
#include "document/workspace.hpp"

#include <QColor>
#include <QFont>

namespace chitra::app {

namespace {
// internalId: level in the low 2 bits (0 file, 1 view, 2 display), then the file
// and view the item belongs to.
quintptr encode(int level, int file, int view)
{
    return static_cast<quintptr>(level) | (static_cast<quintptr>(file) << 2) | (static_cast<quintptr>(view) << 32);
}
int levelOf(quintptr id) { return static_cast<int>(id & 3u); }
int fileOfId(quintptr id) { return static_cast<int>((id >> 2) & 0x3FFFFFFFu); }
int viewOfId(quintptr id) { return static_cast<int>(id >> 32); }
} // namespace

QString SessionModel::displayName(const QString& display)
{
    const DisplayType* type = DisplayRegistry::find(display);
    return type ? type->treeName() : display;
}

SessionModel::SessionModel(Workspace* session, QObject* parent) : QAbstractItemModel(parent), workspace_(session)
{
    connect(workspace_, &Workspace::aboutToChange, this, [this] { beginResetModel(); });
    connect(workspace_, &Workspace::changed, this, [this] { endResetModel(); });
}

QModelIndex SessionModel::index(int row, int column, const QModelIndex& parent) const
{
    if (row < 0 || column != 0 || row >= rowCount(parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, 0, encode(0, row, 0));
    const quintptr pid = parent.internalId();
    if (levelOf(pid) == 0)
        return createIndex(row, 0, encode(1, parent.row(), row));
    return createIndex(row, 0, encode(2, fileOfId(pid), parent.row()));
}

QModelIndex SessionModel::parent(const QModelIndex& child) const
{
    if (!child.isValid())
        return {};
    const quintptr id = child.internalId();
    switch (levelOf(id)) {
    case 1:
        return createIndex(fileOfId(id), 0, encode(0, fileOfId(id), 0));
    case 2:
        return createIndex(viewOfId(id), 0, encode(1, fileOfId(id), viewOfId(id)));
    default:
        return {};
    }
}

int SessionModel::rowCount(const QModelIndex& parent) const
{
    if (!parent.isValid())
        return static_cast<int>(workspace_->files().size());
    const quintptr id = parent.internalId();
    if (levelOf(id) == 0)
        return static_cast<int>(workspace_->files()[static_cast<std::size_t>(parent.row())].views.size());
    if (levelOf(id) == 1) {
        const ViewDocument* view =
            workspace_->files()[static_cast<std::size_t>(fileOfId(id))].views[static_cast<std::size_t>(parent.row())];
        return static_cast<int>(view->presentation().displays().size());
    }
    return 0;
}

QVariant SessionModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid())
        return {};
    const quintptr id = index.internalId();
    const auto& file = workspace_->files()[static_cast<std::size_t>(fileOfId(id))];
    if (role == Qt::ToolTipRole && levelOf(id) == 0) {
        QString tip = file.path;
        if (!file.choice.isDefault())
            tip +=
                tr("\nlanes: %1%2")
                    .arg(QString::fromStdString(file.choice.components),
                         file.choice.lane ? tr(" (number %1 of them, opened alone)").arg(file.choice.lane) : QString());
        if (!file.lanes.empty())
            tip += tr("\nshown lanes: %1").arg(file.laneNames);
        return tip;
    }
    if (levelOf(id) == 2) {
        const ViewDocument* view = file.views[static_cast<std::size_t>(viewOfId(id))];
        const QString display = view->presentation().displays().at(static_cast<std::size_t>(index.row()));
        const bool open = view->presentation().displayOpen(display);
        if (role == Qt::ForegroundRole && !open)
            return QColor(Qt::gray);
        if (role == Qt::FontRole && !open) {
            QFont f;
            f.setItalic(true);
            return f;
        }
        if (role == Qt::DisplayRole && !open)
            return QString("%1 (closed)").arg(displayName(display));
        if (role == Qt::ToolTipRole)
            return open ? QString("Double-click to show; right-click for more")
                        : QString("Closed: double-click or right-click ▸ Reopen");
    }
    if (role != Qt::DisplayRole && role != Qt::EditRole)
        return {};
    switch (levelOf(id)) {
    case 0:
        return file.title();
    case 1:
        return file.views[static_cast<std::size_t>(index.row())]->name();
    default:
        return displayName(displayOf(index));
    }
}

bool SessionModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    ViewDocument* view = viewOf(index);
    if (role != Qt::EditRole || !view || !displayOf(index).isEmpty() || value.toString().trimmed().isEmpty())
        return false;
    view->setName(value.toString().trimmed());
    return true;
}

Qt::ItemFlags SessionModel::flags(const QModelIndex& index) const
{
    if (!index.isValid())
        return {};
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (levelOf(index.internalId()) == 1)
        f |= Qt::ItemIsEditable;
    return f;
}

int SessionModel::fileOf(const QModelIndex& index) const { return index.isValid() ? fileOfId(index.internalId()) : -1; }

ViewDocument* SessionModel::viewOf(const QModelIndex& index) const
{
    if (!index.isValid() || levelOf(index.internalId()) == 0)
        return nullptr;
    const quintptr id = index.internalId();
    const int view = levelOf(id) == 1 ? index.row() : viewOfId(id);
    return workspace_->files()[static_cast<std::size_t>(fileOfId(id))].views[static_cast<std::size_t>(view)];
}

QString SessionModel::displayOf(const QModelIndex& index) const
{
    if (!index.isValid() || levelOf(index.internalId()) != 2)
        return {};
    const auto& displays = viewOf(index)->presentation().displays();
    const auto row = static_cast<std::size_t>(index.row());
    return row < displays.size() ? displays[row] : QString();
}

QModelIndex SessionModel::indexOf(const ViewDocument* view) const
{
    const auto& files = workspace_->files();
    for (std::size_t f = 0; f < files.size(); ++f)
        for (std::size_t v = 0; v < files[f].views.size(); ++v)
            if (files[f].views[v] == view)
                return createIndex(static_cast<int>(v), 0, encode(1, static_cast<int>(f), static_cast<int>(v)));
    return {};
}

} // namespace chitra::app
