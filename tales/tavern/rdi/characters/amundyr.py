"""Amundyr the Cursed (seed 000, "Amundyr the Cursed"; seed 002, its RDI 6 section and team
rules; the checklist's C row 8): her cards give other players Scarab Tokens from a supply of
12, and at the end of each other player's turn one of their Scarabs bites.

* Giving: a card step ``{ handler = "give 2 scarabs", who = "target" }`` gives what is left
  in her supply, never more and never taken back from other players ("she simply doesn't
  give those tokens"). A card that only gives Scarabs does not affect Fortitude: the step is
  no Fortitude step, so "a card that affects your Fortitude" filters do not see it.
  ``{ handler = "return 1 scarab", who = ... }`` sends one back ("Eat up my pretties!").
* The bite (:meth:`Amundyr.end_of_turn`): at the end of a team's turn, each of its players
  other than Amundyr who holds a Scarab returns one to her and loses 1 Fortitude, one bite
  at a time ("those Scarabs resolve separately"). Each bite has its own response window, as
  though it were an Action card played by Amundyr (so it may be reduced or Ignored, and the
  Lich King may detach a finger); the Scarab goes back whatever the answer. There is no
  hit-back, and a redirection has no effect: the bitten player still loses the Fortitude.
  A bite counts as Amundyr's Action for characters who care who hurt them (Pooky's mood).
* Scarabs persist when Amundyr is out (her rules still run), and a player who leaves the game
  returns theirs (``returns_on_leaving``). With two Amundyrs at a table they share one
  supply and the first in seat order resolves the bites.
"""

from __future__ import annotations

import re

from tales.rules.decisions import Resolution
from tales.tavern.rdi import characters
from tales.tavern.rdi.characters import Mechanics, Resource, register
from tales.tavern.rdi.model import Card, CardKind, Stat, Step, Tavern, Verb, Who
from tales.tavern.rdi.stats import change, move_tokens, spend_tokens
from tales.tavern.rdi.timing import Played, respond

SCARAB = "scarab"
SUPPLY = 12  # "Take the 12 Scarab Tokens and keep them in a supply near your player mat."
#: What players answer at the end of a turn: a Scarab's bite, as though an Action card
#: played by Amundyr (it is never in a hand or a discard pile).
BITE = Card("Scarab bite", CardKind.ACTION, (Step(Verb.FORTITUDE, -1, Who.TARGET),),
            "Return 1 Scarab to Amundyr and lose 1 Fortitude.", virtual=True)
_GIVE = re.compile(r"give (\d+) scarabs?")
_RETURN = re.compile(r"return (\d+) scarabs?")


class Amundyr(Mechanics):
    name = "amundyr"
    resources = (Resource(SCARAB, supply=SUPPLY, owner="amundyr", returns_on_leaving=True),)

    def may_gain(self, tavern: Tavern, name: str, resource: str) -> bool:
        """Amundyr's own Scarabs are her supply, never tokens in front of her."""
        return tavern.player(name).mechanics != self.name

    def handle(self, tavern: Tavern, name: str, step: Step, target: str | None
               ) -> Resolution[Tavern]:
        who = target or name
        if (given := _GIVE.fullmatch(step.handler)) is not None:
            tavern = give(tavern, who, int(given[1]))
        elif (back := _RETURN.fullmatch(step.handler)) is not None:
            held = tavern.player(who).count(SCARAB)
            tavern = spend_tokens(tavern, who, SCARAB, int(back[1]))
            if held:
                tavern = tavern.note(f"{who} returns {min(held, int(back[1]))} Scarab to "
                                     "Amundyr")
        return tavern
        yield  # pragma: no cover

    def end_of_turn(self, tavern: Tavern, owner: str, ended: str) -> Resolution[Tavern]:
        if owner != keeper(tavern):
            return tavern
        for member in [p.name for p in tavern.team(ended)]:
            player = tavern.player(member)
            if player.out or player.mechanics == self.name or not player.count(SCARAB):
                continue
            tavern = yield from bite(tavern, owner, member)
        return tavern


def keeper(tavern: Tavern) -> str | None:
    """The Amundyr (in or out) whose rules resolve the bites: the first in seat order."""
    return next((p.name for p in tavern.players if p.mechanics == Amundyr.name), None)


def give(tavern: Tavern, name: str, amount: int) -> Tavern:
    """``name`` gains up to ``amount`` Scarabs from the supply: as many as are left."""
    player = tavern.player(name)
    if player.mechanics == Amundyr.name or amount <= 0:
        return tavern
    given = min(amount, tavern.left(SCARAB))
    if not given:
        return tavern.note(f"Amundyr has no Scarab left to give {name}")
    return move_tokens(tavern, player, SCARAB, player.count(SCARAB) + given,
                       f"{name} gains {given} Scarab{'s' if given > 1 else ''}")


def bite(tavern: Tavern, amundyr: str, victim: str) -> Resolution[Tavern]:
    """One Scarab of ``victim`` goes back to Amundyr; then they lose 1 Fortitude unless they
    answer it as they would an Action card of hers."""
    tavern = spend_tokens(tavern, victim, SCARAB, 1,
                          (f"a Scarab bites {victim} and returns to Amundyr",))
    fortitude = frozenset({Stat.FORTITUDE})
    played = Played(amundyr, f"a Scarab's bite on {victim}", BITE, ((victim, fortitude),),
                    ((victim, fortitude),), redirectable=False)
    tavern, outcome = yield from respond(tavern, played)
    if outcome.negated or victim in outcome.ignored:
        return tavern.note(f"{victim} takes no damage from the Scarab")
    if any(origin == victim for origin, _ in outcome.redirected):
        tavern = tavern.note("a Scarab's bite cannot be redirected")
    amount = max(1 - outcome.reduction(victim, Stat.FORTITUDE), 0)
    if not amount:
        return tavern.note(f"{victim}'s Scarab damage is reduced to 0")
    before = tavern.mat(victim).fortitude
    tavern = change(tavern, victim, fortitude=-amount).note(
        f"{victim} loses {amount} Fortitude to a Scarab")
    lost = before - tavern.mat(victim).fortitude
    if lost > 0:
        tavern = characters.lost(tavern, victim, amundyr, lost)
    return tavern


register(Amundyr())
