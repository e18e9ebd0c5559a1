"""The Pub Crawl (001, "Pub Crawl"; the checklist's B-04): the party moves between taverns.

Each tavern but the Red Dragon Inn has its own Tavern Drink Deck and discard pile (never
reshuffled); ordering a Drink takes it from the tavern the Party Pawn is at ("The Drink
Deck" in a card's text is always the Red Dragon Inn's). A player who reveals a Drink that
includes a Chaser Crawls once the Drink and everything pending has resolved (several in
turn order from the active player, each once); the player who orders a tavern's last Drink
Closes it and Crawls at once. Crawling moves the pawn to another open tavern of the
player's choice (the Red Dragon Inn only once every other tavern is Closed, and then for
good); arriving resolves the tavern's Tavern Event, each team choosing its Champion.
"""

from __future__ import annotations

from tales.evolve import evolve
from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.chance import shuffle
from tales.tavern.rdi.events import resolve
from tales.tavern.rdi.model import Drink, Tavern
from tales.tavern.rdi.zones import take_drink


def set_up(tavern: Tavern) -> Resolution[Tavern]:
    """The Tavern Drink Decks shuffled separately; the Party Pawn on the Red Dragon Inn."""
    pubs = tavern.variant.pubs
    if not pubs:
        return tavern
    decks = []
    for pub in pubs[1:]:
        deck = yield from shuffle(pub.drinks, f"the {pub.name} Drink Deck")
        decks.append((pub.name, tuple(deck), ()))
    return evolve(tavern, party=pubs[0].name, pub_decks=tuple(decks)).note(
        f"Pub Crawl: the party is at {pubs[0].name}")


def _deck(tavern: Tavern, pub: str) -> tuple[Drink, ...]:
    return next((deck for name, deck, _ in tavern.pub_decks if name == pub), ())


def _open(tavern: Tavern) -> list[str]:
    """The taverns other than the Red Dragon Inn with Drinks left."""
    return [name for name, deck, _ in tavern.pub_decks if deck]


def order(tavern: Tavern) -> Resolution[tuple[Tavern, Drink | None]]:
    """The Drink a player Orders: from the tavern the party is at."""
    pubs = tavern.variant.pubs
    if not pubs or tavern.party == pubs[0].name:
        return (yield from take_drink(tavern))
    deck = _deck(tavern, tavern.party)
    if not deck:
        return (yield from take_drink(tavern))
    return evolve(tavern, pub_decks=tuple(
        (name, d[:-1] if name == tavern.party else d, used)
        for name, d, used in tavern.pub_decks)), deck[-1]


def after_order(tavern: Tavern, name: str) -> Resolution[Tavern]:
    """001: "After ordering the last Drink from a tavern, it Closes ... then the player who
    ordered the last Drink from that tavern must Crawl"."""
    pubs = tavern.variant.pubs
    if not pubs or tavern.party == pubs[0].name or _deck(tavern, tavern.party):
        return tavern
    tavern = tavern.note(f"{tavern.party} is out of Drinks: it Closes")
    return (yield from crawl(tavern, name))


def reveals_chaser(tavern: Tavern, name: str) -> Tavern:
    """``name`` revealed a Drink that includes a Chaser: they will Crawl (once)."""
    if not tavern.variant.pubs or name in tavern.crawlers:
        return tavern
    return evolve(tavern, crawlers=(*tavern.crawlers, name))


def crawls(tavern: Tavern) -> Resolution[Tavern]:
    """The pending Crawls, in turn order from the active player."""
    waiting = tavern.in_turn_order(list(tavern.crawlers))
    tavern = evolve(tavern, crawlers=())
    for name in waiting:
        if tavern.winners is None and not tavern.player(name).out:
            tavern = yield from crawl(tavern, name)
    return tavern


def crawl(tavern: Tavern, name: str) -> Resolution[Tavern]:
    """``name`` moves the Party Pawn to another open tavern; its Tavern Event resolves."""
    home = tavern.variant.pubs[0].name
    others = _open(tavern)
    if tavern.party == home and not others:
        return tavern  # "there is no more Crawling"
    options = tuple(p for p in others if p != tavern.party) or (
        (home,) if not others and tavern.party != home else ())
    if not options:
        return tavern.note("the party cannot Crawl: it stays where it is")
    where = yield Decision("crawl", f"{name}: Crawl to which tavern?", options,
                           Decider.PLAYER, name, state=tavern)
    tavern = evolve(tavern, party=where).note(f"{name} Crawls: the party moves to {where}")
    pub = next(p for p in tavern.variant.pubs if p.name == where)
    tavern = tavern.note(f"the Tavern Event of {where}: {pub.event.name}")
    return (yield from resolve(tavern, name, pub.event))
