# Yardstick — quick start: `make demo` and `make test` (root on Debian, or with sudo).
SWIFT ?= swift
APT_PACKAGES := libfreetype-dev libharfbuzz-dev libicu-dev libfontconfig-dev pkg-config
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build demo test bench pango-compare clean

# Installs the C libraries Yardstick links (FreeType, HarfBuzz, ICU, fontconfig) when missing.
deps:
	@missing=""; for p in $(APT_PACKAGES); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "installing:$$missing"; $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; fi

build: deps
	$(SWIFT) build -c release --product yardstick

# Sizes the bundled 12,000-row multilingual sample as a SwiftDataTables grid (wrapped cells,
# columns fitted to their text up to 250 pt) and prints a summary.
demo: build
	@mkdir -p out
	.build/release/yardstick measure Data/sample.csv --config Data/sample-grid.json --output out/sample-heights.csv
	@echo "per-row heights and offsets: out/sample-heights.csv"

test: deps
	$(SWIFT) test

# Benchmarks (release builds; figures in README.md).
bench: deps
	$(SWIFT) build -c release --product yardstick
	$(SWIFT) run -c release TextEngineBenchmark
	$(SWIFT) run -c release OffsetsBenchmark
	$(SWIFT) run -c release SizingBenchmark

# Line starts against Pango 1.50 on the sample (test-only reference; needs libpango1.0-dev).
pango-compare: build
	$(MAKE) -C Tools/pango-reference
	python3 Tools/pango-reference/make_corpus.py -o out/corpus.jsonl
	.build/release/yardstick layout --input out/corpus.jsonl --output out/ours.jsonl
	Tools/pango-reference/pango_breaks < out/corpus.jsonl > out/pango.jsonl
	python3 Tools/pango-reference/compare.py out/corpus.jsonl out/ours.jsonl out/pango.jsonl

clean:
	rm -rf .build out
