"""English texts of the notation's errors (keys ``notation.*``): what in a typed
line does not read as table notation (NOTATION.md "Entries").  They are shown
inside ``engine.notation`` ("That line is not table notation: ...")."""

MESSAGES = {
    "notation.not_card": "'{token}' is not a card",
    "notation.nothing_after": "nothing after '{player}:'",
    "notation.alone": "'{word}' stands alone on its line",
    "notation.start_usage": "'{cmd:start}' takes one card: {ex:start 9h}",
    "notation.name_usage": "'{word}' takes one player's name: {word} Anna",
    "notation.fix_incomplete": (
        "'{text}' is incomplete; corrections read: {ex:fix draw Anna 2} | {ex:fix count Anna 5} | "
        "{ex:fix play Anna 7h}"),
    "notation.fix_extra": (
        "'{token}' is one word too many; corrections read: {ex:fix draw Anna 2} | {ex:fix count Anna 5} | "
        "{ex:fix play Anna 7h}"),
    "notation.fix_number": (
        "'{token}' is not a number of cards; corrections read: {ex:fix draw Anna 2} | "
        "{ex:fix count Anna 5} | {ex:fix play Anna 7h}"),
    "notation.fix_negative": (
        "'{token}' is below zero: a correction counts cards, 0 or more, as in "
        "{ex:fix draw Anna 2} or {ex:fix count Anna 5}"),
    "notation.fix_large": (
        "'{token}' is more cards than any game holds: a correction counts at most 999, as in "
        "{ex:fix draw Anna 2} or {ex:fix count Anna 5}"),
    "notation.fix_card": (
        "'{token}' is not a card; corrections read: {ex:fix draw Anna 2} | {ex:fix count Anna 5} | "
        "{ex:fix play Anna 7h}"),
    "notation.fix_suit": (
        "'{token}' is not a suit; corrections read: {ex:fix draw Anna 2} | "
        "{ex:fix count Anna 5} | {ex:fix play Anna 7h}"),
    "notation.fix_what": (
        "'{token}' is not a correction; corrections read: {ex:fix draw Anna 2} | {ex:fix count Anna 5} | "
        "{ex:fix play Anna 7h}"),
    "notation.more_card": (
        "'{part}' in '{token}' is not a card; cards played together read {ex:8h+8s}"),
    "notation.draw_one_card": (
        "'d' plays the one card drawn, not several ('{token}'): type {ex:d 8h}, or the cards "
        "without 'd'"),
    "notation.draw_count": (
        "'{token}' is not a number of cards drawn: type from 1 to {most} ({ex:d 3}, or "
        "{ex:d 3 5h} when the last card drawn is played)"),
    "notation.suit_alone": "a suit ('{token}') is named only right after a Jack",
    "notation.unknown": "'{token}' is not a card or an entry word",
}
