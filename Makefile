# The two commands of the README:
#   make demo   set up, build, and run kbot on its built-in sample data
#   make test   set up, build, and run every test (plain and sanitizer builds)
JOBS ?= $(shell nproc)
BUILD ?= build
ASAN_BUILD ?= build-asan
DEMO_DATA := $(BUILD)/demo-data
DEMO_OUT := $(BUILD)/demo-out

.PHONY: deps build demo test test-plain test-asan bench fuzz clean

deps:
	@scripts/install-deps.sh

$(BUILD)/build.ninja:
	cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo

build: deps $(BUILD)/build.ninja
	cmake --build $(BUILD) -j $(JOBS)

demo: build
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
	@echo "demo: pictures are in $(DEMO_OUT)/"

test: test-plain test-asan

test-plain: build
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

$(ASAN_BUILD)/build.ninja:
	cmake -S . -B $(ASAN_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Debug -DKBOT_SANITIZE=ON -DKBOT_BUILD_BENCH=OFF

test-asan: deps $(ASAN_BUILD)/build.ninja
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --test-dir $(ASAN_BUILD) --output-on-failure -j $(JOBS)

BENCH_BUILD ?= build-bench

# Benchmarks want an optimised build of their own.
bench: deps
	cmake -S . -B $(BENCH_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release -DKBOT_BUILD_TESTS=OFF
	cmake --build $(BENCH_BUILD) -j $(JOBS)
	bench/run.sh $(BENCH_BUILD)

FUZZ_BUILD ?= build-fuzz
FUZZ_SECONDS ?= 60

# libFuzzer over the GAF reader and renderer, seeded with the demo assets.
fuzz: demo
	CC=clang CXX=clang++ cmake -S . -B $(FUZZ_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DKBOT_BUILD_FUZZ=ON -DKBOT_BUILD_TESTS=OFF -DKBOT_BUILD_BENCH=OFF
	cmake --build $(FUZZ_BUILD) --target kbot_gaf_fuzz -j $(JOBS)
	mkdir -p $(FUZZ_BUILD)/corpus && cp $(DEMO_DATA)/anims/* $(FUZZ_BUILD)/corpus/
	$(FUZZ_BUILD)/fuzz/kbot_gaf_fuzz $(FUZZ_BUILD)/corpus -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=2048

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(BENCH_BUILD) $(FUZZ_BUILD)
