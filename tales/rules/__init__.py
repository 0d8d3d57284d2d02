"""Pure game mechanics of Miskatonic Tales.

Nothing here does I/O, reads YAML or renders text. Every shuffle and every
roll takes an explicit :class:`random.Random`, so the same seed and the same
inputs give the same game, bit for bit.
"""
