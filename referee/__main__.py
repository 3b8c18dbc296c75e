"""``python -m referee``: the ``pesten-ref`` command."""

from referee.interface.cli import main

main(prog_name="pesten-ref")
