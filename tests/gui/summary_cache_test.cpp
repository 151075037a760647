// The lanes of a trace kept between runs: read back exactly as built, and ignored (then
// built again) when the trace changed or the entry is damaged.
#include "document/summary_cache.hpp"
#include "document/view_document.hpp"

#include "chitra/io/io.hpp"
#include "chitra/pipeline/pipeline_runner.hpp"

#include <QtConcurrent/QtConcurrentRun>
#include <QtTest>

#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <random>
#include <sys/stat.h>

using namespace chitra;
using namespace chitra::app;

namespace {

// A .ctrace of `n` records over 30 states in a seeded random order, with a declared end.
void writeTrace(const std::string& path, std::size_t n, std::uint64_t seed)
{
    std::mt19937_64 rng(seed);
    std::string text = "# chitra-pes 1\n# timebase: ns\n# end: " + std::to_string(n * 10) + "\n";
    for (std::size_t i = 0; i < n; ++i)
        text += std::to_string(i * 10 - (i ? rng() % 3 : 0)) + " S" + std::to_string(rng() % 30) + "\n";
    write_binary_file(read_pes_text(text, "t.pes"), path);
}

std::shared_ptr<const Ses> baseSes(const Trace& trace) { return std::make_shared<const Ses>(base_ses(trace)); }

int entries() { return static_cast<int>(QDir(summaryCacheFolder()).entryList({"*.lanes"}, QDir::Files).size()); }

// Moves every entry's modification time a minute back, so that an entry written or read
// next is the newest by a margin any file system keeps, without waiting for the clock.
void ageEntries()
{
    for (const QFileInfo& e : QDir(summaryCacheFolder()).entryInfoList({"*.lanes"}, QDir::Files)) {
        QFile f(e.filePath());
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.setFileTime(e.lastModified().addSecs(-60), QFileDevice::FileModificationTime));
    }
}

QString onlyEntry()
{
    const QStringList e = QDir(summaryCacheFolder()).entryList({"*.lanes"}, QDir::Files);
    return e.size() == 1 ? summaryCacheFolder() + "/" + e.front() : QString();
}

void compareLayouts(const LaneLayout& got, const LaneLayout& want)
{
    QCOMPARE(got.symbols, want.symbols);
    QCOMPARE(got.laneOf, want.laneOf);
    QCOMPARE(got.totals->time, want.totals->time);
    QCOMPARE(got.totals->count, want.totals->count);
    QCOMPARE(got.totals->firstSeen, want.totals->firstSeen);
    QCOMPARE(got.summary->boundSample(), want.summary->boundSample());
    QCOMPARE(got.summary->size(), want.summary->size());
    const auto& a = got.summary->levels();
    const auto& b = want.summary->levels();
    QCOMPARE(a.size(), b.size());
    for (std::size_t l = 0; l < a.size(); ++l) {
        QCOMPARE(a[l].size(), b[l].size());
        QVERIFY(std::memcmp(a[l].data(), b[l].data(), a[l].size() * sizeof(LaneSummary)) == 0);
    }
    std::mt19937_64 rng(5);
    const std::size_t n = got.summary->size();
    for (int k = 0; k < 100; ++k) {
        std::size_t x = rng() % n, y = rng() % n;
        if (x > y)
            std::swap(x, y);
        QCOMPARE(got.summary->query(x, y).mask, want.summary->query(x, y).mask);
        QCOMPARE(got.summary->lane(x), want.summary->lane(x));
    }
}

} // namespace

class SummaryCacheTest : public QObject {
    Q_OBJECT
private slots:
    void init()
    {
        QDir(summaryCacheFolder()).removeRecursively();
        QVERIFY(dir_.isValid());
        path_ = dir_.filePath("t.ctrace").toStdString();
        writeTrace(path_, 300000, 1);
    }

    void storedLanesReadBackAsBuilt()
    {
        const Trace trace = read_binary_file(path_);
        const auto ses = baseSes(trace);
        const LaneLayout built = computeLanes(ses, YOrder::FirstAppearance, {});
        QVERIFY(!loadCachedLanes(path_, ses)); // nothing stored yet
        QVERIFY(storeCachedLanes(path_, built));
        QCOMPARE(entries(), 1);
        const auto loaded = loadCachedLanes(path_, ses);
        QVERIFY(loaded);
        compareLayouts(*loaded, built);
    }

    // Opening a trace stores its lanes in the background; the next open reads them.
    void openingATraceStoresItsLanesForTheNextOpen()
    {
        const Trace trace = read_binary_file(path_);
        const TraceBase first = makeTraceBase(trace, path_, 1000);
        waitForCachedLanes();
        QCOMPARE(entries(), 1);
        const QString entry = onlyEntry();
        ageEntries();
        const auto stored = QFileInfo(entry).lastModified();
        const TraceBase second = makeTraceBase(trace, path_, 1000);
        waitForCachedLanes();
        compareLayouts(*second.lanes, *first.lanes);
        QVERIFY(QFileInfo(entry).lastModified() > stored); // read, so marked as recently used
        // Below the threshold, or without the file's name, nothing is cached.
        QDir(summaryCacheFolder()).removeRecursively();
        makeTraceBase(trace, path_, 400000);
        makeTraceBase(trace, {}, 0);
        waitForCachedLanes();
        QCOMPARE(entries(), 0);
    }

