"""Zakhan the Drunken Master (seed 000, "Zakhan the Drunken Master"; seed 002's team rules;
the checklist's C row 49): Drunken Chi, held as ``chi`` tokens.

* Total Drunkenness is Alcohol Content plus Drunken Chi; Zakhan (or his team, whose shared
  Alcohol Content includes his Chi) passes out when it meets or crosses Fortitude
  (:meth:`Zakhan.passes_out`).
* After drinking a Drink that gave 1 or more Alcohol Content he may increase his Chi by 1,
  once per Drink (a Drink with its Chasers is one Drink), only for his own Drinks
  (:meth:`Zakhan.after_drink`; other Alcohol gains never offer it).
* "Gain 1 Drunken Chi" on his cards is a plain step, ``{ gain = 1, resource = "chi" }``.
* At any time he may discard two cards from his hand to reduce his Chi by 1: an ability
  offered like an Anytime card (:data:`REST`), paid in :meth:`Zakhan.use_virtual`; it is also
  offered as his last chance before passing out.
* Spending Chi is a boost's cost, ``boosts = [{ cost = { chi = 1 }, ... }]``: declared as
  the card is played and never refunded (A-35). Cards read Chi at resolution with
  ``if = { resource = "chi", at_least = N }`` or ``per = "chi"``.
"""

from __future__ import annotations

from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi.characters import Mechanics, Resource, register
from tales.tavern.rdi.effects import discard_cards
from tales.tavern.rdi.model import Card, CardKind, Step, Tavern, Verb

CHI = "chi"
#: "At any time, Zakhan may discard two cards from his hand to reduce his Drunken Chi by 1."
REST = Card("Discard 2 cards: reduce your Drunken Chi by 1", CardKind.ANYTIME,
            (Step(Verb.GAIN, -1, resource=CHI),),
            "Zakhan discards two cards from his hand to reduce his Drunken Chi by 1.",
            virtual=True, unanswerable=True)


class Zakhan(Mechanics):
    name = "zakhan"
    resources = (Resource(CHI, owner="zakhan"),)

    def may_gain(self, tavern: Tavern, name: str, resource: str) -> bool:
        return tavern.player(name).mechanics == self.name

    def passes_out(self, tavern: Tavern, name: str) -> bool | None:
        return total_drunkenness(tavern, name) >= tavern.mat(name).fortitude

    def after_drink(self, tavern: Tavern, name: str, alcohol: int) -> Resolution[Tavern]:
        if alcohol < 1 or tavern.player(name).out:
            return tavern
        choice = yield Decision("chi", f"{name}: the Drink gave {alcohol} Alcohol Content; "
                                "increase your Drunken Chi by 1?", ("no", "yes"),
                                Decider.PLAYER, name, state=tavern)
        if choice == "yes":
            player = tavern.player(name)
            tavern = tavern.with_player(player.with_count(CHI, player.count(CHI) + 1))
            tavern = tavern.note(f"{name} increases his Drunken Chi to {player.count(CHI) + 1}")
        return tavern

    def virtual(self, tavern: Tavern, name: str) -> tuple[Card, ...]:
        player = tavern.player(name)
        if player.out or not player.count(CHI) or len(player.hand) < 2:
            return ()
        return (REST,)

    def use_virtual(self, tavern: Tavern, name: str, card: Card) -> Resolution[Tavern]:
        if card.name == REST.name:
            tavern = yield from discard_cards(tavern, name, 2)
            tavern = tavern.note(f"{name} discards two cards to reduce his Drunken Chi")
        return tavern


def total_drunkenness(tavern: Tavern, name: str) -> int:
    """The team's Alcohol Content plus the Drunken Chi of its Zakhans."""
    return tavern.mat(name).alcohol + sum(p.count(CHI) for p in tavern.team(name)
                                          if p.mechanics == Zakhan.name)


register(Zakhan())
