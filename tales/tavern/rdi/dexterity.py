"""Dexterity Cards: cards that require a physical action at the table (001, "Boss Otto -
Other Rules": "If a card requires a physical action (such as Helmet Pong), Boss Otto
Ignores that card"). A card file marks one ``dexterity = true``.

The engine cannot see the table, so when such a card resolves its player is asked whether
the physical action succeeded (at the terminal the person answers; a bot answers by its
seeded chance). If it missed, the card resolves with no effect (a reading,
``docs/rules-decisions.md``). Boss Otto Ignores the card: it never affects him, it is no
Provocation, and he never plays one he was given.
"""

from __future__ import annotations

from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi.model import Card, Tavern
from tales.tavern.rdi.ottodata import OTTO

SUCCEEDED, MISSED = "it worked", "it missed"


def attempt(tavern: Tavern, name: str, card: Card) -> Resolution[tuple[Tavern, bool]]:
    """Whether the physical action ``card`` asks of ``name`` succeeded (True for any other
    card)."""
    if not card.dexterity:
        return tavern, True
    answer = yield Decision("dexterity", f"{name}: {card.name} asks for a physical action "
                            "at the table: did it work?", (SUCCEEDED, MISSED),
                            Decider.PLAYER, name, state=tavern)
    if answer == SUCCEEDED:
        return tavern.note(f"{name}'s physical action for {card.name} worked"), True
    return tavern.note(f"{name}'s physical action for {card.name} missed: no effect"), False


def ignores(tavern: Tavern, card: Card | None) -> frozenset[str]:
    """Who Ignores ``card`` for being a Dexterity Card: Boss Otto, in his variant."""
    if card is None or not card.dexterity or tavern.variant.otto is None:
        return frozenset()
    return frozenset({OTTO})
