#!/usr/bin/env bash
# The public surface as a user meets it: compiles every Swift example of the README and the DocC
# articles against the built modules *without* the package's name, so only `public` declarations
# are visible (tests inside the package also see `package` ones), checks that the machinery stays
# hidden and that every target declares what it imports, and lists the top-level public types.
# Run by `make test` after `swift test`.
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=$(${SWIFT:-swift} build --show-bin-path)
WORK=$(mktemp -d); trap 'rm -rf "$WORK"' EXIT
FLAGS=(-suppress-warnings -I "$BIN/Modules")
for m in CFreeType CHarfBuzz CFontconfig; do FLAGS+=(-Xcc "-fmodule-map-file=Sources/$m/module.modulemap"); done
for m in CICU CMemoryHints; do FLAGS+=(-Xcc "-fmodule-map-file=$BIN/$m.build/module.modulemap"); done
for d in $(pkg-config --cflags-only-I freetype2 harfbuzz fontconfig); do FLAGS+=(-Xcc "$d"); done

# 0. Every target declares the modules it imports.
python3 Tools/api-check/imports.py

# 1. Every ```swift block compiles with `import Yardstick` alone, or docs/apps.md's with
#    `import YardstickHeights` (```swift uikit blocks: the UIKit code an example mirrors, not
#    compiled).
n=0
for doc in README.md Sources/Yardstick/Yardstick.docc/*.md docs/apps.md; do
    awk -v out="$WORK/example" -v doc="$doc" '
        /^```swift uikit/ { f = 0; next }
        /^```swift/ { f = 1; k++; gsub(/[^A-Za-z0-9]/, "_", doc); next }
        /^```/ { f = 0; next }
        f { print > (out "-" doc "-" k ".swift") }' "$doc"
done
for example in "$WORK"/example-*.swift; do
    n=$((n + 1))
    swiftc -typecheck "${FLAGS[@]}" "$example" >"$WORK/log" 2>&1 || { echo "api-check: this example does not compile against the public API ($example):"; cat "$example"; cat "$WORK/log"; exit 1; }
done

# 2. The machinery is not public: each name must be unknown to a user.
hidden=(TextAnalyzer Shaper ShapingCache ShapedRunStore ShapedRun ShapedPiece ShapedRunAccess BreakSegment LineBreaker LineSpan
        FontFallback FontRun FontMetrics CodepointCoverage BundledFonts FontconfigResolver Paragraph HardBreaks GraphemeRules
        LineBreakChunk UTF8Decoding ScriptTag AnalysisRun TextPreparer SegmentCache SharedChunkTable TextMemo PreparedStorage
        FaceMetricsTable ArenaRecycler RecordBuffer Parallel Machine TableMeasurer CSVReader CSVParser CellMemo CellCacheFile HeightsFileWriter MergeJob ItemTree FaceIndex
        LayoutJob MeasureJob SizingJob JSONParser JSONWriter CommandOutput ParagraphAnalysis ParagraphLevels PreparationPath
        LevelRun FontFace LineLayout GlyphRun TextStyle ContentSizeCategory ScrollAnchor TableRow PackedFaceIndex
        ConstraintSolver ConstraintCell ConstraintComponents ConstraintNode LayoutRule RowTable TemplateLayout)
{ echo "import Yardstick"; for name in "${hidden[@]}"; do echo "_ = $name.self"; done; } >"$WORK/hidden.swift"
swiftc -typecheck "${FLAGS[@]}" "$WORK/hidden.swift" >"$WORK/log" 2>&1 || true
found=$(grep -cE "^[^ ]*hidden.swift:[0-9]+:[0-9]+: error: cannot find '.*' in scope" "$WORK/log" || true)
if [ "$found" -ne "${#hidden[@]}" ]; then
    echo "api-check: only $found of ${#hidden[@]} machinery names are hidden from 'import Yardstick':"; grep error "$WORK/log" | head -20; exit 1
fi

# 2b. Nor through members: extensions from modules users do not import, package members of
# public types. Each line must fail on its own.
members=('var a = [1]; a.removeAllKeepingCapacity()'
         'let p = UnsafeBufferPointer<UInt8>(start: nil, count: 0); _ = MissingGlyphs.find(in: p, style: .regular, fonts: try! FontCollection.bundled())'
         '_ = try! TextEngine().cache'
         '_ = FontCollection.maximumDistinctMetrics'
         '_ = try! FontCollection.bundled().metricsBits')
for line in "${members[@]}"; do
    printf 'import Yardstick\n%s\n' "$line" >"$WORK/member.swift"
    if swiftc -typecheck "${FLAGS[@]}" "$WORK/member.swift" >"$WORK/log" 2>&1; then
        echo "api-check: a user can reach machinery: $line"; exit 1
    fi
done

# 2c. Sizing off the main actor: in Swift 6 mode the sized table crosses actors.
swiftc -swift-version 6 -emit-sil -o /dev/null "${FLAGS[@]}" Tools/api-check/ActorSizing.swift >"$WORK/log" 2>&1 \
    || { echo "api-check: a table sized in an actor cannot reach the main actor (Swift 6):"; cat "$WORK/log"; exit 1; }

# 3. The types users get: those Sources/Yardstick/Exports.swift re-exports.
types=$(grep -oE "^@_exported import (struct|class|enum|protocol) [A-Za-z]+\.[A-Za-z]+" Sources/Yardstick/Exports.swift | sed 's/.*\.//' | sort)
echo "api-check: $n examples compile against the public API alone; ${#hidden[@]} machinery names and ${#members[@]} members hidden; $(echo "$types" | wc -l) types re-exported:"
echo "$types" | tr '\n' ' '; echo
