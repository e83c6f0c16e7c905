#!/usr/bin/env python3
"""Fails when a source file includes a layer it must not know (docs/design.md).

tools/ is the tool layer: it knows the formats and the contexts, never the MCP
protocol, the web explorer or the app, nor the CLI's GAF editing (edit/), the
HTTP host (http/) or the demo data (demo/). mcp/ is the protocol: it knows no
game (no contexts, palette chain, formats or tools). http/ is the HTTP host the
MCP transport and the explorer share: it knows neither. web/ reaches the host
through http/, never through mcp/. contexts/ knows no demo data and no format
writer: the demo context is made in demo/ and handed in. tacatalog/ (the TA
mod catalog), like palettepick/, sits on contexts/ and formats/ below tools/.
base/ knows nothing of kbot.

Each forbidden include is a regular expression matched at the start of the
included path.

Usage: check_layers.py [ROOT]  (default: the repository this script is in)
"""
import pathlib
import re
import sys

# The layers above contexts/ and demo/.
ABOVE_CONTEXTS = ["palettepick/", "tacatalog/", "tools/", "edit/", "mcp/", "http/", "web/",
                  "app/"]
# The format writers: only what makes files links them (demo/, edit/, tools/).
WRITERS = [r"formats/[^/]+/[^/]*_writer\.h"]

FORBIDDEN = {
    "base": ["formats/", "contexts/", "demo/"] + ABOVE_CONTEXTS,
    "formats": ["contexts/", "demo/"] + ABOVE_CONTEXTS,
    "contexts": ["demo/"] + ABOVE_CONTEXTS + WRITERS,
    "demo": ABOVE_CONTEXTS,
    "palettepick": ["demo/", "tools/", "edit/", "mcp/", "http/", "web/", "app/"],
    "tacatalog": ["demo/", "palettepick/", "tools/", "edit/", "mcp/", "http/", "web/", "app/"],
    "tools": ["demo/", "edit/", "mcp/", "http/", "web/", "app/"],
    "edit": ["demo/", "mcp/", "http/", "web/", "app/"],
    "http": ["formats/", "contexts/", "demo/", "palettepick/", "tacatalog/", "tools/", "edit/",
             "mcp/", "web/", "app/"],
    "mcp": ["contexts/", "palettepick/", "tacatalog/", "formats/", "demo/", "tools/", "edit/",
            "web/", "app/"],
    "web": ["demo/", "edit/", "mcp/", "app/"],
}

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def crossings(root):
    for layer, banned in FORBIDDEN.items():
        for path in sorted((root / layer).rglob("*")):
            if path.suffix not in (".h", ".cc"):
                continue
            for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
                match = INCLUDE.match(line)
                if match and any(re.match(b, match.group(1)) for b in banned):
                    yield f"{path.relative_to(root)}:{number}: {layer}/ includes {match.group(1)}"


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).parent.parent)
    found = list(crossings(root))
    for line in found:
        print(line)
    if found:
        print(f"check_layers: {len(found)} include(s) cross a layer boundary")
        return 1
    print("check_layers: every include stays within its layer")
    return 0


if __name__ == "__main__":
    sys.exit(main())
