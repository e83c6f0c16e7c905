# The two commands of the README:
#   make demo   set up, build, and run kbot on its built-in sample data
#   make test   set up, build, and run every test (plain and sanitizer builds)
# and, for a developer and a packager:
#   make check    build and run the unit tests only (ctest -L unit), a fast loop
#   make install  install kbot, its man page and shell completions (PREFIX=/usr/local, DESTDIR)
#   make deb      a Debian package of the same, RELEASE_BUILD/kbot_<version>_<arch>.deb
JOBS ?= $(shell nproc)
BUILD ?= build
ASAN_BUILD ?= build-asan
# kbot alone, optimised, without tests or benchmarks: what make demo, make install and make deb build.
RELEASE_BUILD ?= build-release
PREFIX ?= /usr/local
DEMO_DATA = $(BUILD)/demo-data
DEMO_OUT = $(BUILD)/demo-out

.PHONY: deps build release demo check install deb test test-plain test-e2e test-browser test-conformance test-scaleout test-asan test-fuzz bench fuzz fuzz-run clean

deps:
	@scripts/install-deps.sh

# UNITY=ON compiles build/'s libraries a few files at a time, as the other builds do: quicker from
# scratch (CI sets it), slower to rebuild after an edit. It applies when build/ is first configured.
UNITY ?= OFF

$(BUILD)/build.ninja:
	cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKBOT_UNITY_BUILD=$(UNITY)

build: deps $(BUILD)/build.ninja
	cmake --build $(BUILD) -j $(JOBS)

# The unit tests (ctest label unit: in-process, no kbot binary, no HTTP): only their binaries are built.
check: deps $(BUILD)/build.ninja
	cmake --build $(BUILD) -j $(JOBS) --target kbot_unit_tests
	ctest --test-dir $(BUILD) -L '^unit$$' --output-on-failure -j $(JOBS)

