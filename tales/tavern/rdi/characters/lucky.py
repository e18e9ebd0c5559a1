"""Lucky the Scofflaw (seed 000, "Lucky the Scofflaw"; the checklist's C row 24): Heat.

Some of her cards make her gain Heat: ``{ handler = "gain 1 heat" }`` (or "gain 2 heat"),
a step of the card, so a Negated card gives none, while a card Ignored (by anyone, Lucky
included) or otherwise altered still does. Heat is counted one token at a time; on
reaching 3 she removes the tokens and must choose a penalty: gain 2 Alcohol Content, pay 2
Gold to the Inn (offered only when she has 2 Gold to pay), or lose 2 Fortitude. The
penalty happens at once, with no response window: it may not be Negated, Ignored, reduced,
paid with Gold from the Inn or otherwise mitigated, and it is no player's card (no
hit-back, no one's mood).
"""

from __future__ import annotations

import re

from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi.characters import Mechanics, Resource, register
from tales.tavern.rdi.model import Step, Tavern
from tales.tavern.rdi.stats import change, pay

HEAT = "heat"
LIMIT = 3  # "When you get to 3 Heat, you must remove the Heat Tokens and choose ..."
BOOZE = "gain 2 Alcohol Content"
BRIBE = "pay 2 Gold to the Inn"
ROUGHED_UP = "lose 2 Fortitude"
_GAIN = re.compile(r"gain (\d+) heat")


class Lucky(Mechanics):
    name = "lucky"
    resources = (Resource(HEAT, limit=LIMIT, owner="lucky"),)

    def may_gain(self, tavern: Tavern, name: str, resource: str) -> bool:
        return tavern.player(name).mechanics == self.name

    def handle(self, tavern: Tavern, name: str, step: Step, target: str | None
               ) -> Resolution[Tavern]:
        gained = _GAIN.fullmatch(step.handler)
        if gained is not None and tavern.player(name).mechanics == self.name:
            for _ in range(int(gained[1])):
                tavern = yield from heat(tavern, name)
        return tavern

    def ignored(self, tavern: Tavern, name: str, step: Step, target: str) -> Resolution[Tavern]:
        """000: "If Lucky herself Ignores a card that would cause her to gain Heat, she
        still gains the Heat." """
        return (yield from self.handle(tavern, name, step, target))


def heat(tavern: Tavern, name: str) -> Resolution[Tavern]:
    """``name`` gains 1 Heat; at 3, the tokens come off and she pays a penalty."""
    player = tavern.player(name)
    held = player.count(HEAT) + 1
    if held < LIMIT:
        return tavern.with_player(player.with_count(HEAT, held)).note(
            f"{name} gains 1 Heat ({held})")
    tavern = tavern.with_player(player.with_count(HEAT, 0)).note(
        f"{name} reaches {LIMIT} Heat: the City Guard is here")
    options = (BOOZE, *((BRIBE,) if tavern.mat(name).gold >= 2 else ()), ROUGHED_UP)
    choice = yield Decision("heat", f"{name}: 3 Heat! Choose your penalty", options,
                            Decider.PLAYER, name, state=tavern)
    if choice == BOOZE:
        tavern = change(tavern, name, alcohol=2)
    elif choice == BRIBE:
        tavern = pay(tavern, name, 2, None)
    else:
        tavern = change(tavern, name, fortitude=-2)
    return tavern.note(f"{name} chooses to {choice}")


register(Lucky())
