// The pieces run_decode.cc draws run-encoded rows with (run_decode.h has the
// chunk format): the chunk table, looked up rather than branched on, and the
// drawing of one chunk by whole 16-byte blocks. Internal to formats/gaf.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(__x86_64__)
#include <emmintrin.h>
#endif

namespace kbot::gaf::run {

// What a chunk's mask byte says. The kind of the next chunk is data: a branch
// on it would be mispredicted about a third of the time. Four bytes, so the
// compiler loads each field straight from the table.
struct ChunkStep {
  uint8_t bytes;    // taken, the mask included
  uint8_t pixels;   // covered: skip 0..127, repeat and literal 1..64
  uint8_t literal;  // 1: the pixels follow the mask
  uint8_t drawn;    // 1: repeat or literal
};

inline constexpr size_t kBlock = 16;

// What every chunk writes first, whatever its length: two blocks. A drawn
// chunk longer than that takes a branch that no predictor learns: 0.5% of the
// effects benchmark's chunks, where 3.6% are longer than one block (two more
// stores a chunk cost less than those branches: 0.94 -> 0.87 ms).
inline constexpr size_t kFirst = 2 * kBlock;

inline constexpr std::array<ChunkStep, 256> kSteps = [] {
  std::array<ChunkStep, 256> steps{};
  for (int m = 0; m < 256; ++m) {
    const uint8_t count = uint8_t((m >> 2) + 1);
    if (m & 1) {
      steps[m] = {1, uint8_t(m >> 1), 0, 0};
    } else if (m & 2) {
      steps[m] = {2, count, 0, 1};
    } else {
      steps[m] = {uint8_t(count + 1), count, 1, 1};
    }
  }
  return steps;
}();

// 1 for a drawn chunk longer than kFirst (a separate table: rarely set).
inline constexpr std::array<uint8_t, 256> kLongDrawn = [] {
  std::array<uint8_t, 256> long_drawn{};
  for (int m = 0; m < 256; ++m) long_drawn[m] = kSteps[m].drawn && kSteps[m].pixels > kFirst;
  return long_drawn;
}();

// Each byte value kBlock times: the block a repeat or a skip writes, and the
// opaque plane's (0 or 1).
alignas(kBlock) inline constexpr std::array<std::array<uint8_t, kBlock>, 256> kFilled = [] {
  std::array<std::array<uint8_t, kBlock>, 256> filled{};
  for (size_t v = 0; v < 256; ++v) filled[v].fill(uint8_t(v));
  return filled;
}();

// How far past a row's last byte a chunk may read: a literal's blocks reach
// 64 bytes past its mask, a repeat's value byte one.
inline constexpr size_t kReadSlack = 64;

// The frame a chunk is drawn into.
struct Canvas {
  size_t width;
  ptrdiff_t opaque_offset;  // from a pixel's index byte to its opaque byte
  const uint8_t* key_fill;  // kFilled of the frame's key
#if defined(__x86_64__)
  __m128i key;  // the same, in a register
#endif
};

// The rest of the drawn chunk at `chunk` (its mask) when longer than
// kFirst, up to the width (`room` pixels from its start), by whole blocks.
void DrawLongRun(uint8_t* at, const uint8_t* chunk, size_t room, ptrdiff_t opaque_offset);

// How a chunk's first block is made. Both kernels write the same bytes.
enum class Kernel {
  // Copies from a source picked with masks: the literal's bytes, or kFilled
  // of the repeated value or of the key.
  kPortable,
  // x86-64 with SSE4.1: one byte shuffle (pshufb) of the 16 bytes after the
  // mask, by the mask's control (kShuffleTables), blended with the key for a
  // skip (pblendvb).
  kShuffle,
};

// Tests: draw with the portable kernel even where the shuffling one runs.
void UsePortableKernelForTesting(bool portable);

#if defined(__x86_64__)
inline constexpr bool kHaveShuffle = true;

// Per mask: pshufb's control (literal: bytes 0..15; repeat: byte 0 sixteen
// times; skip: 0x80, a zero byte, and the byte pblendvb takes the key for),
// and where the second block comes from (0x80: the literal's next 16 bytes;
// 0: the first block again).
struct alignas(32) Shuffle {
  uint8_t control[kBlock];
  uint8_t literal[kBlock];
};

// What the shuffling kernel looks up, behind one base address (one register
// for every table, one load a field, nothing to unpack): the shuffles, then
// kSteps' counts and kLongDrawn as byte arrays.
struct alignas(64) ShuffleTables {
  Shuffle shuffles[256];
  uint8_t bytes[256];
  uint8_t pixels[256];
  uint8_t long_drawn[256];
};

alignas(64) inline constexpr ShuffleTables kShuffleTables = [] {
  ShuffleTables t{};
  for (size_t m = 0; m < 256; ++m) {
    for (size_t k = 0; k < kBlock; ++k) {
      t.shuffles[m].control[k] = (m & 1) ? 0x80 : (m & 2) ? 0 : uint8_t(k);
      t.shuffles[m].literal[k] = (m & 3) ? 0 : 0x80;
    }
    t.bytes[m] = kSteps[m].bytes;
    t.pixels[m] = kSteps[m].pixels;
    t.long_drawn[m] = kLongDrawn[m];
  }
  return t;
}();

// kSteps[mask].bytes by arithmetic: it is on the loop-carried chain of a band
// (each chunk's position needs the one before), where a shift, an add and a
// conditional move take less time than a second dependent load (the effects
// benchmark: 1.03 -> 0.94 ms). The conditional move is written out: compilers
// make it a jump, mispredicted on every change of chunk kind.
__attribute__((always_inline)) inline const uint8_t* NextChunk(const uint8_t* p, size_t mask) {
  const uint8_t* literal = p + (mask >> 2) + 2;
  const uint8_t* other = p + 2 - (mask & 1);
  asm("test $3, %b[mask]\n\tcmovz %[literal], %[other]"
      : [other] "+r"(other) : [literal] "r"(literal), [mask] "r"(mask) : "cc");
  return other;
}

// pshufb and pblendvb by inline assembly: the intrinsics need the function
// compiled for SSSE3 and SSE4.1, and the kernel is only chosen on a CPU that
// has them (HaveSse41).
__attribute__((always_inline)) inline __m128i ShuffleBytes(__m128i bytes, __m128i control) {
  asm("pshufb %1, %0" : "+x"(bytes) : "xm"(control));
  return bytes;
}

// `to` where `mask`'s byte has its top bit set, `from` elsewhere. pblendvb's
// mask is always xmm0 ("Yz").
__attribute__((always_inline)) inline __m128i BlendBytes(__m128i from, __m128i to, __m128i mask) {
  asm("pblendvb %2, %1, %0" : "+x"(from) : "x"(to), "Yz"(mask));
  return from;
}
#else
inline constexpr bool kHaveShuffle = false;
#endif

// A row being drawn: its chunks are [p, end), the next pixel `at`, the row's
// width ends at `row_end` (index plane). Keep cursors and the Canvas in local
// variables of the drawing loop: the pixel stores are bytes, which may alias
// anything reached through a pointer, so state behind a reference would be
// reloaded after every store.
struct RowCursor {
  const uint8_t* p;
  const uint8_t* end;
  uint8_t* at;
  uint8_t* row_end;