$(RELEASE_BUILD)/build.ninja:
	cmake -S . -B $(RELEASE_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release -DKBOT_BUILD_TESTS=OFF -DKBOT_BUILD_BENCH=OFF \
	  -DKBOT_UNITY_BUILD=ON

# kbot, its man page and completions (the kbot_docs target), in $(RELEASE_BUILD).
release: deps $(RELEASE_BUILD)/build.ninja
	cmake --build $(RELEASE_BUILD) -j $(JOBS)

install: release
	DESTDIR="$(DESTDIR)" cmake --install $(RELEASE_BUILD) --prefix "$(PREFIX)"

deb: release
	rm -f $(RELEASE_BUILD)/kbot_*.deb
	cd $(RELEASE_BUILD) && cpack -G DEB
	@ls $(RELEASE_BUILD)/kbot_*.deb

# make demo builds only what it runs (the kbot binary, optimised) in $(RELEASE_BUILD), so that
# the first run is quick; in its recipe $(BUILD) is that folder, and make test's is left alone.
demo: override BUILD = $(RELEASE_BUILD)
demo: deps $(RELEASE_BUILD)/build.ninja
	cmake --build $(RELEASE_BUILD) -j $(JOBS) --target kbot
	@mkdir -p $(DEMO_OUT)
	$(BUILD)/kbot demo --target $(DEMO_DATA)
	$(BUILD)/kbot gaf list $(DEMO_DATA)/anims/demo.gaf
	$(BUILD)/kbot gaf info $(DEMO_DATA)/anims/demo.gaf --sequence Explosion
	$(BUILD)/kbot gaf export $(DEMO_DATA)/anims/demo.gaf --sequence spinner --format apng --target $(DEMO_OUT)/spinner.png
	$(BUILD)/kbot gaf export $(DEMO_DATA)/anims/demo.gaf --sequence spinner --format gif --target $(DEMO_OUT)/spinner.gif
	$(BUILD)/kbot gaf export $(DEMO_DATA)/anims/demo.gaf --sequence explosion --format sheet --target $(DEMO_OUT)/explosion-sheet.png
	$(BUILD)/kbot gaf export $(DEMO_DATA)/anims/glow.taf --sequence glow --format apng --target $(DEMO_OUT)/glow.png
	$(BUILD)/kbot gaf check $(DEMO_DATA)
	$(BUILD)/kbot gaf dump $(DEMO_DATA)/anims/demo.gaf --target $(DEMO_OUT)/demo-dump
	$(BUILD)/kbot gaf roundtrip $(DEMO_DATA)
	@echo "== the built-in demo context, as kbot mcp serves it"
	KBOT_CONFIG_DIR=$(BUILD)/demo-config $(BUILD)/kbot context list
	KBOT_CONFIG_DIR=$(BUILD)/demo-config $(BUILD)/kbot vfs list '**/*.gaf'
	KBOT_CONFIG_DIR=$(BUILD)/demo-config $(BUILD)/kbot gaf export anims/atlas.gaf --context demo --format sheet --scale 2 --target $(DEMO_OUT)/atlas-sheet.png
	KBOT_CONFIG_DIR=$(BUILD)/demo-config $(BUILD)/kbot vfs list 'units/*'
	KBOT_CONFIG_DIR=$(BUILD)/demo-config $(BUILD)/kbot palette candidates units/verflag.gaf --context demo
	KBOT_CONFIG_DIR=$(BUILD)/demo-config $(BUILD)/kbot palette describe palettes/palette.pal --context demo --swatch $(DEMO_OUT)/palette-swatch.png > $(DEMO_OUT)/palette.txt && head -n 12 $(DEMO_OUT)/palette.txt
	KBOT_CONFIG_DIR=$(BUILD)/demo-config $(BUILD)/kbot gaf export units/verflag.gaf --context demo --format apng --scale 3 --target $(DEMO_OUT)/verflag.png
	@echo "== the demo's GTA1 set"
	KBOT_CONFIG_DIR=$(BUILD)/demo-config $(BUILD)/kbot gta map GTADATA/DEMO.CMP --context demo --x 7 --y 7
	KBOT_CONFIG_DIR=$(BUILD)/demo-config $(BUILD)/kbot gta fxt GTADATA/ENGLISH.FXT --context demo
	KBOT_CONFIG_DIR=$(BUILD)/demo-config $(BUILD)/kbot gta render GTADATA/DEMO.CMP --context demo --w 16 --h 16 --scale 16 --target $(DEMO_OUT)/demo-town.png
	KBOT_CONFIG_DIR=$(BUILD)/demo-config $(BUILD)/kbot gta render GTADATA/DEMO.CMP --context demo --w 16 --h 16 --scale 32 --objects --mission 1 --target $(DEMO_OUT)/demo-town-mission1.png
	KBOT_CONFIG_DIR=$(BUILD)/demo-config $(BUILD)/kbot gta sprites GTADATA/STYLE001.G24 --context demo
	KBOT_CONFIG_DIR=$(BUILD)/demo-config $(BUILD)/kbot gta sprite GTADATA/STYLE001.G24 --context demo --kind car --number 0 --remap 3 --deltas 0,1 --target $(DEMO_OUT)/demo-car-green-doors.png
	KBOT_CONFIG_DIR=$(BUILD)/demo-config $(BUILD)/kbot gta sprite GTADATA/STYLE001.G24 --context demo --kind object --sheet --target $(DEMO_OUT)/demo-objects.png
	KBOT_CONFIG_DIR=$(BUILD)/demo-config $(BUILD)/kbot gta tiles GTADATA/STYLE001.G24 --context demo --kind lid --target $(DEMO_OUT)/demo-lids.png
	KBOT_CONFIG_DIR=$(BUILD)/demo-config $(BUILD)/kbot gta font GTADATA/DEMO.FON --context demo --text 'LIBERTY CITY' --scale 4 --target $(DEMO_OUT)/demo-font.png
	@echo "== the demo's TA map"
	KBOT_CONFIG_DIR=$(BUILD)/demo-config $(BUILD)/kbot tnt list --context demo
	KBOT_CONFIG_DIR=$(BUILD)/demo-config $(BUILD)/kbot tnt describe lakes --context demo
	KBOT_CONFIG_DIR=$(BUILD)/demo-config $(BUILD)/kbot tnt render lakes --context demo --overlays starts,features,water --target $(DEMO_OUT)/lakes.png
	KBOT_CONFIG_DIR=$(BUILD)/demo-config $(BUILD)/kbot tnt minimap $(DEMO_DATA)/maps/lakes.tnt --target $(DEMO_OUT)/lakes-minimap.png
	@echo "== the demo's knight: model and script"
	KBOT_CONFIG_DIR=$(BUILD)/demo-config $(BUILD)/kbot 3do describe araknight --context demo
	KBOT_CONFIG_DIR=$(BUILD)/demo-config $(BUILD)/kbot 3do render araknight --context demo --target $(DEMO_OUT)/araknight.png
	KBOT_CONFIG_DIR=$(BUILD)/demo-config $(BUILD)/kbot 3do render araknight --context demo --turntable 24 --target $(DEMO_OUT)/araknight-turntable.png
	KBOT_CONFIG_DIR=$(BUILD)/demo-config $(BUILD)/kbot cob describe araknight --context demo
	KBOT_CONFIG_DIR=$(BUILD)/demo-config $(BUILD)/kbot cob decompile araknight --context demo --script AimPrimary
	@echo "== the demo's archive"
	$(BUILD)/kbot hpi list $(DEMO_DATA)/demo.ufo
	$(BUILD)/kbot hpi extract $(DEMO_DATA)/demo.ufo '**/*.gaf' --target $(DEMO_OUT)/demo-ufo
	$(BUILD)/kbot hpi pack $(DEMO_OUT)/demo-ufo --target $(DEMO_OUT)/repacked.hpi --compression lz77
	@echo "== one MCP session over stdio (initialize, tools/list, gaf_list)"
	@printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"make demo","version":"1"}}}' \
	  '{"jsonrpc":"2.0","method":"notifications/initialized"}' \
	  '{"jsonrpc":"2.0","id":2,"method":"tools/list"}' \
	  '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"gaf_list","arguments":{"path":"anims/cursors.gaf"}}}' \
	  | KBOT_CONFIG_DIR=$(BUILD)/demo-config $(BUILD)/kbot mcp | cut -c1-160
	@echo "demo: pictures are in $(DEMO_OUT)/"
	@echo "demo: to look at it all in a browser: $(BUILD)/kbot explore, then open http://127.0.0.1:8809/"

