"""Dale the Mycologist (seed 000; the checklist's section C): Mushrooms planted, grown,
harvested and gathered.

His Mushroom Deck is the sub-deck ``pile = "mushrooms"`` of his file: each Mushroom's
``values`` are its Harvest Values, top to bottom, and its ``steps`` its Gather effect (none:
it has none); ``icons = ["never gathered"]`` is The Evershroom's exception. His Planter Box
is the table's pile ``<name> planter`` (at most four); a Mushroom's Rake Token is the card's
``marker`` (0: the topmost number). A Harvest effect is a boost with ``cost = { harvest = N
}`` (``instead = true`` when it replaces the base effect), paid by discarding Mushrooms whose
Harvest Values add up to N or more (:meth:`Dale.pay_whole`).
"""

from __future__ import annotations

from dataclasses import replace

from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi.characters import Mechanics, register
from tales.tavern.rdi.model import Card, Tavern
from tales.tavern.rdi.zones import reveal_from_pile, take_top

NAME = "dale"
MUSHROOMS = "mushrooms"
DISCARDS = f"{MUSHROOMS} discard"
HARVEST = "harvest"
NEVER = "never gathered"  # The Evershroom
BOX = 4  # "The Planter Box may hold a maximum of four Mushrooms."


def planter(name: str) -> str:
    """The table's pile that is ``name``'s Planter Box."""
    return f"{name} planter"


def value(mushroom: Card) -> int:
    """A Mushroom's Harvest Value: the number its Rake Token points to."""
    return mushroom.values[mushroom.marker] if mushroom.values else 0


def grown(mushroom: Card) -> bool:
    """Its Rake Token points to its bottom-most number."""
    return mushroom.marker >= len(mushroom.values) - 1


def _label(n: int, mushroom: Card) -> str:
    return f"{n + 1}: {mushroom.name} ({value(mushroom)})"


def _to_discards(tavern: Tavern, *mushrooms: Card) -> Tavern:
    return tavern.with_pile(DISCARDS, (*tavern.pile(DISCARDS),
                                       *(replace(m, marker=0) for m in mushrooms)))


def _reveal(tavern: Tavern) -> Resolution[tuple[Tavern, Card | None]]:
    """The top of the Mushroom Deck; 000: "If the Mushroom Deck runs out of cards, shuffle
    the Mushroom discards and use that as the new Mushroom Deck."""
    tavern, top = yield from reveal_from_pile(tavern, MUSHROOMS, "the Mushroom discards")
    return tavern, None if top is None else replace(top, marker=0)


def plant(tavern: Tavern, name: str) -> Resolution[Tavern]:
    """000: "reveal the top card of the Mushroom Deck, put it into the Planter Box and put a
    Rake Token on the topmost number on that card"; with four there, discard one of the five
    (his choice)."""
    tavern, mushroom = yield from _reveal(tavern)
    if mushroom is None:
        return tavern
    box = tavern.pile(planter(name))
    tavern = tavern.note(f"{name} plants {mushroom.name}")
    if len(box) < BOX:
        return tavern.with_pile(planter(name), (*box, mushroom))
    options = (f"new: {mushroom.name} ({value(mushroom)})",
               *(_label(n, m) for n, m in enumerate(box)))
    choice = yield Decision("plant", f"{name}: the Planter Box is full: discard which "
                            "Mushroom?", options, Decider.PLAYER, name, state=tavern)
    if choice == options[0]:
        return _to_discards(tavern, mushroom).note(f"{name} discards {mushroom.name}")
    at = options.index(choice) - 1
    tavern = _to_discards(tavern, box[at]).note(f"{name} discards {box[at].name}")
    return tavern.with_pile(planter(name), (*box[:at], *box[at + 1:], mushroom))


def grow(tavern: Tavern, name: str) -> Tavern:
    """000: "To Grow a Mushroom, move its Rake Token down one spot ... If you would Grow a
    Mushroom whose Rake Token is already pointing to its bottom-most number, nothing
    happens."""
    box = tuple(m if grown(m) else replace(m, marker=m.marker + 1)
                for m in tavern.pile(planter(name)))
    return tavern.with_pile(planter(name), box)