  // Draws one chunk by whole blocks: kFirst bytes whatever its length, whose
  // bytes past the chunk the next chunk overwrites, so nothing is written
  // more than kFirst - 1 bytes past the row's width (the caller gives that
  // much room). A skip longer than kFirst writes only its first kFirst bytes:
  // the rest keeps the key and transparency the picture was filled with.
  // Needs kReadSlack readable bytes after `end`.
  template <Kernel kKernel>
  __attribute__((always_inline)) void Step(const Canvas& c) {
#if defined(__x86_64__)
    if constexpr (kKernel == Kernel::kShuffle) {
      ShuffleStep(c);
      return;
    }
#endif
    const unsigned mask = p[0];
    const ChunkStep s = kSteps[mask];
    if (at < row_end) {
      FirstBlocks(s, c);
      if (kLongDrawn[mask]) [[unlikely]] DrawLongRun(at, p, size_t(row_end - at), c.opaque_offset);
    }
    at += s.pixels;
    p += s.bytes;
  }

 private:
#if defined(__x86_64__)
  // The shuffling kernel's step: the first blocks by one pshufb each (the
  // opaque block is the same control over ones: 1 where the chunk draws, 0
  // for a skip), the key blended in for a skip; the second blocks are the
  // first ones again, but a literal's next 16 bytes.
  __attribute__((always_inline)) void ShuffleStep(const Canvas& c) {
    const ShuffleTables& t = kShuffleTables;
    const size_t mask = p[0];
    if (at < row_end) {
      const __m128i control =
          _mm_load_si128(reinterpret_cast<const __m128i*>(t.shuffles[mask].control));
      const __m128i block =
          ShuffleBytes(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 1)), control);
      // A skip's control bytes have their top bit set: those take the key.
      const __m128i first = BlendBytes(block, c.key, control);
      _mm_storeu_si128(reinterpret_cast<__m128i*>(at), first);
      const __m128i opaque = ShuffleBytes(
          _mm_load_si128(reinterpret_cast<const __m128i*>(kFilled[1].data())), control);
      _mm_storeu_si128(reinterpret_cast<__m128i*>(at + c.opaque_offset), opaque);
      const __m128i second =
          BlendBytes(first, _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 1 + kBlock)),
                     _mm_load_si128(reinterpret_cast<const __m128i*>(t.shuffles[mask].literal)));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(at + kBlock), second);
      _mm_storeu_si128(reinterpret_cast<__m128i*>(at + kBlock + c.opaque_offset), opaque);
      if (t.long_drawn[mask]) [[unlikely]] {
        DrawLongRun(at, p, size_t(row_end - at), c.opaque_offset);
      }
    }
    at += t.pixels[mask];
    p = NextChunk(p, mask);
  }
#endif

  // Writes the chunk's first kFirst bytes of both planes with the portable
  // kernel.
  __attribute__((always_inline)) void FirstBlocks(const ChunkStep& s, const Canvas& c) {
    // Selects the source with masks: compilers turn `?:` here into jumps,
    // mispredicted on every change of chunk kind.
    uintptr_t source = reinterpret_cast<uintptr_t>(kFilled[p[1]].data());
    const uintptr_t key = reinterpret_cast<uintptr_t>(c.key_fill);
    const uintptr_t literal = reinterpret_cast<uintptr_t>(p + 1);
    source ^= (source ^ key) & (uintptr_t(s.drawn) - 1);
    source ^= (source ^ literal) & (uintptr_t(0) - s.literal);
    std::memcpy(at, reinterpret_cast<const uint8_t*>(source), kBlock);
    std::memcpy(at + c.opaque_offset, kFilled[s.drawn].data(), kBlock);
    // A literal's next block follows; a repeat's or a skip's is the same.
    source += kBlock & (uintptr_t(0) - s.literal);
    std::memcpy(at + kBlock, reinterpret_cast<const uint8_t*>(source), kBlock);
    std::memcpy(at + kBlock + c.opaque_offset, kFilled[s.drawn].data(), kBlock);
  }
};

}  // namespace kbot::gaf::run
