"""Whole recorded hands typed in each language's own card letters (NOTATION.md
"Languages"): the states are those of the English run, and every sentence the
referee says is in the language (none is left in English)."""

import json
import os

import pytest

from referee.engine import lexicon
from referee import messages
from referee.engine.cards import try_card
from referee.engine import Hand
from referee.series.presets import rules_from_table
from referee.words.events import told

FOLDER = os.path.join(os.path.dirname(__file__), "data", "transcripts")
NAMES = ["1-standard-4", "1-hard-3", "1-family-3", "1-cumulative-4", "1-fast-3", "1-standard-6"]


def _transcript(name):
    with open(os.path.join(FOLDER, f"{name}.jsonl"), encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    return rows[0], [r["input"] for r in rows[1:]]


def _local(line, lex):
    """``line`` with every card and suit token written in ``lex``'s letters."""
    ranks = {v: k for k, v in lex.ranks.items() if len(k) == 1 and k.isascii()}
    suits = {v: k for k, v in lex.suits.items()}
    out = []
    after_jack = False
    for token in line.split():
        card = try_card(token) if ":" not in token else None
        if after_jack and token.lower() in "cdhs" and len(token) == 1:
            out.append(suits[token.lower()])
        elif card is not None and not card.is_joker and token.lower() not in ("d",):
            rank = ranks.get(card.rank, card.rank)
            out.append(f"{rank}{suits[card.suit]}")
        elif card is not None and card.is_joker:
            out.append(sorted(lex.jokers)[0])
        else:
            out.append(token)
        after_jack = card is not None and card.rank == "J"
    return " ".join(out)


def _run(header, lines, language):
    messages.set_language(language)
    try:
        rules = rules_from_table(header["rules_table"], header["rules"])
        hand = Hand(rules, header["players"], header["dealer"], 1, lexicon.lexicon(language))
        answers = []
        for text in lines:
            ruling = hand.apply_line(text)
            answers.append((ruling.ok, ruling.rule, hand.state(), told(ruling)))
        return answers, list(hand.log)
    finally:
        messages.set_language("en")


@pytest.mark.parametrize("language", ["nl", "fr", "it", "pt"])
@pytest.mark.parametrize("name", NAMES)
def test_a_hand_typed_in_local_letters_rules_as_in_english(name, language):
    header, lines = _transcript(name)
    english, english_log = _run(header, lines, "en")
    local_lines = [_local(line, lexicon.lexicon(language)) for line in lines]
    local, local_log = _run(header, local_lines, language)
    assert [a[:3] for a in local] == [a[:3] for a in english]
    # The log (what the save file keeps) is the canonical English form.
    from referee.engine.notation import parse_line
    assert local_log == [parse_line(x).canonical() for x in english_log]
    left_in_english = [(line, en[3]) for line, en, loc in zip(lines, english, local)
                       if en[3] and en[3] == loc[3]]
    assert left_in_english == []