def gather(tavern: Tavern, name: str) -> Resolution[Tavern]:
    """000: "At the end of your turn, you **must** discard any Mushroom whose Rake Token is
    pointing to its bottom-most Harvest Value. If any card discarded in this way has a
    Gather effect, resolve that effect as you discard the card. A Gather effect may be
    responded to as though it came from an Action Card"; The Evershroom stays."""
    from tales.tavern.rdi.effects import play_card

    box = tavern.pile(planter(name))
    ripe = tuple(m for m in box if grown(m) and NEVER not in m.icons)
    tavern = tavern.with_pile(planter(name), tuple(m for m in box if m not in ripe))
    for mushroom in ripe:
        tavern = tavern.note(f"{name} gathers {mushroom.name}")
        if mushroom.steps:  # played like his Action card, then to the Mushroom discards
            tavern, _ = yield from play_card(tavern, name, replace(mushroom, marker=0),
                                             label=f"{mushroom.name} (Gather)")
        else:
            tavern = _to_discards(tavern, mushroom)
    return tavern


class Dale(Mechanics):
    name = NAME

    def set_up(self, tavern: Tavern, name: str) -> Tavern:
        """000: "Shuffle the 15-card Mushroom Deck and put it next to your player mat. Plant
        a Mushroom" (the shuffled deck's top; an empty Planter Box has room)."""
        tavern, top = take_top(tavern, MUSHROOMS)
        if top is None:
            return tavern
        return tavern.with_pile(planter(name), (*tavern.pile(planter(name)), top))

    def start_of_turn(self, tavern: Tavern, owner: str, active: str) -> Resolution[Tavern]:
        """000: "At the beginning of your turn, before your Discard and Draw Phase, first
        Grow all Mushrooms in your Planter Box, then Plant a Mushroom."""
        if tavern.player(owner).out or tavern.player(owner).side != tavern.player(active).side:
            return tavern
        tavern = grow(tavern, owner)
        return (yield from plant(tavern, owner))

    def end_of_turn(self, tavern: Tavern, owner: str, ended: str) -> Resolution[Tavern]:
        if tavern.player(owner).out or tavern.player(owner).side != tavern.player(ended).side:
            return tavern
        return (yield from gather(tavern, owner))

    def can_pay(self, tavern: Tavern, name: str, cost: tuple[tuple[str, int], ...]
                ) -> bool | None:
        """A Harvest cost: Mushrooms whose Harvest Values add up to it."""
        wanted = dict(cost).get(HARVEST)
        if wanted is None:
            return None
        return sum(value(m) for m in tavern.pile(planter(name))) >= wanted

    def pay_whole(self, tavern: Tavern, name: str, cost: tuple[tuple[str, int], ...]
                  ) -> Resolution[tuple[Tavern, bool]]:
        """000: "you may discard Mushrooms with a total Harvest Value equal to or greater
        than the Harvest number" (his choice, one at a time until they reach it; they are
        never Gathered)."""
        wanted = dict(cost).get(HARVEST)
        if wanted is None:
            return tavern, False
        paid = 0
        while paid < wanted:
            box = tavern.pile(planter(name))
            if not box:
                break
            options = tuple(_label(n, m) for n, m in enumerate(box))
            choice = options[0]
            if len(options) > 1:
                choice = yield Decision("harvest", f"{name}: Harvest which Mushroom "
                                        f"({paid} of {wanted})?", options, Decider.PLAYER,
                                        name, state=tavern)
            at = options.index(choice)
            paid += value(box[at])
            tavern = _to_discards(tavern, box[at]).with_pile(planter(name),
                                                            (*box[:at], *box[at + 1:]))
            tavern = tavern.note(f"{name} harvests {box[at].name} ({value(box[at])})")
        return tavern, True


register(Dale())
