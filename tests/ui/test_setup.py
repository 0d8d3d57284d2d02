"""The setup's house rules: --ruling options and the optional last question."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from tales.errors import RulingError
from tales.story.cache import load_tale_cached
from tales.story.core import tale_path
from tales.ui.setup import Choices, ask_house_rules, complete, house_rules


def answers(*replies: str) -> tuple[list[str], Callable[[str], str]]:
    asked: list[str] = []
    given: Iterator[str] = iter(replies)

    def prompt(question: str) -> str:
        asked.append(question)
        return next(given)

    return asked, prompt


def test_enter_plays_by_the_rulings_as_written(core) -> None:
    asked, prompt = answers("")
    assert ask_house_rules(core, prompt) == ()
    assert asked == ["House rules, as ID=VALUE ... ('?' lists them) [none]: "]


def test_house_rules_are_listed_then_a_mistake_is_asked_again(core, capsys) -> None:
    asked, prompt = answers(
        "?", "explosion-optional=false", "explosions-optional=false item-use-free=false"
    )
    house = ask_house_rules(core, prompt)
    assert house == (("explosions-optional", False), ("item-use-free", False))
    shown = capsys.readouterr().out
    assert "  explosions-optional (now true): Each Exploding Success may be declined" in shown
    assert "did you mean 'explosions-optional'?" in shown
    assert len(asked) == 3


def test_ruling_options_become_part_of_the_setup(core) -> None:
    tale, _ = load_tale_cached(tale_path(None))
    assert tale is not None
    setup = complete(core, tale, Choices(seed=1, rulings=("test-once-a-round=false",)))
    assert setup.rulings == (("test-once-a-round", False),)
    assert setup.rulings_in_force(core).flag("test-once-a-round") is False
    with pytest.raises(RulingError, match="did you mean 'test-once-a-round'"):
        complete(core, tale, Choices(seed=1, rulings=("test-once-around=false",)))


def test_house_rules_keep_only_what_differs_from_the_defaults(core) -> None:
    texts = ["test-once-a-round=false", "item-use-free=true", "explosions-optional=off"]
    assert house_rules(core, texts) == (
        ("explosions-optional", False),
        ("test-once-a-round", False),
    )


def test_a_setup_completed_again_follows_its_choices_and_its_tale(core) -> None:
    """complete() keeps what it made of the choices but the seed: asked again,
    by other choices or of another tale, it gives what a first asking gives."""
    from tales.ui import setup

    bell = load_tale_cached(tale_path("the-drowned-bell"))[0]
    reef = load_tale_cached(tale_path("the-reef-ledger"))[0]
    assert bell is not None and reef is not None
    asked = [
        Choices(seed=1),
        Choices(seed=2, players=2, investigators=("Ezra",)),
        Choices(seed=3, players=2, investigators=("ezra-marsh",), companions=("Irene",)),
        Choices(seed=4, difficulty="hard", rulings=("explosions-optional=false",)),
        Choices(seed=5, scenario=next(reversed(reef.scenarios))),
    ]
    for tale in (bell, reef, bell):
        for choices in asked[:4] if tale is bell else asked:  # the last names a reef scenario
            again = complete(core, tale, choices)
            setup._COMPLETED.clear()
            assert again == complete(core, tale, choices)  # made from scratch
            assert complete(core, tale, choices) == again  # and kept
            assert again.seed == choices.seed
    assert complete(core, bell, Choices(seed=9)).scenario == next(iter(bell.scenarios))
    assert complete(core, reef, Choices(seed=9)).scenario == next(iter(reef.scenarios))
