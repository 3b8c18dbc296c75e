#!/usr/bin/env bash
# Install pesten-ref in a fresh virtual environment and referee a recorded hand:
# every entry with its ruling, then the score and the standings.
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
venv="$here/../.venv"
[ -x "$venv/bin/pesten-ref" ] || { python3 -m venv "$venv" && "$venv/bin/pip" install -q "$here/.."; }
ref="$venv/bin/pesten-ref"
save="$(mktemp -d)/demo.toml"
"$ref" new --save "$save" --players Anna,Bram,Cees --dealer Cees
"$ref" play --save "$save" --script "$here/hand-standard-3.txt"
"$ref" score --save "$save" Anna="3d 6d 9d 3h 5h 8h Js" Cees="Jc 4d 5d Jd 10h 3s 4s"
"$ref" standings --save "$save"
echo "(the series is saved in $save)"
