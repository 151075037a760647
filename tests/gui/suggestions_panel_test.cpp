// The Suggestions panel in the workbench, driven like a person: the known cycle of a
// noisy trace comes first, Preview brushes it, Apply adds an undoable step, and Simplify
// shrinks the chain one step at a time.
#include "gui_test_util.hpp"
#include "main_window_test_util.hpp"

#include "document/view_document.hpp"
#include "views/frequency/frequency_plot.hpp"
#include "views/view_panel.hpp"
#include "panels/suggestions_panel.hpp"

#include "chitra/pipeline/pipeline.hpp"

#include <QDockWidget>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QStatusBar>
#include <QTreeWidget>
#include <qcustomplot.h>
#include <QUndoStack>

#include <fstream>
#include <random>

using namespace chitra;
using namespace chitra::app;

namespace {

// The cycle LOCK WORK UNLOCK IDLE, 400 times, with a rare short noise state after some
// elements: IRQ or PAGE, never twice in a row.
QString writeNoisyCycle(const QTemporaryDir& dir)
{
    const QString path = dir.filePath(QStringLiteral("cycle.pes"));
    std::ofstream out(path.toStdString());
    out << "# chitra-pes 1\n# timebase: us\n";
    std::mt19937_64 rng(5);
    long long t = 0;
    const char* cycle[] = {"LOCK", "WORK", "UNLOCK", "IDLE"};
    const long long length[] = {20, 300, 15, 120};
    for (int i = 0; i < 400; ++i)
        for (int k = 0; k < 4; ++k) {
            out << t << ' ' << cycle[k] << '\n';
            t += length[k] + static_cast<long long>(rng() % 7);
            if (rng() % 40 == 0) {
                out << t << ' ' << (rng() % 2 ? "IRQ" : "PAGE") << '\n';
                t += 2;
            }
        }
    out << "# end: " << t << '\n';
    return path;
}

bool isRotationOfTheCycle(const std::vector<std::string>& pattern)
{
    const std::vector<std::string> cycle{"LOCK", "WORK", "UNLOCK", "IDLE"};
    if (pattern.size() != cycle.size())
        return false;
    for (std::size_t r = 0; r < cycle.size(); ++r) {
        bool same = true;
        for (std::size_t i = 0; i < cycle.size(); ++i)
            same = same && pattern[i] == cycle[(i + r) % cycle.size()];
        if (same)
            return true;
    }
    return false;
}

} // namespace

class SuggestionsPanelTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        window_ = testutil::quietWindow();
        panel_ = window_->suggestionsPanel();
        QVERIFY(panel_);
        QSignalSpy ready(panel_, &SuggestionsPanel::suggestionsReady);
        window_->openFiles({writeNoisyCycle(dir_)});
        QTRY_VERIFY_WITH_TIMEOUT(window_->currentView() != nullptr, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(!panel_->busy() && !panel_->suggestions().empty(), 20000);
        auto* dock = qobject_cast<QDockWidget*>(panel_->parentWidget());
        QVERIFY(dock);
        dock->raise();
    }
    void cleanupTestCase() { window_.reset(); }

    void theKnownCycleComesFirst()
    {
        const Suggestion& top = panel_->suggestions().front();
        const auto* aggregate = std::get_if<step::Aggregate>(&top.step);
        QVERIFY(aggregate);
        QVERIFY2(isRotationOfTheCycle(aggregate->pattern), top.reason.c_str());
        QCOMPARE(QString::fromStdString(aggregate->as), QStringLiteral("S1"));
        QCOMPARE(panel_->list()->topLevelItemCount(), int(panel_->suggestions().size()));
        QVERIFY(panel_->list()->topLevelItem(0)->text(1).contains(QStringLiteral("S1")));
        QVERIFY(panel_->statusLabel()->text().contains(QStringLiteral("states")));
        testutil::saveShot(window_.get(), "suggestions_panel");
    }

    void previewBrushesTheSequence()
    {
        ViewDocument* doc = window_->currentView();
        const std::size_t before = doc->presentation().patterns().size();
        testutil::clickRow(panel_->list(), 0);
        QVERIFY(panel_->previewButton()->isEnabled());
        QTest::mouseClick(panel_->previewButton(), Qt::LeftButton);
        QCOMPARE(doc->presentation().patterns().size(), before + 1);
        QVERIFY(doc->presentation().patterns().back().starts.size() > 300); // 400 cycles, some broken by noise
        doc->presentation().removePattern(static_cast<int>(doc->presentation().patterns().size()) - 1);
    }

    void clickingAPeakBrushesTheSequenceOfItsPeriod()
    {
        ViewDocument* doc = window_->currentView();
        FrequencyPlot* frequency = window_->currentPanel()->frequencyPlot();
        frequency->recompute();
        QTRY_VERIFY_WITH_TIMEOUT(!frequency->busy() && frequency->binCount() > 0, 20000);
        // The cycle's period in the view's domain (time, by default): its peak is where a
        // person would click.
        const Suggestion& top = panel_->suggestions().front();
        const bool events = frequency->domain() == XAxis::Event;
        const double peak = 1.0 / (events ? top.period_elements : top.period_time);
        QCustomPlot* plot = frequency->plot();
        plot->xAxis->setRange(0.0, 4.0 * peak);
        plot->replot();
        const QPoint at(qRound(plot->xAxis->coordToPixel(peak)), plot->axisRect()->center().y());
        const std::size_t before = doc->presentation().patterns().size();
        QTest::mouseClick(plot, Qt::LeftButton, {}, at);
        QVERIFY2(doc->presentation().patterns().size() == before + 1,
                 qPrintable(window_->statusBar()->currentMessage()));
        QVERIFY(isRotationOfTheCycle(doc->presentation().patterns().back().names));
        QCOMPARE(panel_->list()->currentItem(), panel_->list()->topLevelItem(0));
        doc->presentation().removePattern(static_cast<int>(doc->presentation().patterns().size()) - 1);
        // Where no suggested sequence has the period, nothing is brushed.
        QCOMPARE(panel_->highlightPeriod(peak / 37.0, events), -1);
        QCOMPARE(doc->presentation().patterns().size(), before);
    }

    void applyAddsAnUndoableStep()
    {
        ViewDocument* doc = window_->currentView();
        QCOMPARE(doc->steps().size(), std::size_t{0});
        testutil::clickRow(panel_->list(), 0);
        QTest::mouseClick(panel_->applyButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(doc->steps().size(), std::size_t{1}, 10000);
        QVERIFY(std::holds_alternative<step::Aggregate>(doc->steps()[0]));
        // The list follows the new sequence.
        QTRY_VERIFY_WITH_TIMEOUT(!panel_->busy(), 20000);
        doc->undoStack()->undo();
        QTRY_COMPARE_WITH_TIMEOUT(doc->steps().size(), std::size_t{0}, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!panel_->busy() && !panel_->suggestions().empty(), 20000);
    }

    void simplifyShrinksTheChainStepByStep()
    {
        ViewDocument* doc = window_->currentView();
        const std::size_t states = doc->ses().symbols->size();
        QSignalSpy finished(panel_, &SuggestionsPanel::simplifyFinished);
        QTest::mouseClick(panel_->simplifyButton(), Qt::LeftButton);
        QVERIFY2(finished.count() > 0 || finished.wait(60000), qPrintable(panel_->statusLabel()->text()));
        const int steps = finished.at(0).at(0).toInt();
        QVERIFY(steps >= 1);
        QCOMPARE(doc->steps().size(), std::size_t(steps));
        // Each step is its own undo command.
        QCOMPARE(doc->undoStack()->count(), steps);
        // What is left: no noise state, and fewer distinct states than the trace began with.
        std::vector<bool> seen(doc->ses().symbols->size(), false);
        std::size_t distinct = 0;
        for (SymbolId s : doc->ses().symbol) {
            if (!seen[s]) {
                seen[s] = true;
                ++distinct;
                const std::string& name = (*doc->ses().symbols)[s].name;
                QVERIFY2(name != "IRQ" && name != "PAGE", name.c_str());
            }
        }
        QVERIFY(distinct < states);
        QVERIFY(panel_->statusLabel()->text().contains(QStringLiteral("Simplified")));
        // After each step the chain of the new sequence is validated, and the last word says how.
        QVERIFY2(panel_->statusLabel()->text().contains(QStringLiteral("validation")),
                 qPrintable(panel_->statusLabel()->text()));
        testutil::saveShot(window_.get(), "suggestions_simplified");
    }

    // Last: it opens a large trace, which becomes the current view.
    void aSearchCanBeCancelledAndFoundAgain()
    {
        const QString path = dir_.filePath(QStringLiteral("large.pes"));
        {
            std::ofstream out(path.toStdString());
            std::mt19937_64 rng(8);
            long long t = 0;
            const char* states[] = {"LOCK", "WORK", "UNLOCK", "IDLE", "IRQ"};
            for (int i = 0; i < 2000000; ++i) {
                out << t << ' ' << states[i % 4 == 3 && rng() % 50 == 0 ? 4 : i % 4] << '\n';
                t += 1 + static_cast<long long>(rng() % 100);
            }
        }
        window_->openFiles({path});
        QTRY_VERIFY_WITH_TIMEOUT(window_->currentView() && window_->currentView()->ses().size() > 1000000, 60000);
        QTRY_VERIFY_WITH_TIMEOUT(!panel_->busy(), 60000);
        QVERIFY(panel_->findButton()->isVisible());
        QTest::mouseClick(panel_->findButton(), Qt::LeftButton);
        QVERIFY(panel_->busy());
        QVERIFY(panel_->cancelButton()->isVisible());
        QTest::mouseClick(panel_->cancelButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!panel_->busy(), 60000);
        QVERIFY2(panel_->statusLabel()->text().contains(QStringLiteral("cancelled")),
                 qPrintable(panel_->statusLabel()->text()));
        QVERIFY(panel_->suggestions().empty());
        QTest::mouseClick(panel_->findButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!panel_->busy(), 60000);
        QVERIFY(!panel_->suggestions().empty());
    }

private:
    QTemporaryDir dir_;
    std::unique_ptr<MainWindow> window_;
    SuggestionsPanel* panel_ = nullptr;
};

QTEST_MAIN(SuggestionsPanelTest)
#include "suggestions_panel_test.moc"
