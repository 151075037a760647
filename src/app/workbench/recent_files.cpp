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
    addToDesktopRecentInBackground(abs);
}

QString lastFolder(const QString& key) { return QSettings().value(key).toString(); }

void rememberFolderOf(const QString& key, const QString& file)
{
    QSettings().setValue(key, QFileInfo(file).absolutePath());
}

namespace {
// absolute path -> [format, components, separate] and, when the settings are not the
// defaults, [fields, time, states, field columns, delimiter, time unit] after them.
constexpr const char* kRecentImports = "recent/imports";

QString joined(const std::vector<std::string>& list)
{
    QStringList out;
    for (const std::string& s : list)
        out << QString::fromStdString(s);
    return out.join(QChar(0x1f)); // a unit separator: column names may hold commas
}

std::vector<std::string> split(const QString& text)
{
    std::vector<std::string> out;
    if (!text.isEmpty())
        for (const QString& s : text.split(QChar(0x1f)))
            out.push_back(s.toStdString());
    return out;
}
} // namespace

std::optional<RecentImport> recentImport(const QString& path)
{
    const QVariantMap all = QSettings().value(kRecentImports).toMap();
    const QStringList v = all.value(QFileInfo(path).absoluteFilePath()).toStringList();
    if (v.size() != 3 && v.size() != 9)
        return std::nullopt;
    RecentImport import{v[0].toStdString(), LaneChoice{v[1].toStdString(), v[2] == "separate"}, {}};
    if (v.size() == 9)
        import.settings = ImportSettings{v[3].toStdString(), v[4].toStdString(), split(v[5]), split(v[6]),
                                         v[7].toStdString(), v[8].toStdString()};
    return import;
}

void rememberRecentImport(const QString& path, const std::optional<RecentImport>& import)
{
    QSettings settings;
    QVariantMap all = settings.value(kRecentImports).toMap();
    const QString abs = QFileInfo(path).absoluteFilePath();
    if (import) {
        QStringList v{QString::fromStdString(import->format), QString::fromStdString(import->lanes.components),
                      import->lanes.separate ? "separate" : "one"};
        const ImportSettings& s = import->settings;
        if (!s.is_default())
            v << QString::fromStdString(s.fields) << QString::fromStdString(s.time_column) << joined(s.state_columns)
              << joined(s.field_columns) << QString::fromStdString(s.delimiter) << QString::fromStdString(s.time_unit);
        all[abs] = v;
    }
    else
        all.remove(abs);
    // Only the files still listed as recent keep theirs.
    const QStringList recent = recentFiles(kRecentTraces);
    for (auto it = all.begin(); it != all.end();)
        it = recent.contains(it.key()) || it.key() == abs ? std::next(it) : all.erase(it);
    settings.setValue(kRecentImports, all);
}

} // namespace chitra::app
