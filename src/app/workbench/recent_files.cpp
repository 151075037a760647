#include "workbench/recent_files.hpp"

#include <QFileInfo>
#include <QSettings>

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
}

QString lastFolder(const QString& key) { return QSettings().value(key).toString(); }

void rememberFolderOf(const QString& key, const QString& file)
{
    QSettings().setValue(key, QFileInfo(file).absolutePath());
}

} // namespace chitra::app
