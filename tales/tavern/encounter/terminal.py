"""The encounter game at the terminal: people and random bots at one table. A person sees
the Encounter, everyone's Life Points, Items and Prestige, the log, and only their own
hand; every choice is a numbered menu. A game replays from its seed and the answers."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from tales.engine.game import random_policy
from tales.tavern.at_table import drive
from tales.tavern.encounter.cards import load
from tales.tavern.encounter.model import Caverns
from tales.tavern.encounter.module import load_module
from tales.tavern.encounter.simulate import SAMPLE, game, veteran_seats


def table_lines(table: Caverns, viewer: str) -> list[str]:
    """The table as ``viewer`` sees it."""
    card = table.encounter
    lines = [f"Encounter {table.number}: {card.name} - {table.life} Life Points"
             + (f", tokens {list(table.tokens)}" if table.tokens else "")
             if card is not None else "between Encounters"]
    for player in table.players:
        status = "dead" if player.dead else (
            f"{player.life} Life Points, Initiative {player.initiative}, "
            f"{len(player.hand)} cards, Prestige {player.score}"
            + (f", poison {player.poison}" if player.poison else "")
            + (f"; Items: {', '.join(c.name for c in player.items)}" if player.items else ""))
        lines.append(f"  {player.name} ({player.character or 'adventurer'}): {status}")
    lines.append("  your hand: " + ("; ".join(c.name for c in table.player(viewer).hand)
                                    or "empty"))
    return lines


def play(players: int, people: int, seed: int, deck: str | Path | None = None,
         read: Callable[[str], str] | None = None, write: Callable[[str], None] = print,
         module: str | Path | None = None, veterans: Sequence[int] = ()) -> Caverns | None:
    """Play one game (an Adventure Module's, if given); the final table, or None if a
    person quit."""
    ask = read or (lambda prompt: input(prompt))
    box = load(deck or SAMPLE)
    story = load_module(module, box.encounters) if module else None
    run = game(box, players, story, veteran_seats(veterans, players))
    humans = {f"seat {n + 1}" for n in range(people)}
    bot = random_policy(np.random.default_rng([seed, 1]))
    return drive(run, humans, seed, bot, table_lines, ask, write)
