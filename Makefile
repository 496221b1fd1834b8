# Yardstick — quick start: `make demo` and `make test` (root on Debian, or with sudo).
SWIFT ?= swift
APT_PACKAGES := libfreetype-dev libharfbuzz-dev libicu-dev libfontconfig-dev libpng-dev pkg-config
# Test-only: Pango 1.50, the reference for the fonts' weights (Tools/pango-reference).
TEST_APT_PACKAGES := libpango1.0-dev libjson-glib-dev
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps test-deps web-deps web-demo test-web pango-weights font-env font-reference build demo test test-c fuzz fuzz-regress sanitize bench docs pango-compare pango-locales differential chromium-compare kiwi-compare spark-demo test-spark test-spark-debug spark-python clean

# Installs the C libraries Yardstick links (FreeType, HarfBuzz, ICU, fontconfig, libpng) when missing.
deps:
	@missing=""; for p in $(APT_PACKAGES); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "installing:$$missing"; $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; fi

test-deps: deps
	@missing=""; for p in $(TEST_APT_PACKAGES); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "installing:$$missing"; $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; fi

# Test-only: Debian's Chromium, the browser `test-web` drives (installed when missing, as `deps`).
web-deps:
	@dpkg-query -W -f='$${Status}' chromium 2>/dev/null | grep -q "install ok installed" || { echo "installing: chromium"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium; }

# The browser renderer (examples/web): the sample grid and a million generated rows, sized
# lazily through the Python binding, virtual-scrolled at http://127.0.0.1:8000/.
web-demo: deps
	$(SWIFT) build -c release --product YardstickC
	YARDSTICK_LIBRARY=$(CURDIR)/.build/release/libYardstickC.so python3 examples/web/server.py --port 8000

# The browser renderer in headless Chromium (Tests/Web/test_web.py): 50 random offsets and the
# end of each table, every visible label's lines against the browser's, anchors held; screenshots
# in out/web/. Then js/heights.js against the Swift reader (Tests/Web/test_heights_js.py).
test-web: deps web-deps
	$(SWIFT) build --product YardstickC
	YARDSTICK_LIBRARY=$(CURDIR)/.build/debug/libYardstickC.so python3 Tests/Web/test_web.py --rows 1000000 --offsets 50
	$(SWIFT) build --product yardstick
	YARDSTICK_LIBRARY=$(CURDIR)/.build/debug/libYardstickC.so python3 Tests/Web/test_heights_js.py .build/debug/yardstick

# Inter (variable) at every weight 100-900, upright and italic, at 12, 17 and 28 pt: line starts
# and widths against Pango 1.50 on the same files with @wght=W (docs/fonts.md).
pango-weights: test-deps
	$(SWIFT) build --product yardstick
	$(MAKE) -C Tools/pango-reference
	python3 Tools/pango-reference/check_weights.py --yardstick .build/debug/yardstick --pango Tools/pango-reference/pango_breaks

# Tracking (`trak`) and optical size (`opsz`) against a current HarfBuzz with the point size set: test fonts built from a
# bundled face by fontTools, HarfBuzz from uharfbuzz (both from PyPI, test-only, in out/fontenv).
FONT_PY := $(shell python3 -c "import fontTools, uharfbuzz" 2>/dev/null && echo python3 || echo $(CURDIR)/out/fontenv/bin/python)
font-env:
	@$(FONT_PY) -c "import fontTools, uharfbuzz" 2>/dev/null || { python3 -m venv out/fontenv && out/fontenv/bin/pip install -q fonttools uharfbuzz; }
font-reference: font-env
	$(SWIFT) build --product yardstick
	$(FONT_PY) Tools/font-reference/check_fonts.py --yardstick .build/debug/yardstick --checks trak,opsz

# The Swift runtime and Foundation linked in (--static-swift-stdlib): a run starts in 6 ms
# instead of 12 (no dynamic symbol binding of Swift's libraries); the binary is 86 MB, not 15.
build: deps
	$(SWIFT) build -c release --static-swift-stdlib --product yardstick

# Sizes the bundled 12,000-row multilingual sample as a SwiftDataTables grid (wrapped cells,
# columns fitted to their text up to 250 pt) and prints a summary.
demo: build
	@mkdir -p out
	.build/release/yardstick measure Data/sample.csv --config Data/sample-grid.json --output out/sample-heights.csv
	.build/release/yardstick render Data/sample.csv --config Data/sample-grid.json --rows 0-5 --output out/sample-grid.png
	@echo "per-row heights and offsets: out/sample-heights.csv; rows 0-5 drawn: out/sample-grid.png"

