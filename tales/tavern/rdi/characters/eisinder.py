"""Eisinder, the Frozen Flame (seed 001, "Character Rules"; the checklist's C-3): Element
Tokens.

Setup puts Fire Tokens on spaces 18, 15, 11 and 6 of her mat's track and Ice Tokens on 14,
9, 5 and 2 (with the Lich King as her teammate: Fire on 12, 9, 6, 3 and Ice on 10, 7, 4,
1). The track is one track for both markers: "When your Fortitude or Alcohol marker moves
onto or past a number with an Element Token on it, Claim that token". So *either* marker
claims *either* kind: Fortitude falling from 20 claims the Fire Tokens on the high numbers
first, Alcohol rising from 0 claims the Ice Tokens on the low numbers first, and each goes
on to claim the other kind further along (Alcohol reaching 6 claims the Fire Token on 6).
A claimed token is kept for good, even when the marker moves back.

Unclaimed tokens are held as ``"fire on 18"``-style entries in her tokens; claimed ones as
``fire`` and ``ice`` counts, which card conditions (``if``) and X (``per``) read as the
card resolves. CHUFF! spends claimed tokens as a boost cost; spent tokens leave the game
(the resources have no supply, so nothing goes back).

In a team game the team's Fortitude and Alcohol are on the team's mat; Eisinder claims from
the moves of her team's mat, whoever's it is, so she gains her tokens at the right time.
"""

from __future__ import annotations

from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi.characters import Mechanics, Resource, register
from tales.tavern.rdi.model import HIGH, LOW, Player, Step, Tavern

NAME = "eisinder"
FIRE, ICE = "fire", "ice"
KINDS = (FIRE, ICE)
#: 001: "Put Fire Tokens onto spaces 18, 15, 11 and 6 on your player mat. Put Ice Tokens
#: onto spaces 14, 9, 5 and 2."
SPACES = {FIRE: (18, 15, 11, 6), ICE: (14, 9, 5, 2)}
#: 001: on a team with the Lich King, "put Fire Tokens on 12, 9, 6 and 3 and Ice Tokens on
#: 10, 7, 4 and 1".
LICH_KING_SPACES = {FIRE: (12, 9, 6, 3), ICE: (10, 7, 4, 1)}
INNER_PEACE = "inner peace"
HANDLERS = frozenset({INNER_PEACE})


def on_mat(kind: str, space: int) -> str:
    """The token name of an unclaimed Element Token on ``space``."""
    return f"{kind} on {space}"


def unclaimed(player: Player) -> list[tuple[str, int]]:
    """The Element Tokens still on ``player``'s mat: (kind, space)."""
    found = []
    for name, _ in player.tokens:
        kind, _, space = name.partition(" on ")
        if kind in KINDS and space.isdigit():
            found.append((kind, int(space)))
    return found


def passed(before: int, after: int, space: int) -> bool:
    """A marker moving from ``before`` to ``after`` moves onto or past ``space``."""
    if after < before:
        return after <= space < before
    if after > before:
        return before < space <= after
    return False


def claim(tavern: Tavern, name: str, kind: str, space: int) -> Tavern:
    """``name`` Claims the ``kind`` token on ``space``: off the mat, into the Claimed
    Element Tokens area."""
    player = tavern.player(name)
    player = player.with_count(on_mat(kind, space), 0)
    player = player.with_count(kind, player.count(kind) + 1)
    return tavern.with_player(player).note(f"{name} claims the {kind.title()} Token on "
                                           f"{space}")


class Eisinder(Mechanics):
    name = NAME
    handlers = HANDLERS
    resources = (Resource(FIRE), Resource(ICE))

    def set_up(self, tavern: Tavern, name: str) -> Tavern:
        lich = any(p.mechanics == "lich_king" for p in tavern.team(name) if p.name != name)
        spaces = LICH_KING_SPACES if lich else SPACES
        player = tavern.player(name)
        for kind, places in spaces.items():
            for space in places:
                player = player.with_count(on_mat(kind, space), 1)
        return tavern.with_player(player)

    def after_change(self, tavern: Tavern, name: str, before: Player) -> Tavern:
        after = tavern.mat(name)
        for member in tavern.team(name):
            if member.mechanics != NAME:
                continue
            for kind, space in sorted(unclaimed(member), key=lambda t: (-t[1], t[0])):
                if (passed(before.fortitude, after.fortitude, space)
                        or passed(before.alcohol, after.alcohol, space)):
                    tavern = claim(tavern, member.name, kind, space)
        return tavern

    def handle(self, tavern: Tavern, name: str, step: Step, target: str | None
               ) -> Resolution[Tavern]:
        """"Inner peace... Inner peace...": Claim the token closest to an endpoint of the
        track (001: "If the two closest Element Tokens are equidistant to the endpoints
        ... you choose which one to Claim")."""
        if step.handler != INNER_PEACE or tavern.player(name).mechanics != NAME:
            return tavern
        left = unclaimed(tavern.player(name))
        if not left:
            return tavern
        distance = {t: min(HIGH - t[1], t[1] - LOW) for t in left}
        nearest = sorted((t for t in left if distance[t] == min(distance.values())),
                         key=lambda t: (-t[1], t[0]))
        labels = tuple(on_mat(kind, space) for kind, space in nearest)
        pick = yield Decision("claim", f"{name}: claim which Element Token?", labels,
                              Decider.PLAYER, name, state=tavern)
        kind, space = nearest[labels.index(pick)]
        return claim(tavern, name, kind, space)


register(Eisinder())
