"""The user interface: the commands (``cli``, click) and the table prompt
(``repl``, prompt-toolkit), over what the prompt understands of one typed line
(``app``) and its completion (``complete``), which know no click.

The package imports nothing itself: each module is loaded when it is asked for.
"""
