"""Tournaments (application layer): the bracket and its rounds (``bracket``,
pure), the tournament's files on disk (``files``) and where a series is played,
on its own or at a tournament's table (``seat``).  A tournament is made of
series, so this package imports ``referee.series`` and never the other way.

The package imports nothing itself: each module is loaded when it is asked for.
"""
