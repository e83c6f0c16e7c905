// What a picture draws, gathered once from the model whatever the view: the
// placed vertices of the pieces not hidden, their polygons (or, in a
// wireframe, their markers too) with a colour or a texture each, and the
// textures the caller had none of.
#include <map>
#include <set>

#include "formats/model3do/render_internal.h"

namespace kbot::model3do::render_detail {
namespace {

// Every piece's origin in one pass: pieces come parents first, so a parent's
// origin is known before its children's. A parent index that is not earlier
// (never from the reader) counts as none rather than reading ahead.
std::vector<Vec3> RenderPieceOrigins(const Model& model) {
  std::vector<Vec3> origins(model.pieces.size());
  for (size_t i = 0; i < model.pieces.size(); ++i) {
    const Piece& piece = model.pieces[i];
    Vec3 origin = piece.offset_from_parent;
    if (piece.parent >= 0 && size_t(piece.parent) < i) {
      const Vec3& up = origins[size_t(piece.parent)];
      origin = {origin.x + up.x, origin.y + up.y, origin.z + up.z};
    }
    origins[i] = origin;
  }
  return origins;
}

bool RenderPieceHidden(const RenderOptions& options, size_t piece) {
  return piece < options.hidden.size() && options.hidden[piece];
}

bool RenderTextureUsable(const Texture& t) {
  return t.width > 0 && t.height > 0 &&
         t.rgba.size() == size_t(t.width) * size_t(t.height) * 4;
}

// Asks the caller once per name (a model names a few textures hundreds of
// times) and remembers which it had none of. A texture whose pixels do not
// match its size counts as missing rather than being read past its end.
class RenderTextureLookup {
 public:
  explicit RenderTextureLookup(const FindTexture& find) : find_(find) {}

  const Texture* Find(const std::string& name) {
    auto known = found_.find(name);
    if (known != found_.end()) return known->second;
    const Texture* texture = find_ ? find_(name) : nullptr;
    if (texture != nullptr && !RenderTextureUsable(*texture)) texture = nullptr;
    if (texture == nullptr) missing_.insert(name);
    found_.emplace(name, texture);
    return texture;
  }
  std::vector<std::string> Missing() const { return {missing_.begin(), missing_.end()}; }

 private:
  const FindTexture& find_;
  std::map<std::string, const Texture*, std::less<>> found_;
  std::set<std::string> missing_;
};

bool RenderIndicesInRange(const Primitive& primitive, size_t vertices) {
  for (uint16_t index : primitive.indices) {
    if (index >= vertices) return false;
  }
  return true;
}

struct RenderGather {
  const RenderOptions& options;
  const palette::Palette& colours;
  RenderTextureLookup textures;
  Scene scene;

  // One primitive of piece `piece`, whose vertices start at `base` in points.
  void Add(const Primitive& primitive, int piece, uint32_t base) {
    bool marker = primitive.is_marker();
    if (marker && !options.wireframe) return;
    ScenePrimitive out;
    out.piece = piece;
    out.first = uint32_t(scene.indices.size());
    out.count = uint32_t(primitive.indices.size());
    if (!marker && !options.wireframe) Colour(primitive, out);
    for (uint16_t index : primitive.indices) {
      scene.indices.push_back(base + index);
      scene.drawn.push_back(scene.points[base + index]);
    }
    (marker ? scene.markers : scene.polygons).push_back(out);
  }

  void Colour(const Primitive& primitive, ScenePrimitive& out) {
    if (primitive.texture.empty()) {
      out.colour = colours.colors[primitive.colour & 0xFF];
      return;
    }
    out.texture = textures.Find(primitive.texture);
    if (out.texture == nullptr) out.colour = kMissingTextureColour;
  }
};

}  // namespace

Scene GatherScene(const Model& model, const RenderOptions& options) {
  RenderGather gather{options, options.palette ? *options.palette : palette::TaPalette(),
                      RenderTextureLookup(options.find_texture), {}};
  std::vector<Vec3> origins = RenderPieceOrigins(model);
  for (size_t i = 0; i < model.pieces.size(); ++i) {
    if (RenderPieceHidden(options, i)) continue;  // its children are still drawn
    const Piece& piece = model.pieces[i];
    uint32_t base = uint32_t(gather.scene.points.size());
    for (const Vec3& v : piece.vertices) {
      gather.scene.points.push_back({v.x + origins[i].x, v.y + origins[i].y, v.z + origins[i].z});
    }
    for (const Primitive& primitive : piece.primitives) {
      // An index past the vertices is never drawn: the reader warned of it
      // (indices_valid), and a hand-built model is checked here the same way.
      if (primitive.indices.empty() || !primitive.indices_valid ||
          !RenderIndicesInRange(primitive, piece.vertices.size())) {
        continue;
      }
      gather.Add(primitive, int(i), base);
    }
  }
  gather.scene.missing_textures = gather.textures.Missing();
  return std::move(gather.scene);
}

}  // namespace kbot::model3do::render_detail
