"""Starting ``tales play``: setup, then the play loop on the right console."""

from __future__ import annotations

import shutil
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import IO

from tales import signals
from tales.errors import TalesError
from tales.records import record
from tales.rules.automation import Automation, Source, Tool
from tales.rules.terms import and_list
from tales.safefile import printable
from tales.saves.lock import SaveLock
from tales.saves.session import SavedGame, load_saved, new_context, start_saved
from tales.saves.store import SaveFiles, saves_dir
from tales.story.cache import load_tale_cached
from tales.story.campaign import played_before
from tales.story.core import Core, load_core, tale_path
from tales.story.game import Game, GameSetup, start_game
from tales.story.model import Tale
from tales.ui.consoles import PlainConsole, TerminalConsole, terminal_width
from tales.ui.play import QUIT, PlayLoop
from tales.ui.render import Line
from tales.ui.setup import Choices, ask_setup, complete
from tales.ui.timer import TIMER_FIELD, TableTimer
from tales.ui.views import difficulty_lines, encounter_text, rounds_left
from tales.ui.voice import NO_ENGINE, Narrator, VoiceChoice, find_engine
from tales.ui.words import count


@record
class SaveChoices:
    """Where the game is saved: ``load`` an existing save, or start one
    named ``name`` (default: made from the scenario and seed)."""

    folder: Path
    load: str | None = None
    name: str | None = None
    enabled: bool = True


@record
class TableChoices:
    """How the table plays beside the game's setup: who rolls and who draws
    (None: as the game or its save says)."""

    dice: str | None = None
    cards: str | None = None
    voice: bool = False  # read each paragraph aloud
    voice_name: str | None = None
    voice_rate: int | None = None
    timer: bool = False

    def narrator(self) -> tuple[Narrator | None, list[Line]]:
        """The voice asked for, or None with the line that says why not."""
        if not self.voice:
            return None, []
        engine = find_engine(VoiceChoice(self.voice_name, self.voice_rate))
        if engine is None:
            return None, [Line(NO_ENGINE, "warning")]
        return Narrator(engine), []

    def settings(self, now: Automation) -> list[str]:
        """The inputs that set a loaded game's table as asked."""
        wanted = [(Tool.DICE, self.dice), (Tool.CARDS, self.cards)]
        return [
            f"{tool}-by:{source}" for tool, source in wanted if source and now.of(tool) != source
        ]

    def setup(self, setup: GameSetup) -> GameSetup:
        dice = Source(self.dice) if self.dice else setup.dice
        cards = Source(self.cards) if self.cards else setup.cards
        return replace(setup, dice=dice, cards=cards)


def run_play(
    choices: Choices,
    *,
    script: IO[str] | None = None,
    plain: bool = False,
    saving: SaveChoices | None = None,
    at_table: TableChoices | None = None,
) -> int:
    saving = saving or SaveChoices(saves_dir())
    at_table = at_table or TableChoices()
    narrator: Narrator | None = None
    core = load_core()
    interactive = script is None and sys.stdin.isatty() and sys.stdout.isatty()
    if saving.load is not None:
        if not choices.empty or choices.tale is not None:
            raise TalesError(
                "--load takes the tale and the setup from the save; leave out the other options"
            )
        saved, notes = _load(core, saving)
        for setting in at_table.settings(saved.game.table.automation):
            saved.apply(setting)
    else:
        saved, notes = _new(core, choices, saving, interactive, at_table)
    try:
        game = saved.game
        timer = _timer(at_table, saved)
        if interactive:
            # The loop's game, not this one: an undo replaces it.
            console: PlainConsole | TerminalConsole = TerminalConsole(
                plain=plain,
                ctrl_d=QUIT,
                status=lambda: (
                    status_bar(loop.game) + (timer.status(loop.game.view.round) if timer else "")
                ),
            )
        else:
            tty = sys.stdout.isatty()  # a script played at a terminal fits it
            width = terminal_width() if tty else 78
            console = PlainConsole(script or sys.stdin, sys.stdout, width=width, fits=tty)
        narrator, silent = at_table.narrator()
        console.show(opening(game, core) + notes + silent)
        loop = PlayLoop(game, console, saved, strict=script is not None, narrator=narrator)
        if saving.load is not None and not saved.inputs:
            # Nothing played since the sheet was written: what the game did on
            # its way to the first decision is news. A sheet before the first
            # round: the introduction. A round-end sheet: the next round's
            # start (draws, the time track's narrative, a death), which the
            # rulebook saves before. With inputs replayed from the journal,
            # the player saw all of it before they quit.
            loop.show_events(game.engine.opening_events)
        return loop.run(history=saving.load is None)
    except (KeyboardInterrupt, signals.Stopped) as stop:  # every input is saved already
        name = printable(saved.name or "")
        note = f"The game is saved as '{name}' (tales play --load {name})." if name else ""
        signals.saved_note(stop, note or "The game was not being saved.")
        raise
    finally:
        if narrator is not None:
            narrator.stop()
        saved.close()


