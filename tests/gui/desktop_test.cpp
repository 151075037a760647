// The main window as a desktop program, driven like a user: Help ▸ Keyboard shortcuts lists
// every action that has a shortcut with its key sequence, Help ▸ About names the version and
// license of Chitra and of every linked library, View ▸ Focus folds the docks away and back.
#include "main_window_test_util.hpp"
#include "plotting/plot_theme.hpp"

#include "dialogs/about_dialog.hpp"
#include "dialogs/preferences_dialog.hpp"
#include "displays/min_visit_box.hpp"
#include "displays/min_visit_state.hpp"
#include "gui_test_util.hpp"
#include "session/session_controller.hpp"
#include "views/trace/trace_plot.hpp"
#include "views/view_panel.hpp"
#include "dialogs/shortcuts_dialog.hpp"
#include "workbench/main_actions.hpp"
#include "document/workspace.hpp"
#include "dialogs/import_dialog.hpp"
#include "workbench/main_window.hpp"
#include "workbench/trace_opener.hpp"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QPushButton>
#include <QSpinBox>
#include <QTimer>
#include <qcustomplot.h>
#include <QSettings>
#include <QTableWidget>
#include <QToolBar>
#include <QUrl>
#include <QSignalSpy>
#include <QtTest>

using namespace chitra;
using namespace chitra::app;

namespace {

// The time view's plot of a philosophers' run opened in `w`, drawn; null when it failed.
QCustomPlot* openedTracePlot(MainWindow* w)
{
    QString error;
    if (!w->openFileNow(CHITRA_SOURCE_DIR "/sample_traces/philosophers-n2-x1000.pes", &error)) {
        qWarning("%s", qPrintable(error));
        return nullptr;
    }
    // The new view is laid out, then replotted on a later turn of the event loop; its
    // first replot makes the ticks for the axis as it was before that layout.
    auto* plot = qobject_cast<QCustomPlot*>(w->currentPanel()->tracePlot()->canvas());
    if (!plot)
        return nullptr;
    QSignalSpy replotted(plot, &QCustomPlot::afterReplot);
    if (!QTest::qWaitFor([&] { return replotted.count() > 0; }, 10000))
        qWarning("the new view was not replotted");
    plot->replot();
    return plot;
}

// Clicks the menu bar's entry `menuTitle`, then the entry `itemText` of the menu it opens.
void chooseFromMenu(QMainWindow* w, const QString& menuTitle, const QString& itemText)
{
    QMenuBar* bar = w->menuBar();
    QAction* top = nullptr;
    for (QAction* a : bar->actions())
        if (plainActionText(a) == menuTitle)
            top = a;
    QVERIFY2(top, qPrintable("no menu " + menuTitle));
    QTest::mouseClick(bar, Qt::LeftButton, {}, bar->actionGeometry(top).center());
    QMenu* menu = top->menu();
    QTRY_VERIFY(menu->isVisible());
    QAction* item = nullptr;
    for (QAction* a : menu->actions())
        if (plainActionText(a) == itemText)
            item = a;
    QVERIFY2(item, qPrintable("no menu item " + itemText));
    QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(item).center());
}

void walkMenu(QMenu* menu, const QString& path, QStringList& missing)
{
    for (QAction* a : menu->actions()) {
        if (a->isSeparator())
            continue;
        const QString here = path + " > " + plainActionText(a);
        if (a->statusTip().trimmed().isEmpty())
            missing << here;
        if (a->menu())
            walkMenu(a->menu(), here, missing);
    }
}

// Pixels of `image` whose colour is exactly one of `colours`.
int pixelsOf(const QImage& image, const QList<QRgb>& colours)
{
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            n += colours.contains(image.pixel(x, y) | 0xFF000000u) ? 1 : 0;
    return n;
}

// Runs `act` on the modal dialog the next call opens, once it is shown.
template <class Dialog, class Act> void whenModalOpens(Act act)
{
    auto* poll = new QTimer;
    QObject::connect(poll, &QTimer::timeout, poll, [poll, act] {
        if (auto* d = qobject_cast<Dialog*>(QApplication::activeModalWidget())) {
            poll->stop();
            poll->deleteLater();
            act(d);
        }
    });
    poll->start(20);
}

} // namespace

