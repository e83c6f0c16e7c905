#include "mcp/server.h"

#include "absl/strings/str_cat.h"

namespace kbot::mcp {

Server::Server(ServerHooks hooks, ServerOptions options)
    : hooks_(std::move(hooks)),
      options_(std::move(options)),
      queue_(options_.worker_threads),
      tasks_(options_.tasks),
      task_queue_(options_.task_threads) {}

Server::~Server() {
  // Running tasks stop at their next progress check, so that the task
  // workers (destroyed first) are not kept waiting.
  tasks_.CancelAll();
}

absl::StatusOr<std::unique_ptr<Server>> Server::Create(std::vector<Tool> tools, ServerHooks hooks,
                                                       ServerOptions options) {
  std::unique_ptr<Server> server(new Server(std::move(hooks), std::move(options)));
  for (Tool& tool : tools) {
    if (server->FindTool(tool.name) != nullptr) {
      return absl::InvalidArgumentError(absl::StrCat("tool ", tool.name, " is declared twice"));
    }
    absl::StatusOr<CompiledSchema> input = CompiledSchema::Compile(tool.input_schema);
    if (!input.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("tool ", tool.name, ": input schema: ", input.status().message()));
    }
    if (tool.output_schema.is_null()) {
      // No structured result: nothing to compile.
    } else if (absl::Status s = CompiledSchema::Compile(tool.output_schema).status(); !s.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("tool ", tool.name, ": output schema: ", s.message()));
    }
    server->tools_.push_back(CompiledTool{std::move(tool), *std::move(input)});
  }
  // The extras are looked up by name and URI: each must be unique.
  const ServerHooks& h = server->hooks_;
  for (size_t i = 0; i < h.prompts.size(); ++i) {
    if (server->FindPrompt(h.prompts[i].name) != &h.prompts[i]) {
      return absl::InvalidArgumentError(
          absl::StrCat("prompt ", h.prompts[i].name, " is declared twice"));
    }
  }
  for (size_t i = 0; i < h.resources.size(); ++i) {
    if (server->FindResource(h.resources[i].uri) != &h.resources[i]) {
      return absl::InvalidArgumentError(
          absl::StrCat("resource ", h.resources[i].uri, " is declared twice"));
    }
  }
  for (size_t i = 0; i < h.resource_templates.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (h.resource_templates[j].uri_template == h.resource_templates[i].uri_template) {
        return absl::InvalidArgumentError(absl::StrCat(
            "resource template ", h.resource_templates[i].uri_template, " is declared twice"));
      }
    }
  }
  return server;
}

const Server::CompiledTool* Server::FindTool(absl::string_view name) const {
  for (const CompiledTool& t : tools_) {
    if (t.tool.name == name) return &t;
  }
  return nullptr;
}

const Prompt* Server::FindPrompt(absl::string_view name) const {
  for (const Prompt& p : hooks_.prompts) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

const Resource* Server::FindResource(absl::string_view uri) const {
  for (const Resource& r : hooks_.resources) {
    if (r.uri == uri) return &r;
  }
  return nullptr;
}

const ResourceTemplate* Server::MatchTemplate(absl::string_view uri, json& variables,
                                              bool readable) const {
  for (const ResourceTemplate& t : hooks_.resource_templates) {
    if (readable && !t.read) continue;
    if (std::optional<json> matched = MatchUriTemplate(t.uri_template, uri)) {
      variables = *std::move(matched);
      return &t;
    }
  }
  return nullptr;
}

void Server::NotifyResourceUpdated(absl::string_view uri) {
  // Under the lock, so that no session is destroyed while it is told.
  std::lock_guard<std::mutex> lock(sessions_mu_);
  for (Session* session : sessions_) session->ResourceUpdated(std::string(uri));
}

}  // namespace kbot::mcp
