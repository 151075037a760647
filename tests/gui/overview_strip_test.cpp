// The overview strip: each pixel column shows the lanes its elements fall in, in the
// states' colours; its lanes' image is drawn again only when what it shows changes, not
// when the visible window moves.
#include "document/view_document.hpp"
#include "plotting/palette.hpp"
#include "views/trace/overview_strip.hpp"

#include "chitra/io/io.hpp"

#include <QtTest>

using namespace chitra;
using namespace chitra::app;

namespace {
// Pixels of `colour` in the columns [x0, x1) of the image.
int pixelsOf(const QImage& image, QRgb colour, int x0, int x1)
{
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = x0; x < x1; ++x)
            n += image.pixel(x, y) == colour;
    return n;
}
} // namespace

class OverviewStripTest : public QObject {
    Q_OBJECT
private slots:
    void columnsShowTheirLanesAndMovingTheWindowReusesTheImage()
    {
        setStatePalette(StatePalette::okabeIto);
        // A for the first half of the time, then B and C alternating.
        std::string text = "# chitra-pes 1\n# timebase: ns\n";
        for (int t = 0; t < 1000; t += 10)
            text += std::to_string(t) + " A\n";
        for (int t = 1000; t < 2000; t += 10)
            text += std::to_string(t) + (t % 20 ? " B\n" : " C\n");
        text += "# end: 2000\n";
        ViewDocument doc(std::make_shared<const Trace>(read_pes_text(text, "halves.pes")), "halves");
        OverviewStrip strip(&doc, XAxis::Time);
        strip.resize(400, 34);
        strip.setWindow(0, 500);
        // The first paint shows no lanes yet and queues their image.
        const QImage blank = strip.grab().toImage();
        QCOMPARE(strip.lanesImageDrawn(), 0);
        QTRY_COMPARE(strip.lanesImageDrawn(), 1);
        const QImage first = strip.grab().toImage();
        QCOMPARE(strip.lanesImageDrawn(), 1);

        const auto colourOf = [&](const char* name) {
            for (int l = 0; l < doc.laneCount(); ++l)
                if ((*doc.ses().symbols)[doc.laneSymbol(l)].name == name)
                    return doc.stateColour(doc.laneSymbol(l)).rgb();
            return QRgb{0};
        };
        // Outside the window the strip is shaded: colours are compared inside it.
        QVERIFY(pixelsOf(first, colourOf("A"), 0, 90) > 90);
        QCOMPARE(pixelsOf(first, colourOf("B"), 0, 90), 0);
        QCOMPARE(pixelsOf(blank, colourOf("A"), 0, 90), 0);

        // Moving the window repaints the mark over the same lanes' image.
        strip.setWindow(1000, 1500);
        const QImage moved = strip.grab().toImage();
        QCOMPARE(strip.lanesImageDrawn(), 1);
        QVERIFY(pixelsOf(moved, colourOf("B"), 210, 290) > 60);
        QCOMPARE(pixelsOf(moved, colourOf("A"), 210, 290), 0);

        // A new size, or a new palette, draws the lanes again; meanwhile the strip shows
        // the previous image, stretched.
        strip.resize(300, 34);
        const QImage stretched = strip.grab().toImage();
        QVERIFY(pixelsOf(stretched, colourOf("B"), 160, 220) > 40);
        QTRY_COMPARE(strip.lanesImageDrawn(), 2);
        setStatePalette(StatePalette::tol);
        strip.grab();
        QTRY_COMPARE(strip.lanesImageDrawn(), 3);
        const QImage tol = strip.grab().toImage();
        QCOMPARE(strip.lanesImageDrawn(), 3);
        QVERIFY(pixelsOf(tol, colourOf("B"), 160, 220) > 40);
        setStatePalette(StatePalette::okabeIto);
    }
};

QTEST_MAIN(OverviewStripTest)
#include "overview_strip_test.moc"
