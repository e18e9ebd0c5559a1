"""Shared pieces of the combat rule-case tables: named die faces and a scripted chooser.

Every die roll is a chance :class:`~tales.rules.decisions.Decision` whose options are
:class:`~tales.rules.dice.Face` objects. :class:`Script` answers them from a queue of the
faces a row wants rolled, in order, and answers every player or table Decision from a second
queue of ``(kind, answer)`` pairs, checking that the Decision asked is of that kind. A row
fails when the engine asks a Decision it did not script, or leaves a scripted answer unused.

The faces are the bundled dice (``tales/data/dice.toml``, an assumption of the engine's):

    Damage Die (yellow): 0, 1, 2, Critical Hit (0 + 1 and reroll), 1 + Inspire, 1
    Epic Die (black):    1, 2, 2, 3, 1 + Critical Hit, 2 + Inspire
    Doom Die (red):      Doom, Doom, blank x4
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from tales.board.position import Position
from tales.rules.attacks import Battle, CombatRules
from tales.rules.decisions import Decider, Decision, Resolution, resolve
from tales.rules.dice import Face, load_dice
from tales.rules.epic_pool import EpicPool
from tests.build import fig

DICE = load_dice()

# Damage Die faces
BLANK = Face()
ONE = Face(damage=1)
TWO = Face(damage=2)
CRIT = Face(crit=True)
INSPIRE = Face(damage=1, inspire=1)
# Epic Die faces (ONE and TWO are on it too)
THREE = Face(damage=3)
EPIC_CRIT = Face(damage=1, crit=True)
EPIC_INSPIRE = Face(damage=2, inspire=1)
# Doom Die faces (BLANK is the blank face)
DOOM = Face(doom=True)

Choice = tuple[str, Any]


@dataclass
class Script:
    """A chooser: chance Decisions take ``rolls`` in order, the others take ``choices``."""

    rolls: list[Face]
    choices: list[Choice]
    asked: list[Decision[Any]] = field(default_factory=list)

    def __call__(self, decision: Decision[Any]) -> Any:
        self.asked.append(decision)
        if decision.decider is Decider.CHANCE:
            if not self.rolls:
                raise AssertionError(f"no roll scripted for {decision.kind!r}")
            return self.rolls.pop(0)
        if not self.choices:
            raise AssertionError(f"no answer scripted for {decision.kind!r} "
                                 f"({decision.prompt})")
        kind, answer = self.choices.pop(0)
        if kind != decision.kind:
            raise AssertionError(f"scripted a {kind!r} answer, but {decision.kind!r} was "
                                 f"asked ({decision.prompt})")
        return answer

    @property
    def kinds(self) -> list[str]:
        """The kinds of the Decisions asked, in order (single-option ones are not asked)."""
        return [d.kind for d in self.asked]

    def decision(self, kind: str) -> Decision[Any]:
        """The first Decision of ``kind`` asked."""
        for asked in self.asked:
            if asked.kind == kind:
                return asked
        raise AssertionError(f"no {kind!r} Decision was asked; asked: {self.kinds}")


def run(resolution: Resolution[Any], rolls: Iterable[Face] = (),
        choices: Iterable[Choice] = ()) -> tuple[Any, Script]:
    """Resolve with a :class:`Script`; every scripted roll and answer must be used."""
    script = Script(list(rolls), list(choices))
    result = resolve(resolution, script)
    assert not script.rolls, f"rolls never asked for: {script.rolls}; asked: {script.kinds}"
    assert not script.choices, (f"answers never asked for: {script.choices}; "
                                f"asked: {script.kinds}")
    return result, script


def battle(position: Position, pool: int = 0, size: int = 3, legend: bool = False,
           hitback: int = 2) -> Battle:
    """A :class:`Battle` on ``position`` with ``pool`` of ``size`` Epic Dice."""
    return Battle(position, EpicPool(pool, size), DICE, legend, CombatRules(hitback))


def state(position: Position, figure_id: str) -> tuple[int, dict[str, int]] | None:
    """A figure's damage and its tokens (``{"shield": 1}``); None once it left the map."""
    if figure_id not in {f.id for f in position.figures}:
        return None
    figure = position.figure(figure_id)
    return figure.damage, {t.value: n for t, n in figure.tokens}


def space(position: Position, name: str) -> int:
    """The index of the space called ``name``."""
    return position.board.names.index(name)


def present(position: Position) -> list[str]:
    """Ids of the figures on the map, sorted."""
    return sorted(f.id for f in position.figures)


def hero_(figure_id: str = "h", at: str = "A1", **keys: Any) -> dict[str, object]:
    """A Fresh Hero: Fortitude 6, Wounded side 8 (a Wounded one keeps only ``fortitude``)."""
    base: dict[str, object] = {"fortitude": 6}
    if not keys.get("wounded"):
        base["wounded_fortitude"] = 8
    return fig(figure_id, at, "hero", **(base | keys))


def foe(figure_id: str = "s", at: str = "B1", **keys: Any) -> dict[str, object]:
    """A Schemer with Fortitude 20 unless given."""
    return fig(figure_id, at, "schemer", **({"fortitude": 20} | keys))
