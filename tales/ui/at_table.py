"""The prompt's commands for a physical table: who rolls and who draws.

``dice physical`` / ``dice digital`` and ``cards physical`` / ``cards
digital`` change the table's source at any moment; the change is an input
of the game's log (it is saved, undone and replayed in order). ``codes``
lists the short codes for typing die faces.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from tales.rules.automation import Source, Tool
from tales.rules.decisions import Decision
from tales.rules.entries import FACE_CODES
from tales.rules.randomness import CardsBy, DiceBy, SourceChanged
from tales.story.view import TableView
from tales.ui.text import Line

WHO = {
    (Tool.DICE, Source.PHYSICAL): "From now on the players roll the real dice and type the faces.",
    (Tool.DICE, Source.DIGITAL): "From now on the program rolls the dice.",
    (Tool.CARDS, Source.PHYSICAL): (
        "From now on the players draw from the real decks and name each card; shuffling is theirs."
    ),
    (Tool.CARDS, Source.DIGITAL): "From now on the program draws the cards.",
}


def source_changed(event: SourceChanged, _: TableView) -> str:
    return WHO[(event.tool, event.source)]


class Loop(Protocol):
    """What the commands need of the play loop."""

    def choose(self, option_id: str) -> bool: ...
    def say(self, text: str) -> None: ...
    def show(self, lines: list[Line]) -> None: ...


def table_commands(loop: Loop) -> dict[str, Callable[[str], None]]:
    """The commands to add to the loop's own."""

    def switch(tool: Tool) -> Callable[[str], None]:
        def command(argument: str) -> None:
            word = argument.strip().lower()
            if word not in (Source.PHYSICAL, Source.DIGITAL):
                loop.say(
                    f"'{tool}' takes 'physical' (the players' own {tool}) or 'digital' "
                    f"(the program's): {tool} physical"
                )
                return
            setting = DiceBy(Source(word)) if tool is Tool.DICE else CardsBy(Source(word))
            loop.choose(setting.id)

        return command

    return {"dice": switch(Tool.DICE), "cards": switch(Tool.CARDS), "codes": lambda _: codes(loop)}


def codes(loop: Loop) -> None:
    listing = ", ".join(f"{code} = {word}" for code, word in FACE_CODES.items())
    loop.show(
        [
            Line("Die faces may be typed in full or by a short code:", "heading"),
            Line(f"  {listing}; join two symbols with '+' (s+k is success+skull)."),
            Line("  White dice first; then '/' and the red dice: s b e / k"),
        ]
    )


def entry_words(decision: Decision | None) -> list[str]:
    """What Tab completes while the players type faces or a card."""
    if decision is None or decision.entry is None:
        return []
    return decision.entry.words()
