#include "document/summary_cache.hpp"

#include "chitra/util/atomic_file.hpp"
#include "jobs/serial_queue.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QPointer>
#include <QStandardPaths>
#include <QThread>
#include <QThreadPool>

#include <xxhash.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

namespace chitra::app {

namespace {

constexpr char kMagic[8] = {'C', 'H', 'S', 'U', 'M', 'R', 'Y', '1'};
constexpr std::size_t kKeptEntries = 8;
constexpr qint64 kKeptBytes = qint64{4} << 30; // the newest entry is kept whatever its size
constexpr std::size_t kEdgeBytes = std::size_t{1} << 20;
constexpr int kStoreDelayMs = 2000;

// What names a trace file's content without reading all of it.
struct Identity {
    std::uint64_t device = 0, inode = 0, size = 0;
    std::int64_t mtimeNs = 0;
    std::uint64_t headHash = 0, tailHash = 0;
    bool operator==(const Identity&) const = default;
};

std::optional<Identity> identityOf(const std::string& file)
{
    const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return std::nullopt;
    Identity id;
    struct stat st {};
    bool ok = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
    if (ok) {
        id.device = static_cast<std::uint64_t>(st.st_dev);
        id.inode = static_cast<std::uint64_t>(st.st_ino);
        id.size = static_cast<std::uint64_t>(st.st_size);
        id.mtimeNs = static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec;
        std::vector<char> edge(kEdgeBytes);
        auto hashAt = [&](std::uint64_t offset) {
            const std::size_t want = static_cast<std::size_t>(std::min<std::uint64_t>(kEdgeBytes, id.size - offset));
            ok = ok && ::pread(fd, edge.data(), want, static_cast<off_t>(offset)) == static_cast<ssize_t>(want);
            return XXH3_64bits(edge.data(), want);
        };
        id.headHash = hashAt(0);
        id.tailHash = hashAt(id.size > kEdgeBytes ? id.size - kEdgeBytes : 0);
    }
    ::close(fd);
    if (!ok)
        return std::nullopt;
    return id;
}

QString entryPath(const QString& folder, const Identity& id)
{
    char name[40];
    std::snprintf(name, sizeof name, "%016llx.lanes", static_cast<unsigned long long>(XXH3_64bits(&id, sizeof id)));
    return folder + QLatin1Char('/') + QLatin1String(name);
}

// Header of an entry; the arrays follow in this order, then an XXH3 of all before it.
struct Header {
    char magic[8];
    Identity identity;
    std::uint64_t elements, symbols, leaf, fan, sampleStep, levels;
};

// Writes arrays, hashing what it writes.
class HashingWriter {
public:
    explicit HashingWriter(std::ostream& out) : out_(out) { XXH3_64bits_reset(state_.get()); }
    void write(const void* data, std::size_t bytes)
    {
        const auto* p = static_cast<const char*>(data);
        for (std::size_t done = 0; done < bytes;) { // chunks, so that a stop is prompt
            if (stop_ && stop_->load())
                throw std::runtime_error("stopped");
            const std::size_t n = std::min<std::size_t>(bytes - done, std::size_t{1} << 24);
            XXH3_64bits_update(state_.get(), p + done, n);
            out_.write(p + done, static_cast<std::streamsize>(n));
            done += n;
        }
    }
    template <class T> void array(const std::vector<T>& v) { write(v.data(), v.size() * sizeof(T)); }
    std::uint64_t digest() const { return XXH3_64bits_digest(state_.get()); }
    const std::atomic<bool>* stop_ = nullptr;

private:
    std::ostream& out_;
    std::unique_ptr<XXH3_state_t, XXH_errorcode (*)(XXH3_state_t*)> state_{XXH3_createState(), XXH3_freeState};
};

class HashingReader {
public:
    explicit HashingReader(std::istream& in) : in_(in) { XXH3_64bits_reset(state_.get()); }
    bool read(void* data, std::size_t bytes)
    {
        if (!in_.read(static_cast<char*>(data), static_cast<std::streamsize>(bytes)))
            return false;
        XXH3_64bits_update(state_.get(), data, bytes);
        return true;
    }
    template <class T> bool array(std::vector<T>& v, std::uint64_t count, std::uint64_t limit)
    {
        if (count > limit)
            return false;
        v.resize(static_cast<std::size_t>(count));
        return read(v.data(), v.size() * sizeof(T));
    }
    std::uint64_t digest() const { return XXH3_64bits_digest(state_.get()); }

private:
    std::istream& in_;
    std::unique_ptr<XXH3_state_t, XXH_errorcode (*)(XXH3_state_t*)> state_{XXH3_createState(), XXH3_freeState};
};

// Keeps the newest entries only, at most kKeptEntries and kKeptBytes of them.
void pruneEntries(const QString& folder)
{
    QDir dir(folder);
    const QFileInfoList entries = dir.entryInfoList({QStringLiteral("*.lanes")}, QDir::Files, QDir::Time);
    qint64 bytes = 0;
    for (qsizetype i = 0; i < entries.size(); ++i) {
        bytes += entries[i].size();
        if (i > 0 && (i >= static_cast<qsizetype>(kKeptEntries) || bytes > kKeptBytes))
            QFile::remove(entries[i].absoluteFilePath());
    }
}

std::atomic<bool> stopStores{false};

// One thread, a child of the application: its end sets the stop flag and waits. Made and
// used on the application's thread only.
QThreadPool* storeQueue()
{
    static QPointer<QThreadPool> pool;
    if (!pool && (pool = newSerialQueue())) {
        QObject::connect(QCoreApplication::instance(), &QCoreApplication::aboutToQuit, pool, [] {
            stopStores = true;
            pool->waitForDone();
        });
    }
    return pool;
}

} // namespace

QString summaryCacheFolder()
{
    return QStandardPaths::writableLocation(QStandardPaths::CacheLocation) + QStringLiteral("/summaries");
}

std::optional<LaneLayout> loadCachedLanes(const std::string& file, std::shared_ptr<const Ses> ses)
{
    const auto id = identityOf(file);
    if (!id || !ses->symbols)
        return std::nullopt;
    const QString path = entryPath(summaryCacheFolder(), *id);
    std::ifstream in(path.toStdString(), std::ios::binary);
    if (!in)
        return std::nullopt;
    HashingReader r(in);
    Header h{};
    const std::uint64_t n = ses->size(), symbols = ses->symbols->size();
    if (!r.read(&h, sizeof h) || std::memcmp(h.magic, kMagic, sizeof kMagic) != 0 || !(h.identity == *id) ||
        h.elements != n || h.symbols != symbols || h.leaf != StateSummary::kLeaf || h.fan != StateSummary::kFan ||
        h.sampleStep != StateSummary::kSampleStep || h.levels > 64)
        return std::nullopt;
    auto totals = std::make_shared<SymbolTotals>();
    std::vector<int> laneOf;
    if (!r.array(totals->time, symbols, symbols) || !r.array(totals->count, symbols, symbols) ||
        !r.array(totals->firstSeen, symbols, symbols) || !r.array(laneOf, symbols, symbols))
        return std::nullopt;
    std::vector<std::uint64_t> sizes;
    if (!r.array(sizes, h.levels, 64))
        return std::nullopt;
    std::vector<std::vector<LaneSummary>> levels(sizes.size());
    for (std::size_t l = 0; l < sizes.size(); ++l)
        if (!r.array(levels[l], sizes[l], n / StateSummary::kLeaf + 1))
            return std::nullopt;
    std::vector<Time> boundSample;
    if (!r.array(boundSample, n / StateSummary::kSampleStep + 1, n / StateSummary::kSampleStep + 1))
        return std::nullopt;
    const std::uint64_t digest = r.digest();
    std::uint64_t stored = 0;
    if (!in.read(reinterpret_cast<char*>(&stored), sizeof stored) || stored != digest || in.peek() != EOF)
        return std::nullopt;

    LaneLayout layout;
    for (std::size_t s = 0; s < laneOf.size(); ++s) // lanes numbered 0.. without gaps
        if (laneOf[s] >= 0) {
            if (static_cast<std::size_t>(laneOf[s]) >= laneOf.size())
                return std::nullopt;
            layout.symbols.resize(std::max(layout.symbols.size(), static_cast<std::size_t>(laneOf[s]) + 1), kNoSymbol);
            layout.symbols[static_cast<std::size_t>(laneOf[s])] = static_cast<SymbolId>(s);
        }
    if (std::count(layout.symbols.begin(), layout.symbols.end(), kNoSymbol) != 0)
        return std::nullopt;
    auto summary = std::make_shared<StateSummary>();
    if (!summary->restore(std::move(ses), laneOf, std::move(levels), std::move(boundSample)))
        return std::nullopt;
    layout.laneOf = std::move(laneOf);
    layout.summary = std::move(summary);
    layout.totals = std::move(totals);
    ::utimensat(AT_FDCWD, path.toStdString().c_str(), nullptr, 0); // recently used: pruned last
    return layout;
}

namespace {

bool store(const std::optional<Identity>& id, const LaneLayout& lanes, const QString& folder)
{
    if (!id || !lanes.summary || !lanes.totals || !QDir().mkpath(folder))
        return false;
    const StateSummary& summary = *lanes.summary;
    const SymbolTotals& totals = *lanes.totals;
    Header h{};
    std::memcpy(h.magic, kMagic, sizeof kMagic);
    h.identity = *id;
    h.elements = summary.size();
    h.symbols = summary.laneOf().size();
    h.leaf = StateSummary::kLeaf;
    h.fan = StateSummary::kFan;
    h.sampleStep = StateSummary::kSampleStep;
    h.levels = summary.levels().size();
    try {
        write_file_atomically(entryPath(folder, *id).toStdString(), [&](std::ostream& out) {
            HashingWriter w(out);
            w.stop_ = &stopStores;
            w.write(&h, sizeof h);
            w.array(totals.time);
            w.array(totals.count);
            w.array(totals.firstSeen);
            w.array(summary.laneOf());
            std::vector<std::uint64_t> sizes;
            for (const auto& level : summary.levels())
                sizes.push_back(level.size());
            w.array(sizes);
            for (const auto& level : summary.levels())
                w.array(level);
            w.array(summary.boundSample());
            const std::uint64_t digest = w.digest();
            out.write(reinterpret_cast<const char*>(&digest), sizeof digest);
        });
    } catch (const std::exception&) {
        return false;
    }
    pruneEntries(folder);
    return true;
}

} // namespace

bool storeCachedLanes(const std::string& file, const LaneLayout& lanes)
{
    return store(identityOf(file), lanes, summaryCacheFolder());
}

void storeCachedLanesInBackground(const std::string& file, std::shared_ptr<const LaneLayout> lanes)
{
    // The file's identity is taken now, as the lanes were made from it (a file changed
    // before the write must not get them), and the folder named now: the write may end
    // after the application object is gone.
    auto enqueue = [id = identityOf(file), lanes, folder = summaryCacheFolder()] {
        QThreadPool* queue = storeQueue();
        if (!queue) {
            store(id, *lanes, folder);
            return;
        }
        queue->start([id, lanes, folder] {
            // After the view's first frames, and only when a core is free: beside them, it
            // lengthened the GUI thread's longest gap (docs/performance.md).
            for (int waited = 0; waited < kStoreDelayMs && !stopStores; waited += 50)
                QThread::msleep(50);
            QThread::currentThread()->setPriority(QThread::IdlePriority);
            store(id, *lanes, folder);
            QThread::currentThread()->setPriority(QThread::NormalPriority);
        });
    };
    QCoreApplication* app = QCoreApplication::instance();
    if (app && QThread::currentThread() != app->thread())
        QMetaObject::invokeMethod(app, enqueue, Qt::QueuedConnection); // from the loader's worker
    else
        enqueue();
}

void waitForCachedLanes()
{
    if (QCoreApplication* app = QCoreApplication::instance()) // writes asked from workers, queued
        QCoreApplication::sendPostedEvents(app, QEvent::MetaCall);
    if (QThreadPool* queue = storeQueue())
        queue->waitForDone();
}

} // namespace chitra::app
