"""Application: what the engine's data says to whoever reads it, in their language.

The engine hands up cards, entries, events, rulings and facts as data (English
notation, typed events) and makes no sentence; this package says them for a
reader, through the message layer: ``events`` a ruling, an event, the hand in
short, ``check`` and ``why`` (``told``, ``sentence``, ``summary``); ``cards`` a card
as shown (``pretty``) and the names of suits and ranks; ``entries`` an entry, or an
example in a message, in the letters of the language the messages speak.
"""
