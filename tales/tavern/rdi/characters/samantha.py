"""Samantha the Bookie (seed 000, "Samantha the Bookie"): Brawls, the Brawler Deck and the
Brawl Tracker.

Her Brawler Cards are the side deck ``pile = "brawlers"`` of her deck file (each an Action
card: what the Brawl does). ``{ handler = "start a brawl" }`` starts one
(:func:`start_brawl`): the Brawl Count (the ``brawl`` token, 0 to 10) goes up by 1, then the
top Brawler Card is revealed and resolves as an Action card she played, and goes to the
Brawler discard pile. At a count of 4 she loses 1 Alcohol Content, at 7 she gains 1 Gold from
the Inn, and from 10 on she orders one more Drink in each Order a Drink Phase
(:meth:`Samantha.extra_orders`). The Brawler Deck is reshuffled when it runs out; the count
stays at 10.
"""

from __future__ import annotations

from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import Mechanics, Resource, register
from tales.tavern.rdi.model import Step, Tavern
from tales.tavern.rdi.stats import change, collect
from tales.tavern.rdi.zones import reveal_from_pile

NAME = "samantha"
BRAWLERS = "brawlers"
BRAWL = "brawl"  # the Brawl Count
START = "start a brawl"
MOST = 10


def start_brawl(tavern: Tavern, name: str) -> Resolution[Tavern]:
    """000: "To start a Brawl, increase the Brawl count on the Brawl Tracker Card by 1, then
    reveal the top card of the Brawler Deck and do what it says."""
    from tales.tavern.rdi.effects import play_card

    count = min(tavern.player(name).count(BRAWL) + 1, MOST)
    if count != tavern.player(name).count(BRAWL):
        tavern = tavern.with_player(tavern.player(name).with_count(BRAWL, count))
        if count == 4:  # "If the Brawl Count gets to 4, Samantha loses 1 Alcohol Content."
            tavern = change(tavern, name, alcohol=-1,
                            line=f"{name} {{change}}: the Brawl Count is 4")
        elif count == 7:  # "If the Brawl Count gets to 7, Samantha gains a Gold from the Inn."
            tavern = collect(tavern.note(f"{name} takes 1 Gold from the Inn: the Brawl Count "
                                         "is 7"), name, 1)
    tavern = tavern.note(f"{name} starts a Brawl (Brawl Count {count})")
    tavern, brawler = yield from reveal_from_pile(tavern, BRAWLERS)
    if brawler is None:
        return tavern
    tavern, _ = yield from play_card(tavern, name, brawler, label=f"Brawl: {brawler.name}")
    return tavern


class Samantha(Mechanics):
    name = NAME
    handlers = frozenset({START})
    resources = (Resource(BRAWL, limit=MOST, owner=NAME),)

    def extra_orders(self, tavern: Tavern, name: str) -> int:
        """000: "If the Brawl Count gets to 10, then for the rest of the game, during
        Samantha's Order a Drink Phase, she orders an additional Drink"."""
        return 1 if tavern.player(name).count(BRAWL) >= MOST else 0

    def handle(self, tavern: Tavern, name: str, step: Step, target: str | None
               ) -> Resolution[Tavern]:
        if step.handler == START:
            return (yield from start_brawl(tavern, name))
        return tavern


register(Samantha())
