"""Cards a character puts in front of another player (the checklist's A-52 for cards): a
Split Doppelganger Evil Pooky gives away, a Story Warthorn must put in front of another
player. Each lies in the table's pile ``<giver> <kind> before <holder>`` until its
``trigger``'s game state comes on its holder's turn ("turn starts", "turn ends"); then its
steps happen to the holder as an Action card of the giver's, and it is discarded (to its
side deck's discard pile)."""

from __future__ import annotations

from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi.model import Card, Tavern


def before(giver: str, holder: str, kind: str) -> str:
    """The table's pile of ``giver``'s cards of ``kind`` in front of ``holder``."""
    return f"{giver} {kind} before {holder}"


def give(tavern: Tavern, giver: str, card: Card, holder: str, kind: str) -> Tavern:
    """Put ``card`` in front of ``holder``."""
    key = before(giver, holder, kind)
    return tavern.with_pile(key, (*tavern.pile(key), card)).note(
        f"{giver} puts {card.name} in front of {holder}")


def put_in_front(tavern: Tavern, giver: str, card: Card, kind: str) -> Resolution[Tavern]:
    """``giver`` must put ``card`` in front of another player still in, of their choice
    (000, Warthorn: "Warthorn **must** do this, and he may put the card in front of any
    player"); with nobody else in, it is discarded."""
    from tales.tavern.rdi.zones import discard_card

    others = tuple(p.name for p in tavern.in_game() if p.name != giver)
    if not others:
        return discard_card(tavern, card, giver)
    holder = yield Decision("in-front", f"{giver}: put {card.name} in front of whom?", others,
                            Decider.PLAYER, giver, state=tavern)
    return give(tavern, giver, card, holder, kind)


def triggered(tavern: Tavern, giver: str, active: str, when: str, kind: str
              ) -> Resolution[Tavern]:
    """The cards of ``kind`` ``giver`` put in front of ``active``'s team whose trigger is
    ``when``: each happens to its holder "as though it were an Action Card played from"
    the giver's hand, then is discarded (Ignored by a holder who Ignores all effects,
    discarded all the same)."""
    from tales.tavern.rdi.effects import play_card

    for holder in [p.name for p in tavern.team(active) if not p.out]:
        key = before(giver, holder, kind)
        due = tuple(c for c in tavern.pile(key) if c.trigger and c.trigger.when == when)
        for card in due:
            held = tavern.pile(key)
            at = held.index(card)
            tavern = tavern.with_pile(key, held[:at] + held[at + 1:])
            assert card.trigger is not None
            tavern, _ = yield from play_card(tavern, giver, card, holder, card.trigger.steps,
                                             label=f"{card.name} ({holder}'s)")
    return tavern
