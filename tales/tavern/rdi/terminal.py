"""The Red Dragon Inn at the terminal: people and bots at one table, hands hidden.

Each person sees the table (everyone's Fortitude, Alcohol, Gold and Drink Me! pile size,
the Inn, the pot), the log, and only their own hand; every choice is a numbered menu. Bots
(greedy or random) and the shuffles are seeded, so a game replays from its seed and the
people's answers.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np

from tales.engine.game import Game
from tales.errors import TalesError
from tales.tavern.at_table import drive
from tales.tavern.rdi.bots import policy
from tales.tavern.rdi.decks import load_drinks
from tales.tavern.rdi.model import Mode, Tavern, Variant
from tales.tavern.rdi.rules import play_game
from tales.tavern.rdi.simulate import DECKS, table


def table_lines(tavern: Tavern, viewer: str) -> list[str]:
    """The table as ``viewer`` sees it: public counts for all (teams on their shared mat,
    tokens, Drinks in front), the hand only for them and their teammates (001: teammates
    "can look at each other's hands")."""
    lines = [f"Inn {tavern.inn} Gold" + (f", pot {tavern.pot}" if tavern.pot else "")]
    for player in tavern.players:
        mat = tavern.mat(player.name)
        shared = f" [{player.team}]" if player.team else ""
        tokens = ", ".join(f"{n} {r}" for r, n in player.tokens)
        status = "out" if player.out else (
            f"Fortitude {mat.fortitude}, Alcohol {mat.alcohol}, Gold {mat.gold}, "
            f"{len(player.drink_me)} Drink(s) waiting, {len(player.hand)} cards"
            + (f"; {tokens}" if tokens else "")
            + (f"; in front: {', '.join(d.name for d in player.in_front)}"
               if player.in_front else ""))
        lines.append(f"  {player.name} ({player.character}){shared}: {status}")
    for mate in tavern.team(viewer):
        whose = "your hand" if mate.name == viewer else f"{mate.name}'s hand"
        lines.append(f"  {whose}: " + ("; ".join(c.name for c in mate.hand) or "empty"))
    return lines


def play(players: int, people: int, seed: int, read: Callable[[str], str] | None = None,
         write: Callable[[str], None] = print, characters: list[str] | None = None,
         mode: Mode = Mode.INDIVIDUAL, bar_deck: bool = False, bot: str = "greedy"
         ) -> Tavern | None:
    """Play one game; the final table, or None if a person quit."""
    ask = read or (lambda prompt: input(prompt))
    _, decks = table(players, characters, mode)
    drinks = load_drinks(Path(DECKS) / "drinks-sample.toml")
    names = [f"you{n + 1}" if people > 1 else "you" for n in range(people)]
    names += [f"bot{n + 1}" for n in range(players - people)]
    humans = set(names[:people])
    bots = policy(bot, np.random.default_rng([seed, 1]))
    variant = Variant(mode, bar_deck=bar_deck)
    try:
        game: Game[Tavern] = Game(lambda: play_game(names, decks, drinks, variant=variant))
    except ValueError as error:
        raise TalesError(str(error)) from None
    final = drive(game, humans, seed, bots, table_lines, ask, write)
    if final is None:
        return None
    winners = final.winners or ()
    write(("Winner: " if len(winners) == 1 else "A tie: ") + ", ".join(winners))
    return final
