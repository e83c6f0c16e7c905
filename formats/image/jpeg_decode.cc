#include "formats/image/jpeg_decode.h"

// jpeglib.h uses FILE and size_t without including their headers.
#include <cstddef>
#include <cstdio>
#include <jpeglib.h>
#include <jerror.h>

#include <algorithm>
#include <climits>
#include <csetjmp>
#include <cstring>
#include <new>

#include "absl/strings/str_cat.h"
#include "formats/common/format_error.h"

namespace kbot::image {

namespace {

// The JPEG's warnings kept word for word (the count goes on past them).
constexpr int kJpegKeptWarnings = 4;

// Everything the libjpeg calls share. Trivially destructible because it lives
// across the frames that call setjmp: the error handler leaves by longjmp,
// which skips destructors. The picture's pixels are allocated by the caller
// between the two phases, once the header has been checked.
struct JpegJob {
  // Zeroed so that destroying it is safe even if creating it failed early.
  jpeg_decompress_struct cinfo = {};
  jpeg_error_mgr errors = {};
  jpeg_progress_mgr progress = {};
  std::jmp_buf jump;
  int max_scans = 0;
  char error[JMSG_LENGTH_MAX] = {};
  char warnings[kJpegKeptWarnings][JMSG_LENGTH_MAX] = {};
  int kept = 0;
  int warning_count = 0;
  bool truncated = false;
};

JpegJob* JobOf(j_common_ptr cinfo) { return static_cast<JpegJob*>(cinfo->client_data); }

// libjpeg's default prints the message and calls exit(); this keeps the
// message and jumps back to the phase that called setjmp.
[[noreturn]] void OnJpegError(j_common_ptr cinfo) {
  JpegJob* job = JobOf(cinfo);
  (*cinfo->err->format_message)(cinfo, job->error);
  std::longjmp(job->jump, 1);
}

// Level -1 is a warning (corrupt or missing data libjpeg decodes around);
// the others are trace messages, which are not wanted.
void OnJpegMessage(j_common_ptr cinfo, int level) {
  if (level >= 0) return;
  JpegJob* job = JobOf(cinfo);
  ++cinfo->err->num_warnings;
  ++job->warning_count;
  if (cinfo->err->msg_code == JWRN_JPEG_EOF) job->truncated = true;
  if (job->kept == kJpegKeptWarnings) return;
  char text[JMSG_LENGTH_MAX];
  (*cinfo->err->format_message)(cinfo, text);
  if (job->kept > 0 && std::strcmp(job->warnings[job->kept - 1], text) == 0) return;
  std::memcpy(job->warnings[job->kept++], text, sizeof text);
}

// A progressive JPEG can declare thousands of scans, each a pass over the
// whole picture: libjpeg-turbo's advice is to stop them from a progress
// monitor, which it calls as it reads each scan.
void OnJpegProgress(j_common_ptr cinfo) {
  JpegJob* job = JobOf(cinfo);
  if (job->cinfo.input_scan_number <= job->max_scans) return;
  std::snprintf(job->error, sizeof job->error, "the progressive JPEG has more than %d scans",
                job->max_scans);
  std::longjmp(job->jump, 1);
}

// Owns the decompressor outside the setjmp frames (jpeg_destroy_decompress
// is safe after a failure, and after a create that never finished).
struct JpegReader {
  JpegJob job;
  explicit JpegReader(const JpegLimits& limits) {
    job.cinfo.err = jpeg_std_error(&job.errors);
    job.errors.error_exit = OnJpegError;
    job.errors.emit_message = OnJpegMessage;
    job.cinfo.client_data = &job;
    job.progress.progress_monitor = OnJpegProgress;
    job.max_scans = limits.max_scans;
  }
  ~JpegReader() { jpeg_destroy_decompress(&job.cinfo); }
  JpegReader(const JpegReader&) = delete;
  JpegReader& operator=(const JpegReader&) = delete;
};

// Phase 1: the decompressor made, the bytes as its source, the header read
// (markers up to the first scan; no pixel memory). False with job->error set.
bool StartJpeg(JpegJob* job, Bytes bytes, uint64_t max_memory) {
  if (setjmp(job->jump)) return false;
  jpeg_create_decompress(&job->cinfo);
  job->cinfo.mem->max_memory_to_use = long(std::min<uint64_t>(max_memory, LONG_MAX));
  job->cinfo.progress = &job->progress;
  jpeg_mem_src(&job->cinfo, bytes.data(), static_cast<unsigned long>(bytes.size()));
  jpeg_read_header(&job->cinfo, TRUE);
  return true;
}

// Phase 2: every row decoded into `out` (RGBA, `stride` bytes a row), then
// the end of the data read.
bool ReadJpegRows(JpegJob* job, uint8_t* out, size_t stride) {
  if (setjmp(job->jump)) return false;
  job->cinfo.out_color_space = JCS_EXT_RGBA;  // libjpeg-turbo writes alpha 255
  jpeg_start_decompress(&job->cinfo);
  if (job->cinfo.output_components != 4 ||
      size_t(job->cinfo.output_width) * 4 != stride) {
    std::snprintf(job->error, sizeof job->error, "libjpeg gives %d-byte pixels, %u a row",
                  job->cinfo.output_components, job->cinfo.output_width);
    return false;
  }
  while (job->cinfo.output_scanline < job->cinfo.output_height) {
    JSAMPROW row = out + size_t(job->cinfo.output_scanline) * stride;
    if (jpeg_read_scanlines(&job->cinfo, &row, 1) != 1) {
      std::snprintf(job->error, sizeof job->error, "no row came out at row %u",
                    job->cinfo.output_scanline);
      return false;
    }
  }
  jpeg_finish_decompress(&job->cinfo);
  return true;
}

const char* ColourSpaceName(J_COLOR_SPACE space) {
  switch (space) {
    case JCS_GRAYSCALE: return "greyscale";
    case JCS_YCbCr: return "YCbCr";
    case JCS_RGB: return "RGB";
    case JCS_CMYK: return "CMYK";
    case JCS_YCCK: return "YCCK";
    default: return "unknown";
  }
}

absl::Status LibjpegError(absl::string_view name, const JpegJob& job) {
  return ErrorIn(name, "", absl::StrCat("libjpeg cannot read it: ", job.error));
}

JpegInfo InfoOf(const jpeg_decompress_struct& cinfo) {
  JpegInfo info;
  info.width = int(cinfo.image_width);
  info.height = int(cinfo.image_height);
  info.components = cinfo.num_components;
  info.colour_space = ColourSpaceName(cinfo.jpeg_color_space);
  info.progressive = cinfo.progressive_mode != 0;
  return info;
}

// The refusals made from the header alone, before any pixel is allocated.
absl::Status CheckJpegHeader(const JpegInfo& info, J_COLOR_SPACE space, absl::string_view name,
                             const JpegLimits& limits) {
  if (space != JCS_GRAYSCALE && space != JCS_YCbCr && space != JCS_RGB) {
    return ErrorIn(name, "",
                   absl::StrCat("a ", info.colour_space, " JPEG (", info.components,
                                " components): only greyscale, YCbCr and RGB JPEGs are drawn"));
  }
  if (info.width > limits.max_side || info.height > limits.max_side) {
    return ErrorIn(name, "", absl::StrCat(info.width, " x ", info.height,
                                          " pixels: a side is over the limit of ",
                                          limits.max_side, " pixels"));
  }
  if (uint64_t(info.width) * uint64_t(info.height) > limits.max_pixels) {
    return ErrorIn(name, "", absl::StrCat(info.width, " x ", info.height,
                                          " pixels is over the limit of ", limits.max_pixels,
                                          " pixels"));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<JpegInfo> ReadJpegInfo(Bytes bytes, absl::string_view name) {
  JpegReader reader(JpegLimits{});
  if (!StartJpeg(&reader.job, bytes, JpegLimits{}.max_decoder_memory)) {
    return LibjpegError(name, reader.job);
  }
  return InfoOf(reader.job.cinfo);
}

absl::StatusOr<DecodedJpeg> DecodeJpeg(Bytes bytes, absl::string_view name,
                                       const JpegLimits& limits) {
  JpegReader reader(limits);
  JpegJob& job = reader.job;
  if (!StartJpeg(&job, bytes, limits.max_decoder_memory)) return LibjpegError(name, job);
  const JpegInfo info = InfoOf(job.cinfo);
  if (absl::Status s = CheckJpegHeader(info, job.cinfo.jpeg_color_space, name, limits); !s.ok()) {
    return s;
  }
  DecodedJpeg out;
  try {
    out.picture = RgbaPicture(info.width, info.height);
  } catch (const std::bad_alloc&) {
    return absl::ResourceExhaustedError(absl::StrCat(
        name, ": no memory for a ", info.width, " x ", info.height, " picture"));
  }
  if (!ReadJpegRows(&job, out.picture.rgba.data(), size_t(info.width) * 4)) {
    return LibjpegError(name, job);
  }
  for (int i = 0; i < job.kept; ++i) out.warnings.emplace_back(job.warnings[i]);
  out.warning_count = job.warning_count;
  out.truncated = job.truncated;
  return out;
}

}  // namespace kbot::image
