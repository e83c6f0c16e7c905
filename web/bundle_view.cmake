# Writes OUT, one MCP Apps view (web/views/README.md): the HTML of TEMPLATE
# with the stylesheets STYLES inlined and the ES modules MODULES bundled into
# one inline module script, so that the view needs no network at all (a host's
# default CSP allows inline script and style, and nothing else).
#   cmake -DTEMPLATE=view.html -DOUT=x.html -DTITLE=... -DSTYLES=a.css,b.css
#         -DMODULES=api.js,gaf.js,bridge.js,gaf_view.js -P bundle_view.cmake
# MODULES are absolute paths, each after the modules it imports. A module is
# wrapped in a function whose result is its exports, and its imports
# (`import { a, b } from './x.js';`, one line each, as the pages write them)
# become `const { a, b } = __kbot_x;`: the pages run unchanged in the
# explorer, as modules, and here.
cmake_minimum_required(VERSION 3.20)  # new rules: @NAME@ in a quoted string is text
string(REPLACE "," ";" STYLES "${STYLES}")
string(REPLACE "," ";" MODULES "${MODULES}")

set(style "")
foreach(path IN LISTS STYLES)
  file(READ "${path}" css)
  string(APPEND style "${css}\n")
endforeach()

set(script "")
foreach(path IN LISTS MODULES)
  get_filename_component(name "${path}" NAME_WE)
  file(READ "${path}" js)
  if(js MATCHES "</script" OR js MATCHES "import\\(")
    message(FATAL_ERROR "${path}: cannot be inlined (</script or a dynamic import)")
  endif()
  string(REGEX REPLACE "import (\\{[^}]*\\}) from '[^']*/([A-Za-z0-9_]+)\\.js';"
         "const \\1 = __kbot_\\2;" js "${js}")
  if(js MATCHES "(^|\n)import ")
    message(FATAL_ERROR "${path}: an import this bundler does not understand")
  endif()
  string(REGEX MATCHALL "\nexport (async function|function|const|let|class) [A-Za-z0-9_]+"
         declarations "\n${js}")
  set(names "")
  foreach(declaration IN LISTS declarations)
    string(REGEX REPLACE ".* " "" exported "${declaration}")
    list(APPEND names "${exported}")
  endforeach()
  list(JOIN names ", " names)
  string(REGEX REPLACE "(^|\n)export " "\\1" js "${js}")
  string(APPEND script "// ---- ${name}.js\nconst __kbot_${name} = (() => {\n${js}\nreturn { ${names} };\n})();\n")
endforeach()

file(READ "${TEMPLATE}" html)
string(REPLACE "@TITLE@" "${TITLE}" html "${html}")
string(REPLACE "@STYLE@" "${style}" html "${html}")
string(REPLACE "@SCRIPT@" "${script}" html "${html}")
# Rewritten only when changed, so an unchanged view rebuilds nothing.
set(old "")
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
endif()
if(NOT old STREQUAL html)
  file(WRITE "${OUT}" "${html}")
endif()
