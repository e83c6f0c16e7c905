#include "app/cli_docs.h"

#include <cctype>
#include <functional>
#include <sstream>
#include <vector>

namespace kbot::app {

namespace {

std::string Join(const std::vector<std::string>& items, const std::string& sep) {
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : sep) + item;
  return out;
}

// ------------------------------------------------------------------ the model
// What the generators need of one option or positional, read off CLI11.
struct Arg {
  std::vector<std::string> names;  // "-h", "--help"; empty for a positional
  std::string positional;          // "FILE" for a positional
  std::string metavar;             // "TEXT", "INT"; empty for a flag
  std::vector<std::string> choices;  // of a CLI::IsMember check
  std::vector<std::string> checks;   // the other checks' descriptions ("INT in [1 - 8]")
  std::string description;
  std::string default_value;
  bool required = false;
  bool repeatable = false;  // takes many values (a vector)
  bool help = false;        // the command's -h/--help

  bool TakesValue() const { return !metavar.empty(); }
  // A number has nothing to complete; anything else may name a file.
  bool Numeric() const {
    return metavar == "INT" || metavar == "UINT" || metavar == "FLOAT" || metavar == "NUMBER";
  }
};

struct Command {
  std::vector<std::string> path;  // {"kbot", "gaf", "export"}
  std::string description;
  std::vector<Arg> options;  // in definition order, the help flag first
  std::vector<Arg> positionals;
  std::vector<Command> subcommands;
  bool needs_subcommand = false;

  std::string Name() const { return path.back(); }
  std::string Joined() const { return Join(path, " "); }
};

bool Hidden(const std::string& group) { return group.empty(); }

// Splits a CLI11 type name, "TEXT:{png,gif,apng,sheet}" or "INT:INT in [1 - 8]",
// into the type and its checks; a "{...}" check lists choices.
void ReadTypeName(const std::string& type_name, Arg& arg) {
  const size_t colon = type_name.find(':');
  arg.metavar = type_name.substr(0, colon);
  size_t pos = colon == std::string::npos ? type_name.size() : colon + 1;
  while (pos < type_name.size()) {
    size_t end;
    if (type_name[pos] == '{') {
      end = type_name.find("}:", pos);
      end = end == std::string::npos ? type_name.size() : end + 1;
    } else {
      end = type_name.find(':', pos);
      if (end == std::string::npos) end = type_name.size();
    }
    const std::string check = type_name.substr(pos, end - pos);
    if (check.size() >= 2 && check.front() == '{' && check.back() == '}') {
      std::stringstream items(check.substr(1, check.size() - 2));
      std::string item;
      while (std::getline(items, item, ',')) {
        const size_t arrow = item.find("->");  // a mapping's key
        arg.choices.push_back(item.substr(0, arrow));
      }
    } else if (!check.empty()) {
      arg.checks.push_back(check);
    }
    pos = end + 1;
  }
}

Arg ReadOption(const CLI::Option& o) {
  Arg arg;
  for (const std::string& s : o.get_snames()) arg.names.push_back("-" + s);
  for (const std::string& l : o.get_lnames()) arg.names.push_back("--" + l);
  if (arg.names.empty()) arg.positional = o.get_name(true, false);
  if (o.get_type_size() != 0) ReadTypeName(o.get_type_name(), arg);
  arg.description = o.get_description();
  arg.default_value = o.get_default_str();
  arg.required = o.get_required();
  arg.repeatable = arg.TakesValue() && o.get_expected_max() > 1;
  return arg;
}

Command ReadCommand(const CLI::App& app, std::vector<std::string> path) {
  Command command;
  command.path = std::move(path);
  command.description = app.get_description();
  command.needs_subcommand = app.get_require_subcommand_min() > 0;
  for (const CLI::Option* o : app.get_options()) {
    if (Hidden(o->get_group())) continue;
    Arg arg = ReadOption(*o);
    arg.help = o == app.get_help_ptr();
    (arg.names.empty() ? command.positionals : command.options).push_back(std::move(arg));
  }
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App* s) {
         return !s->get_name().empty() && !s->get_disabled() && !Hidden(s->get_group());
       })) {
    std::vector<std::string> sub_path = command.path;
    sub_path.push_back(sub->get_name());
    command.subcommands.push_back(ReadCommand(*sub, std::move(sub_path)));
  }
  return command;
}

