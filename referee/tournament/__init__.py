"""Tournaments (application layer): the bracket and its rounds (``bracket``,
pure) and the tournament's files on disk (``files``).

The package imports nothing itself: each module is loaded when it is asked for.
"""
