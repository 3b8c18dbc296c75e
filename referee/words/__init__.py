"""Application: what the engine's data says to whoever reads it, in their language.

The engine hands up cards, entries and events as data (English notation, typed
events); this package writes them for a reader: ``entries`` writes an entry, or
an example in a message, in the letters of the language the messages speak.
"""
