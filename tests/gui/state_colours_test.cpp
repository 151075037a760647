// State colours (interfaces.md "What the views report", Colours): the 8 states covering
// most time never share a colour with another shown state; a name keeps its colour across
// traces and runs (a user setting); the source's colours win; the lanes view and the
// view's states agree; the same program traced as OTF2 and as Paraver looks the same.
#include "document/view_document.hpp"
#include "plotting/palette.hpp"
#include "plotting/state_colours.hpp"

#include "chitra/io/import.hpp"
#include "chitra/io/io.hpp"
#include "chitra/lanes/lane_trace.hpp"
#include "chitra/summaries/lane_tracks.hpp"

#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

#include <algorithm>
#include <random>
#include <set>

using namespace chitra;
using namespace chitra::app;

namespace {

const std::string kSamples = CHITRA_SOURCE_DIR "/sample_traces/";

std::vector<StateColours::State> statesOf(const std::vector<std::pair<std::string, double>>& named)
{
    std::vector<StateColours::State> out;
    for (const auto& [name, time] : named)
        out.push_back({name, time});
    return out;
}

// The lane states' names with time in `doc`'s lanes, most time first.
std::vector<std::string> laneStatesByTime(const ViewDocument& doc)
{
    const auto tracks = doc.laneTracks();
    std::vector<double> time(tracks->trace().state_names.size(), 0.0);
    for (std::size_t lane = 0; lane < tracks->laneCount(); ++lane)
        for (const auto& [s, t] : tracks->stateTimes(lane, 0))
            time[s] += t;
    std::vector<std::size_t> order;
    for (std::size_t s = 0; s < time.size(); ++s)
        if (time[s] > 0)
            order.push_back(s);
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return time[a] > time[b]; });
    std::vector<std::string> names;
    for (std::size_t s : order)
        names.push_back(tracks->trace().state_names[s]);
    return names;
}

} // namespace

class StateColoursTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // Random views over one book: whatever the names remember, the top states' colours
    // are primary and no other shown state has one of them.
    void theEightStatesCoveringMostTimeNeverShareTheirColours()
    {
        std::mt19937 rng(7);
        std::vector<std::string> pool;
        for (int i = 0; i < 30; ++i)
            pool.push_back("state" + std::to_string(i));
        for (int round = 0; round < 300; ++round) {
            std::shuffle(pool.begin(), pool.end(), rng);
            const std::size_t n = 1 + rng() % 20;
            std::vector<std::pair<std::string, double>> named;
            FixedColours fixed;
            for (std::size_t i = 0; i < n; ++i) {
                named.emplace_back(pool[i], rng() % 4 == 0 ? 0.0 : static_cast<double>(rng() % 50));
                if (rng() % 10 == 0)
                    fixed[pool[i]] = 0x0072B2; // a source may give a palette colour too
            }
            const StateColours colours(statesOf(named), fixed, ColourBook::shared());

            std::vector<std::size_t> shown;
            for (std::size_t i = 0; i < n; ++i)
                if (named[i].second > 0 && !fixed.count(named[i].first))
                    shown.push_back(i);
            std::sort(shown.begin(), shown.end(), [&](std::size_t a, std::size_t b) {
                return named[a].second != named[b].second ? named[a].second > named[b].second
                                                          : named[a].first < named[b].first;
            });
            const std::size_t top = std::min<std::size_t>(shown.size(), kPrimaryColours);
            std::set<QRgb> topColours;
            for (std::size_t r = 0; r < top; ++r) {
                QVERIFY(colours.primarySlot(shown[r]).has_value());
                topColours.insert(colours.colour(shown[r]).rgb());
                QCOMPARE(colours.colour(shown[r]), colours.colourOf(named[shown[r]].first));
            }
            QCOMPARE(topColours.size(), top);
            for (std::size_t r = top; r < shown.size(); ++r)
                QVERIFY2(!topColours.count(colours.colour(shown[r]).rgb()), named[shown[r]].first.c_str());
            for (const auto& [name, rgb] : fixed)
                QCOMPARE(colours.colourOf(name).rgb() & 0xFFFFFFu, rgb);
        }
    }

    void aNameKeepsItsColourInTheNextTraceAndTheNextRun()
    {
        ColourBook& book = ColourBook::shared();
        const StateColours first(statesOf({{"keep-a", 10}, {"keep-b", 5}, {"keep-c", 1}}), {}, book);
        const StateColours second(statesOf({{"keep-c", 100}, {"keep-x", 50}, {"keep-a", 1}, {"keep-b", 0}}), {}, book);
        QCOMPARE(second.colour(0), first.colour(2));
        QCOMPARE(second.colour(2), first.colour(0));
        QCOMPARE(second.colourOf("keep-b"), first.colour(1)); // not shown: still its colour
        QVERIFY(second.colour(1) != first.colour(0) && second.colour(1) != first.colour(1) &&
                second.colour(1) != first.colour(2));
        // The next run reads the assignments back from the user's settings.
        const QStringList saved = QSettings().value("colours/states").toStringList();
        for (const char* name : {"keep-a", "keep-b", "keep-c", "keep-x"}) {
            const auto entry =
                std::find_if(saved.begin(), saved.end(), [&](const QString& e) { return e.section(' ', 1) == name; });
            QVERIFY2(entry != saved.end(), name);
            QCOMPARE(primaryColour(entry->section(' ', 0, 0).toInt()), second.colourOf(name));
        }
    }

    // Two names remembering one colour: the one covering more time keeps it, the other is
    // given a colour no state of the view remembers.
    void aStateCoveringMoreTimeKeepsAColourTwoNamesRemember()
    {
        ColourBook& book = ColourBook::shared();
        book.remember("clash-big", 3);
        book.remember("clash-small", 3);
        book.remember("clash-other", 0);
        const StateColours colours(statesOf({{"clash-small", 5}, {"clash-big", 9}, {"clash-other", 1}}), {}, book);
        QCOMPARE(colours.primarySlot(1), std::optional<int>(3));
        QCOMPARE(colours.primarySlot(2), std::optional<int>(0));
        QVERIFY(colours.primarySlot(0) && *colours.primarySlot(0) != 3 && *colours.primarySlot(0) != 0);
        QCOMPARE(book.slotOf("clash-small"), colours.primarySlot(0));
    }

    // SimGrid's Paje trace gives each MPI call its colour: the lanes draw them in it.
    void theSourcesColoursWin()
    {
        auto trace = std::make_shared<const Trace>(load_trace(kSamples + "smpi-halo-r4.paje"));
        ViewDocument doc(trace, "smpi");
        const auto lanes = doc.laneColours();
        QCOMPARE(lanes->colourOf("PMPI_Init"), QColor(0, 255, 0));
        QCOMPARE(lanes->colourOf("PMPI_Isend"), QColor(133, 133, 255));
        QCOMPARE(lanes->colourOf("PMPI_Waitall"), QColor(199, 199, 0));
    }

    // A trace of one lane: its states are the lanes' states, in the same colours.
    void theLanesViewAndTheViewsStatesAgree()
    {
        std::string text = "# chitra-pes 1\n# timebase: ns\n";
        for (int i = 0; i < 300; ++i)
            text += std::to_string(10 * i) + (i % 3 == 0 ? " think\n" : i % 3 == 1 ? " eat\n" : " wait\n");
        auto trace = std::make_shared<const Trace>(read_pes_text(text, "one-lane.pes"));
        ViewDocument doc(trace, "philosophers");
        const SymbolTable& symbols = *doc.ses().symbols;
        const auto lanes = doc.laneColours();
        const std::vector<std::string>& names = doc.laneTracks()->trace().state_names;
        int same = 0;
        for (std::size_t s = 0; s < names.size(); ++s)
            if (const SymbolId id = symbols.find(names[s]); id != kNoSymbol) {
                QCOMPARE(lanes->colour(s), doc.stateColour(id));
                ++same;
            }
        QCOMPARE(same, 3);
    }

    // chitra-taskpool traced as OTF2, then as Paraver (no colours in its .pcf): each state
    // among the 8 covering most time in both is drawn alike.
    void theSameProgramAsOtf2AndParaverLooksTheSame()
    {
        ViewDocument otf2(std::make_shared<const Trace>(load_trace(kSamples + "taskpool-w4-n1200/traces.otf2")),
                          "otf2");
        const auto a = otf2.laneColours();
        ViewDocument paraver(std::make_shared<const Trace>(load_trace(kSamples + "taskpool-w4-n300.prv")), "prv");
        const auto b = paraver.laneColours();
        std::vector<std::string> topA = laneStatesByTime(otf2), topB = laneStatesByTime(paraver);
        topA.resize(std::min<std::size_t>(topA.size(), kPrimaryColours));
        topB.resize(std::min<std::size_t>(topB.size(), kPrimaryColours));
        int compared = 0;
        for (const std::string& name : topA)
            if (std::find(topB.begin(), topB.end(), name) != topB.end()) {
                QVERIFY2(a->colourOf(name) == b->colourOf(name), name.c_str());
                ++compared;
            }
        QVERIFY2(compared >= 5, qPrintable(QString::number(compared)));
    }
};

QTEST_MAIN(StateColoursTest)
#include "state_colours_test.moc"
