"""Each language's CLDR number symbols: (decimal sign, group sign, percent
pattern); its short date and time pattern (a format string over
day, month, year, hour, minute); and its long date, one format string over
day and year a month (Babel's ``format_date(..., "long")``: French
"6 décembre 2026").  Generated from Babel's CLDR data by
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

LONG_DATES = {
    'nl': ('{day} januari {year}', '{day} februari {year}', '{day} maart {year}', '{day} april {year}', '{day} mei {year}', '{day} juni {year}', '{day} juli {year}', '{day} augustus {year}', '{day} september {year}', '{day} oktober {year}', '{day} november {year}', '{day} december {year}'),
    'fr': ('{day} janvier {year}', '{day} février {year}', '{day} mars {year}', '{day} avril {year}', '{day} mai {year}', '{day} juin {year}', '{day} juillet {year}', '{day} août {year}', '{day} septembre {year}', '{day} octobre {year}', '{day} novembre {year}', '{day} décembre {year}'),
    'it': ('{day} gennaio {year}', '{day} febbraio {year}', '{day} marzo {year}', '{day} aprile {year}', '{day} maggio {year}', '{day} giugno {year}', '{day} luglio {year}', '{day} agosto {year}', '{day} settembre {year}', '{day} ottobre {year}', '{day} novembre {year}', '{day} dicembre {year}'),
    'pt': ('{day} de janeiro de {year}', '{day} de fevereiro de {year}', '{day} de março de {year}', '{day} de abril de {year}', '{day} de maio de {year}', '{day} de junho de {year}', '{day} de julho de {year}', '{day} de agosto de {year}', '{day} de setembro de {year}', '{day} de outubro de {year}', '{day} de novembro de {year}', '{day} de dezembro de {year}'),
}
