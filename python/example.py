"""Example: lay out texts, read a heights file and size tables lazily from Python through
Yardstick's C interface.

    swift build -c release --product YardstickC --product yardstick
    .build/release/yardstick measure Data/sample.csv --max-column-width 200 --format bin --output /tmp/sample.bin
    YARDSTICK_LIBRARY=.build/release/libYardstickC.so python3 python/example.py /tmp/sample.bin Data/sample.csv Data/sample-grid.json
"""
import sys

import yardstick

engine = yardstick.Engine()
for text in ["Short note", "A longer note that wraps onto more lines in a narrow column", "تم التسليم إلى الجار"]:
    layout = engine.layout(text, width=140)
    print("%-62s %d line(s), %.2f pt tall" % (text, len(layout.lines), layout.height))

# A million rows you hold, sized as a list config says: only the rows a screen shows are read.
config = {"layout": "list", "width": 390, "cell": {"vstack": {"spacing": 4, "children": [
    {"text": {"column": "Title", "style": "headline", "lines": 1}}, {"text": {"column": "Body"}}]}}}
with engine.table(config, ["Title", "Body"], lambda i: ["Note %d" % i, "words " * (1 + i % 40)], row_count=1_000_000) as notes:
    screen = notes.scroll(0, 844)
    print("a million notes: rows %d-%d on the first screen, %d measured" % (screen["first_row"], screen["last_row"], screen["measured"]))
    for element in notes.cell_frames(screen["first_row"]):  # what to draw: each label at its frame
        print("  %-4s at (%g, %g) %g x %g pt: %d line(s) of %r" % (element["kind"], element["x"], element["y"], element["width"],
                                                               element["height"], len(element["lines"]), element["text"][:30]))

if len(sys.argv) > 1:
    heights = yardstick.HeightsFile(sys.argv[1])
    last_top, last_height = heights.row(len(heights) - 1)
    print("%s: %d rows, %.2f pt in all" % (sys.argv[1], len(heights), last_top + last_height))
if len(sys.argv) > 3:
    with engine.open_csv(sys.argv[2], sys.argv[3]) as table:  # read as needed
        middle = table.scroll(table.total_height / 2, 844)
        print("%s: rows %d-%d in the middle, %.2f pt in all" % (sys.argv[2], middle["first_row"], middle["last_row"], table.total_height))