# The tests, then the public API as users meet it (README and DocC examples compiled without
# package access; the machinery hidden): Tools/api-check/check.sh; the C interface; the browser
# renderer in Chromium; the fonts'
# weights against Pango; every fuzzing input kept; shards on Spark merged and compared (test-spark-debug).
test: deps font-env
	YARDSTICK_TEST_PYTHON=$(FONT_PY) $(SWIFT) test
	SWIFT=$(SWIFT) Tools/api-check/check.sh
	$(SWIFT) build --product YardstickHeights
	$(SWIFT) package describe --type json | python3 Tools/api-check/heights_closure.py
	$(MAKE) test-c
	$(MAKE) test-web
	$(MAKE) pango-weights
	$(MAKE) font-reference
	$(MAKE) fuzz-regress
	$(MAKE) test-spark-debug

# Every fuzzing input kept (the seeds and each crash found, Tests/Fuzz/HARNESS) run once through
# its harness, built without libFuzzer: the crashes stay fixed.
FUZZ_HARNESSES := json-lines csv config trace layout font lazy-csv
fuzz-regress:
	$(SWIFT) build --product YardstickFuzz
	for h in $(FUZZ_HARNESSES); do .build/debug/YardstickFuzz $$h Tests/Fuzz/$$h || exit 1; done

# libFuzzer (with AddressSanitizer) on each harness for FUZZ_SECONDS on FUZZ_JOBS cores, corpora
# in out/fuzz/HARNESS, crashes in out/fuzz/crashes-HARNESS/ (keep each in Tests/Fuzz/HARNESS
# once fixed). The default, 300 s on 2 cores for 6 harnesses, is one CPU-hour.
FUZZ_SECONDS ?= 300
FUZZ_JOBS ?= 2
fuzz: deps
	$(SWIFT) build --build-path .build-fuzz --product YardstickFuzz --sanitize fuzzer --sanitize address \
	    -Xswiftc -parse-as-library -Xswiftc -DFUZZING
	for h in $(FUZZ_HARNESSES); do mkdir -p out/fuzz/$$h out/fuzz/crashes-$$h; \
	    YARDSTICK_FUZZ=$$h ASAN_OPTIONS=detect_leaks=0 .build-fuzz/debug/YardstickFuzz out/fuzz/$$h Tests/Fuzz/$$h \
	    -fork=$(FUZZ_JOBS) -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=4096 -timeout=30 -max_len=65536 \
	    -artifact_prefix=out/fuzz/crashes-$$h/ 2>&1 | tee out/fuzz/$$h.log | grep -E "^#|INFO: fuzzed|ERROR|crash|deadly" | tail -3; \
	    [ -z "$$(ls out/fuzz/crashes-$$h)" ] || { echo "crash: out/fuzz/crashes-$$h"; exit 1; }; done

# The test suite under AddressSanitizer (Swift and C; UndefinedBehaviorSanitizer on the C
# targets: Swift has no UBSan, its checks trap in debug builds), then the threaded tests under
# ThreadSanitizer. Separate build folders.
# The toolchain's llvm-symbolizer: Debian's (LLVM 14) cannot read Swift 6's DWARF 5 and hangs.
SYMBOLIZER := $(dir $(realpath $(shell command -v $(SWIFT))))llvm-symbolizer
SANITIZE_ENV := ASAN_OPTIONS=detect_leaks=0:external_symbolizer_path=$(SYMBOLIZER) UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
TSAN_TESTS := Determinism|Parallel|SharedChunkTable|ShapedRunStore|TextEngineTests|TableMeasurer|LayoutJob|SizingJob|StreamedSizing|GridLayout|ArenaRecycler|ColumnWidthPass|ConstraintElement|RenderJob
sanitize: deps
	$(SANITIZE_ENV) $(SWIFT) test --build-path .build-asan --sanitize address -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined
	@mkdir -p out/tsan
	$(SWIFT)c -sanitize=thread -g Tools/tsan/mutex-check.swift -o out/tsan/mutex-check
	@echo "ThreadSanitizer on a correct Mutex counter (Tools/tsan/suppressions.txt says why):"
	-out/tsan/mutex-check 2>&1 | grep -E "WARNING|counted" | sort | uniq -c
	TSAN_OPTIONS="suppressions=$(CURDIR)/Tools/tsan/suppressions.txt halt_on_error=1 external_symbolizer_path=$(SYMBOLIZER)" \
	    $(SWIFT) test --build-path .build-tsan --sanitize thread --filter '$(TSAN_TESTS)'

