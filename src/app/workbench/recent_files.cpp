#include "workbench/recent_files.hpp"

#include "workbench/desktop_recent.hpp"

#include <QFileInfo>
#include <QSettings>
#include <QVariantMap>

namespace chitra::app {

QStringList recentFiles(const QString& list) { return QSettings().value(list).toStringList(); }

namespace {
// `recent` with `abs` first, once, and at most kMaxRecentFiles long.
QStringList withFirst(QStringList recent, const QString& abs)
{
    recent.removeAll(abs);
    recent.prepend(abs);
    while (recent.size() > kMaxRecentFiles)
        recent.removeLast();
    return recent;
}
} // namespace

void addRecentFile(const QString& list, const QString& path)
{
    QSettings settings;
    const QString abs = QFileInfo(path).absoluteFilePath();
    settings.setValue(list, withFirst(settings.value(list).toStringList(), abs));
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
        import.settings = ImportSettings{v[3].toStdString(), v[4].toStdString(), split(v[5]),
                                         split(v[6]),        v[7].toStdString(), v[8].toStdString()};
    return import;
}

void rememberOpenedTrace(const QString& path, const std::optional<RecentImport>& import)
{
    // One settings object: each writes the whole file when it goes.
    QSettings settings;
    const QString abs = QFileInfo(path).absoluteFilePath();
    const QStringList recent = withFirst(settings.value(kRecentTraces).toStringList(), abs);
    settings.setValue(kRecentTraces, recent);
    QVariantMap all = settings.value(kRecentImports).toMap();
    if (import) {
        QStringList v{QString::fromStdString(import->format), QString::fromStdString(import->lanes.components),
                      import->lanes.separate ? "separate" : "one"};
        const ImportSettings& s = import->settings;
        if (!s.is_default())
            v << QString::fromStdString(s.fields) << QString::fromStdString(s.time_column) << joined(s.state_columns)
              << joined(s.field_columns) << QString::fromStdString(s.delimiter) << QString::fromStdString(s.time_unit);
        all[abs] = v;
    } else
        all.remove(abs);
    // Only the files still listed as recent keep theirs.
    for (auto it = all.begin(); it != all.end();)
        it = recent.contains(it.key()) ? std::next(it) : all.erase(it);
    settings.setValue(kRecentImports, all);
    addToDesktopRecentInBackground(abs);
}

} // namespace chitra::app
