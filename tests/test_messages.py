"""The message layer: plural forms, the language chosen, catalogs."""

from referee import messages


def test_an_english_plural_text_reads_right_for_one_and_many():
    assert messages.t("score.n_cards", n=1) == "1 card"
    assert messages.t("score.n_cards", n=2) == "2 cards"
    assert messages.t("score.n_cards", n=0) == "0 cards"


def test_the_language_is_chosen_in_notation_order():
    env = {"PESTEN_REF_LANG": "fr", "LANG": "it_IT.UTF-8"}
    assert messages.choose_language("nl", "pt", env) == "nl"
    assert messages.choose_language(None, "pt", env) == "fr"
    assert messages.choose_language(None, "pt", {"LANG": "it_IT.UTF-8"}) == "pt"
    assert messages.choose_language(None, None, {"LANG": "it_IT.UTF-8"}) == "it"
    assert messages.choose_language(None, None, {"LANGUAGE": "de:pt_BR", "LANG": "nl_NL"}) == "pt"
    assert messages.choose_language(None, None, {"LC_ALL": "C", "LANG": "nl_NL"}) == "en"
    assert messages.choose_language(None, None, {}) == "en"
    assert messages.choose_language("xx", None, {}) == "en"


def test_an_unknown_language_is_refused_by_set_language():
    import pytest
    with pytest.raises(ValueError):
        messages.set_language("xx")


def _translated_locale(tmp_path, language, entries):
    """A compiled catalog for ``language`` in which ``entries`` ({(key or None,
    msgid): msgstr}) are translated, under tmp_path; returns its locale dir."""
    from babel.messages.pofile import read_po, write_po
    from referee.messages import catalogs
    catalogs.extract  # the tool is importable (Babel installed)
    with open(catalogs.TEMPLATE, "rb") as fp:
        cat = read_po(fp, locale=language)
    for (key, msgid), text in entries.items():
        cat.get(msgid, key).string = text
    catalogs.set_plural_forms(cat, language)
    po_dir = tmp_path / "po"
    po_dir.mkdir()
    with open(po_dir / f"{language}.po", "wb") as fp:
        write_po(fp, cat)
    locale = tmp_path / "locale" / language / "LC_MESSAGES"
    locale.mkdir(parents=True)
    for name, data in catalogs.compiled(language, str(po_dir)).items():
        (locale / name).write_bytes(data)
    return str(tmp_path / "locale")


def test_a_compiled_catalog_translates_and_counts_with_its_own_plural_rule(tmp_path, monkeypatch):
    locale = _translated_locale(tmp_path, "fr", {
        ("score.n_cards", ("1 card", "{n} cards")): ("{n} carte", "{n} cartes"),
        ("score.join.pair", "{first} and {second}"): "{first} et {second}",
    })
    monkeypatch.setattr(messages, "LOCALE_DIR", locale)
    monkeypatch.setattr(messages, "_areas", {})
    monkeypatch.setattr(messages, "_catalogs", {})
    messages.set_language("fr")
    try:
        # French counts 0 as singular (Plural-Forms: n > 1).
        assert messages.t("score.n_cards", n=0) == "0 carte"
        assert messages.t("score.n_cards", n=1) == "1 carte"
        assert messages.t("score.n_cards", n=3) == "3 cartes"
        assert messages.t("score.join.pair", first="Anna", second="Bram") == "Anna et Bram"
        # An untranslated key falls back to English.
        assert messages.t("score.join.last", head="A, B", last="C") == "A, B and C"
    finally:
        messages.set_language("en")


def test_english_is_read_without_gettext():
    import subprocess
    import sys
    code = ("import sys; from referee import messages; messages.t('score.n_cards', n=2); "
            "print('gettext' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={"PATH": "/usr/bin:/bin", "LANG": "C"}, check=True)
    assert out.stdout.strip() == "False"
