"""The encounter game at the terminal: people and random bots at one table. A person sees
the Encounter, everyone's Life Points, Items and Prestige, the log, and only their own
hand; every choice is a numbered menu. A game replays from its seed and the answers."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from tales.engine.game import random_policy, roll_chance
from tales.rules.decisions import Decider
from tales.tavern.encounter.cards import load
from tales.tavern.encounter.model import Caverns
from tales.tavern.encounter.simulate import SAMPLE, game


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
         read: Callable[[str], str] | None = None, write: Callable[[str], None] = print
         ) -> Caverns | None:
    """Play one game; the final table, or None if a person quit."""
    ask = read or (lambda prompt: input(prompt))
    box = load(deck or SAMPLE)
    run = game(box, players)
    humans = {f"seat {n + 1}" for n in range(people)}
    rng = np.random.default_rng(seed)
    bot = random_policy(np.random.default_rng([seed, 1]))
    shown, table_at = 0, -1
    while run.pending is not None:
        decision = run.pending
        state: Any = decision.state
        if state is not None:
            for line in state.log[shown:]:
                write(f"  {line}")
            shown = len(state.log)
        if decision.decider is Decider.CHANCE:
            run.answer(roll_chance(decision, rng))
            continue
        if decision.figure not in humans:
            run.answer(bot(decision))
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
                run.choose(int(text) - 1)
                break
    final = run.result
    assert final is not None
    for line in final.log[shown:]:
        write(f"  {line}")
    return final
