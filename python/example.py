"""Example: lay out texts and read a heights file from Python through Yardstick's C interface.

    swift build -c release --product YardstickC --product yardstick
    .build/release/yardstick measure Data/sample.csv --max-column-width 200 --format bin --output /tmp/sample.bin
    YARDSTICK_LIBRARY=.build/release/libYardstickC.so python3 python/example.py /tmp/sample.bin
"""
import sys

import yardstick

engine = yardstick.Engine()
for text in ["Short note", "A longer note that wraps onto more lines in a narrow column", "تم التسليم إلى الجار"]:
    layout = engine.layout(text, width=140)
    print("%-62s %d line(s), %.2f pt tall" % (text, len(layout.lines), layout.height))
if len(sys.argv) > 1:
    heights = yardstick.HeightsFile(sys.argv[1])
    last_top, last_height = heights.row(len(heights) - 1)
    print("%s: %d rows, %.2f pt in all" % (sys.argv[1], len(heights), last_top + last_height))
