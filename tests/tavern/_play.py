"""Running tavern rules with scripted answers, for the case tables."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tales.engine.game import Game
from tales.rules.decisions import Decision, Resolution
from tales.tavern.rdi.model import Drink, Player, Tavern

LIGHT = Drink("Light Ale", 1)


def table(players: list[Player], deck: tuple[Drink, ...] = (LIGHT,) * 10, inn: int = 50,
          **fields: Any) -> Tavern:
    """A table of ``players`` (seat order) with a Drink Deck whose top is its last card."""
    return Tavern(tuple(players), deck, inn=inn, **fields)


def run(resolution: Resolution[Tavern], answers: dict[str, list[Any]] | None = None,
        default: Callable[[Decision[Any]], Any] | None = None,
        asked: list[Decision[Any]] | None = None) -> Tavern:
    """Answer each Decision from ``answers`` (a queue per Decision kind), else with
    ``default`` (by default "pass" when it is an option, or the first option). Every
    Decision asked is appended to ``asked``. Scripted answers left over are an error."""
    queue = {k: list(v) for k, v in (answers or {}).items()}
    game: Game[Tavern] = Game(lambda: resolution)
    while game.pending is not None:
        decision: Decision[Any] = game.pending
        if asked is not None:
            asked.append(decision)
        wanted = queue.get(decision.kind)
        if wanted:
            game.answer(wanted.pop(0))
        elif default is not None:
            game.answer(default(decision))
        else:
            game.answer("pass" if "pass" in decision.options else decision.options[0])
    left = {k: v for k, v in queue.items() if v}
    assert not left, f"scripted answers never asked for: {left}"
    assert game.result is not None
    return game.result
