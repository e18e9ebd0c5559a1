"""Issue 38, item 2: no option is shown as a bare number. Every Decision kind the sample
content meets (scenarios/*.toml with several Heroes and Companions, Zot with Pooky among
them, and every card of companions/) is played with random answers, and each option is
read as the terminal lists it and as the window shows it (a button, a green space): a
space by its name (C3), an ability by its name, a count with what it counts. A space any
Decision offers is a clickable space of the window, on the board as it is at that moment.
"""

from __future__ import annotations

import os

os.environ["TALES_HEADLESS"] = "1"  # before tales.viewer: pyglet must draw off-screen

import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from tales.engine.content import load_context
from tales.engine.state import Setup
from tales.present.chance import chance_lines
from tales.rules.decisions import Decider, Decision
from tales.table import SPACE_DECISIONS
from tales.terminal import TerminalGame
from tests.test_viewer import viewer  # noqa: F401  (the fixture, used by name)

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted(p for p in (ROOT / "scenarios").glob("*.toml")
                   if "campaign" not in p.stem and "schemers" not in p.stem)
COMPANIONS = sorted(p.stem for p in (ROOT / "companions").glob("*.toml"))
#: Hero and Companion combinations: Zot brings Pooky (Appendix B), and every Companion card
#: is played by some Hero.
TEAMS = [(("zot",), "otto-guard"), (("gerki", "zot"), None), (("fiona", "gog"), None),
         (("deirdre", "eve"), None),
         *((((("gerki", "eve", "gog", "fiona", "deirdre")[i % 5]),), c)
           for i, c in enumerate(COMPANIONS) if c != "pooky"),
         (("gerki",), "pooky")]
#: a tracker card is a numbered card: its number is its name (typed as the number)
NUMBERED_CARDS = frozenset({"tracker-card"})
BARE = re.compile(r"[\d\s,()\-]+")
SEEDS = 2
MOST = 600  # answers a game


def bare(text: str) -> bool:
    """An option shown as numbers alone ('17', '17, 18', '(3)')."""
    return bool(BARE.fullmatch(text.strip()))


def terminal_options(term: TerminalGame, decision: Decision[Any]) -> list[str]:
    """The options as the terminal lists them (its own menu, then 'q' to leave it)."""
    written: list[str] = []
    term.write = written.append
    if decision.decider is Decider.CHANCE:
        written.extend(chance_lines(decision))
    else:
        term.read = lambda prompt: "q"
        term.ask(decision)
    menu = [m.group(1) for line in written if (m := re.match(r"\s+\d+\) (.*)$", line))]
    cards = [o for line in written if line.strip().startswith("cards left:")
             for o in line.split(":", 1)[1].split(",")]
    return menu + [c.strip() for c in cards]


@pytest.fixture(scope="module")
def met(viewer: SimpleNamespace) -> dict[str, list[str]]:  # noqa: F811
    """Every Decision kind met, with the problems found on it."""
    found: dict[str, list[str]] = {}
    for path in SCENARIOS:
        for heroes, companion in TEAMS:
            ctx = load_context(Setup(str(path), heroes, companion=companion))
            for seed in range(SEEDS):
                rng = np.random.default_rng(seed)
                control = viewer.GameControl(ctx, seed, physical=True)
                term = TerminalGame(ctx, seed)
                term.game = control.game
                for _ in range(MOST):
                    decision = control.game.pending
                    if decision is None:
                        break
                    problems = found.setdefault(decision.kind, [])
                    where = f"{path.stem} {'+'.join(heroes)} {companion}: {decision.prompt}"
                    view = control.view()
                    shown = list(view.panel.options)
                    said = terminal_options(term, decision)
                    if decision.kind not in NUMBERED_CARDS:
                        problems.extend(f"{where}: window button {t!r}" for t in shown
                                        if bare(t))
                        problems.extend(f"{where}: terminal option {t!r}" for t in said
                                        if bare(t))
                    if decision.kind in SPACE_DECISIONS:
                        if view.legal != frozenset(decision.options):
                            problems.append(f"{where}: clickable {sorted(view.legal)}, "
                                            f"offered {sorted(decision.options)}")
                        if decision.position is None or view.position is not (
                                decision.position):
                            problems.append(f"{where}: not drawn on the board it is "
                                            "asked on")
                        space = int(rng.choice(sorted(view.legal or decision.options)))
                        if space in view.legal:
                            control.click_space(space)
                            continue
                    control.choose(int(rng.integers(len(shown))) if shown else 0)
    return found


def test_sample_content_meets_the_decisions_that_matter(met: dict[str, list[str]]) -> None:
    """The walk reaches the questions of issue 38 (a Zot summoned by Pooky, counts, the
    Schemers' ties, the Companions' spaces), so the test below reads them."""
    assert {"summon-zot", "move-to", "start-space", "tile", "ability", "effect-space",
            "damage-boost", "invigorate", "roll-pooky", "final-target-space"} <= set(met)


def test_no_option_is_a_bare_number(met: dict[str, list[str]]) -> None:
    problems = [p for kind in sorted(met) for p in met[kind][:3]]
    assert not problems, "\n".join(problems)


def test_an_ability_is_asked_by_its_name_not_its_number() -> None:
    """Fatigue, Invigorate, Recharge and a Reset Token ask which ability: by name."""
    from tales.present.options import option_text
    from tales.rules.abilities import AbilityState, fatigue, invigorate

    abilities = (AbilityState("Backstab", cooldown=1), AbilityState("Sneak", cooldown=2))
    for asked in (fatigue(abilities, "gerki", 1), invigorate(abilities, "gerki", 1)):
        decision = next(asked)
        assert [option_text(decision, o) for o in decision.options] == ["Backstab", "Sneak"]
