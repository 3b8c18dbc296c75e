"""A series and its saves (application layer): the session over a save file
(``session``), the save files (``store``), scoring and standings (``scoring``,
``scoreboard``), replaying, records, history and export, the rule book
(``rulebook``) and reading presets and house-rule files (``presets``).

The package imports nothing itself: each module is loaded when it is asked for.
"""
