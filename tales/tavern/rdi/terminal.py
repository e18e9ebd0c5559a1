"""The Red Dragon Inn at the terminal: people and bots at one table, hands hidden.

Each person sees the table (everyone's Fortitude, Alcohol, Gold and Drink Me! pile size,
the Inn, the pot), the log, and only their own hand; every choice is a numbered menu. Bots
(random legal play) and the shuffles are seeded, so a game replays from its seed and the
people's answers.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from tales.engine.game import Game, random_policy, roll_chance
from tales.rules.decisions import Decider
from tales.tavern.rdi.decks import load_character, load_drinks
from tales.tavern.rdi.model import Tavern
from tales.tavern.rdi.rules import play_game
from tales.tavern.rdi.simulate import DECKS


def table_lines(tavern: Tavern, viewer: str) -> list[str]:
    """The table as ``viewer`` sees it: public counts for all, the hand only for them."""
    lines = [f"Inn {tavern.inn} Gold" + (f", pot {tavern.pot}" if tavern.pot else "")]
    for player in tavern.players:
        status = "out" if player.out else (
            f"Fortitude {player.fortitude}, Alcohol {player.alcohol}, Gold {player.gold}, "
            f"{len(player.drink_me)} Drink(s) waiting, {len(player.hand)} cards")
        lines.append(f"  {player.name} ({player.character}): {status}")
    me = tavern.player(viewer)
    lines.append("  your hand: " + ("; ".join(c.name for c in me.hand) or "empty"))
    return lines


def play(players: int, people: int, seed: int, read: Callable[[str], str] | None = None,
         write: Callable[[str], None] = print) -> Tavern | None:
    """Play one game; the final table, or None if a person quit."""
    ask = read or (lambda prompt: input(prompt))
    files = sorted(str(p) for p in (DECKS / "characters").glob("*.toml"))
    decks = [load_character(files[n % len(files)]) for n in range(players)]
    drinks = load_drinks(Path(DECKS) / "drinks-sample.toml")
    names = [f"you{n + 1}" if people > 1 else "you" for n in range(people)]
    names += [f"bot{n + 1}" for n in range(players - people)]
    humans = set(names[:people])
    rng = np.random.default_rng(seed)
    bot = random_policy(np.random.default_rng([seed, 1]))
    game: Game[Tavern] = Game(lambda: play_game(names, decks, drinks))
    shown = 0
    table_at = -1  # the log length when the table was last shown
    while game.pending is not None:
        decision = game.pending
        state: Any = decision.state
        if state is not None:
            for line in state.log[shown:]:
                write(f"  {line}")
            shown = len(state.log)
        if decision.decider is Decider.CHANCE:
            game.answer(roll_chance(decision, rng))
            continue
        if decision.figure not in humans:
            game.answer(bot(decision))
            continue
        if state is not None and table_at != shown:
            table_at = shown
            for line in table_lines(state, str(decision.figure)):
                write(line)
        write(f"[{decision.figure}] {decision.prompt}")
        for number, option in enumerate(decision.options, 1):
            write(f"  {number}) {option}")
        while True:
            try:
                text = ask(f"choose 1-{len(decision.options)} (q quits)> ").strip()
            except EOFError:
                return None
            if text == "q":
                return None
            if text.isdigit() and 1 <= int(text) <= len(decision.options):
                game.choose(int(text) - 1)
                break
    final = game.result
    assert final is not None
    for line in final.log[shown:]:
        write(f"  {line}")
    winners = final.winners or ()
    write(("Winner: " if len(winners) == 1 else "A tie: ") + ", ".join(winners))
    return final
