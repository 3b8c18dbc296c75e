"""pesten-ref: a command-line referee and scorekeeper for Pesten.

Three layers, dependencies pointing down: the interface (``cli``, ``repl``),
the application (``app``, ``complete``, ``session``, ``store``, ``scoring``,
...) and the engine (``engine``, ``notation``, ``cards``, ``rules``: pure Python
without I/O), over the message catalogs (``messages``).
"""

__version__ = "0.1.0"
