"""pesten-ref: a command-line referee and scorekeeper for Pesten.

The folders are the layers, dependencies pointing down: the interface
(``interface``: ``cli``, click; ``repl``, prompt-toolkit; and ``app``,
``complete``, which know no click), the application (``series``: a series and
its saves; ``tournament``; ``simulator``) and the engine (``engine``: the hand,
its rules, cards, notation, house rules; pure Python without I/O), over the
message catalogs (``messages``).
"""

__version__ = "0.1.0"