Command ReadTree(const CLI::App& app) { return ReadCommand(app, {app.get_name()}); }

void Walk(const Command& command, const std::function<void(const Command&)>& visit) {
  visit(command);
  for (const Command& sub : command.subcommands) Walk(sub, visit);
}

// ------------------------------------------------------------------ man page
// Text on a line of its own: a backslash is \e, and a line may not start a request.
std::string RoffText(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '\\') {
      out += "\\e";
    } else if (c == '\n') {
      out += "\n.br\n";
    } else {
      out += c;
    }
  }
  if (!out.empty() && (out.front() == '.' || out.front() == '\'')) out.insert(0, "\\&");
  return out;
}

// A command or option name: its hyphens are minus signs, so that it can be copied and searched.
std::string RoffName(const std::string& name) {
  std::string out;
  for (char c : name) out += c == '-' ? "\\-" : c == '\\' ? "\\e" : std::string(1, c);
  return out;
}

std::string Bold(const std::string& name) { return "\\fB" + RoffName(name) + "\\fR"; }
std::string Italic(const std::string& name) { return "\\fI" + RoffName(name) + "\\fR"; }

std::string ManTag(const Arg& arg) {
  std::string tag;
  if (arg.names.empty()) {
    tag = Italic(arg.positional);
  } else {
    std::vector<std::string> names;
    for (const std::string& n : arg.names) names.push_back(Bold(n));
    tag = Join(names, ", ");
    if (arg.TakesValue()) tag += " " + Italic(arg.metavar);
  }
  if (arg.repeatable) tag += " ...";
  return tag;
}

// A subcommand's man page section leaves out its -h/--help: OPTIONS names it once.
std::string ManUsage(const Command& command, bool with_help) {
  std::vector<std::string> words = {Bold(command.Joined())};
  bool optional_options = false;
  for (const Arg& o : command.options) {
    if (o.help && !with_help) continue;
    if (o.required) {
      words.push_back(ManTag(o));
    } else {
      optional_options = true;
    }
  }
  if (optional_options) words.push_back("[" + Italic("OPTIONS") + "]");
  for (const Arg& p : command.positionals) {
    const std::string word = Italic(p.positional) + (p.repeatable ? " ..." : "");
    words.push_back(p.required ? word : "[" + word + "]");
  }
  if (!command.subcommands.empty()) {
    const std::string word = Italic("COMMAND") + " ...";
    words.push_back(command.needs_subcommand ? word : "[" + word + "]");
  }
  return Join(words, " ");
}

void ManArg(std::ostream& out, const Arg& arg) {
  out << ".TP\n" << ManTag(arg) << "\n";
  std::vector<std::string> notes;
  if (!arg.choices.empty()) notes.push_back("One of: " + Join(arg.choices, ", ") + ".");
  for (const std::string& check : arg.checks) notes.push_back("Value: " + check + ".");
  if (!arg.default_value.empty()) notes.push_back("Default: " + arg.default_value + ".");
  if (arg.required) notes.push_back("Required.");
  // The description, then each note on a line of its own.
  bool first = true;
  if (!arg.description.empty()) {
    out << RoffText(arg.description) << "\n";
    first = false;
  }
  for (const std::string& note : notes) {
    out << (first ? "" : ".br\n") << RoffText(note) << "\n";
    first = false;
  }
}

// ------------------------------------------------------------------ shell quoting
// A word in single quotes for bash and zsh.
std::string ShQuote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// A word in single quotes for fish, where \ and ' are escaped.
std::string FishQuote(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\\' || c == '\'') out += '\\';
    out += c;
  }
  return out + "'";
}

// An identifier made of a command path: "kbot gaf export" -> "_kbot_gaf_export".
std::string FunctionName(const Command& command) {
  std::string out;
  for (const std::string& p : command.path) {
    out += '_';
    for (char c : p) out += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  }
  return out;
}

// What a value is completed with: its choices, nothing for a number, else file names.
const char kFiles[] = "@files";
std::string ValueWords(const Arg& arg) {
  if (!arg.choices.empty()) return Join(arg.choices, " ");
  return arg.Numeric() ? "" : kFiles;
}

