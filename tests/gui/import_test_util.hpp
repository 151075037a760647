// Foreign traces for the import tests, without any importer: LaneTraces built here, and
// a stand-in "format" (files whose first line is `FAKE-LANES KIND`, detected as Chrome
// JSON) read through the workbench's replaceable TraceSources.
#pragma once

#include "chitra/io/import.hpp"
#include "chitra/util/cancel.hpp"
#include "loading/trace_sources.hpp"

#include <QFile>
#include <QString>
#include <QTemporaryDir>

#include <atomic>
#include <chrono>
#include <fstream>
#include <thread>

namespace chitra::testutil {

// Lanes 1 "rank 0", 2 "rank 1", 3 "io thread", 4 "rank 2", 5 "monitor" (no event).
// Each rank computes then sends (even ranks) or receives (odd), 20 times, starting at
// 1000, 1500 and 1200 ns; the io thread reads 5 times from 500 ns.
inline LaneTrace ranksTrace(const std::string& source)
{
    LaneTraceBuilder b(source, "chrome");
    const std::size_t rank0 = b.add_lane("rank 0"), rank1 = b.add_lane("rank 1"), io = b.add_lane("io thread"),
                      rank2 = b.add_lane("rank 2");
    b.add_lane("monitor");
    const LaneStateId compute = b.state("compute"), send = b.state("MPI_Send"), recv = b.state("MPI_Recv"),
                      read = b.state("read");
    const std::pair<std::size_t, Time> ranks[] = {{rank0, 1000}, {rank1, 1500}, {rank2, 1200}};
    for (const auto& [lane, start] : ranks)
        for (Time i = 0; i < 20; ++i) {
            const Time t = start + i * 1000;
            b.push(lane, t, compute);
            b.pop(lane, t + 600);
            b.push(lane, t + 600, lane == rank1 ? recv : send);
            b.pop(lane, t + 900);
        }
    for (Time i = 0; i < 5; ++i) {
        b.push(io, 500 + i * 3000, read);
        b.pop(io, 1500 + i * 3000);
    }
    return b.finish();
}

// An MPI + OpenMP run as OTF2 names its locations: `ranks` ranks, each with a master
// thread (computing and calling MPI) and two OpenMP threads (parallel regions, barriers).
inline LaneTrace hybridTrace(const std::string& source, int ranks)
{
    LaneTraceBuilder b(source, "otf2");
    const LaneStateId main = b.state("main"), solve = b.state("solve"), send = b.state("MPI_Send"),
                      recv = b.state("MPI_Recv"), allreduce = b.state("MPI_Allreduce"),
                      parallel = b.state("!$omp parallel @solver.f90:42"), barrier = b.state("!$omp barrier"),
                      io = b.state("write_checkpoint");
    for (int r = 0; r < ranks; ++r) {
        const std::string group = "MPI Rank " + std::to_string(r);
        const std::size_t master = b.add_lane(group + "/Master thread");
        const std::size_t omp1 = b.add_lane(group + "/OMP thread 1"), omp2 = b.add_lane(group + "/OMP thread 2");
        const Time start = 1000 + r * 37;
        b.push(master, start, main);
        for (Time i = 0; i < 40 + r; ++i) {
            const Time t = start + 10 + i * 1000;
            b.push(master, t, solve);
            for (std::size_t w : {omp1, omp2}) {
                b.push(w, t + 5, parallel);
                b.push(w, t + 500 + static_cast<Time>(w % 3) * 40 + r * 3, barrier);
                b.pop(w, t + 700);
                b.pop(w, t + 700);
            }
            b.pop(master, t + 700);
            b.push(master, t + 700, r % 2 ? recv : send);
            b.pop(master, t + 850 + r * 5);
            b.push(master, t + 860 + r * 5, allreduce);
            b.pop(master, t + 950);
        }
        b.push(master, start + 60000, io);
        b.pop(master, start + 64000);
        b.pop(master, start + 65000);
    }
    b.add_lane("Metrics/PAPI counters"); // records metrics only: no state event
    return b.finish();
}

inline LaneTrace oneLaneTrace(const std::string& source)
{
    LaneTraceBuilder b(source, "chrome");
    const std::size_t main = b.add_lane("main");
    for (Time i = 0; i < 10; ++i) {
        b.push(main, i * 100, b.state(i % 2 ? "odd" : "even"));
        b.pop(main, i * 100 + 50);
    }
    return b.finish();
}

// Imports read through fakeSources() (the tests count them).
inline std::atomic<int>& fakeImports()
{
    static std::atomic<int> n{0};
    return n;
}

inline std::string firstLine(const std::string& path)
{
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    return line;
}

// KIND: ranks, one, bad (a malformed file: "PATH:3: ..."), slow (reads for up to 10 s,
// reporting progress, until cancelled).
inline app::TraceSources fakeSources()
{
    app::TraceSources s;
    s.detect = [](const std::string& path) {
        return firstLine(path).starts_with("FAKE-LANES ") ? SourceFormat::chrome : detect_format(path);
    };
    s.importLanes = [](const std::string& path, const ImportOptions& options) {
        ++fakeImports();
        const std::string kind = firstLine(path).substr(11);
        if (kind == "bad")
            throw InputError(path + ":3: expected ',' or '}' after an object member");
        if (kind == "one")
            return oneLaneTrace(path);
        if (kind == "slow")
            for (int i = 0; i < 1000; ++i) {
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
                if (options.progress)
                    options.progress(i / 1000.0);
                throw_if_cancelled();
            }
        return ranksTrace(path);
    };
    return s;
}

inline QString writeFake(const QTemporaryDir& dir, const QString& name, const QByteArray& kind)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write("FAKE-LANES " + kind + "\n");
    return path;
}

} // namespace chitra::testutil
