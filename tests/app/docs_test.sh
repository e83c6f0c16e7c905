#!/usr/bin/env bash
# The man page and shell completions the build generates with `kbot generate`
# (app/cli_docs.h), as `cmake --install` installs them:
#
#   tests/app/docs_test.sh KBOT_BINARY DOCS_DIR
#
# DOCS_DIR holds kbot.1, kbot.bash, _kbot and kbot.fish. Checks that the man
# page names `kbot --version`'s version and renders without a groff warning,
# that the bash and fish completions complete commands, options, choices and
# file names, and that the zsh completion parses.
set -euo pipefail

[ $# -eq 2 ] || { echo "usage: $0 KBOT_BINARY DOCS_DIR" >&2; exit 2; }
kbot=$1
docs=$2
failures=0
passes=0
check() {  # NAME EXPECTED ACTUAL
  if [ "$2" = "$3" ]; then
    passes=$((passes + 1))
  else
    failures=$((failures + 1))
    printf 'FAIL %s\n  expected: %q\n  actual:   %q\n' "$1" "$2" "$3" >&2
  fi
}

# ---------------------------------------------------------------- man page
version=$("$kbot" --version)
check "man: .TH names $version" 1 \
  "$(grep -c "^\.TH KBOT 1 \"[0-9-]*\" \"$version\" \"User Commands\"$" "$docs/kbot.1")"
check "man: groff renders it without warnings" "" \
  "$(groff -man -Tutf8 -ww -z "$docs/kbot.1" 2>&1)"
rendered=$(groff -man -Tutf8 -P-cbou "$docs/kbot.1" 2>/dev/null)
check "man: the gaf export section" 1 "$(grep -c '^   kbot gaf export$' <<<"$rendered")"
check "man: the --format choices" 1 \
  "$(grep -c 'One of: png, gif, apng, sheet\.' <<<"$rendered")"
check "man: the hidden generate command is left out" 0 "$(grep -c 'kbot generate' <<<"$rendered" || true)"

# ---------------------------------------------------------------- bash
# complete_bash WORD...: what the bash completion offers for the last word.
complete_bash() {
  bash --norc --noprofile -c '
    source "$1"
    shift
    COMP_WORDS=("$@")
    COMP_CWORD=$(($# - 1))
    _kbot 2>/dev/null
    printf "%s\n" "${COMPREPLY[@]}" | sort' bash "$docs/kbot.bash" "$@"
}
work=$(mktemp -d "${TMPDIR:-/tmp}/kbot-docs.XXXXXX")
trap 'rm -rf "$work"' EXIT
touch "$work/demo.gaf" "$work/other.txt"
check "bash: kbot gaf exp" export "$(complete_bash kbot gaf exp)"
check "bash: kbot gaf export x --format" "$(printf '%s\n' apng gif png sheet)" \
  "$(complete_bash kbot gaf export x --format '')"
check "bash: kbot gaf export x --fo" --format "$(complete_bash kbot gaf export x --fo)"
check "bash: kbot gaf export x --scale (a number)" "" "$(complete_bash kbot gaf export x --scale '')"
check "bash: kbot gaf export --target X --format g" gif \
  "$(complete_bash kbot gaf export --target out.gif --format g)"
check "bash: kbot --ver" --version "$(complete_bash kbot --ver)"
check "bash: kbot g (no hidden generate)" "$(printf '%s\n' gaf gta)" "$(complete_bash kbot g)"
check "bash: kbot gaf list FILE" "$work/demo.gaf" "$(complete_bash kbot gaf list "$work/de")"
check "bash: kbot hpi pack --compression" "$(printf '%s\n' lz77 none zlib)" \
  "$(complete_bash kbot hpi pack d --compression '')"

# ---------------------------------------------------------------- zsh
check "zsh: the script parses" "" "$(zsh -n "$docs/_kbot" 2>&1)"
check "zsh: #compdef kbot" "#compdef kbot" "$(head -n 1 "$docs/_kbot")"

# ---------------------------------------------------------------- fish
check "fish: the script parses" "" "$(fish --no-config -n "$docs/kbot.fish" 2>&1)"
# complete_fish LINE: the first column of what fish offers for LINE.
complete_fish() {
  fish --no-config -c 'source $argv[1]; complete -C $argv[2]' "$docs/kbot.fish" "$1" | cut -f1 | sort
}
check "fish: kbot gaf exp" export "$(complete_fish 'kbot gaf exp')"
check "fish: kbot gaf export x --format" "$(printf '%s\n' apng gif png sheet)" \
  "$(complete_fish 'kbot gaf export x --format ')"
check "fish: kbot gta fxt build --ta" --target "$(complete_fish 'kbot gta fxt build --ta')"
check "fish: kbot g (no hidden generate)" "$(printf '%s\n' gaf gta)" "$(complete_fish 'kbot g')"

echo "docs: $passes passed, $failures failed"
[ "$failures" -eq 0 ]
