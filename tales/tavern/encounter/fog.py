""""T'is the fog of war" (003): "All cards are played hidden; tell other players what it is
without actually showing it ... If you lie and are challenged, the card is countered and you
lose 3 Prestige (if you didn't lie, they lose 1 Prestige)."

An Attack card's damage is announced (:func:`announce`); from the rules' edition 3 an Action
card is played face down and named (:func:`hidden`): its player may name an Action card they
do not hold (a :class:`Bluff`), laying another card of their hand face down, and the named
card's effect is carried out. After either, each other player may challenge
(:func:`challenged`). A caught lie is countered: an Attack card inflicts nothing; an Action
card's effect is undone (``docs/rules-decisions.md``, "Fog of war").
"""

from __future__ import annotations

from dataclasses import dataclass

from tales.evolve import evolve
from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.encounter.effects import Incoming, checked, out_of_hand, use
from tales.tavern.encounter.model import Blow, Card, Caverns, value

#: A liar caught loses 3 Prestige, a wrong challenger 1.
LIAR, WRONG = 3, 1
_PLAYER = Decider.PLAYER
#: The line of a claim nobody challenged.
UNCHALLENGED = "nobody challenges"


@dataclass(frozen=True)
class Bluff:
    """An option of a "play" question under the fog of war: say you play ``card``, an
    Action card you do not hold, and lay another card of your hand face down."""

    card: Card

    def __str__(self) -> str:
        return f"{self.card.name} (a bluff)"


@dataclass(frozen=True)
class Claim:
    """What a challenge is about (the "challenge" question's detail, for a bot or a screen):
    who told it, the Action card named or the Attack card whose damage was announced, the
    table before it was played and the creature's attack then and now."""

    teller: str
    card: Card
    blow: Blow | None = None
    before: Caverns | None = None
    then: Incoming | None = None
    now: Incoming | None = None


def announce(table: Caverns, blow: Blow) -> Resolution[Blow]:
    """An Attack card's damage announced by its player (who may lie, naming any other of
    its values)."""
    true = value(blow, table)
    options = tuple(sorted({true, *blow.ladder}))
    said = yield Decision("announce", f"announce {blow.card.name}'s damage (it deals {true}; "
                          f"a lie caught costs you {LIAR} Prestige, a wrong challenge costs "
                          f"the challenger {WRONG})", options, _PLAYER, blow.player,
                          state=table, detail=true)
    return evolve(blow, announced=said)


def challenged(table: Caverns, claim: Claim, prompt: str) -> Resolution[str | None]:
    """Each other player, in Initiative order, may challenge (asked ``prompt``): the first
    who does, or None."""
    for name in table.in_initiative():
        if name == claim.teller:
            continue
        choice = yield Decision("challenge", prompt, ("no", "yes"), _PLAYER, name,
                                state=table, detail=claim)
        if choice == "yes":
            return name
    return None


def penalised(table: Caverns, name: str, label: str, points: int, *lines: str,
              **changes: object) -> Caverns:
    """``name`` loses ``points`` Prestige (``label`` on their pile), ``lines`` noted and
    ``changes`` made in the same copy."""
    player = table.player(name)
    return table.with_player(evolve(player, prestige=(*player.prestige, (label, -points))),
                             *lines, **changes)


def challenge(table: Caverns, index: int) -> Resolution[Caverns]:
    """The announcement of the Attack card at ``index`` on the damage stack may be
    challenged: a lie is countered (the card inflicts nothing) and its teller loses 3
    Prestige; the truth costs the challenger 1."""
    blow = table.stack[index]
    announced = blow.announced
    true = value(evolve(blow, announced=None), table)
    who = yield from challenged(
        table, Claim(blow.player, blow.card, blow),
        f"challenge {blow.player}'s {announced}? (a lie caught: they lose {LIAR} Prestige; "
        f"the truth: you lose {WRONG})")
    if who is None:
        return table.note(UNCHALLENGED)
    if announced != true:
        stack = list(table.stack)
        stack[index] = evolve(blow, missed=True)
        table = penalised(table, blow.player, "caught lying", LIAR,
                          f"{who} catches {blow.player} lying: the card is countered "
                          f"({blow.player} loses {LIAR} Prestige)",
                          stack=tuple(stack))
        return (yield from checked(table, who))
    return penalised(table, who, "a wrong challenge", WRONG,
                     f"{who} challenges wrongly: {announced} was true ({who} loses {WRONG} "
                     "Prestige)")


def hidden(table: Caverns, name: str, card: Card, incoming: Incoming | None, bluff: bool
           ) -> Resolution[tuple[Caverns, Incoming | None]]:
    """``name`` plays an Action card face down and names it ``card`` (``bluff``: they do not
    hold it and lay another card of their hand). The named card's effect is carried out;
    then each other player may challenge. A lie caught is countered: the table is as it was
    before the card was played (everything it did undone), except that the card laid is
    discarded and its player loses 3 Prestige; the truth challenged costs the challenger
    1. The log says the same of a bluff and of the truth until a challenge."""
    before, then = table, incoming
    laid = card
    if bluff:
        player = table.player(name)
        choice = yield Decision("lay", f"lay which card face down (everyone is told "
                                f"{card.name})?", tuple(sorted({c.name for c in player.hand})),
                                _PLAYER, name, state=table, detail=card)
        held, laid = out_of_hand(player, choice)  # (discarded as it is played)
        table = table.with_player(held, discard=(*table.discard, laid))
    table, incoming = yield from use(table, name, card, incoming,
                                     said=f"{name} plays {card.name} face down")
    table = yield from checked(table, name)
    who = yield from challenged(
        table, Claim(name, card, None, before, then, incoming),
        f"challenge {name}'s {card.name}? (a lie caught: it is undone and they lose {LIAR} "
        f"Prestige; the truth: you lose {WRONG})")
    if who is None:
        return table.note(UNCHALLENGED), incoming
    if not bluff:
        return penalised(table, who, "a wrong challenge", WRONG,
                         f"{who} challenges wrongly: {name} played {card.name} ({who} "
                         f"loses {WRONG} Prestige)"), incoming
    held, _ = out_of_hand(before.player(name), laid.name)
    undone = evolve(before, log=table.log).with_player(held)
    return penalised(undone, name, "caught lying", LIAR,
                     f"{who} catches {name} lying: {card.name} is countered ({laid.name} was "
                     f"played), all it did is undone ({name} loses {LIAR} Prestige)",
                     discard=(*before.discard, laid)), then
