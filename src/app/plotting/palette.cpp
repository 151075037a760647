#include "plotting/palette.hpp"

#include <QPainter>
#include <QPixmap>

#include <array>
#include <atomic>

namespace chitra::app {

namespace {
// Read by drawing code on worker threads too (level-of-detail buffers): atomic.
std::atomic<StatePalette> g_palette{StatePalette::tableau};
std::atomic<int> g_generation{0};
} // namespace

QString paletteKey(StatePalette palette) { return palette == StatePalette::tol ? "tol" : "tableau"; }

StatePalette paletteFromKey(const QString& key) { return key == "tol" ? StatePalette::tol : StatePalette::tableau; }

void setStatePalette(StatePalette palette)
{
    if (g_palette.exchange(palette, std::memory_order_relaxed) != palette)
        g_generation.fetch_add(1, std::memory_order_relaxed);
}

int paletteGeneration() { return g_generation.load(std::memory_order_relaxed); }

StatePalette statePalette() { return g_palette.load(std::memory_order_relaxed); }

QColor stateColour(std::uint32_t symbol)
{
    static const std::array<QRgb, 10> tableau = {0x4E79A7, 0xF28E2B, 0xE15759, 0x76B7B2, 0x59A14F,
                                                 0xEDC948, 0xB07AA1, 0xFF9DA7, 0x9C755F, 0xBAB0AC};
    // Paul Tol, "Colour schemes and templates" (2021), muted qualitative scheme.
    static const std::array<QRgb, 9> tol = {0x332288, 0x88CCEE, 0x44AA99, 0x117733, 0x999933,
                                            0xDDCC77, 0xCC6677, 0x882255, 0xAA4499};
    if (statePalette() == StatePalette::tol)
        return QColor(tol[symbol % tol.size()]);
    return QColor(tableau[symbol % tableau.size()]);
}

QIcon colourSwatch(const QColor& colour)
{
    QPixmap pm(12, 12);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setPen(colour.darker(140));
    p.setBrush(colour);
    p.drawRect(0, 0, 11, 11);
    return QIcon(pm);
}

QColor patternColour(int n)
{
    static const std::array<QRgb, 6> okabeIto = {0xE69F00, 0x56B4E9, 0x009E73, 0xD55E00, 0xCC79A7, 0x0072B2};
    QColor c(okabeIto[static_cast<std::size_t>(n) % okabeIto.size()]);
    // After one round of the palette, darken so that a new pattern still looks new.
    if (n >= static_cast<int>(okabeIto.size()))
        c = c.darker(100 + 30 * (n / static_cast<int>(okabeIto.size())));
    return c;
}

} // namespace chitra::app
