#include "chain/view_fit.hpp"

#include "chitra/chain/chain_stats.hpp"
#include "chitra/lanecompare/pooled_lanes.hpp"
#include "document/lane_pool.hpp"
#include "document/view_document.hpp"

#include <QStringList>

namespace chitra::app {

ViewFit viewFit(const ViewDocument& view)
{
    ViewFit f;
    f.ses = view.sesPtr();
    f.timebase = view.trace().header.timebase;
    f.title = QObject::tr("Model of %1").arg(view.name());
    const LanePool* pool = view.lanePool();
    if (!pool || pool->lanes.size() < 2)
        return f; // one lane alone: its SES is the view's
    f.trace = view.lanesTracePtr();
    f.lanes = view.laneTracks()->tracePtr();
    f.pooled = pool->lanes;
    f.pipeline = view.pipeline();
    QStringList names;
    for (std::size_t lane : pool->lanes)
        names << QString::fromStdString(f.lanes->lanes.at(lane).name);
    f.title = QObject::tr("Pooled model of %1 of %2").arg(pool->describe(*f.lanes), view.name());
    f.pooling =
        QObject::tr("<b>Pooled over %1 lanes</b> of group %2, each through the view's pipeline (%3 steps), with "
                    "no transition between lanes, as <tt>chitra-cli fit --pool-lanes</tt> fits them: %4")
            .arg(pool->lanes.size())
            .arg(pool->group)
            .arg(view.steps().size())
            .arg(names.join(QStringLiteral(", ")).toHtmlEscaped());
    return f;
}

SemiMarkovModel ViewFit::fit(const CancelFlag* cancel,
                             const std::function<void(std::size_t, std::size_t)>& progress) const
{
    const CancelScope scope(cancel);
    if (!pools())
        return fit_chain(*ses, timebase);
    return model_from_stats(pooled_lane_stats(*trace, pooled, pipeline, lanes, cancel, progress));
}

} // namespace chitra::app
