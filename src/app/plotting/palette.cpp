#include "plotting/palette.hpp"

#include <QPainter>
#include <QPixmap>

#include <array>
#include <atomic>

namespace chitra::app {

namespace {
// Read by drawing code on worker threads too (level-of-detail buffers): atomic.
std::atomic<StatePalette> g_palette{StatePalette::okabeIto};
std::atomic<int> g_generation{0};

// Okabe and Ito, "Color Universal Design" (2008), with grey in black's place (black
// vanishes on a dark theme); ordered so that the first colours differ most.
constexpr std::array<QRgb, kPrimaryColours> kOkabeIto = {0x0072B2, 0xE69F00, 0x009E73, 0xD55E00,
                                                         0x56B4E9, 0xCC79A7, 0xF0E442, 0x999999};
// Paul Tol, "Colour schemes and templates" (2021), muted qualitative scheme: its first
// eight, the ninth leading the secondary colours.
constexpr std::array<QRgb, kPrimaryColours> kTolMuted = {0x332288, 0x88CCEE, 0x44AA99, 0x117733,
                                                         0x999933, 0xDDCC77, 0xCC6677, 0x882255};
constexpr QRgb kTolNinth = 0xAA4499;

const std::array<QRgb, kPrimaryColours>& primaries(StatePalette palette = statePalette())
{
    return palette == StatePalette::tol ? kTolMuted : kOkabeIto;
}

QColor mixed(QRgb a, QRgb b, double share_of_b)
{
    auto mix = [&](int x, int y) { return static_cast<int>(x + (y - x) * share_of_b + 0.5); };
    return QColor(mix(qRed(a), qRed(b)), mix(qGreen(a), qGreen(b)), mix(qBlue(a), qBlue(b)));
}
} // namespace

QString paletteKey(StatePalette palette) { return palette == StatePalette::tol ? "tol" : "okabe-ito"; }

StatePalette paletteFromKey(const QString& key) { return key == "tol" ? StatePalette::tol : StatePalette::okabeIto; }

void setStatePalette(StatePalette palette)
{
    if (g_palette.exchange(palette, std::memory_order_relaxed) != palette)
        g_generation.fetch_add(1, std::memory_order_relaxed);
}

int paletteGeneration() { return g_generation.load(std::memory_order_relaxed); }

StatePalette statePalette() { return g_palette.load(std::memory_order_relaxed); }

QColor primaryColour(int slot) { return primaryColour(slot, statePalette()); }

QColor primaryColour(int slot, StatePalette palette)
{
    return QColor(primaries(palette)[static_cast<std::size_t>(slot) % kPrimaryColours]);
}

// Each primary colour darkened, then each lightened (mixed with black or white), Tol's
// ninth colour first: distinct from every primary colour and from one another.
int secondaryColourCount() { return 2 * kPrimaryColours + (statePalette() == StatePalette::tol ? 1 : 0); }

QColor secondaryColour(int slot)
{
    const int count = secondaryColourCount();
    int k = ((slot % count) + count) % count;
    if (statePalette() == StatePalette::tol) {
        if (k == 0)
            return QColor(kTolNinth);
        --k;
    }
    const QRgb base = primaries()[static_cast<std::size_t>(k % kPrimaryColours)];
    return k < kPrimaryColours ? mixed(base, 0x000000, 0.4) : mixed(base, 0xFFFFFF, 0.5);
}

QColor seriesColour(int n) { return primaryColour(n); }

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
