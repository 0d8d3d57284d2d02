"""tools/make_guide_script.py, which docs/guide.md tells an author to run to
write a golden game's script: a playtest found it failing on an import
(``short``, gone from the screens), so it is run here, and the script it
writes is played to the end by the session that reads typed input."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from tales.guide.data import load_components
from tales.guide_ui.session import GuideSession, GuideSetup

TOOL = Path(__file__).resolve().parents[2] / "tools" / "make_guide_script.py"


def test_the_tools_script_plays_a_whole_game_as_typed() -> None:
    spec = importlib.util.spec_from_file_location("make_guide_script", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    lines = module.script(1, 3, "beginner", 16)
    session = GuideSession(load_components(), GuideSetup(1, False, 3, "beginner", 16), [])
    commands = {"help commands", "board", "help draw", "undo"}
    for line in lines:
        if line in commands:
            if line == "undo":
                session.undo()
            continue
        if line == "33n 66w":  # the drawing the script shows refused
            continue
        session.play(line)  # a choice as a player types it, or "best" route
    assert session.pending is None, "the script plays the game to its end"