    // The loader makes a trace's base on a worker thread: the write is queued from there.
    void aTraceOpenedOnAWorkerStoresItsLanes()
    {
        QTest::failOnWarning(QRegularExpression("thread")); // no QObject made for another thread
        const Trace trace = read_binary_file(path_);
        const TraceBase base = QtConcurrent::run([&] { return makeTraceBase(trace, path_, 1000); }).result();
        waitForCachedLanes();
        QCOMPARE(entries(), 1);
        const auto loaded = loadCachedLanes(path_, base.ses);
        QVERIFY(loaded);
        compareLayouts(*loaded, *base.lanes);
    }

    // The write waits for the view's first frames: a file replaced meanwhile must not get
    // the lanes of the one it replaced.
    void aTraceReplacedBeforeTheWriteDoesNotGetTheOldLanes()
    {
        const Trace trace = read_binary_file(path_);
        makeTraceBase(trace, path_, 1000); // the write waits two seconds
        writeTrace(path_, 300000, 3);
        waitForCachedLanes();
        const Trace replaced = read_binary_file(path_);
        QVERIFY(!loadCachedLanes(path_, baseSes(replaced)));
    }

    void aChangedTraceIsNotMatched()
    {
        {
            const Trace trace = read_binary_file(path_);
            QVERIFY(storeCachedLanes(path_, computeLanes(baseSes(trace), YOrder::FirstAppearance, {})));
        }
        struct stat before {};
        QCOMPARE(::stat(path_.c_str(), &before), 0);
        // Other records of the same size, and the old modification time put back: the
        // hash of the file's first MiB tells them apart.
        writeTrace(path_, 300000, 2);
        const timespec times[2] = {before.st_atim, before.st_mtim};
        QCOMPARE(::utimensat(AT_FDCWD, path_.c_str(), times, 0), 0);
        struct stat after {};
        QCOMPARE(::stat(path_.c_str(), &after), 0);
        QCOMPARE(after.st_size, before.st_size);
        const Trace changed = read_binary_file(path_);
        QVERIFY(!loadCachedLanes(path_, baseSes(changed)));
    }

    void aDamagedEntryIsIgnoredAndBuiltAgain()
    {
        const Trace trace = read_binary_file(path_);
        const auto ses = baseSes(trace);
        const LaneLayout built = computeLanes(ses, YOrder::FirstAppearance, {});
        QVERIFY(storeCachedLanes(path_, built));
        const QString entry = onlyEntry();
        const auto size = std::filesystem::file_size(entry.toStdString());
        for (const auto at : {std::uintmax_t{20}, size / 2, size - 3}) { // identity, a level, the checksum
            QVERIFY(storeCachedLanes(path_, built));
            {
                std::fstream f(entry.toStdString(), std::ios::in | std::ios::out | std::ios::binary);
                f.seekg(static_cast<std::streamoff>(at));
                const char c = static_cast<char>(f.get() ^ 0x5a);
                f.seekp(static_cast<std::streamoff>(at));
                f.put(c);
            }
            QVERIFY2(!loadCachedLanes(path_, ses), qPrintable(QString("byte %1 of %2 flipped").arg(at).arg(size)));
        }
        std::filesystem::resize_file(entry.toStdString(), size - 1000); // cut short
        QVERIFY(!loadCachedLanes(path_, ses));
        // Opening builds the lanes as if there were no entry, and replaces it.
        const TraceBase base = makeTraceBase(trace, path_, 1000);
        compareLayouts(*base.lanes, built);
        waitForCachedLanes();
        const auto loaded = loadCachedLanes(path_, ses);
        QVERIFY(loaded);
        compareLayouts(*loaded, built);
    }

    void onlyTheNewestEntriesAreKept()
    {
        for (int i = 0; i < 10; ++i) {
            const std::string other = dir_.filePath(QString("t%1.ctrace").arg(i)).toStdString();
            writeTrace(other, 2000, 10 + static_cast<std::uint64_t>(i));
            const Trace trace = read_binary_file(other);
            ageEntries(); // the entry written next is the newest
            QVERIFY(storeCachedLanes(other, computeLanes(baseSes(trace), YOrder::FirstAppearance, {})));
        }
        QCOMPARE(entries(), 8);
        const std::string newest = dir_.filePath("t9.ctrace").toStdString();
        QVERIFY(loadCachedLanes(newest, baseSes(read_binary_file(newest))));
        const std::string oldest = dir_.filePath("t0.ctrace").toStdString();
        QVERIFY(!loadCachedLanes(oldest, baseSes(read_binary_file(oldest))));
    }

private:
    QTemporaryDir dir_;
    std::string path_;
};

QTEST_MAIN(SummaryCacheTest)
#include "summary_cache_test.moc"