def _timer(at_table: TableChoices, saved: SavedGame) -> TableTimer | None:
    """The table timer, asked for or kept on the loaded sheet; its time is
    written on every round-end sheet from now on."""
    kept = saved.sheet.data.get(TIMER_FIELD)
    if not at_table.timer and kept is None:
        return None
    timer = TableTimer(time.monotonic, saved.game.view.round, kept)
    saved.annotate = timer.field
    return timer


def _load(core: Core, saving: SaveChoices) -> tuple[SavedGame, list[Line]]:
    assert saving.load is not None
    files = SaveFiles.named(saving.folder, saving.load)
    lock = SaveLock.take(files)  # before loading: a load may repair the files
    try:
        saved, warnings = load_saved(files, core)
        saved.hold(lock)
        if saving.name:  # go on under another name; the loaded save stays as it was
            saved.save_as(saving.name)
    except BaseException:
        lock.release()
        raise
    notes = [Line(f"Loaded '{saved.name}' at round {saved.game.view.round}.", "heading")]
    return saved, notes + [Line(f"Note: {w}", "warning") for w in lock.warnings + warnings]


def _new(
    core: Core, choices: Choices, saving: SaveChoices, interactive: bool, at_table: TableChoices
) -> tuple[SavedGame, list[Line]]:
    root = tale_path(choices.tale)
    tale, problems = load_tale_cached(root)
    if tale is None:
        listing = "\n".join(str(p) for p in problems if p.severity == "error")
        raise TalesError(f"the tale cannot be played until its errors are fixed:\n{listing}")
    setup = complete(core, tale, choices)
    if interactive and choices.empty:
        setup = ask_setup(core, tale, setup)
    setup = at_table.setup(setup)
    files = lock = None
    if saving.enabled:
        name = saving.name or _free_name(saving.folder, f"{setup.scenario}-{setup.seed}")
        files = SaveFiles.named(saving.folder, name)
        lock = SaveLock.take(files)  # first: a save started meanwhile is seen below
    try:
        if files is not None and files.exists() and saving.name:
            raise TalesError(
                f"there is already a save named {files.name!r}; "
                f"load it with --load {files.name}, or choose another name"
            )
        context = new_context(
            files.name if files else "unsaved", root, setup.scenario, tale.content_hash
        )
        saved = start_saved(lambda: start_game(core, tale, setup), files, context, core)
    except BaseException:
        if lock is not None:
            lock.release()
        raise
    saved.hold(lock)
    notes = [Line(f"Note: {w}", "warning") for w in (lock.warnings if lock else [])]
    if not (interactive and choices.empty):  # the interactive setup asked for each one
        notes += _companions_filled(core, setup, len(choices.companions))
    notes += _preset_log(tale, saved.game)
    if files is not None:
        notes.append(
            Line(f"Saved as '{files.name}' after every input (tales play --load {files.name}).")
        )
    return saved, notes


def _companions_filled(core: Core, setup: GameSetup, named: int) -> list[Line]:
    """Companions the player did not name, who joined to make the team four:
    said, so no one wonders where Ezra Marsh came from."""
    filled = [core.investigators[s].name for s in setup.companions[named:]]
    if not filled:
        return []
    players, needed = len(setup.players), len(setup.companions)
    joins = "join" if len(filled) > 1 else "joins"
    who = and_list(filled)
    return [
        Line(
            f"A team is four: {count(players, 'player')} "
            f"{'needs' if players == 1 else 'need'} {count(needed, 'Companion')}, "
            f"so {who} {'also ' if named else ''}{joins} (--companion chooses them)."
        )
    ]


