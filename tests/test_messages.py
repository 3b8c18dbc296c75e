"""The message layer: plural forms chosen by each language's own rule."""

from referee import messages


def test_plural_form_follows_the_language_rule():
    assert messages.plural_form(1, "en") == "one"
    assert messages.plural_form(0, "en") == "other"
    assert messages.plural_form(2, "nl") == "other"
    # French counts 0 as singular.
    assert messages.plural_form(0, "fr") == "one"
    assert messages.plural_form(2, "fr") == "other"


def test_a_plural_text_reads_right_for_one_and_many():
    assert messages.t("score.n_cards", n=1) == "1 card"
    assert messages.t("score.n_cards", n=2) == "2 cards"
    assert messages.t("score.n_cards", n=0) == "0 cards"
