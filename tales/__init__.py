"""tales: a digital storybook runner for the board game Miskatonic Tales.

The public API is curated here; everything else is internal and may move.
"""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["__version__"]
