#include "plotting/palette.hpp"

#include <array>

namespace chitra::app {

QColor stateColour(std::uint32_t symbol)
{
    static const std::array<QRgb, 10> tableau = {0x4E79A7, 0xF28E2B, 0xE15759, 0x76B7B2, 0x59A14F,
                                                 0xEDC948, 0xB07AA1, 0xFF9DA7, 0x9C755F, 0xBAB0AC};
    return QColor(tableau[symbol % tableau.size()]);
}

QColor patternColour(int n)
{
    static const std::array<QRgb, 6> okabeIto = {0xE69F00, 0x56B4E9, 0x009E73,
                                                 0xD55E00, 0xCC79A7, 0x0072B2};
    QColor c(okabeIto[static_cast<std::size_t>(n) % okabeIto.size()]);
    // After one round of the palette, darken so that a new pattern still looks new.
    if (n >= static_cast<int>(okabeIto.size()))
        c = c.darker(100 + 30 * (n / static_cast<int>(okabeIto.size())));
    return c;
}

} // namespace chitra::app
