"""Every ruling is data, documented, and pinned by a test."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from tales.errors import RulingError
from tales.rules.rulings import RulingKind, Rulings, parse_overrides

ROOT = Path(__file__).resolve().parents[1]


MARK = re.compile(r"""ruling\(\s*["']([a-z0-9-]+)["']\s*(?:,\s*value=(True|False)\s*)?\)""")
FLAG = re.compile(r"""flag\(\s*"([a-z0-9-]+)"\s*\)""")


def _marks() -> set[tuple[str, str]]:
    """(id, value) of every ``@ruling(...)`` mark; value is "" when none is given."""
    found: set[tuple[str, str]] = set()
    for path in (ROOT / "tests").rglob("*.py"):
        found |= set(MARK.findall(path.read_text(encoding="utf-8")))
    return found


def _marked_rulings() -> set[str]:
    return {ruling_id for ruling_id, _ in _marks()}


def _flags_in_the_engine() -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "tales").rglob("*.py"):
        found |= set(FLAG.findall(path.read_text(encoding="utf-8")))
    return found


def test_every_ruling_is_pinned_by_a_test(core):
    missing = sorted(set(core.rulings.rulings) - _marked_rulings())
    assert not missing, f"rulings with no @ruling(...) test: {missing}"


def test_tests_name_only_rulings_that_exist(core):
    unknown = sorted(_marked_rulings() - set(core.rulings.rulings))
    assert not unknown, f"tests mark rulings that rulings.yaml lacks: {unknown}"


def test_rulings_named_in_the_engine_exist(core):
    """Docstrings and flags name rulings as ``ruling `id` `` or flag("id")."""
    pattern = re.compile(r"""ruling\s+``([a-z0-9-]+)``|flag\(\s*"([a-z0-9-]+)"\s*\)""")
    named: set[str] = set()
    for path in (ROOT / "tales").rglob("*.py"):
        for a, b in pattern.findall(path.read_text(encoding="utf-8")):
            named.add(a or b)
    unknown = sorted(named - set(core.rulings.rulings))
    assert not unknown, f"the engine names rulings that rulings.yaml lacks: {unknown}"


def test_every_ruling_has_a_rationale(core):
    for ruling in core.rulings.rulings.values():
        assert len(ruling.rationale.split()) >= 10, ruling.id


def test_rulings_doc_is_up_to_date():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import make_rulings_doc
    finally:
        sys.path.pop(0)
    doc = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    if doc != make_rulings_doc.render():
        pytest.fail("docs/rulings.md is stale: run python tools/make_rulings_doc.py")


def test_every_switch_is_read_by_the_engine_through_flag(core):
    switches = {r.id for r in core.rulings.switches()}
    missing = sorted(switches - _flags_in_the_engine())
    assert not missing, f"switches the engine never reads with flag(...): {missing}"


def test_the_engine_reads_only_switches_as_flags(core):
    switches = {r.id for r in core.rulings.switches()}
    readings = sorted(_flags_in_the_engine() - switches)
    assert not readings, f"flag(...) names rulings that are not switches: {readings}"


def test_every_switch_has_a_test_of_each_value(core):
    marks = _marks()
    missing = [
        f"{r.id}={str(value).lower()}"
        for r in core.rulings.switches()
        for value in (True, False)
        if (r.id, str(value)) not in marks
    ]
    assert not missing, f"switch values no @ruling(id, value=...) test plays: {missing}"


def test_only_switches_are_marked_with_a_value(core):
    switches = {r.id for r in core.rulings.switches()}
    wrong = sorted({i for i, value in _marks() if value and i not in switches})
    assert not wrong, f"readings marked with a value, as if a group could flip them: {wrong}"


def test_a_switch_is_true_or_false_and_a_reading_is_not(core):
    for ruling in core.rulings.rulings.values():
        is_switch = ruling.kind is RulingKind.SWITCH
        assert is_switch == isinstance(ruling.default, bool), ruling.id


def test_flag_refuses_an_unknown_id_and_a_reading(core):
    with pytest.raises(RulingError, match="did you mean 'explosions-optional'"):
        core.rulings.flag("explosion-optional")
    with pytest.raises(RulingError, match="is a fixed reading"):
        core.rulings.flag("dice-faces")
    with pytest.raises(RulingError, match="no ruling"):
        Rulings().flag("explosions-optional")


def test_a_house_rule_flips_a_switch_and_only_a_switch(core):
    house = core.rulings.overriding({"explosions-optional": False})
    assert house.flag("explosions-optional") is False
    assert core.rulings.flag("explosions-optional") is True, "the defaults stay as they are"
    assert house.house_rules() == {"explosions-optional": False}
    assert core.rulings.overriding({"explosions-optional": True}).house_rules() == {}
    with pytest.raises(RulingError, match="true or false, not 'no'"):
        core.rulings.overriding({"explosions-optional": "no"})
    with pytest.raises(RulingError, match="is a fixed reading"):
        core.rulings.overriding({"tracks-capped": False})


@pytest.mark.parametrize(
    ("texts", "message"),
    [
        (
            ["explosion-optional=false"],
            "no ruling 'explosion-optional'; did you mean 'explosions-optional'",
        ),
        (["explosions-optional=maybe"], "true or false, not 'maybe'"),
        (["explosions-optional"], "ID=VALUE"),
        (["dice-faces=false"], "is a fixed reading"),
        # A reading given a word that is not true or false: once said to be "a switch".
        (["vehicle-driver=first-aboard-drives"], "is a fixed reading"),
    ],
)
def test_ruling_options_are_checked(core, texts, message):
    with pytest.raises(RulingError, match=re.escape(message)):
        parse_overrides(core.rulings, texts)


def test_ruling_options_parse_words_for_true_and_false(core):
    texts = ["explosions-optional=false", "test-once-a-round=No", "item-use-free=on"]
    assert parse_overrides(core.rulings, texts) == {
        "explosions-optional": False,
        "test-once-a-round": False,
        "item-use-free": True,
    }
