#include "ensemble/ensemble_measurement.hpp"

#include "chitra/chain/chain_stats.hpp"
#include "chitra/pipeline/pipeline_runner.hpp"
#include "chitra/spectra/spectrum.hpp"

#include <cmath>
#include <limits>
#include <map>
#include <string>

namespace chitra::app {

std::vector<double> bandedPower(const std::vector<double>& frequency, const std::vector<double>& power, int bands)
{
    std::vector<double> sum(bands, 0.0);
    std::vector<int> count(bands, 0);
    for (std::size_t k = 1; k < frequency.size() && k < power.size(); ++k) {
        const int band = std::min(bands - 1, static_cast<int>(frequency[k] / 0.5 * bands));
        if (band < 0)
            continue;
        sum[band] += power[k];
        ++count[band];
    }
    std::vector<double> mean(bands, std::numeric_limits<double>::quiet_NaN());
    for (int b = 0; b < bands; ++b)
        if (count[b] > 0)
            mean[b] = sum[b] / count[b];
    return mean;
}

std::vector<MemberMeasurement> measureMembers(const std::vector<MemberInput>& members, const Pipeline& pipeline,
                                              const std::function<void(int, int)>& progress,
                                              const std::function<bool()>& cancelled)
{
    const int total = 2 * static_cast<int>(members.size());
    int done = 0;
    auto step = [&] {
        if (progress)
            progress(++done, total);
        return cancelled && cancelled();
    };
    std::vector<MemberMeasurement> measured(members.size());
    std::vector<Ses> results(members.size());
    std::map<std::string, double> levels; // every state name of every member, sorted
    for (std::size_t m = 0; m < members.size(); ++m) {
        MemberMeasurement& out = measured[m];
        try {
            RunResult run = run_pipeline(base_ses(*members[m].trace), pipeline);
            for (const std::string& w : run.warnings)
                out.warnings << QString::fromStdString(w);
            out.elements = run.ses.size();
            out.model = model_from_stats(collect_stats(run.ses, members[m].trace->header.timebase));
            for (const Symbol& s : *run.ses.symbols)
                levels.emplace(s.name, 0.0);
            results[m] = std::move(run.ses);
        } catch (const std::exception& e) {
            out.error = QString::fromStdString(e.what());
        }
        if (step())
            return {};
    }
    double level = 0.0;
    for (auto& [name, y] : levels)
        y = level++;
    for (std::size_t m = 0; m < members.size(); ++m) {
        MemberMeasurement& out = measured[m];
        if (out.error.isEmpty()) {
            const Ses& ses = results[m];
            std::vector<double> y(ses.symbols->size());
            for (std::size_t id = 0; id < y.size(); ++id)
                y[id] = levels.at((*ses.symbols)[static_cast<SymbolId>(id)].name);
            const Periodogram pg = event_periodogram(ses, 0, ses.size(), y);
            out.bandPower = bandedPower(pg.frequency, pg.power, kSpectrumBands);
        }
        results[m] = Ses{};
        if (step())
            return {};
    }
    return measured;
}

} // namespace chitra::app