std::string PositionalWords(const Command& command) {
  std::vector<std::string> words;
  for (const Arg& p : command.positionals) {
    const std::string w = ValueWords(p);
    if (!w.empty()) words.push_back(w);
  }
  return Join(words, " ");
}

// ------------------------------------------------------------------ zsh
// Text inside an _arguments spec's [description] or message.
std::string ZshSpecText(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '[' || c == ']' || c == ':' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

// How zsh completes a value: "(png gif)", "_files", or nothing.
std::string ZshAction(const Arg& arg) {
  if (!arg.choices.empty()) {
    std::vector<std::string> escaped;
    for (const std::string& c : arg.choices) {
      std::string e;
      for (char ch : c) {
        if (std::isspace(static_cast<unsigned char>(ch)) || ch == '(' || ch == ')' || ch == '\\') e += '\\';
        e += ch;
      }
      escaped.push_back(e);
    }
    return "(" + Join(escaped, " ") + ")";
  }
  return arg.Numeric() ? " " : "_files";
}

std::string ZshOptionSpec(const Arg& arg) {
  std::string exclusion, names;
  if (arg.names.size() > 1) {
    exclusion = "(" + Join(arg.names, " ") + ")";
    names = "{" + Join(arg.names, ",") + "}";
  } else {
    names = arg.names.front();
  }
  std::string spec = arg.repeatable ? "*" : "";
  std::string tail = (arg.TakesValue() ? "=" : "") + std::string("[") + ZshSpecText(arg.description) + "]";
  if (arg.TakesValue()) tail += ":" + ZshSpecText(arg.metavar) + ":" + ZshAction(arg);
  // `names` stays outside the quotes so that zsh expands the brace list.
  if (arg.names.size() > 1) {
    return (arg.repeatable ? ShQuote("*") : ShQuote(exclusion)) + names + ShQuote(tail);
  }
  return ShQuote(spec + names + tail);
}

void ZshFunction(std::ostream& out, const Command& command) {
  const std::string fn = FunctionName(command);
  out << fn << "() {\n";
  out << "  local curcontext=\"$curcontext\" state line\n";
  out << "  typeset -A opt_args\n";
  out << "  _arguments -C -s";
  for (const Arg& o : command.options) out << " \\\n    " << ZshOptionSpec(o);
  if (command.subcommands.empty()) {
    int n = 1;
    for (const Arg& p : command.positionals) {
      const std::string position = p.repeatable ? "*" : std::to_string(n++);
      out << " \\\n    "
          << ShQuote(position + ":" + ZshSpecText(p.positional) + ":" + ZshAction(p));
    }
    out << "\n}\n\n";
    return;
  }
  out << " \\\n    " << ShQuote("1: :" + fn + "_commands") << " \\\n    " << ShQuote("*:: :->args") << "\n";
  out << "  case $state in\n    args)\n      case $words[1] in\n";
  for (const Command& sub : command.subcommands) {
    out << "        " << sub.Name() << ") " << FunctionName(sub) << " ;;\n";
  }
  out << "      esac\n      ;;\n  esac\n}\n\n";
  out << fn << "_commands() {\n  local -a commands\n  commands=(";
  for (const Command& sub : command.subcommands) {
    std::string entry;
    for (char c : sub.Name()) entry += c == ':' ? std::string("\\:") : std::string(1, c);
    out << "\n    " << ShQuote(entry + ":" + sub.description);
  }
  out << "\n  )\n  _describe -t commands " << ShQuote(command.Joined() + " command") << " commands";
  // A command that takes a positional as well as subcommands (gta fxt FILE | gta fxt build).
  if (PositionalWords(command).find(kFiles) != std::string::npos) out << "\n  _files";
  out << "\n}\n\n";
}

}  // namespace

