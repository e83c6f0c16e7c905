#include "web/app_views.h"

namespace kbot::web {

std::string ViewHtml(const std::string& name) {
  for (const PageFile& file : BuiltInViews()) {
    if (name == file.name) return std::string(file.data, file.size);
  }
  return "";
}

}  // namespace kbot::web