test: test-plain test-e2e test-browser test-conformance test-scaleout test-asan test-fuzz

# Every ctest test but the browser, conformance and scaleout runs (their own targets run those).
test-plain: build
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS) -LE '^(browser|conformance|scaleout)$$'

# `kbot mcp` driven by the official MCP TypeScript SDK clients (Node >= 20), over stdio and
# Streamable HTTP: tests/e2e/e2e.mjs with SDK 1.x (MCP 2025-11-25), then tests/e2e/e2e2.mjs with
# the 2.x client (MCP 2026-07-28), both pinned in tests/e2e/package.json and sharing the checks of
# tests/e2e/lib/. Both run even when the first fails.
test-e2e: build
	cd tests/e2e && npm ci --no-audit --no-fund --silent && \
	  { node e2e.mjs $(abspath $(BUILD))/kbot; one=$$?; node e2e2.mjs $(abspath $(BUILD))/kbot; two=$$?; \
	    test $$one -eq 0 && test $$two -eq 0; }

# The web explorer of `kbot explore` in headless Chromium (tests/browser/run.sh; playwright-core
# pinned in tests/browser/package.json, /usr/bin/chromium or the CHROMIUM variable), then the MCP
# Apps views of `kbot mcp` hosted by the Apps SDK's AppBridge (tests/browser/apps.sh): screenshots
# in $(BUILD)/browser-artifacts/. Both run even when the first fails.
test-browser: build
	{ tests/browser/run.sh $(BUILD); one=$$?; tests/browser/apps.sh $(BUILD); two=$$?; \
	  test $$one -eq 0 && test $$two -eq 0; }

# The official MCP conformance suite over Streamable HTTP (tests/conformance/run.sh; Node 22
# and the suite are pinned npm packages), twice: 0.1.16 for MCP 2025-11-25 (every server
# scenario) and 0.2.0-alpha.12 for 2026-07-28 (the server scenarios of its 2026-07-28
# requirement set, Tasks extension included); each against the suite's fixtures on kbot's MCP
# core, the fixture-free ones against `kbot mcp --http`. Failures not listed in
# tests/conformance/expected-failures.txt (-2026.txt), or listed ones that pass, fail the run.
test-conformance: build
	tests/conformance/run.sh $(BUILD)

# Scale-out under MCP 2026-07-28 (tests/scaleout/run.sh): two `kbot mcp --http` on one game
# folder behind Debian's nginx with round robin (docs/deploy/nginx.conf, the documented example),
# the MCP SDK 2.x client (pinned in tests/scaleout/package.json) calling through it; nginx's
# access log must show both instances serving every kind of call.
test-scaleout: build
	tests/scaleout/run.sh $(BUILD)