def _preset_log(tale: Tale, game: Game) -> list[Line]:
    """A later scenario started on its own begins from the tale's standalone
    preset, not a blank log: said, so its conditions on earlier scenarios are
    no surprise."""
    before = played_before(tale, game.setup.scenario)
    if before is None:
        return []
    state = game.book.state
    entries = sum(not out for section in state.log.values() for out in section.values())
    counters = sum(1 for value in state.counters.values() if value)
    drawn = tale.standalone.get(game.setup.scenario, {}).get("random")
    chosen = f" (one of {len(drawn)} presets, drawn by the seed)" if isinstance(drawn, list) else ""
    return [
        Line(
            f"Played on its own: the campaign log is preset as if "
            f"{tale.scenarios[before].scenario.title} had been played{chosen}: "
            f"{count(entries, 'entry')} and {count(counters, 'counter')} ('log' shows them)."
        )
    ]


def _free_name(folder: Path, base: str) -> str:
    """``base``, or ``base-2``, ``base-3``... whichever is not taken yet."""
    name, number = base, 1
    while SaveFiles.named(folder, name).exists():
        number += 1
        name = f"{base}-{number}"
    return name


def opening(game: Game, core: Core) -> list[Line]:
    setup, table = game.setup, game.view
    names = [table.investigator(s).name for s in setup.players]
    companions = [table.investigator(s).name for s in setup.companions]
    return [
        Line(f"{table.title} ({setup.difficulty}), seed {setup.seed}.", "heading"),
        Line(f"Players: {', '.join(names)}. Companions: {', '.join(companions) or 'none'}."),
        *_fallen(game, core),
        *difficulty_lines(table),
        *_house_rules(setup),
        *_at_table(game),
        Line("Type a number to choose; 'help' lists the commands."),
    ]


def _fallen(game: Game, core: Core) -> list[Line]:
    """Who died earlier in the campaign, and why a newcomer sits in their
    place: a playtest's next scenario opened with Laszlo Varga in a dead
    man's seat and nothing said."""
    fallen = [core.investigators[s].name for s in game.book.fallen if s in core.investigators]
    if not fallen:
        return []
    return [
        Line(
            f"Fallen earlier in the campaign: {and_list(fallen)}. A dead player's seat goes to"
            " the first investigator of the box not yet in the campaign (ruling dead-replaced)."
        )
    ]


def _house_rules(setup: GameSetup) -> list[Line]:
    if not setup.rulings:
        return []
    rules = ", ".join(f"{k}={str(v).lower()}" for k, v in setup.rulings)
    return [Line(f"House rules: {rules}.")]


def _at_table(game: Game) -> list[Line]:
    automation = game.table.automation
    if automation.all_digital:
        return []
    who = {Tool.DICE: "the dice", Tool.CARDS: "the cards"}
    by_players = [who[t] for t in Tool if automation.of(t) is Source.PHYSICAL]
    handle = " and ".join(by_players)
    return [Line(f"At the table: the players handle {handle} ('help table' for its commands).")]


def status_bar(game: Game, width: int | None = None) -> str:
    """The prompt's bottom bar: the round, the time, the Event board's tokens,
    each encounter and each player's tracks, on as many lines as ``width``
    (the terminal's, by default) needs, so that no investigator is cut off
    (three players and two encounters do not fit one line of 120)."""
    table = game.view
    tokens = " ".join(f"{s.value}:{n}" for s, n in sorted(table.event_tokens.items()) if n)
    left = rounds_left(table)
    time = f"time {table.time}" + (f" ({count(left, 'round')} left)" if left is not None else "")
    parts = [f"Round {table.round}", time, tokens or "no tokens"]
    parts += [encounter_text(e) for e in table.encounters.values()]
    parts += [
        f"{inv.name.split()[0]} V{inv.vitality} S{inv.sanity} E{inv.energy} M{inv.magic} "
        f"hand {len(inv.hand)}"
        for inv in table.players()
    ]
    return "\n".join(_packed(parts, width or shutil.get_terminal_size((80, 24)).columns))


def _packed(parts: list[str], width: int) -> list[str]:
    """``parts`` joined by " | " into lines of at most ``width`` characters
    (a part longer than that has a line of its own)."""
    lines = [" " + parts[0]]
    for part in parts[1:]:
        if len(lines[-1]) + 3 + len(part) <= width:
            lines[-1] += " | " + part
        else:
            lines.append(" " + part)
    return lines
