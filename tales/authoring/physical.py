"""A digital game told again as a physical table would play it.

Given a digital game's setup and inputs, :func:`physical_inputs` finds what
its dice showed and its decks gave at every chance step, and returns the
inputs of the same game at a table where the players roll and draw: the
digital inputs with each face and card typed in where the program asks.
The two games must then come to the same end (tests/rules/test_physical.py),
and the golden transcript of a physical game is written from them
(tools/make_physical_script.py).

The chance steps are found by playing the game at a physical table that
lets the program roll and draw each time (``roll-for-us``, ``draw-for-us``):
the same code path and the same random stream as the digital game.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tales.rules import events as ev
from tales.rules.automation import Source
from tales.rules.decisions import DecisionKind
from tales.rules.dice import Face
from tales.rules.entries import FACE_CODES, Drew, Faces
from tales.rules.randomness import DRAW_FOR_US, ROLL_FOR_US
from tales.story.core import Core
from tales.story.game import Game, GameSetup, start_game
from tales.story.model import Tale

_CODE_OF = {word: code for code, word in FACE_CODES.items()}


@dataclass(frozen=True, slots=True)
class Entry:
    """One chance step's answer: its option id and how a player types it."""

    option_id: str
    typed: str


def physical_setup(setup: GameSetup) -> GameSetup:
    return replace(setup, dice=Source.PHYSICAL, cards=Source.PHYSICAL)


def physical_inputs(core: Core, tale: Tale, setup: GameSetup, inputs: list[str]) -> list[Entry]:
    """The physical game's inputs: each digital input, and before it the
    entries the program asks for (an entry's ``typed`` is the input itself
    for a digital input)."""
    game = start_game(core, tale, physical_setup(setup))
    played: list[Entry] = []
    for option_id in inputs:
        played += _answer_chances(game)
        game.apply(option_id)
        played.append(Entry(option_id, option_id))
    played += _answer_chances(game)
    return played


def _answer_chances(game: Game) -> list[Entry]:
    answers = []
    while game.pending is not None and game.pending.kind in (
        DecisionKind.ENTER_CARD,
        DecisionKind.ENTER_DICE,
    ):
        if game.pending.kind is DecisionKind.ENTER_CARD:
            inv = game.table.investigators[str(game.pending.actor)]
            card = inv.deck[-1]  # what the program is about to draw
            alike = [c for c in inv.deck if str(c) == str(card)]
            # By its printed name where no other card looks the same, else by id.
            typed = str(card) if len(alike) == 1 else card.id
            game.push(DRAW_FOR_US)
            answers.append(Entry(Drew(card.id).id, typed))
        else:
            white, red = _faces(game.push(ROLL_FOR_US))
            answers.append(Entry(Faces(white, red).id, typed_faces(white, red)))
    return answers


def _faces(events: tuple[ev.Event, ...]) -> tuple[tuple[Face, ...], tuple[Face, ...]]:
    for event in events:
        if isinstance(event, ev.DiceRolled):
            return event.white, event.red
        if isinstance(event, ev.DieExploded):
            return (event.face,), ()
        if isinstance(event, ev.DiceRerolled):
            return event.faces, ()
    raise ValueError("a roll the program made told no faces")


def typed_faces(white: tuple[Face, ...], red: tuple[Face, ...]) -> str:
    """Faces as a player types them: short codes, '/' before the red dice."""

    def codes(faces: tuple[Face, ...]) -> str:
        return " ".join("+".join(_CODE_OF[w] for w in str(f).split("+")) for f in faces)

    return f"{codes(white)} / {codes(red)}" if red else codes(white)