std::string ManPage(const CLI::App& app, std::string_view source, std::string_view date) {
  const Command root = ReadTree(app);
  std::string upper = root.Name();
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  // NAME: the description without a leading "kbot: ".
  std::string summary = root.description;
  if (summary.rfind(root.Name() + ": ", 0) == 0) summary.erase(0, root.Name().size() + 2);

  std::ostringstream out;
  out << ".\\\" Generated by `" << root.Name() << " generate man` from " << root.Name()
      << "'s command-line definitions.\n";
  out << ".TH " << upper << " 1 \"" << date << "\" \"" << source << "\" \"User Commands\"\n";
  out << ".SH NAME\n" << RoffName(root.Name()) << " \\- " << RoffText(summary) << "\n";
  out << ".SH SYNOPSIS\n" << ManUsage(root, true) << "\n";
  out << ".SH DESCRIPTION\n" << RoffText(root.description) << "\n";
  if (!root.options.empty()) {
    out << ".SH OPTIONS\n";
    for (const Arg& o : root.options) ManArg(out, o);
  }
  if (!root.subcommands.empty()) {
    out << ".SH COMMANDS\n";
    for (const Command& top : root.subcommands) {
      Walk(top, [&](const Command& command) {
        out << ".SS \"" << RoffName(command.Joined()) << "\"\n";
        out << RoffText(command.description) << "\n";
        out << ".PP\n" << ManUsage(command, false) << "\n";
        for (const Arg& p : command.positionals) ManArg(out, p);
        for (const Arg& o : command.options) {
          if (!o.help) ManArg(out, o);
        }
      });
    }
  }
  return out.str();
}

std::string BashCompletion(const CLI::App& app) {
  const Command root = ReadTree(app);
  std::ostringstream commands, options, values, arguments;
  Walk(root, [&](const Command& command) {
    const std::string key = ShQuote(command.Joined());
    std::vector<std::string> subs, names;
    for (const Command& sub : command.subcommands) subs.push_back(sub.Name());
    if (!subs.empty()) commands << "\n    [" << key << "]=" << ShQuote(Join(subs, " "));
    for (const Arg& o : command.options) {
      names.insert(names.end(), o.names.begin(), o.names.end());
      if (!o.TakesValue()) continue;
      for (const std::string& n : o.names) {
        values << "\n    [" << ShQuote(command.Joined() + " " + n) << "]=" << ShQuote(ValueWords(o));
      }
    }
    options << "\n    [" << key << "]=" << ShQuote(Join(names, " "));
    const std::string words = PositionalWords(command);
    if (!words.empty()) arguments << "\n    [" << key << "]=" << ShQuote(words);
  });

  const std::string name = root.Name();
  const std::string fn = FunctionName(root);
  std::ostringstream out;
  out << "# bash completion for " << name << ", generated by `" << name
      << " generate bash` from its command-line definitions.\n";
  out << fn << "() {\n";
  out << "  # The subcommands, the options and the positionals' completions of each command;\n";
  out << "  # the completions of each option's value (@files: file names).\n";
  out << "  local -A commands=(" << commands.str() << "\n  )\n";
  out << "  local -A options=(" << options.str() << "\n  )\n";
  out << "  local -A values=(" << values.str() << "\n  )\n";
  out << "  local -A arguments=(" << arguments.str() << "\n  )\n";
  out << R"(  # Which command the words so far name, and whether the current word is an option's value.
  local path=)" << ShQuote(name) << R"( value= word i
  for ((i = 1; i < COMP_CWORD; i++)); do
    word=${COMP_WORDS[i]}
    if [[ -n ${values["$path $word"]+set} ]]; then
      ((i + 1 == COMP_CWORD)) && value="$path $word"
      i=$((i + 1))
    elif [[ " ${commands[$path]-} " == *" $word "* ]]; then
      path+=" $word"
    fi
  done
  local cur=${COMP_WORDS[COMP_CWORD]} words
  if [[ -n $value ]]; then
    words=${values[$value]}
  elif [[ $cur == -* ]]; then
    words=${options[$path]-}
  else
    words="${commands[$path]-} ${arguments[$path]-}"
  fi
  COMPREPLY=()
  local files=
  if [[ " $words " == *" @files "* ]]; then
    files=1
    words=${words//@files/}
  fi
  mapfile -t COMPREPLY < <(compgen -W "$words" -- "$cur")
  if [[ -n $files ]]; then
    compopt -o filenames 2>/dev/null
    mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -f -- "$cur")
  fi
}
complete -F )" << fn << " " << name << "\n";
  return out.str();
}

