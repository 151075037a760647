#include "workbench/recent_files.hpp"

#include "workbench/desktop_recent.hpp"

#include <QFileInfo>
#include <QSettings>
#include <QVariantMap>

namespace chitra::app {

QStringList recentFiles(const QString& list) { return QSettings().value(list).toStringList(); }

void addRecentFile(const QString& list, const QString& path)
{
    QSettings settings;
    QStringList recent = settings.value(list).toStringList();
    const QString abs = QFileInfo(path).absoluteFilePath();
    recent.removeAll(abs);
    recent.prepend(abs);
    while (recent.size() > kMaxRecentFiles)
        recent.removeLast();
    settings.setValue(list, recent);
    addToDesktopRecent(abs);
}

QString lastFolder(const QString& key) { return QSettings().value(key).toString(); }

void rememberFolderOf(const QString& key, const QString& file)
{
    QSettings().setValue(key, QFileInfo(file).absolutePath());
}

namespace {
constexpr const char* kRecentImports = "recent/imports"; // absolute path -> [format, components, separate]
}

std::optional<RecentImport> recentImport(const QString& path)
{
    const QVariantMap all = QSettings().value(kRecentImports).toMap();
    const QStringList v = all.value(QFileInfo(path).absoluteFilePath()).toStringList();
    if (v.size() != 3)
        return std::nullopt;
    return RecentImport{v[0].toStdString(), LaneChoice{v[1].toStdString(), v[2] == "separate"}};
}

void rememberRecentImport(const QString& path, const std::optional<RecentImport>& import)
{
    QSettings settings;
    QVariantMap all = settings.value(kRecentImports).toMap();
    const QString abs = QFileInfo(path).absoluteFilePath();
    if (import)
        all[abs] = QStringList{QString::fromStdString(import->format), QString::fromStdString(import->lanes.components),
                               import->lanes.separate ? "separate" : "one"};
    else
        all.remove(abs);
    // Only the files still listed as recent keep theirs.
    const QStringList recent = recentFiles(kRecentTraces);
    for (auto it = all.begin(); it != all.end();)
        it = recent.contains(it.key()) || it.key() == abs ? std::next(it) : all.erase(it);
    settings.setValue(kRecentImports, all);
}

} // namespace chitra::app
