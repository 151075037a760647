// The import dialog: which lanes of a foreign trace to open (interfaces.md "Foreign trace
// formats", docs/gui.md "Opening foreign traces"). Lists the lanes (number, name, state
// events) with check boxes and a name filter (text or /regex/); the lanes chosen are
// those checked among the ones shown. Previews the records and distinct states the
// choice gives, and opens them as one trace or as one trace per lane. Remembers the
// last choice per format (QSettings) and preselects it. For a text trace (CSV, event
// trace) it also shows the file's first rows with a role per column, the delimiter and
// the time unit (TextColumnsPanel), and reads the file again whenever they change.
#pragma once

#include "chitra/io/import.hpp"
#include "loading/import_choice.hpp"

#include <QDialog>

#include <memory>
#include <vector>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;
class QTreeWidget;

namespace chitra::app {

class LanePreview;
struct LanePreviewFigures;
struct LoadResult;
class TextColumnsPanel;
class TraceLoader;

class ImportDialog : public QDialog {
    Q_OBJECT
public:
    ImportDialog(std::shared_ptr<const LaneTrace> lanes, SourceFormat format, const QString& path,
                 QWidget* parent = nullptr);
    // A text trace: `read` is its first reading (its lanes, or the reason it was refused,
    // and the settings it was read with); the dialog starts from the settings remembered
    // for the format and reads the file again when they differ.
    ImportDialog(const LoadResult& read, QWidget* parent = nullptr);
    ~ImportDialog() override;

    // The lanes read with settings(): what Open makes the traces of.
    std::shared_ptr<const LaneTrace> lanes() const { return lanes_; }
    // How the file is read (the text panel's choice; the defaults for other formats).
    ImportSettings settings() const;
    TextColumnsPanel* textColumns() const { return text_; }
    // A reading with new settings is under way.
    bool reading() const { return reading_; }

    // Checked lanes among those the filter shows, in lane order.
    std::vector<std::size_t> chosenLanes() const;
    // The choice as a spec that chooses exactly chosenLanes().
    LaneChoice choice() const;
    void preselect(const LaneChoice& choice);

    // The last choice accepted for files of `format` ("all", one trace, at first).
    static LaneChoice remembered(SourceFormat format);
    static void remember(SourceFormat format, const LaneChoice& choice);
    // The same for a text trace's reading settings (columns by name or number).
    static ImportSettings rememberedSettings(SourceFormat format);
    static void rememberSettings(SourceFormat format, const ImportSettings& settings);

    QLineEdit* filter() const { return filter_; }
    QTreeWidget* laneList() const { return list_; }
    QPushButton* allButton() const { return all_; }
    QPushButton* noneButton() const { return none_; }
    QLabel* previewLabel() const { return preview_; }
    QRadioButton* oneTraceButton() const { return oneTrace_; }
    QRadioButton* separateButton() const { return separate_; }
    QPushButton* okButton() const;
    LanePreview* preview() const { return figures_; }

public slots:
    void accept() override; // remembers the choice for the format

protected:
    // Space in the list checks or unchecks every selected lane (as the current one goes).
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void setUp(const QString& path);
    void showTitle();
    void setLanes(std::shared_ptr<const LaneTrace> lanes);
    void readAgain();
    void read(const LoadResult& r);
    void fillList();
    void applyFilter();
    void checkShown(bool checked);
    void choiceChanged();
    void showFigures(const LanePreviewFigures& f);

    std::shared_ptr<const LaneTrace> lanes_;
    SourceFormat format_;
    QString path_;
    QLabel* title_ = nullptr;
    TextColumnsPanel* text_ = nullptr;
    TraceLoader* reader_ = nullptr;
    ImportSettings lanesReadWith_; // the settings lanes_ were read with
    QString readError_;            // why the last reading was refused
    bool reading_ = false;
    QLineEdit* filter_;
    QLabel* filterError_;
    QTreeWidget* list_;
    QPushButton* all_;
    QPushButton* none_;
    QLabel* preview_;
    QRadioButton* oneTrace_;
    QRadioButton* separate_;
    QDialogButtonBox* buttons_;
    LanePreview* figures_ = nullptr;
    bool filling_ = false; // check boxes being set in bulk: one preview afterwards
};

} // namespace chitra::app
