"""Each language's CLDR number symbols: (decimal sign, group sign, percent
pattern); and its short date and time pattern (a format string over
day, month, year, hour, minute).  Generated from Babel's CLDR data by
`python -m referee.messages.catalogs compile`; do not edit."""

SYMBOLS = {
    'nl': (',', '.', '{}%'),
    'fr': (',', '\u202f', '{}\xa0%'),
    'it': (',', '.', '{}%'),
    'pt': (',', '.', '{}%'),
}

DATES = {
    'nl': '{day:02}-{month:02}-{year}, {hour:02}:{minute:02}',
    'fr': '{day:02}/{month:02}/{year} {hour:02}:{minute:02}',
    'it': '{day:02}/{month:02}/{year2:02}, {hour:02}:{minute:02}',
    'pt': '{day:02}/{month:02}/{year} {hour:02}:{minute:02}',
}
