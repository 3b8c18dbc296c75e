"""The translations ship complete: every message of every catalog translated,
placeholders identical, ``msgfmt -c`` clean, the template and the compiled files
up to date with the English sources (``python -m referee.messages.catalogs check``)."""

from referee.messages import catalogs


def test_every_catalog_is_complete_consistent_and_compiled():
    assert catalogs.problems() == []
