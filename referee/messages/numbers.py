"""Each language's CLDR number symbols: (decimal sign, group sign, percent
pattern).  Generated from Babel's CLDR data by `python -m
referee.messages.catalogs compile`; do not edit."""

SYMBOLS = {
    'nl': (',', '.', '{}%'),
    'fr': (',', '\u202f', '{}\xa0%'),
    'it': (',', '.', '{}%'),
    'pt': (',', '.', '{}%'),
}
