// Recently used files and folders, kept in QSettings: lists of files, newest first and
// at most kMaxRecentFiles (File ▸ Open recent), and the folder a file dialog last showed.
#pragma once

#include "loading/import_choice.hpp"

#include <QString>
#include <QStringList>

#include <optional>

namespace chitra::app {

inline constexpr int kMaxRecentFiles = 10;
// Settings keys.
inline constexpr const char* kRecentTraces = "recent/files"; // the traces opened lately
inline constexpr const char* kTraceFolder = "recent/dir";    // where traces were last opened
inline constexpr const char* kRulesFolder = "rules/dir";     // where a rules file was last loaded

// The list kept under the settings key `list`, newest first.
QStringList recentFiles(const QString& list);
// Puts `path`, made absolute, first in the list under `list`, and in the desktop's list
// of recently used files.
void addRecentFile(const QString& list, const QString& path);

// The folder kept under the settings key `key` (empty: none yet).
QString lastFolder(const QString& key);
// Keeps the folder of `file` under `key`.
void rememberFolderOf(const QString& key, const QString& file);

// How a recent foreign trace was imported, so that Open recent opens the same lanes:
// its format (the --from name; empty: detected), lane choice and reading settings (a text
// trace's columns, ...). Empty for a PES.
struct RecentImport {
    std::string format;
    LaneChoice lanes;
    ImportSettings settings;
};
std::optional<RecentImport> recentImport(const QString& path);
// Puts the trace `path` first among the recent traces (and in the desktop's list) and
// keeps how it was imported (nullopt: read as it is, a PES or .ctrace).
void rememberOpenedTrace(const QString& path, const std::optional<RecentImport>& import);

} // namespace chitra::app
