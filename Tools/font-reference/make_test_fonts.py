#!/usr/bin/env python3
"""Test fonts built from bundled faces with fontTools (test-only), written to OUT_DIR:

- tracked.ttf: Noto Sans Regular with a `trak` table (and a STAT table, without which
  HarfBuzz leaves `trak` alone) (normal track: +60 font units at 6 pt,
  +20 at 12, 0 at 17, -20 at 28, -60 at 72), as Apple's system fonts track themselves;
- opsz.ttf: Inter (variable) with its weight axis renamed `opsz` and ranged 8-72 (default 17):
  a face whose glyphs change with the point size.

    make_test_fonts.py FONTS_DIR OUT_DIR
"""
import os, sys
from fontTools.ttLib import TTFont, newTable
from fontTools.otlLib.builder import buildStatTable
from fontTools.ttLib.tables._t_r_a_k import TrackData, TrackTableEntry

TRACK = {6.0: 60, 12.0: 20, 17.0: 0, 28.0: -20, 72.0: -60}


def tracked(fonts, out):
    font = TTFont(os.path.join(fonts, "NotoSans-Regular.ttf"))
    trak = newTable("trak")
    trak.version = 1.0
    trak.format = 0
    entry = TrackTableEntry(TRACK, nameIndex=256)
    trak.horizData = TrackData({0.0: entry})
    trak.vertData = TrackData()
    font["trak"] = trak
    # HarfBuzz applies `trak` only to a face that also has a STAT table ("modern fonts"), so
    # the reference gets one: a weight axis with the face's one value.
    buildStatTable(font, [{"tag": "wght", "name": "Weight", "values": [{"value": 400, "name": "Regular"}]}])
    font["name"].setName("Tracked Sans", 1, 3, 1, 0x409)
    font["name"].setName("Tracked Sans", 16, 3, 1, 0x409)
    font.save(os.path.join(out, "tracked.ttf"))


def opsz(fonts, out):
    font = TTFont(os.path.join(fonts, "Inter-roman.var.ttf"))
    for axis in font["fvar"].axes:
        if axis.axisTag == "wght":
            axis.axisTag, axis.minValue, axis.defaultValue, axis.maxValue = "opsz", 8.0, 17.0, 72.0
    for inst in font["fvar"].instances:
        inst.coordinates = {"opsz" if k == "wght" else k: 17.0 for k, v in inst.coordinates.items()}
    if "STAT" in font:
        del font["STAT"]  # it names the weight axis; not needed to measure
    if "avar" in font:
        del font["avar"]
    font["name"].setName("Optical Sans", 1, 3, 1, 0x409)
    font["name"].setName("Optical Sans", 16, 3, 1, 0x409)
    font.save(os.path.join(out, "opsz.ttf"))


if __name__ == "__main__":
    fonts, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    tracked(fonts, out)
    opsz(fonts, out)
