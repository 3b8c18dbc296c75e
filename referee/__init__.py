"""pesten-ref: a command-line referee and scorekeeper for Pesten.

The engine (``cards``, ``notation``, ``rules``, ``engine``, ``scoring``) is pure
Python without I/O; ``store``, ``cli`` and ``repl`` are thin layers around it.
"""

__version__ = "0.1.0"
