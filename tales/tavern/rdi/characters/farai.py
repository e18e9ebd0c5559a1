"""Father Farai (seed 000; the checklist's section C): his three Brew Decks.

The Brew Decks are sub-decks of his file, ``pile = "beer"``, ``"wine"`` and ``"spirits"``;
a Brew Card's ``values = [N]`` is the number of Progress Tokens it needs and its steps what it
does, played like his Action card when finished. The Farai Token is the token ``at beer``
(``at wine``, ``at spirits``) and a Brew's Progress Tokens the tokens ``beer progress``
(...). A card with ``icons = ["beer"]`` (``"wine"``, ``"spirits"``) works on that Brew once
its other effects are carried out; ``icons = ["mash paddle"]`` lets him move or add a token.
"""

from __future__ import annotations

from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import Mechanics, Resource, one_of, register
from tales.tavern.rdi.model import Card, Tavern

NAME = "farai"
BREWS = ("beer", "wine", "spirits")
PADDLE = "mash paddle"
ADD = "add a Progress Token"


def at(brew: str) -> str:
    """The token that is the Farai Token at ``brew``."""
    return f"at {brew}"


def progress(brew: str) -> str:
    """The Progress Tokens on ``brew``."""
    return f"{brew} progress"


def working_on(tavern: Tavern, name: str) -> str | None:
    """The Brew the Farai Token is at (None: not placed yet)."""
    player = tavern.player(name)
    return next((b for b in BREWS if player.count(at(b))), None)


def needed(card: Card) -> int:
    """The Progress Tokens a Brew Card needs (the number in its upper right)."""
    return card.values[0] if card.values else 1


def move(tavern: Tavern, name: str, brew: str) -> Tavern:
    """000: "If Farai's Token would move to an empty Brew Deck, it stays where it is
    instead."""
    if not tavern.pile(brew):
        return tavern.note(f"{name}'s {brew.title()} Brew Deck is empty: the Farai Token stays")
    player = tavern.player(name)
    for each in BREWS:
        player = player.with_count(at(each), 1 if each == brew else 0)
    return tavern.with_player(player).note(f"{name} moves to his {brew.title()} Brew")


def add_progress(tavern: Tavern, name: str, brew: str) -> Resolution[Tavern]:
    """A Progress Token on ``brew``; 000: "When you place a sufficient number of Progress
    Tokens on a Brew, play it immediately. It may be responded to as though it were an Action
    Card played from your hand. After a Brew is played, remove the Progress Tokens from it and
    put it in the Brew discard pile."""
    from tales.tavern.rdi.effects import play_card

    cards = tavern.pile(brew)
    if not cards:
        return tavern
    player = tavern.player(name)
    count = player.count(progress(brew)) + 1
    tavern = tavern.with_player(player.with_count(progress(brew), count)).note(
        f"{name} adds a Progress Token to his {brew.title()} Brew ({count})")
    top = cards[-1]
    if count < needed(top):
        return tavern
    tavern = tavern.with_pile(brew, cards[:-1])
    tavern = tavern.with_player(tavern.player(name).with_count(progress(brew), 0))
    tavern, _ = yield from play_card(tavern, name, top, label=f"{top.name} (Brew)")
    if not tavern.pile(brew):  # "after the last one resolves, you may move Farai's Token"
        tavern = yield from choose_brew(tavern, name, stay=True)
    return tavern


def choose_brew(tavern: Tavern, name: str, stay: bool = False) -> Resolution[Tavern]:
    """He puts or moves the Farai Token at a Brew Deck of his choice (one with cards)."""
    options = tuple(b for b in BREWS if tavern.pile(b))
    if stay:
        options = ("stay", *options)
    if not options or options == ("stay",):
        return tavern
    choice = yield from one_of(tavern, name, "brew",
                               f"{name}: put the Farai Token at which Brew?", options)
    return tavern if choice == "stay" else move(tavern, name, choice)


def work(tavern: Tavern, name: str, brew: str) -> Resolution[Tavern]:
    """000: "If the Farai Token is already at the specified brew, add a Progress Token of the
    matching type to that Brew. If the Farai Token is not at that Brew, move it to that Brew.
    (Do not add a Progress Token in this case.)"""
    if working_on(tavern, name) == brew:
        return (yield from add_progress(tavern, name, brew))
    return move(tavern, name, brew)


class Farai(Mechanics):
    name = NAME
    resources = (*(Resource(at(b), limit=1, owner=NAME) for b in BREWS),
                 *(Resource(progress(b), owner=NAME) for b in BREWS))

    def start_of_turn(self, tavern: Tavern, owner: str, active: str) -> Resolution[Tavern]:
        """000: "After drawing your opening hand from your Character Deck, put your Farai
        Token near the Brew Deck of your choice" (asked when it first matters: the start of
        his first turn, unless a card of his placed it before)."""
        if owner == active and working_on(tavern, owner) is None:
            tavern = yield from choose_brew(tavern, owner)
        return tavern

    def resolved(self, tavern: Tavern, name: str, card: Card
                 ) -> Resolution[tuple[Tavern, bool]]:
        """000: "After all effects on the card are carried out"."""
        brew = next((b for b in BREWS if b in card.icons), None)
        if brew is not None:
            tavern = yield from work(tavern, name, brew)
        elif PADDLE in card.icons:
            now = working_on(tavern, name)
            options = tuple(f"move to {b}" for b in BREWS if b != now and tavern.pile(b))
            if now is not None and tavern.pile(now):
                options = (ADD, *options)
            if options:
                choice = yield from one_of(
                    tavern, name, "mash", f"{name}: move to a different Brew, or add a "
                    "Progress Token to this one?", options)
                if choice == ADD and now is not None:
                    tavern = yield from add_progress(tavern, name, now)
                else:
                    tavern = move(tavern, name, choice.removeprefix("move to "))
        return tavern, False


register(Farai())
