"""Puts a subset variable font's outlines on a coarser grid and writes it as WOFF2.

Called by tools/build/subset-fonts.ts, after the subset:
  python3 tools/build/font-grid.py IN.ttf OUT.woff2 GRID

Every point of every outline, and every point's change along the weight
axis, is rounded to a multiple of GRID font units (8 on Inter's 2,048 units
to the em: 1/256 em, a 20th of a pixel in 16 px text, under a fifth of a
pixel at 96 px). Rounded numbers repeat, so the font compresses by about a
fifth. Advance widths and their changes (the last four points of each
glyph's variations, and the HVAR table) are kept exactly, so no line of
text changes length. Also dropped: tables no browser reads for this font
(STAT, MVAR, and the layout tables GDEF, GSUB and GPOS, which the subset
has already emptied) and every name but the four font loaders look up
(family, style, full name, PostScript name).

Needs fontTools with Brotli (Debian: python3-fonttools python3-brotli).
See docs/decisions/034-a-text-font-in-one-round-trip.md.
"""

import sys

from fontTools.ttLib import TTFont

DROPPED_TABLES = ("STAT", "MVAR", "GDEF", "GSUB", "GPOS")
KEPT_NAME_IDS = (1, 2, 4, 6)
# gvar appends four phantom points to each glyph's outline: its horizontal and vertical metrics.
PHANTOM_POINTS = 4


def on_grid(value, grid):
    return int(round(value / grid) * grid)


def put_on_grid(font, grid):
    glyf = font["glyf"]
    for name in font.getGlyphOrder():
        glyph = glyf[name]
        if glyph.isComposite():
            for component in glyph.components:
                component.x = on_grid(component.x, grid)
                component.y = on_grid(component.y, grid)
        elif glyph.numberOfContours > 0:
            coordinates = glyph.coordinates
            for index, (x, y) in enumerate(coordinates):
                coordinates[index] = (on_grid(x, grid), on_grid(y, grid))
            glyph.recalcBounds(glyf)
    for variations in font["gvar"].variations.values():
        for variation in variations:
            outline_points = len(variation.coordinates) - PHANTOM_POINTS
            variation.coordinates = [
                delta
                if delta is None or index >= outline_points
                else (on_grid(delta[0], grid), on_grid(delta[1], grid))
                for index, delta in enumerate(variation.coordinates)
            ]


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: python3 tools/build/font-grid.py IN.ttf OUT.woff2 GRID")
    source, target, grid = sys.argv[1], sys.argv[2], int(sys.argv[3])
    font = TTFont(source)
    put_on_grid(font, grid)
    for table in DROPPED_TABLES:
        if table in font:
            del font[table]
    font["name"].names = [record for record in font["name"].names if record.nameID in KEPT_NAME_IDS]
    font.flavor = "woff2"
    font.save(target)


if __name__ == "__main__":
    main()
