// TA unit scripts (formats/cob/): reading and disassembling against a memcpy
// of the same bytes, in the same run, so the figures read as ratios.
//
//   BM_CobMemcpy           memcpy of the 70 files' bytes between warm
//                          buffers: the floor
//   BM_CobRead             cob::ReadCob of each of the 70 files
//   BM_CobReadDecode       ReadCob, then DecodeScript of each script
//   BM_CobReadDisassemble  ReadCob, then Disassemble of the whole file
//   BM_CobReadDecompile    ReadCob, then Decompile of the whole file (BOS)
//
// The files: 70 synthetic units (tests/support/cob_bytes.h, SyntheticCob)
// of 10 scripts each, about 100 instructions a script (turns and moves of
// constants, waits, sleeps, static arithmetic, if / else jumps, start-script
// and signal): 700 scripts. items = scripts.
#include <benchmark/benchmark.h>

#include <cstring>
#include <string>
#include <vector>

#include "formats/cob/cob.h"
#include "formats/cob/decompile.h"
#include "formats/cob/disassemble.h"
#include "formats/cob/opcodes.h"
#include "tests/support/cob_bytes.h"

namespace kbot::bench {

namespace {

constexpr int kCobFiles = 70, kCobScriptsAFile = 10, kCobInstructions = 100;

const std::vector<std::vector<uint8_t>>& CobFiles() {
  static const std::vector<std::vector<uint8_t>> files = [] {
    std::vector<std::vector<uint8_t>> out;
    for (int i = 0; i < kCobFiles; ++i) {
      out.push_back(
          testing::LayOutCob(testing::SyntheticCob(kCobScriptsAFile, kCobInstructions, uint32_t(i)))
              .bytes);
    }
    return out;
  }();
  return files;
}

int64_t CobBytes() {
  int64_t n = 0;
  for (const std::vector<uint8_t>& f : CobFiles()) n += int64_t(f.size());
  return n;
}

void CobCount(benchmark::State& state) {
  state.SetItemsProcessed(int64_t(state.iterations()) * kCobFiles * kCobScriptsAFile);
  state.SetBytesProcessed(int64_t(state.iterations()) * CobBytes());
}

void BM_CobMemcpy(benchmark::State& state) {
  std::vector<uint8_t> out(static_cast<size_t>(CobBytes()));
  for (auto _ : state) {
    size_t at = 0;
    for (const std::vector<uint8_t>& f : CobFiles()) {
      std::memcpy(out.data() + at, f.data(), f.size());
      at += f.size();
    }
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  CobCount(state);
}
BENCHMARK(BM_CobMemcpy)->Unit(benchmark::kMicrosecond);

// `work` on each file read; false (and the benchmark skipped) when one fails.
template <typename Work>
bool CobEach(benchmark::State& state, Work work) {
  for (const std::vector<uint8_t>& f : CobFiles()) {
    absl::StatusOr<cob::Cob> c = cob::ReadCob(f, "bench.cob");
    if (!c.ok()) {
      state.SkipWithError(std::string(c.status().message()).c_str());
      return false;
    }
    work(*c);
  }
  return true;
}

void BM_CobRead(benchmark::State& state) {
  for (auto _ : state) {
    if (!CobEach(state, [](const cob::Cob& c) { benchmark::DoNotOptimize(c.code.data()); })) return;
  }
  CobCount(state);
}
BENCHMARK(BM_CobRead)->Unit(benchmark::kMicrosecond);

void BM_CobReadDecode(benchmark::State& state) {
  size_t instructions = 0;
  for (auto _ : state) {
    instructions = 0;
    const bool ok = CobEach(state, [&](const cob::Cob& c) {
      for (size_t s = 0; s < c.scripts.size(); ++s) {
        instructions += cob::DecodeScript(c, s).instructions.size();
      }
    });
    if (!ok) return;
  }
  state.counters["instructions"] = double(instructions);
  CobCount(state);
}
BENCHMARK(BM_CobReadDecode)->Unit(benchmark::kMicrosecond);

void BM_CobReadDisassemble(benchmark::State& state) {
  size_t text = 0;
  for (auto _ : state) {
    text = 0;
    const bool ok = CobEach(state, [&](const cob::Cob& c) { text += cob::Disassemble(c).size(); });
    if (!ok) return;
  }
  state.counters["text_bytes"] = double(text);
  CobCount(state);
}
BENCHMARK(BM_CobReadDisassemble)->Unit(benchmark::kMicrosecond);

void BM_CobReadDecompile(benchmark::State& state) {
  size_t text = 0, fallbacks = 0;
  for (auto _ : state) {
    text = fallbacks = 0;
    const bool ok = CobEach(state, [&](const cob::Cob& c) {
      const cob::Decompiled d = cob::Decompile(c);
      text += d.source.size();
      fallbacks += d.fallbacks.size();
    });
    if (!ok) return;
  }
  state.counters["text_bytes"] = double(text);
  state.counters["fallbacks"] = double(fallbacks);
  CobCount(state);
}
BENCHMARK(BM_CobReadDecompile)->Unit(benchmark::kMicrosecond);

}  // namespace

}  // namespace kbot::bench
