#!/usr/bin/env python3
"""Fails when a source file includes a layer it must not know (docs/design.md).

tools/ is the tool layer: it knows the formats and the contexts, never the MCP
protocol, the web explorer or the app. mcp/ is the protocol: it knows no game
(no contexts, palette chain, formats or tools). base/ knows nothing of kbot.

Usage: check_layers.py [ROOT]  (default: the repository this script is in)
"""
import pathlib
import re
import sys

FORBIDDEN = {
    "base": ["formats/", "contexts/", "palettepick/", "tools/", "mcp/", "web/", "app/"],
    "formats": ["contexts/", "palettepick/", "tools/", "mcp/", "web/", "app/"],
    "contexts": ["palettepick/", "tools/", "mcp/", "web/", "app/"],
    "palettepick": ["tools/", "mcp/", "web/", "app/"],
    "tools": ["mcp/", "web/", "app/"],
    "mcp": ["contexts/", "palettepick/", "formats/", "tools/", "web/", "app/"],
    "web": ["app/"],
}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def crossings(root):
    for layer, banned in FORBIDDEN.items():
        for path in sorted((root / layer).rglob("*")):
            if path.suffix not in (".h", ".cc"):
                continue
            for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
                match = INCLUDE.match(line)
                if match and any(match.group(1).startswith(b) for b in banned):
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