std::string ZshCompletion(const CLI::App& app) {
  const Command root = ReadTree(app);
  std::ostringstream out;
  out << "#compdef " << root.Name() << "\n";
  out << "# zsh completion for " << root.Name() << ", generated by `" << root.Name()
      << " generate zsh` from its command-line definitions.\n\n";
  Walk(root, [&](const Command& command) { ZshFunction(out, command); });
  // Run when autoloaded from $fpath (compinit), or define the functions when sourced.
  out << "if [ \"$funcstack[1]\" = \"" << FunctionName(root) << "\" ]; then\n  "
      << FunctionName(root) << " \"$@\"\nelse\n  compdef " << FunctionName(root) << " "
      << root.Name() << "\nfi\n";
  return out.str();
}

std::string FishCompletion(const CLI::App& app) {
  const Command root = ReadTree(app);
  const std::string name = root.Name();
  const std::string fn = FunctionName(root);
  std::ostringstream subcommands, takes_value, out;
  Walk(root, [&](const Command& command) {
    std::vector<std::string> subs;
    for (const Command& sub : command.subcommands) subs.push_back(FishQuote(sub.Name()));
    if (!subs.empty()) {
      subcommands << "        case " << FishQuote(command.Joined()) << "\n            printf '%s\\n' "
                  << Join(subs, " ") << "\n";
    }
    std::vector<std::string> keys;
    for (const Arg& o : command.options) {
      if (!o.TakesValue()) continue;
      for (const std::string& n : o.names) keys.push_back(FishQuote(command.Joined() + " " + n));
    }
    if (!keys.empty()) takes_value << "        case " << Join(keys, " ") << "\n            return 0\n";
  });

  out << "# fish completion for " << name << ", generated by `" << name
      << " generate fish` from its command-line definitions.\n\n";
  out << "function " << fn << "_subcommands --argument-names path\n    switch $path\n"
      << subcommands.str() << "    end\nend\n\n";
  out << "function " << fn << "_takes_value --argument-names path option\n    switch \"$path $option\"\n"
      << takes_value.str() << "    end\n    return 1\nend\n\n";
  out << "# The command the words before the cursor name (\"" << name << " gaf export\").\n";
  out << "function " << fn << "_path\n";
  out << "    set -l words (commandline -opc)\n    set -e words[1]\n";
  out << "    set -l path " << FishQuote(name) << "\n    set -l skip 0\n";
  out << R"(    for word in $words
        if test $skip = 1
            set skip 0
        else if )" << fn << R"(_takes_value $path $word
            set skip 1
        else if contains -- $word ()" << fn << R"(_subcommands $path)
            set path "$path $word"
        end
    end
    echo $path
end

function )" << fn << R"(_at --argument-names path
    test ()" << fn << R"(_path) = "$path"
end

)";
  out << "complete -c " << name << " -f\n";
  Walk(root, [&](const Command& command) {
    const std::string at = "-n " + FishQuote(fn + "_at " + ShQuote(command.Joined()));
    for (const Command& sub : command.subcommands) {
      out << "complete -c " << name << " " << at << " -a " << FishQuote(sub.Name()) << " -d "
          << FishQuote(sub.description) << "\n";
    }
    for (const Arg& o : command.options) {
      out << "complete -c " << name << " " << at;
      for (const std::string& n : o.names) {
        out << (n.rfind("--", 0) == 0 ? " -l " + n.substr(2) : " -s " + n.substr(1));
      }
      if (!o.choices.empty()) {
        out << " -x -a " << FishQuote(Join(o.choices, " "));
      } else if (o.TakesValue()) {
        out << (o.Numeric() ? " -x" : " -r -F");
      }
      out << " -d " << FishQuote(o.description) << "\n";
    }
    std::vector<std::string> choices;
    bool files = false;
    for (const Arg& p : command.positionals) {
      choices.insert(choices.end(), p.choices.begin(), p.choices.end());
      files = files || (p.choices.empty() && !p.Numeric());
    }
    if (!choices.empty()) {
      out << "complete -c " << name << " " << at << " -a " << FishQuote(Join(choices, " ")) << "\n";
    }
    if (files) out << "complete -c " << name << " " << at << " -F\n";
  });
  return out.str();
}

}  // namespace kbot::app
