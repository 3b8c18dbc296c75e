"""``python -m referee``: the ``pesten-ref`` command (``referee.interface.console``)."""

from referee.interface.console import main

main()
