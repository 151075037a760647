// docs/tutorial.md step 12 driven like a person: the philosophers' joined trace, the
// suggestion to keep one philosopher, then Simplify down to that philosopher's cycle.
// With CHITRA_SCREENSHOT_DIR set it also takes the tutorial's three pictures.
#include "gui_test_util.hpp"
#include "main_window_test_util.hpp"

#include "document/view_document.hpp"
#include "panels/suggestions_panel.hpp"
#include "views/frequency/frequency_plot.hpp"
#include "views/view_panel.hpp"

#include "chitra/pipeline/pipeline.hpp"

#include <QDockWidget>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QTreeWidget>

#include <set>

using namespace chitra;
using namespace chitra::app;

namespace {

// The picture once the periodogram under the trace is drawn.
void shot(MainWindow* window, const char* name)
{
    QTRY_VERIFY_WITH_TIMEOUT(!window->currentPanel()->frequencyPlot()->busy(), 30000);
    testutil::saveShot(window, QString::fromLatin1(name));
}

} // namespace

class SuggestionsTutorialTest : public QObject {
    Q_OBJECT
private slots:
    void keepOnePhilosopherThenSimplify()
    {
        auto window = testutil::quietWindow(1400, 900);
        SuggestionsPanel* panel = window->suggestionsPanel();
        window->openFiles({QStringLiteral(CHITRA_SOURCE_DIR "/sample_traces/philosophers-n3-x1000.pes")});
        QTRY_VERIFY_WITH_TIMEOUT(window->currentView() != nullptr, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(!panel->busy() && !panel->suggestions().empty(), 20000);
        qobject_cast<QDockWidget*>(panel->parentWidget())->raise();
        ViewDocument* doc = window->currentView();

        // 1. The joined trace: keeping one philosopher comes first.
        const Suggestion& top = panel->suggestions().front();
        QCOMPARE(top.kind, SuggestionKind::lanes);
        QVERIFY(top.states_after < top.states_before);
        shot(window.get(), "suggest-1-lanes");

        // 2. Apply it: one philosopher's six states; its cycle is the next suggestion.
        testutil::clickRow(panel->list(), 0);
        QTest::mouseClick(panel->applyButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(doc->steps().size(), std::size_t{1}, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(!panel->busy() && !panel->suggestions().empty(), 20000);
        const auto* cycle = std::get_if<step::Aggregate>(&panel->suggestions().front().step);
        QVERIFY(cycle);
        QCOMPARE(cycle->pattern.size(), std::size_t{6});
        shot(window.get(), "suggest-2-one-philosopher");

        // 3. Simplify: the cycle aggregated, nothing more to shrink.
        QSignalSpy finished(panel, &SuggestionsPanel::simplifyFinished);
        QTest::mouseClick(panel->simplifyButton(), Qt::LeftButton);
        QVERIFY(finished.count() > 0 || finished.wait(60000));
        QVERIFY(finished.at(0).at(0).toInt() >= 1);
        const Ses& ses = doc->ses();
        const std::set<SymbolId> inner(ses.symbol.begin() + 1, ses.symbol.end() - 1);
        QCOMPARE(inner.size(), std::size_t{1});
        QCOMPARE((*ses.symbols)[*inner.begin()].kind, SymbolKind::sequence);
        QVERIFY(panel->statusLabel()->text().contains(QStringLiteral("Simplified")));
        shot(window.get(), "suggest-3-simplified");
    }
};

QTEST_MAIN(SuggestionsTutorialTest)
#include "suggestions_tutorial_test.moc"
