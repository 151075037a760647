// A step made on one trace, applied to every other open trace from the Transform menu:
// each takes it as its own undoable step, and the trace it does not fit is named.
#include "gui_test_util.hpp"
#include "main_window_test_util.hpp"

#include "document/step_broadcast.hpp"
#include "document/view_document.hpp"
#include "document/workspace.hpp"
#include "workbench/error_reporter.hpp"

#include <QAction>
#include <QMenuBar>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <fstream>

using namespace chitra;
using namespace chitra::app;

namespace {

QString writeTrace(const QTemporaryDir& dir, const char* name, const std::vector<const char*>& cycle)
{
    const QString path = dir.filePath(QString::fromLatin1(name));
    std::ofstream out(path.toStdString());
    long long t = 0;
    for (int i = 0; i < 20; ++i)
        for (const char* s : cycle) {
            out << t << ' ' << s << '\n';
            t += 10;
        }
    return path;
}

QAction* menuAction(QMenuBar* bar, const QString& text)
{
    for (QAction* menu : bar->actions())
        if (menu->menu())
            for (QAction* a : menu->menu()->actions())
                if (a->text().remove(QLatin1Char('&')) == text)
                    return a;
    return nullptr;
}

bool hasSymbol(const Ses& ses, const std::string& name)
{
    for (SymbolId s : ses.symbol)
        if ((*ses.symbols)[s].name == name)
            return true;
    return false;
}

} // namespace

class StepBroadcastTest : public QObject {
    Q_OBJECT
private slots:
    void theLastStepReachesEveryOtherTraceAndTheMisfitIsNamed()
    {
        QTemporaryDir dir;
        QStringList errors;
        setErrorHook([&errors](QWidget*, const QString&, const QString& text) { errors << text; });
        auto window = testutil::quietWindow();
        window->openFiles({writeTrace(dir, "run1.pes", {"A", "B", "C", "D"})});
        QTRY_COMPARE_WITH_TIMEOUT(window->workspace()->files().size(), std::size_t{1}, 20000);
        window->openFiles({writeTrace(dir, "run2.pes", {"A", "B", "C", "D", "C", "D"})});
        QTRY_COMPARE_WITH_TIMEOUT(window->workspace()->files().size(), std::size_t{2}, 20000);
        window->openFiles({writeTrace(dir, "other.pes", {"X", "Y"})});
        QTRY_COMPARE_WITH_TIMEOUT(window->workspace()->files().size(), std::size_t{3}, 20000);

        ViewDocument* run1 = window->workspace()->files()[0].views.front();
        ViewDocument* run2 = window->workspace()->files()[1].views.front();
        ViewDocument* other = window->workspace()->files()[2].views.front();
        window->setCurrentView(run1);
        QVERIFY(!run1->pushStep(step::Aggregate{{"A", "B"}, "AB"}));

        QAction* action = menuAction(window->menuBar(), QStringLiteral("Apply last step to every open trace"));
        QVERIFY(action);
        QVERIFY(action->isEnabled());
        action->trigger();

        QCOMPARE(run2->steps().size(), std::size_t{1});
        QVERIFY(hasSymbol(run2->ses(), "AB"));
        // 20 x (AB C D C D), less the last record, which only ends the one before it.
        QCOMPARE(run2->ses().size(), std::size_t{99});
        QCOMPARE(other->steps().size(), std::size_t{1});
        QVERIFY(!hasSymbol(other->ses(), "AB"));
        // Named once, the trace the step does not fit.
        QCOMPARE(errors.size(), 1);
        QVERIFY2(errors.front().contains(other->name()) && !errors.front().contains(run2->name()),
                 qPrintable(errors.front()));
        // Undoable in each trace on its own.
        run2->undoStack()->undo();
        QCOMPARE(run2->steps().size(), std::size_t{0});
        QCOMPARE(run1->steps().size(), std::size_t{1});
        setErrorHook({});
    }
};

QTEST_MAIN(StepBroadcastTest)
#include "step_broadcast_test.moc"
