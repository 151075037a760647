#!/usr/bin/env bash
# Renders the application icon resources/icons/chitra.svg into the PNG sizes desktops
# want (resources/icons/hicolor/SIZExSIZE/apps/chitra.png), with rsvg-convert
# (Debian librsvg2-bin). Run after changing the SVG; the PNGs are committed.
set -euo pipefail
cd "$(dirname "$0")/../.."
for size in 16 24 32 48 64 128 256 512; do
  out=resources/icons/hicolor/${size}x${size}/apps/chitra.png
  mkdir -p "$(dirname "$out")"
  rsvg-convert -w "$size" -h "$size" resources/icons/chitra.svg -o "$out"
done
