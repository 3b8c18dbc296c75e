"""The simulator (application layer): bots playing whole hands through the engine
(``simulate``), their statistics (``simstats``) and comparing rule sets
(``simcompare``).

The package imports nothing itself: each module is loaded when it is asked for.
"""
