// JPEG files made in the test with libjpeg itself, so that the decoder
// (formats/image/jpeg_decode.h) is checked against a known picture: quality
// 100 and no chroma subsampling (4:4:4) keep every pixel within a few levels.
// Header-only; a binary that includes it links JPEG::JPEG.
#pragma once

// jpeglib.h uses FILE and size_t without including their headers.
#include <cstddef>
#include <cstdio>
#include <jpeglib.h>

#include <cstdint>
#include <cstdlib>
#include <vector>

namespace kbot::testing {

struct JpegSpec {
  int width = 0;
  int height = 0;
  // The samples handed to libjpeg: 1 grey, 3 RGB or 4 CMYK bytes a pixel.
  int components = 3;
  J_COLOR_SPACE input = JCS_RGB;
  // What the file stores; JCS_UNKNOWN: libjpeg's default for `input`
  // (YCbCr for RGB, greyscale for grey, CMYK for CMYK).
  J_COLOR_SPACE stored = JCS_UNKNOWN;
  bool progressive = false;
  std::vector<uint8_t> samples;  // width * height * components, row-major
};

// Fails the process (the test's own fixture is wrong) rather than returning.
inline std::vector<uint8_t> EncodeJpeg(const JpegSpec& spec) {
  if (spec.samples.size() != size_t(spec.width) * size_t(spec.height) * size_t(spec.components)) {
    std::abort();
  }
  jpeg_compress_struct cinfo = {};
  jpeg_error_mgr errors = {};
  cinfo.err = jpeg_std_error(&errors);  // exits on error: a broken fixture ends the test
  jpeg_create_compress(&cinfo);
  unsigned char* buffer = nullptr;
  unsigned long size = 0;
  jpeg_mem_dest(&cinfo, &buffer, &size);
  cinfo.image_width = JDIMENSION(spec.width);
  cinfo.image_height = JDIMENSION(spec.height);
  cinfo.input_components = spec.components;
  cinfo.in_color_space = spec.input;
  jpeg_set_defaults(&cinfo);
  if (spec.stored != JCS_UNKNOWN) jpeg_set_colorspace(&cinfo, spec.stored);
  jpeg_set_quality(&cinfo, 100, TRUE);
  for (int c = 0; c < cinfo.num_components; ++c) {  // 4:4:4
    cinfo.comp_info[c].h_samp_factor = 1;
    cinfo.comp_info[c].v_samp_factor = 1;
  }
  if (spec.progressive) jpeg_simple_progression(&cinfo);
  jpeg_start_compress(&cinfo, TRUE);
  const size_t stride = size_t(spec.width) * size_t(spec.components);
  while (cinfo.next_scanline < cinfo.image_height) {
    JSAMPROW row = const_cast<uint8_t*>(spec.samples.data()) + cinfo.next_scanline * stride;
    jpeg_write_scanlines(&cinfo, &row, 1);
  }
  jpeg_finish_compress(&cinfo);
  jpeg_destroy_compress(&cinfo);
  std::vector<uint8_t> out(buffer, buffer + size);
  std::free(buffer);
  return out;
}

// Where the first segment with marker FF `marker` begins (its FF byte), found
// by walking the segments from the start (FFDA, the first scan's, included);
// 0 when there is none before the first scan.
inline size_t FindJpegSegment(const std::vector<uint8_t>& jpeg, uint8_t marker) {
  size_t at = 2;
  while (at + 4 <= jpeg.size() && jpeg[at] == 0xFF) {
    if (jpeg[at + 1] == marker) return at;
    if (jpeg[at + 1] == 0xDA) return 0;
    at += 2 + (size_t(jpeg[at + 2]) << 8 | jpeg[at + 3]);
  }
  return 0;
}

// Where the first scan's entropy-coded data begins (after its SOS segment).
inline size_t FindJpegScanData(const std::vector<uint8_t>& jpeg) {
  const size_t sos = FindJpegSegment(jpeg, 0xDA);
  return sos == 0 ? 0 : sos + 2 + (size_t(jpeg[sos + 2]) << 8 | jpeg[sos + 3]);
}

}  // namespace kbot::testing
