"""Torglesnarf Duncleton, First of His Name (seed 002, "Torglesnarf"; the checklist's C-9):
two extra Gold, and Minions, targetable non-players (A-86).

A Minion card (``minion = true``) is played as his Action and stays in play
(:func:`~tales.tavern.rdi.effects.play_card`); a "Negate an Action" stops it coming into
play. Other players may pick his Minions for Fortitude loss and redirection, and "each
other player" Fortitude loss hits them; each time one loses Fortitude he pays its Wages to
the Inn or discards it (:func:`~tales.tavern.rdi.effects.minion_hit`). Once during each of
his Action Phases each Minion with an effect may be activated (its steps, played as his,
with the Minion as their source: a hit-back may aim at it). An activation cannot be
Negated as an Action, only Ignored.
"""

from __future__ import annotations

from dataclasses import replace

from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi.characters import Mechanics, register
from tales.tavern.rdi.model import Tavern
from tales.tavern.rdi.stats import collect

EXTRA_GOLD = 2  # "Torglesnarf starts the game with two extra Gold."


class Torglesnarf(Mechanics):
    name = "torglesnarf"

    def set_up(self, tavern: Tavern, name: str) -> Tavern:
        return collect(tavern, name, EXTRA_GOLD).note(f"{name} takes {EXTRA_GOLD} extra Gold")

    def activations(self, tavern: Tavern, name: str, done: frozenset[str]
                    ) -> Resolution[tuple[Tavern, frozenset[str]]]:
        """"Once during each of your Action Phases" for each Minion with an effect, before
        or after the Action card: "A Minion may act on the turn it comes into play"."""
        from tales.tavern.rdi.effects import play_card

        for minion in [m for m in tavern.minions if m.controller == name and m.card.steps
                       and m.name not in done]:
            if tavern.minion(minion.name) is None or tavern.player(name).out:
                continue
            choice = yield Decision("activate", f"{name}: activate {minion.name}?",
                                    ("no", "yes"), Decider.PLAYER, name, state=tavern)
            if choice == "yes":
                done = done | {minion.name}
                activation = replace(minion.card, activation=True, minion=False)
                tavern, _ = yield from play_card(tavern, name, activation, discard=False,
                                                 label=f"{minion.name}'s activation",
                                                 via=minion.name)
        return tavern, done


register(Torglesnarf())