# The C interface (include/yardstick.h): a C program built with gcc against the shared library,
# checking a layout and a heights file the CLI wrote; plain (memory must not grow over 20,000
# layouts made and freed), then with AddressSanitizer and UndefinedBehaviorSanitizer on its side
# and leaks checked (its quarantine holds freed memory, so no growth check there). Valgrind 3.19
# cannot read Swift 6's DWARF 5. Then the Python binding's test and example (python/).
test-c:
	$(SWIFT) build --product YardstickC
	$(SWIFT) build --product yardstick
	@mkdir -p out/ctest
	head -n 300 Data/sample.csv > out/ctest/table.csv
	.build/debug/yardstick measure out/ctest/table.csv --max-column-width 200 --format bin --output out/ctest/table.bin
	.build/debug/yardstick measure out/ctest/table.csv --max-column-width 200 --output out/ctest/table-heights.csv
	.build/debug/yardstick measure out/ctest/table.csv --config Data/sample-grid.json --format bin --output out/ctest/config.bin
	gcc -std=c11 -Wall -Wextra -Werror -Iinclude Tests/C/test_yardstick.c \
	    -L.build/debug -lYardstickC -lm -Wl,-rpath,$(CURDIR)/.build/debug -o out/ctest/test_yardstick
	YS_CHECK_GROWTH=1 out/ctest/test_yardstick out/ctest/table.bin out/ctest/table-heights.csv out/ctest/table.csv Data/sample-grid.json out/ctest/config.bin
	gcc -std=c11 -Wall -Wextra -Werror -fsanitize=address,undefined -fno-omit-frame-pointer -Iinclude Tests/C/test_yardstick.c \
	    -L.build/debug -lYardstickC -lm -Wl,-rpath,$(CURDIR)/.build/debug -o out/ctest/test_yardstick_asan
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1 out/ctest/test_yardstick_asan out/ctest/table.bin out/ctest/table-heights.csv out/ctest/table.csv Data/sample-grid.json out/ctest/config.bin
	gcc -std=c11 -Wall -Wextra -Werror -Iinclude Tests/C/test_tables.c -L.build/debug -lYardstickC -lm -Wl,-rpath,$(CURDIR)/.build/debug -o out/ctest/test_tables
	out/ctest/test_tables out/ctest/table.csv Data/sample-grid.json out/ctest/config.bin out/ctest
	gcc -std=c11 -Wall -Wextra -Werror -fsanitize=address,undefined -fno-omit-frame-pointer -Iinclude Tests/C/test_tables.c \
	    -L.build/debug -lYardstickC -lm -Wl,-rpath,$(CURDIR)/.build/debug -o out/ctest/test_tables_asan
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1 out/ctest/test_tables_asan out/ctest/table.csv Data/sample-grid.json out/ctest/config.bin out/ctest
	YARDSTICK_LIBRARY=$(CURDIR)/.build/debug/libYardstickC.so python3 Tests/Python/test_yardstick.py out/ctest/table.bin out/ctest/table-heights.csv
	cd python && YARDSTICK_LIBRARY=$(CURDIR)/.build/debug/libYardstickC.so python3 example.py ../out/ctest/table.bin ../out/ctest/table.csv ../Data/sample-grid.json

# Benchmarks (release builds; figures in README.md).
bench: deps
	$(SWIFT) build -c release --product yardstick
	$(SWIFT) run -c release TextEngineBenchmark
	$(SWIFT) run -c release OffsetsBenchmark
	$(SWIFT) run -c release SizingBenchmark
	$(SWIFT) run -c release ConstraintsBenchmark
	python3 Tools/pango-reference/make_corpus.py -o out/corpus.jsonl
	$(SWIFT) run -c release JSONBenchmark out/corpus.jsonl

# DocC for the library (swift-docc-plugin): the overview and articles of Sources/Yardstick/Yardstick.docc
# with the symbols of the modules users meet, combined; out/docs/Yardstick.doccarchive.
DOC_TARGETS := Yardstick YardstickLayout YardstickTemplates YardstickTable YardstickOffsets YardstickFonts
docs: deps
	@mkdir -p out/docs
	$(SWIFT) package --allow-writing-to-directory out/docs generate-documentation $(addprefix --target ,$(DOC_TARGETS)) \
		--enable-experimental-combined-documentation --output-path out/docs/Yardstick.doccarchive

