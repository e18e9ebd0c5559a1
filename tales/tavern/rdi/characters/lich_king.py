"""The Lich King (seed 000, "The Lich King"; the checklist's C row 22): 13 starting
Fortitude and five fingers, some of them ringed.

Tokens in front of him: ``finger`` (fingers still attached to his mat), ``ringed`` (how
many of those carry a ring) and ``detached`` (fingers no longer on his mat, including ones
paid away as Gold). Cards read them at resolution (``per = "detached"``,
``if = { resource = "finger", at_least = 3 }``).

* Detaching a finger Ignores a card or effect that would affect his Fortitude or Alcohol
  Content: any card type, a Drink, an Event, a Scarab's bite. It counts as playing a
  Sometimes card (so it may be Negated; the finger stays detached): one ability per kind
  of thing it Ignores (:data:`IGNORES`), the finger detached in
  :meth:`LichKing.use_virtual`.
* Ringed fingers are Gold. Each ringed finger is one Gold piece of his Stash from the start
  (:meth:`LichKing.set_up` takes them from the Inn, so the table's Gold is conserved), so it
  pays, counts against running out of Gold and is split when he passes out like any Gold,
  and a paid finger "counts as a Gold for that player" who receives it. Attached ringed
  fingers are the ones his coins still cover: when his Stash falls below the number of
  attached ringed fingers, the difference were paid away as Gold, and detached, with no
  Ignore (:func:`sync`; he pays with plain coins first). Detaching a ringed finger to
  Ignore leaves its Gold in his Stash.
"""

from __future__ import annotations

from dataclasses import replace

from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi.characters import Mechanics, Resource, register
from tales.tavern.rdi.model import (
    Card,
    CardKind,
    Player,
    Stat,
    Step,
    Target,
    Tavern,
    Verb,
)
from tales.tavern.rdi.stats import collect

FINGER, RINGED, DETACHED = "finger", "ringed", "detached"
FINGERS = 5  # "he also starts the game with 5 fingers on the matching spots of his player mat"
#: How many of them carry a ring: the seed does not say (the mat shows it); this sample's.
RINGS = 2
FORTITUDE = 13  # "The Lich King starts the game with just 13 Fortitude instead of the normal 20."
_TEXT = "Detach a finger to Ignore it (this counts as playing a Sometimes card)."
IGNORES = (
    Card("Detach a finger: Ignore a card affecting your Fortitude", CardKind.SOMETIMES,
         (Step(Verb.IGNORE, target=Target.CARD, stat=Stat.FORTITUDE),), _TEXT, virtual=True),
    Card("Detach a finger: Ignore a card affecting your Alcohol Content", CardKind.SOMETIMES,
         (Step(Verb.IGNORE, target=Target.CARD, stat=Stat.ALCOHOL),), _TEXT, virtual=True),
    Card("Detach a finger: Ignore a Drink", CardKind.SOMETIMES,
         (Step(Verb.IGNORE, target=Target.DRINK),), _TEXT, virtual=True),
    Card("Detach a finger: Ignore an Event", CardKind.SOMETIMES,
         (Step(Verb.IGNORE, target=Target.EVENT),), _TEXT, virtual=True),
)
PLAIN, RING = "a plain finger", "a ringed finger"


class LichKing(Mechanics):
    name = "lich_king"
    resources = (Resource(FINGER, limit=FINGERS, owner="lich_king"),
                 Resource(RINGED, limit=FINGERS, owner="lich_king"),
                 Resource(DETACHED, limit=FINGERS, owner="lich_king"))

    def may_gain(self, tavern: Tavern, name: str, resource: str) -> bool:
        return tavern.player(name).mechanics == self.name

    def set_up(self, tavern: Tavern, name: str) -> Tavern:
        mat = tavern.mat(name)
        tavern = tavern.with_player(replace(mat, fortitude=FORTITUDE))
        player = tavern.player(name).with_count(FINGER, FINGERS).with_count(RINGED, RINGS)
        tavern = collect(tavern.with_player(player), name, RINGS)
        return tavern.note(f"{name} starts with {FORTITUDE} Fortitude and {FINGERS} fingers, "
                           f"{RINGS} of them ringed (Gold)")

    def after_change(self, tavern: Tavern, name: str, before: Player) -> Tavern:
        return sync_all(tavern)

    def after_round(self, tavern: Tavern, name: str, players: tuple[str, ...],
                    winner: str | None) -> Tavern:
        return sync(tavern, name)

    def start_of_turn(self, tavern: Tavern, owner: str, active: str) -> Resolution[Tavern]:
        return sync(tavern, owner)
        yield  # pragma: no cover

    def end_of_turn(self, tavern: Tavern, owner: str, ended: str) -> Resolution[Tavern]:
        return sync(tavern, owner)
        yield  # pragma: no cover

    def virtual(self, tavern: Tavern, name: str) -> tuple[Card, ...]:
        player = tavern.player(name)
        return IGNORES if not player.out and attached(tavern, name) else ()

    def use_virtual(self, tavern: Tavern, name: str, card: Card) -> Resolution[Tavern]:
        tavern = sync(tavern, name)
        player = tavern.player(name)
        ringed = player.count(RINGED) > 0
        if ringed and player.count(FINGER) > player.count(RINGED):
            ringed = (yield Decision("finger", f"{name}: detach which finger?", (PLAIN, RING),
                                     Decider.PLAYER, name, state=tavern)) == RING
        player = player.with_count(FINGER, player.count(FINGER) - 1).with_count(
            DETACHED, player.count(DETACHED) + 1)
        if ringed:
            player = player.with_count(RINGED, player.count(RINGED) - 1)
        what = "a ringed finger (it stays in his Stash as Gold)" if ringed else "a finger"
        return tavern.with_player(player).note(f"{name} detaches {what}")


def attached(tavern: Tavern, name: str) -> int:
    """Fingers still on ``name``'s mat: ringed ones paid away as Gold are not."""
    player = tavern.player(name)
    paid = max(player.count(RINGED) - tavern.mat(name).gold, 0)
    return player.count(FINGER) - paid


def sync(tavern: Tavern, name: str) -> Tavern:
    """Ringed fingers paid away as Gold since last looked at: detached, without Ignoring."""
    player = tavern.player(name)
    paid = max(player.count(RINGED) - tavern.mat(name).gold, 0)
    if player.mechanics != LichKing.name or not paid:
        return tavern
    player = player.with_count(RINGED, player.count(RINGED) - paid).with_count(
        FINGER, player.count(FINGER) - paid).with_count(DETACHED, player.count(DETACHED) + paid)
    return tavern.with_player(player).note(
        f"{name} has paid {paid} attached ringed finger{'s' if paid > 1 else ''} away as Gold")


def sync_all(tavern: Tavern) -> Tavern:
    for player in tavern.players:
        if player.mechanics == LichKing.name:
            tavern = sync(tavern, player.name)
    return tavern


register(LichKing())
