// A CSV through the whole workbench, as an analyst imports it: the import dialog shows
// the first rows, the delimiter is chosen, a column becomes a second lane and another a
// data field, the time unit is set; the trace opens with those columns, and the session
// saved and restored in a new window reads the file the same way, without asking.
#include "gui_test_util.hpp"
#include "main_window_test_util.hpp"

#include "chitra/session/session_io.hpp"
#include "dialogs/import_dialog.hpp"
#include "dialogs/text_columns_panel.hpp"
#include "document/workspace.hpp"
#include "session/session_controller.hpp"
#include "workbench/main_window.hpp"
#include "workbench/trace_opener.hpp"

#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

#include <set>

using namespace chitra;
using namespace chitra::app;
using namespace chitra::testutil;

namespace {

// Cells split at '|', which the importer does not detect: read as it comes, the file is
// one column and is refused.
constexpr const char* kCsv = "t|cpu|phase|load\n"
                             "0.5|idle|init|0.1\n"
                             "1.0|busy|init|0.9\n"
                             "1.5|busy|compute|0.8\n"
                             "2.5|idle|compute|0.2\n"
                             "3.0|busy|io|0.7\n"
                             "4.0|idle|io|0.0\n";

std::set<std::string> stateNames(const Trace& t)
{
    std::set<std::string> names;
    for (std::size_t i = 0; i < t.size(); ++i)
        names.insert((*t.symbols)[t.states[i]].name);
    return names;
}

std::vector<Time> times(const Trace& t)
{
    std::vector<Time> out;
    for (std::size_t i = 0; i < t.size(); ++i)
        out.push_back(t.times[i]);
    return out;
}

} // namespace

class ImportCsvSessionTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void chooseColumnsSaveAndRestore()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString csv = dir.filePath("run.csv");
        {
            QFile f(csv);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(kCsv);
        }
        auto a = quietWindow();
        a->openFiles({csv});
        QTRY_VERIFY_WITH_TIMEOUT(a->opener()->dialog() != nullptr, 20000);
        ImportDialog* dialog = a->opener()->dialog();
        TextColumnsPanel* columns = dialog->textColumns();
        QVERIFY(columns);
        // Split at the detected ',' the rows are one cell each: nothing to open yet.
        QCOMPARE(columns->columnCount(), 1);
        QVERIFY(!dialog->okButton()->isEnabled());

        // The delimiter: "vertical bar |", the last of the choices.
        chooseByKeys(columns->delimiterBox(), columns->delimiterBox()->count() - 1);
        QCOMPARE(columns->delimiterBox()->currentData().toString(), QString("|"));
        QCOMPARE(columns->columnCount(), 4);
        QVERIFY(columns->preview().header);
        QCOMPARE(columns->table()->horizontalHeaderItem(2)->text(), QString("phase"));
        QCOMPARE(columns->table()->item(3, 2)->text(), QString("compute")); // row 3 of the file's data
        // The importer's defaults: time the first column, state the second.
        QCOMPARE(columns->role(0), TextColumnsPanel::Role::time);
        QCOMPARE(columns->role(1), TextColumnsPanel::Role::state);
        QCOMPARE(columns->role(2), TextColumnsPanel::Role::ignored);

        // phase becomes a second lane, load a data field; times are in milliseconds.
        chooseByKeys(columns->roleBox(2), 1);
        chooseByKeys(columns->roleBox(3), 2);
        chooseByKeys(columns->timeUnitBox(), 2);
        QCOMPARE(columns->role(2), TextColumnsPanel::Role::state);
        QCOMPARE(columns->role(3), TextColumnsPanel::Role::field);
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->reading(), 20000);
        QVERIFY2(dialog->okButton()->isEnabled(), qPrintable(dialog->previewLabel()->text()));
        QCOMPARE(dialog->laneList()->topLevelItemCount(), 2);
        QCOMPARE(dialog->laneList()->topLevelItem(1)->text(1), QString("phase"));
        QTRY_VERIFY_WITH_TIMEOUT(dialog->previewLabel()->text().contains("6 records"), 20000);
        saveShot(dialog, "import-csv");

        QTest::mouseClick(dialog->okButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(a->workspace()->files().size() == 1 && !a->loading(), 20000);
        const TraceFile& opened = a->workspace()->files()[0];
        QCOMPARE(opened.trace->header.components, std::size_t{2});
        QCOMPARE(opened.trace->header.fields.size(), std::size_t{1});
        QCOMPARE(opened.trace->header.fields[0].name, std::string("load"));
        QCOMPARE(stateNames(*opened.trace), (std::set<std::string>{"idle|init", "busy|init", "busy|compute",
                                                                   "idle|compute", "busy|io", "idle|io"}));
        QCOMPARE(opened.trace->times[1], Time{500'000}); // 1.0 ms after 0.5 ms, in ns
        const ImportSettings chosen = opened.choice.settings;
        QCOMPARE(chosen.delimiter, std::string("|"));
        QCOMPARE(chosen.time_unit, std::string("ms"));
        QCOMPARE(chosen.state_columns, (std::vector<std::string>{"cpu", "phase"}));
        QCOMPARE(chosen.field_columns, (std::vector<std::string>{"load"}));

        // Saved: the settings are in the file.
        const QString path = dir.filePath("csv.chitra");
        QVERIFY(a->sessionController()->saveSession(path));
        const chitra::Session saved = load_session(path.toStdString()).session;
        QCOMPARE(saved.files.size(), std::size_t{1});
        QCOMPARE(saved.files[0].import_settings, chosen);

        // Restored in a new window: read with the same columns, no dialog, the same trace.
        auto b = quietWindow();
        QVERIFY(b->sessionController()->openSession(path));
        QVERIFY2(b->sessionController()->lastReport().problems.empty(),
                 qPrintable(b->sessionController()->lastReport().summary()));
        QTRY_VERIFY_WITH_TIMEOUT(!b->loading(), 20000);
        QVERIFY(b->opener()->dialog() == nullptr);
        const auto& files = b->workspace()->files();
        QCOMPARE(files.size(), std::size_t{1});
        QCOMPARE(files[0].choice, opened.choice);
        QCOMPARE(files[0].trace->header.components, std::size_t{2});
        QCOMPARE(stateNames(*files[0].trace), stateNames(*opened.trace));
        QCOMPARE(times(*files[0].trace), times(*opened.trace));
        const chitra::Session sa = a->sessionController()->capture(), sb = b->sessionController()->capture();
        QVERIFY(sa.files == sb.files);

        // The next CSV opened starts from the columns chosen here.
        QCOMPARE(ImportDialog::rememberedSettings(SourceFormat::csv), chosen);
    }

    // An event trace's columns are fixed: the dialog shows them and lets the time unit be set.
    void eventTraceTakesItsTimeUnit()
    {
        QTemporaryDir dir;
        const QString events = dir.filePath("run.events");
        {
            QFile f(events);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("# a comment\n1 - idle start\n3 idle busy work load=2\n7 busy idle\n");
        }
        QSettings().clear();
        auto a = quietWindow();
        a->openFiles({events});
        QTRY_VERIFY_WITH_TIMEOUT(a->opener()->dialog() != nullptr, 20000);
        ImportDialog* dialog = a->opener()->dialog();
        TextColumnsPanel* columns = dialog->textColumns();
        QVERIFY(columns);
        QVERIFY(!columns->delimiterBox()->isEnabled());
        QCOMPARE(columns->columnCount(), 5);
        QCOMPARE(columns->table()->rowCount(), 4); // the role row and three events
        QCOMPARE(columns->role(0), TextColumnsPanel::Role::time);
        QCOMPARE(columns->role(2), TextColumnsPanel::Role::state);
        QVERIFY(!columns->roleBox(0)->isEnabled());
        chooseByKeys(columns->timeUnitBox(), 1); // µs
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->reading() && dialog->okButton()->isEnabled(), 20000);
        QTest::mouseClick(dialog->okButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(a->workspace()->files().size() == 1 && !a->loading(), 20000);
        const TraceFile& opened = a->workspace()->files()[0];
        QCOMPARE(opened.choice.settings.time_unit, std::string("us"));
        QCOMPARE(opened.trace->times[1], Time{2000}); // 3 us after 1 us, in ns
    }

    // Roles that cannot be read say why and keep Open disabled; bad cells never crash.
    void rolesWithoutATimeColumnAreRefused()
    {
        QTemporaryDir dir;
        const QString csv = dir.filePath("two.csv");
        {
            QFile f(csv);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("time,state\n0,A\n1,B\nx,\"open quote\n");
        }
        QSettings().clear();
        auto a = quietWindow();
        a->openFiles({csv});
        QTRY_VERIFY_WITH_TIMEOUT(a->opener()->dialog() != nullptr, 20000);
        ImportDialog* dialog = a->opener()->dialog();
        TextColumnsPanel* columns = dialog->textColumns();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->reading(), 20000);
        QVERIFY(!dialog->okButton()->isEnabled()); // the last row is not a time
        QVERIFY(dialog->previewLabel()->text().contains("two.csv:4"));
        chooseByKeys(columns->roleBox(0), 3); // time: ignored
        QVERIFY(!dialog->okButton()->isEnabled());
        QVERIFY(dialog->previewLabel()->text().contains("time column"));
        dialog->reject();
        QTRY_VERIFY(a->opener()->dialog() == nullptr);
        QCOMPARE(a->workspace()->files().size(), std::size_t{0});
    }
};

QTEST_MAIN(ImportCsvSessionTest)
#include "import_csv_session_test.moc"