# Line starts against Pango 1.50 on the sample and the script corpus (test-only reference; needs
# libpango1.0-dev and libjson-glib-dev). Pango sees the Noto files only, the default chain's
# faces: with Inter beside them fontconfig gives Inter some characters (฿) that Yardstick does not.
pango-compare: build
	$(MAKE) -C Tools/pango-reference
	@mkdir -p out/chain-fonts && rm -f out/chain-fonts/* && for f in Fonts/Noto*; do ln -s $(CURDIR)/$$f out/chain-fonts/; done
	python3 Tools/pango-reference/make_corpus.py -o out/corpus.jsonl
	python3 Tools/pango-reference/make_scripts_corpus.py -o out/scripts.jsonl
	cat out/corpus.jsonl out/scripts.jsonl > out/all.jsonl
	.build/release/yardstick layout --input out/all.jsonl --output out/all-ours.jsonl
	Tools/pango-reference/pango_breaks --fonts out/chain-fonts < out/all.jsonl > out/all-pango.jsonl
	python3 Tools/pango-reference/compare.py out/all.jsonl out/all-ours.jsonl out/all-pango.jsonl

# Same bytes as another build of the tool, on every command and corpus the project has
# (a refactoring's check): make differential OLD=/path/to/the/old/yardstick
differential: build
	@test -n "$(OLD)" || { echo "give OLD=/path/to/the/old/yardstick"; exit 2; }
	python3 Tools/differential/differential.py $(OLD) .build/release/yardstick

# Line starts against Pango on names in the scripts of every locale (issue 38): ICU's display
# names in Adlam, Chakma, Cherokee, Ol Chiki, Tifinagh, Vai and Yi, and words of the scripts
# no ICU locale is written in; per script in docs/scripts.md.
pango-locales: build
	$(MAKE) -C Tools/pango-reference
	@mkdir -p out/chain-fonts && rm -f out/chain-fonts/* && for f in Fonts/Noto*; do ln -s $(CURDIR)/$$f out/chain-fonts/; done
	Tools/pango-reference/make_locale_corpus > out/locales.jsonl
	.build/release/yardstick layout --input out/locales.jsonl --output out/locales-ours.jsonl
	Tools/pango-reference/pango_breaks --fonts out/chain-fonts < out/locales.jsonl > out/locales-pango.jsonl
	python3 Tools/pango-reference/compare.py out/locales.jsonl out/locales-ours.jsonl out/locales-pango.jsonl

# The same corpus against headless Chromium (test-only reference; needs Debian's chromium).
# Chromium shows no hyphen where it breaks a word, so Yardstick runs with --no-hyphens.
chromium-compare: build
	python3 Tools/pango-reference/make_corpus.py -o out/corpus.jsonl
	python3 Tools/pango-reference/make_scripts_corpus.py -o out/scripts.jsonl
	cat out/corpus.jsonl out/scripts.jsonl > out/all.jsonl
	.build/release/yardstick layout --no-hyphens --input out/all.jsonl --output out/all-ours-nh.jsonl
	python3 Tools/chromium-reference/chromium_breaks.py < out/all.jsonl > out/all-chromium.jsonl
	python3 Tools/pango-reference/compare.py out/all.jsonl out/all-ours-nh.jsonl out/all-chromium.jsonl

clean:
	rm -rf .build out

# The constraint solver against kiwisolver (test-only, from PyPI, in a virtual environment under
# out/): agreement on 1,000 random systems and the 20-constraint cell's speed, in one run.
kiwi-compare: deps
	$(SWIFT) build -c release --product ConstraintsBenchmark
	$(SWIFT) build -c release --static-swift-stdlib --product yardstick
	@[ -x out/kiwienv/bin/python ] || (python3 -m venv out/kiwienv && out/kiwienv/bin/pip install -q kiwisolver)
	out/kiwienv/bin/python Tools/kiwi-reference/compare.py .build/release/ConstraintsBenchmark 1000 --yardstick .build/release/yardstick

# Shards on Apache Spark (local mode, Java 17): pyspark from PyPI in out/sparkenv, one partition
# per shard running `yardstick measure --shard I/N --format bin`, then `yardstick merge`.
# test-spark also measures in one run and fails unless the merged file is byte-identical.
# Python: the system's when it has pyspark, else a venv in out/sparkenv with pyspark from PyPI.
SPARK_PY := $(shell python3 -c "import pyspark" 2>/dev/null && echo python3 || echo out/sparkenv/bin/python)
spark-python:
	@$(SPARK_PY) -c "import pyspark" 2>/dev/null || { python3 -m venv out/sparkenv && out/sparkenv/bin/pip install -q pyspark; }
spark-demo: build spark-python
	$(SPARK_PY) Tools/spark/shard_demo.py --yardstick .build/release/yardstick --csv Data/sample.csv --shards 3 --out out/spark
test-spark: build spark-python
	$(SPARK_PY) Tools/spark/shard_demo.py --yardstick .build/release/yardstick --csv Data/sample.csv --shards 3 --out out/spark --check
# The same check with the debug build `make test` already has (about 15 s): part of `make test`.
test-spark-debug: spark-python
	$(SWIFT) build --product yardstick
	$(SPARK_PY) Tools/spark/shard_demo.py --yardstick .build/debug/yardstick --csv Data/sample.csv --shards 3 --out out/spark-debug --check
