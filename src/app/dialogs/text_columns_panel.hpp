// The import dialog's part for text traces (CSV, event traces; docs/gui.md "Opening
// foreign traces"): a table of the first rows as the chosen delimiter splits them, with
// a role per column (time, state, field, ignored) above each, and the delimiter and time
// unit choosers. Its answer is the ImportSettings the importer reads the file with.
#pragma once

#include "chitra/io/import.hpp"
#include "chitra/io/import_settings.hpp"
#include "chitra/io/text_preview.hpp"

#include <QWidget>

class QComboBox;
class QLabel;
class QTableWidget;

namespace chitra::app {

class TextColumnsPanel : public QWidget {
    Q_OBJECT
public:
    enum class Role { time, state, field, ignored };

    TextColumnsPanel(SourceFormat format, const QString& path, QWidget* parent = nullptr);

    // The settings the widgets show; setSettings() shows `settings` (columns it names that
    // this file lacks get the importer's defaults).
    ImportSettings settings() const;
    void setSettings(const ImportSettings& settings);

    // Why the roles cannot be read (no or two time columns, no state column); empty when
    // they can.
    QString problem() const;
    int columnCount() const;
    Role role(int column) const;
    QComboBox* roleBox(int column) const;
    QComboBox* delimiterBox() const { return delimiter_; }
    QComboBox* timeUnitBox() const { return timeUnit_; }
    QTableWidget* table() const { return table_; }
    const TextTablePreview& preview() const { return preview_; }

signals:
    void settingsChanged();

private:
    void readPreview(); // splits the head again with the chosen delimiter
    void fillTable(const ImportSettings& roles);
    void roleChosen(int column);
    int columnNamed(const std::string& ref) const; // -1 when the file has no such column
    std::string columnRef(int column) const;       // its name when unambiguous, else its number

    SourceFormat format_;
    QString path_;
    TextTablePreview preview_;
    QComboBox* delimiter_;
    QComboBox* timeUnit_;
    QLabel* note_;
    QTableWidget* table_;
    bool filling_ = false;
};

} // namespace chitra::app
