"""Each player's board as the events tell it: what a prompt draws and a bot reads.

The game procedure keeps its boards to itself; a :class:`TableView` folds
the events it emits (whole boards at each step's end, the drawing asked and
the segments drawn in between) into the same boards, so neither a prompt
nor a bot needs the procedure's inside.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tales.guide.board import BoardUpdated, PlayerBoard
from tales.guide.draft import DiceRolled
from tales.guide.game import RoundStarted
from tales.guide.turn import DrawingAsked, SegmentAsked, SegmentsDrawn
from tales.rules.events import Event


@dataclass(slots=True)
class TableView:
    """What the prompt shows, folded from the events: each player's board."""

    boards: dict[str, PlayerBoard]
    drawing: DrawingAsked | None = None
    segment: SegmentAsked | None = None
    rolled: DiceRolled | None = None  # the dice of the draft under way
    round: int = 0
    said: list[Event] = field(default_factory=list)

    def fold(self, events: tuple[Event, ...]) -> None:
        for event in events:
            if isinstance(event, BoardUpdated):
                self.boards[event.player] = event.board
            elif isinstance(event, DrawingAsked):
                self.drawing = event
                self.boards[event.player] = event.board
            elif isinstance(event, DiceRolled):
                self.rolled = event
            elif isinstance(event, SegmentAsked):
                self.segment = event
            elif isinstance(event, RoundStarted):
                self.round = event.number
            elif isinstance(event, SegmentsDrawn):
                board = self.boards[event.player]
                self.boards[event.player] = board.with_segments(event.segments)
        self.said.extend(events)
