#!/usr/bin/env bash
# Install pesten-ref in a fresh virtual environment and referee a recorded hand:
# every entry with its ruling, then the score and the standings.
#   bash examples/demo.sh          a hand of Pesten
#   bash examples/demo.sh GAME     a hand of another game of the family (mau-mau,
#                                  crazy-eights, switch ...: examples/hand-GAME-3.txt)
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
venv="$here/../.venv"
[ -x "$venv/bin/pesten-ref" ] || { python3 -m venv "$venv" && "$venv/bin/pip" install -q "$here/.."; }
ref="$venv/bin/pesten-ref"
save="$(mktemp -d)/demo.toml"
if [ "$#" -gt 0 ]; then
    game="$1"
    hand="$here/hand-$game-3.txt"
    if [ ! -f "$hand" ]; then
        echo "No demo hand for \"$game\"; the games with one:" >&2
        for f in "$here"/hand-*-3.txt; do
            name="${f##*/hand-}"; name="${name%-3.txt}"
            [ "$name" = standard ] || echo "  $name" >&2
        done
        exit 2
    fi
    rules="$game"                                  # a preset, or a file beside the hand
    [ -f "$here/$game.toml" ] && rules="$here/$game.toml"
    "$ref" new --save "$save" --players Anna,Bram,Cees --dealer Cees --rules "$rules"
    # the hand shows some refused entries on purpose: play on past them
    "$ref" play --save "$save" --script "$hand" --keep-going || true
    score="$(sed -n 's/^# score: //p' "$hand")"
    eval "set -- $score"
    "$ref" score --save "$save" "$@"
    "$ref" standings --save "$save"
    echo "(the series is saved in $save; the rule book: pesten-ref rules $game)"
    exit 0
fi
"$ref" new --save "$save" --players Anna,Bram,Cees --dealer Cees
"$ref" play --save "$save" --script "$here/hand-standard-3.txt"
"$ref" score --save "$save" Anna="3d 6d 9d 3h 5h 8h Js" Cees="Jc 4d 5d Jd 10h 3s 4s"
"$ref" standings --save "$save"
echo "(the series is saved in $save)"