# The sanitizer build is clang's, and holds the libFuzzer targets too (KBOT_BUILD_FUZZ), so that
# make test compiles the project three times, not four. A build-asan/ configured before with g++
# has no fuzz targets: remove it once.
$(ASAN_BUILD)/build.ninja:
	CC=clang CXX=clang++ cmake -S . -B $(ASAN_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Debug -DKBOT_SANITIZE=ON \
	  -DKBOT_BUILD_FUZZ=ON -DKBOT_BUILD_BENCH=OFF -DKBOT_UNITY_BUILD=ON

# Every ctest test but the browser, conformance and scaleout runs, which their own targets run on
# the plain build: the in-process http tests drive the same HTTP code under the sanitizers.
test-asan: deps $(ASAN_BUILD)/build.ninja
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --test-dir $(ASAN_BUILD) --output-on-failure -j $(JOBS) -LE '^(browser|conformance|scaleout)$$'

BENCH_BUILD ?= build-bench

# Benchmarks want an optimised build of their own.
bench: deps
	cmake -S . -B $(BENCH_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release -DKBOT_BUILD_TESTS=OFF -DKBOT_UNITY_BUILD=ON
	cmake --build $(BENCH_BUILD) -j $(JOBS)
	bench/run.sh $(BENCH_BUILD)

# Every fuzz target, from the sanitizer build, run for 10 s each: a smoke test that they build and
# that no seed crashes (make fuzz runs them longer, in a build of their own).
test-fuzz: deps $(ASAN_BUILD)/build.ninja
	$(MAKE) fuzz-run FUZZ_BUILD=$(ASAN_BUILD) FUZZ_SECONDS=10

FUZZ_BUILD ?= build-fuzz
FUZZ_SECONDS ?= 60
# One libFuzzer target a reader (fuzz/<name>_fuzz.cc): GAF and its TA3D
# truecolor variant, HPI, the MCP session, the GTA1 city map, style, texts and
# settings and missions, TA's PCX pictures, text files and maps (TNT), TA: Kingdoms' JPEGs,
# TA's unit models (3DO) and scripts (COB), and the file-kind check every
# tool runs first.
FUZZ_TARGETS := gaf hpi mcp gta_cmp gta_style gta_mission fxt gta_player identify pcx tdf jpeg \
  tnt model3do cob

# An optimised build of the fuzz targets alone (clang), each run for FUZZ_SECONDS.
fuzz: deps
	CC=clang CXX=clang++ cmake -S . -B $(FUZZ_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DKBOT_BUILD_FUZZ=ON -DKBOT_BUILD_TESTS=OFF -DKBOT_BUILD_BENCH=OFF -DKBOT_UNITY_BUILD=ON
	$(MAKE) fuzz-run FUZZ_BUILD=$(FUZZ_BUILD) FUZZ_SECONDS=$(FUZZ_SECONDS)

# Builds the fuzz targets of FUZZ_BUILD (configured with KBOT_BUILD_FUZZ), seeds each corpus from
# the byte-built test fixtures and the demo data (kbot_fuzz_corpus) plus fuzz/*_corpus, then runs
# each target for FUZZ_SECONDS.
fuzz-run:
	cmake --build $(FUZZ_BUILD) -j $(JOBS) --target kbot_fuzz_corpus \
	  $(foreach t,$(FUZZ_TARGETS),kbot_$(t)_fuzz)
	rm -rf $(FUZZ_BUILD)/corpus && $(FUZZ_BUILD)/fuzz/kbot_fuzz_corpus $(FUZZ_BUILD)/corpus
	mkdir -p $(FUZZ_BUILD)/corpus/mcp $(FUZZ_BUILD)/corpus/fxt
	cp fuzz/mcp_corpus/* $(FUZZ_BUILD)/corpus/mcp/ && cp fuzz/fxt_corpus/* $(FUZZ_BUILD)/corpus/fxt/
	@for t in $(FUZZ_TARGETS); do \
	  log=$(FUZZ_BUILD)/fuzz-$$t.log; max_len=; [ $$t = mcp ] && max_len=-max_len=4096; \
	  echo "== fuzz $$t ($(FUZZ_SECONDS) s): $$log"; \
	  if ! $(FUZZ_BUILD)/fuzz/kbot_$${t}_fuzz $(FUZZ_BUILD)/corpus/$$t $$max_len \
	      -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=2048 -print_final_stats=1 \
	      -artifact_prefix=$(FUZZ_BUILD)/crash-$$t- >$$log 2>&1; then \
	    tail -n 60 $$log; echo "fuzz: $$t failed; the input is $(FUZZ_BUILD)/crash-$$t-*"; exit 1; \
	  fi; \
	  grep -E "stat::number_of_executed_units|Done [0-9]+ runs" $$log | tail -n 2; \
	done

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(RELEASE_BUILD) $(BENCH_BUILD) $(FUZZ_BUILD)
