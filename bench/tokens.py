#!/usr/bin/env python3
"""bench/tokens.py KBOT [KBOT_BASELINE]: the bytes an assistant receives.

Starts `kbot mcp` on the built-in demo context (an empty KBOT_CONFIG_DIR), calls
every picture-making tool on the demo's exports and the example map (DEMO.CMP,
drawn whole), and prints, for each call, the size of the JSON-RPC response line
the client reads (the pictures travel base64-encoded inside it) and of its
pictures (decoded PNG/GIF bytes). With a second binary, each figure is printed
beside that binary's, as a ratio: the baseline measured in the same run.
An assistant pays for these bytes (text tokens for the JSON and caption; image
input for the pictures), so they are the figures issue 20's PNG work is for.
"""
import base64
import json
import os
import subprocess
import sys
import tempfile

GAFS = ["anims/demo.gaf", "anims/atlas.gaf", "anims/layered.gaf", "anims/glow.taf",
        "units/verflag.gaf"]
GTA = "GTADATA/"


def Calls():
    calls = []
    for path in GAFS:
        for fmt in ["png", "sheet", "apng"]:
            calls.append(("gaf_export", {"path": path, "format": fmt}))
    calls.append(("gaf_export", {"path": "anims/demo.gaf", "format": "gif"}))
    calls.append(("map_render", {"path": GTA + "DEMO.CMP"}))
    calls.append(("map_render", {"path": GTA + "DEMO.CMP", "x": 0, "y": 0, "w": 32, "h": 32,
                                 "scale": 4}))
    for kind in ["side", "lid", "aux"]:
        calls.append(("style_tiles", {"path": GTA + "STYLE001.G24", "kind": kind}))
    calls.append(("font_render", {"path": GTA + "DEMO.FON", "text": "LIBERTY CITY"}))
    calls.append(("palette_describe", {"path": "palettes/palette.pal"}))
    return calls


def Run(kbot, calls):
    """The response line of each call, in order (None where kbot failed)."""
    messages = [{"jsonrpc": "2.0", "id": 0, "method": "initialize",
                 "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                            "clientInfo": {"name": "tokens.py", "version": "1"}}},
                {"jsonrpc": "2.0", "method": "notifications/initialized"}]
    for i, (name, args) in enumerate(calls, start=1):
        messages.append({"jsonrpc": "2.0", "id": i, "method": "tools/call",
                         "params": {"name": name, "arguments": args}})
    stdin = "".join(json.dumps(m) + "\n" for m in messages)
    with tempfile.TemporaryDirectory() as config:
        env = dict(os.environ, KBOT_CONFIG_DIR=config)
        out = subprocess.run([kbot, "mcp"], input=stdin.encode(), env=env,
                             capture_output=True, timeout=120).stdout
    lines = {}
    for line in out.splitlines():
        reply = json.loads(line)
        if isinstance(reply.get("id"), int) and reply["id"] > 0:
            lines[reply["id"]] = line
    return [lines.get(i) for i in range(1, len(calls) + 1)]


def Sizes(line):
    """(response bytes, picture bytes, error text or None)."""
    if line is None:
        return 0, 0, "no response"
    result = json.loads(line).get("result", {})
    if result.get("isError"):
        return len(line), 0, result["content"][0].get("text", "error")
    pictures = sum(len(base64.b64decode(c["data"])) for c in result.get("content", [])
                   if c.get("type") == "image")
    return len(line), pictures, None


def Describe(call):
    name, args = call
    shown = ", ".join(f"{k}={v}" for k, v in args.items() if k != "path")
    return f"{name} {args['path']}" + (f" ({shown})" if shown else "")


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    calls = Calls()
    new = [Sizes(line) for line in Run(sys.argv[1], calls)]
    old = [Sizes(line) for line in Run(sys.argv[2], calls)] if len(sys.argv) == 3 else None
    header = f"{'call':<58} {'response':>10} {'pictures':>10}"
    if old:
        header += f" {'baseline':>10} {'ratio':>6}"
    print(header)
    totals = [0, 0, 0]
    for i, call in enumerate(calls):
        response, pictures, error = new[i]
        row = f"{Describe(call)[:58]:<58} {response:>10} {pictures:>10}"
        totals[0] += response
        totals[1] += pictures
        if old:
            base = old[i][0]
            totals[2] += base
            row += f" {base:>10} {response / base if base else 0:>6.2f}"
        print(row + (f"  ERROR {error[:60]}" if error else ""))
    row = f"{'total':<58} {totals[0]:>10} {totals[1]:>10}"
    if old:
        row += f" {totals[2]:>10} {totals[0] / totals[2]:>6.2f}"
    print(row)
    print(f"@result tokens_response_bytes {totals[0]}")
    if old:
        print(f"@result tokens_response_ratio {totals[0] / totals[2]:.3f}")


if __name__ == "__main__":
    main()