class DesktopTest : public QObject {
    Q_OBJECT
private slots:
    // An OTF2 archive's folder dropped on the window opens as the archive: its lanes are
    // asked for, and it opens under the folder's name.
    void anOtf2ArchivesFolderDroppedOpensAsTheArchive()
    {
        auto w = testutil::quietWindow();
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(QStringLiteral(CHITRA_SOURCE_DIR "/sample_traces/taskpool-w4-n1200"))});
        const QPoint at(400, 300);
        QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(w.get(), &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(at), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(w.get(), &drop);
        QTRY_VERIFY_WITH_TIMEOUT(w->opener()->dialog() != nullptr, 30000);
        QTest::mouseClick(w->opener()->dialog()->okButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(w->workspace()->files().size(), std::size_t{1}, 30000);
        QCOMPARE(w->workspace()->files().front().label, QStringLiteral("taskpool-w4-n1200"));
        QVERIFY(w->workspace()->files().front().trace->size() > 0);
    }

    void shortcutsDialogListsEveryShortcut()
    {
        auto w = testutil::quietWindow();
        chooseFromMenu(w.get(), QStringLiteral("Help"), QStringLiteral("Keyboard shortcuts"));
        ShortcutsDialog* dialog = nullptr;
        QTRY_VERIFY((dialog = w->findChild<ShortcutsDialog*>()) != nullptr && dialog->isVisible());
        QTableWidget* table = dialog->table();

        int withShortcut = 0;
        for (QAction* a : w->findChildren<QAction*>()) {
            if (a->shortcuts().isEmpty())
                continue;
            ++withShortcut;
            const QString text = plainActionText(a);
            bool found = false;
            for (int r = 0; r < table->rowCount() && !found; ++r) {
                if (table->item(r, 0)->text() != text)
                    continue;
                const QString keys = table->item(r, 1)->text();
                found = true;
                for (const QKeySequence& k : a->shortcuts())
                    found = found && keys.contains(k.toString(QKeySequence::NativeText));
            }
            QVERIFY2(found, qPrintable("shortcut of \"" + text + "\" (" + a->shortcut().toString() + ") not listed"));
        }
        QVERIFY(withShortcut >= 15); // Open, Quit, Undo, Redo, T, E, Home, Backspace, B, F, L, Ctrl+G, …
        QCOMPARE(table->rowCount(), withShortcut);
        dialog->close();
    }

    void aboutShowsVersionsAndLicenses()
    {
        auto w = testutil::quietWindow();
        chooseFromMenu(w.get(), QStringLiteral("Help"), QStringLiteral("About Chitra"));
        AboutDialog* dialog = nullptr;
        QTRY_VERIFY((dialog = w->findChild<AboutDialog*>()) != nullptr && dialog->isVisible());
        const QString heading = dialog->findChild<QLabel*>(QStringLiteral("aboutHeading"))->text();
        QVERIFY2(heading.contains(QStringLiteral("0.1")), qPrintable(heading)); // the project version
        QVERIFY(heading.contains(QStringLiteral("GPL-3.0-or-later")));
        QTableWidget* table = dialog->libraries();
        QStringList names;
        for (int r = 0; r < table->rowCount(); ++r) {
            names << table->item(r, 0)->text();
            QVERIFY2(!table->item(r, 1)->text().isEmpty(), qPrintable(names.last() + " has no version"));
            QVERIFY2(!table->item(r, 2)->text().isEmpty(), qPrintable(names.last() + " has no license"));
            QVERIFY2(table->item(r, 1)->text().at(0).isDigit(), qPrintable(table->item(r, 1)->text()));
        }
        for (const char* lib :
             {"Qt", "QCustomPlot", "FFTW", "Eigen", "Boost", "nlohmann-json", "simdjson", "OTF2", "xxHash", "Graphviz"})
            QVERIFY2(names.contains(QLatin1String(lib)), lib);
        const int qt = static_cast<int>(names.indexOf(QStringLiteral("Qt")));
        QCOMPARE(table->item(qt, 1)->text(), QString::fromLatin1(qVersion()));
        dialog->close();
    }

    void everyActionHasATip()
    {
        auto w = testutil::quietWindow();
        QStringList missing;
        for (QAction* top : w->menuBar()->actions())
            if (top->menu())
                walkMenu(top->menu(), plainActionText(top), missing);
        const QList<QToolBar*> bars = w->findChildren<QToolBar*>();
        QVERIFY(!bars.isEmpty());
        for (QToolBar* bar : bars)
            for (QAction* a : bar->actions()) {
                if (a->isSeparator() || a->menu())
                    continue;
                const QString name = "tool bar > " + plainActionText(a);
                if (a->statusTip().trimmed().isEmpty())
                    missing << name + " (status tip)";
                QString tip = a->toolTip();
                tip.remove('&');
                if (tip.length() <= plainActionText(a).length() + 2 || tip == a->iconText())
                    missing << name + " (tool tip says no more than the text: " + a->toolTip() + ")";
            }
        QVERIFY2(missing.isEmpty(), qPrintable("without a tip:\n  " + missing.join("\n  ")));
    }

    void focusHidesAndRestoresEveryDock()
    {
        auto w = testutil::quietWindow();
        const QList<QDockWidget*> docks = w->findChildren<QDockWidget*>(QString(), Qt::FindDirectChildrenOnly);
        QVERIFY(docks.size() >= 4);
        QList<QDockWidget*> shown;
        for (QDockWidget* d : docks)
            if (d->isVisible())
                shown << d;
        QVERIFY(!shown.isEmpty());
        QTest::keyClick(w.get(), Qt::Key_F, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(w->actions()->focus->isChecked());
        for (QDockWidget* d : docks)
            QVERIFY2(!d->isVisible(), qPrintable(d->windowTitle() + " still shown"));
        QTest::keyClick(w.get(), Qt::Key_F, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(!w->actions()->focus->isChecked());
        for (QDockWidget* d : docks)
            QCOMPARE(d->isVisible(), shown.contains(d));
    }

    // First start on a 1280x800 screen: the panels share one column at the right in two
    // groups of tabs, the displays keep at least 60% of the width; a panel dragged
    // elsewhere comes back with View > Reset panel layout.
    void panelsShareOneColumnAndLeaveTheDisplaysTheRoom()
    {
        QSettings().remove("window"); // no arrangement remembered from an earlier window
        auto w = testutil::quietWindow(1280, 800);
        QCoreApplication::processEvents();
        const auto dock = [&](const char* name) { return w->findChild<QDockWidget*>(QLatin1String(name)); };
        for (QDockWidget* d : w->findChildren<QDockWidget*>(QString(), Qt::FindDirectChildrenOnly))
            QCOMPARE(w->dockWidgetArea(d), Qt::RightDockWidgetArea);
        QVERIFY2(w->centralWidget()->width() >= 0.6 * w->width(),
                 qPrintable(QString("displays %1 of %2 px").arg(w->centralWidget()->width()).arg(w->width())));
        QVERIFY(w->tabifiedDockWidgets(dock("session")).contains(dock("traceinfo")));
        QVERIFY(w->tabifiedDockWidgets(dock("session")).contains(dock("bookmarks")));
        QVERIFY(w->tabifiedDockWidgets(dock("pipeline")).contains(dock("statedetails")));
        QVERIFY(w->tabifiedDockWidgets(dock("pipeline")).contains(dock("patterns")));
        QVERIFY(!w->tabifiedDockWidgets(dock("session")).contains(dock("pipeline")));

        w->addDockWidget(Qt::LeftDockWidgetArea, dock("traceinfo")); // as a drag to the left edge does
        QCOMPARE(w->dockWidgetArea(dock("traceinfo")), Qt::LeftDockWidgetArea);
        chooseFromMenu(w.get(), "View", "Reset panel layout");
        QCOMPARE(w->dockWidgetArea(dock("traceinfo")), Qt::RightDockWidgetArea);
        QVERIFY(w->tabifiedDockWidgets(dock("session")).contains(dock("traceinfo")));
    }

    // Edit > Preferences, driven by the keyboard: durations in milliseconds, the Tol
    // palette, autosave every 7 minutes, short visits from 1 ms; the open view redraws in
    // them at once, and they are there again for the next window.
    void preferencesChangeUnitsColoursAndAutosave()
    {
        QSettings().remove("preferences");
        auto w = testutil::quietWindow(1280, 800);
        QCustomPlot* plot = openedTracePlot(w.get());
        QVERIFY(plot);
        const QList<QRgb> okabeIto = {0xFF0072B2, 0xFFE69F00, 0xFF009E73, 0xFFD55E00, 0xFF56B4E9};
        const QList<QRgb> tol = {0xFF332288, 0xFF88CCEE, 0xFF44AA99, 0xFF117733, 0xFF999933};
        const QImage before = plot->grab().toImage();
        QVERIFY(pixelsOf(before, okabeIto) > 100);
        QVERIFY(plot->xAxis->tickVectorLabels().contains("1.0 s"));

        whenModalOpens<PreferencesDialog>([](PreferencesDialog* d) {
            testutil::chooseByKeys(d->unitBox(), 2);    // Milliseconds
            testutil::chooseByKeys(d->paletteBox(), 1); // Tol muted
            d->autosaveBox()->setFocus();
            QTest::keyClick(d->autosaveBox(), Qt::Key_A, Qt::ControlModifier);
            QTest::keyClicks(d->autosaveBox(), "7");
            d->shortVisitBox()->setSeconds(1e-3);
            QTest::keyClick(d, Qt::Key_Return);
        });
        QTest::keySequence(w.get(), w->actions()->preferences->shortcut()); // Ctrl+, here
        QTRY_COMPARE(w->preferences().autosaveMinutes, 7);
        QCOMPARE(w->preferences().secondsPrefix, std::optional<int>(-1));
        QCOMPARE(w->preferences().palette, StatePalette::tol);
        QCOMPARE(w->sessionController()->autosaveTimer()->interval(), 7 * 60 * 1000);
        QVERIFY(w->sessionController()->autosaveTimer()->isActive());
        QCOMPARE(preferredMinVisitSeconds(), 1e-3);

        const QImage after = plot->grab().toImage();
        QVERIFY2(pixelsOf(after, okabeIto) < pixelsOf(before, okabeIto) / 20,
                 qPrintable(QString("%1 Okabe-Ito pixels left").arg(pixelsOf(after, okabeIto))));
        QVERIFY(pixelsOf(after, tol) > 100);
        for (const QString& label : plot->xAxis->tickVectorLabels())
            QVERIFY2(label == "0" || label.endsWith(" ms"), qPrintable(label));

        const Preferences saved = Preferences::load();
        QVERIFY(saved == w->preferences());
        // Back to the defaults for the tests that follow.
        w->applyPreferences(Preferences{});
        QCOMPARE(preferredMinVisitSeconds(), Preferences{}.shortVisitSeconds);
    }

    // Preferences ▸ Theme ▸ Dark: windows and every plot turn dark at once, their text
    // light, the states keep their colours; Light and the desktop's look come back.
    void darkThemeReachesEveryPlot()
    {
        QSettings().remove("preferences");
        auto w = testutil::quietWindow(1280, 800);
        QCustomPlot* plot = openedTracePlot(w.get());
        QVERIFY(plot);
        const QColor lightBackground = plot->grab().toImage().pixelColor(2, 2);
        QVERIFY(lightBackground.lightnessF() > 0.8);

        whenModalOpens<PreferencesDialog>([](PreferencesDialog* d) {
            testutil::chooseByKeys(d->themeBox(), 2); // Dark
            QTest::keyClick(d, Qt::Key_Return);
        });
        QTest::keySequence(w.get(), w->actions()->preferences->shortcut());
        QTRY_COMPARE(w->preferences().theme, Theme::dark);
        QVERIFY(isDark(QApplication::palette()));
        QCOMPARE(Preferences::load().theme, Theme::dark);
        QCoreApplication::processEvents();
        int plots = 0;
        for (QWidget* widget : QApplication::allWidgets()) {
            auto* p = qobject_cast<QCustomPlot*>(widget);
            if (!p || !p->isVisible())
                continue;
            ++plots;
            p->replot();
            QVERIFY2(p->grab().toImage().pixelColor(2, 2).lightnessF() < 0.2, qPrintable(p->objectName()));
            for (QCPAxis* axis : p->axisRect()->axes())
                QVERIFY2(axis->tickLabelColor().lightnessF() > 0.8, qPrintable(p->objectName()));
        }
        QVERIFY(plots >= 2); // the time view and the frequency view at least
        const QImage dark = plot->grab().toImage();
        QVERIFY(pixelsOf(dark, {0xFF0072B2, 0xFFE69F00, 0xFF009E73, 0xFFD55E00, 0xFF56B4E9}) > 100); // Okabe-Ito
        testutil::saveShot(w.get(), "dark-theme");

        w->applyPreferences(Preferences{.theme = Theme::light});
        QVERIFY(!isDark(QApplication::palette()));
        QTRY_VERIFY(plot->grab().toImage().pixelColor(2, 2).lightnessF() > 0.8); // redrawn on its own
        w->applyPreferences(Preferences{}); // the desktop's look, for the tests that follow
    }
};

QTEST_MAIN(DesktopTest)
#include "desktop_test.moc"
