"""Flower (seed 000; the checklist's section C): Treasure equipped in her slots, her Level.

The Treasure Deck is the sub-deck ``pile = "treasure"`` of her file. A Treasure's type is an
icon (``"headgear"``, ``"footgear"``, ``"armor"``, ``"1 hand"``, ``"2 hand"``, ``"special"``,
or ``"curse"``) and its Level ``values = [N]``; one with steps is played as a card of its
subtype (``kind``) while equipped, then discarded (a Cheating Treasure needs no steps). Her
equipped Treasure is the table's pile ``<name> equipped``, but for those she may play, kept
in front of her among the cards she keeps (played as though in her hand, never discarded
from it); her Level is the token
``level`` (kept equal to their sum), so her cards read it at resolution:
``if = { resource = "level", at_least = 5 }``, and ``below = 5`` for a base effect that a
better one replaces "instead". ``{ handler = "get treasure" }`` is "Get Treasure".
"""

from __future__ import annotations

from dataclasses import replace

from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi.characters import Mechanics, Resource, register
from tales.tavern.rdi.model import Card, CardKind, Step, Tavern
from tales.tavern.rdi.zones import reveal_from_pile

NAME = "flower"
TREASURE = "treasure"
DISCARDS = f"{TREASURE} discard"
LEVEL = "level"
GET = "get treasure"
HANDLERS = frozenset({GET})
CURSE, SPECIAL, ONE_HAND, TWO_HAND = "curse", "special", "1 hand", "2 hand"
SLOTS = ("headgear", "footgear", "armor")
HANDS = 2  # "two Hand slots, which can hold either two "1 Hand" items or one "2 Hand" item"
#: The mark of a munchkin answering a Curse while Getting Treasure: no Treasure of theirs may
#: be played then ("You may not play any cards or effects during these steps except ...").
GETTING = "getting treasure"


def equipped(name: str) -> str:
    """The table's pile of ``name``'s equipped Treasure."""
    return f"{name} equipped"


def level_of(card: Card) -> int:
    return card.values[0] if card.values else 0


def hands(card: Card) -> int:
    return 2 if TWO_HAND in card.icons else 1 if ONE_HAND in card.icons else 0


def gear(tavern: Tavern, name: str) -> tuple[Card, ...]:
    """``name``'s equipped Treasure: in the pile, and those kept to be played."""
    kept = tuple(c for c in tavern.player(name).kept if c.pile == TREASURE)
    return (*tavern.pile(equipped(name)), *kept)


def playable_treasure(card: Card) -> bool:
    """A Treasure with a subtype of Action, Sometimes, Anytime or Cheating: one with steps,
    or a Cheating card (it takes control of a Round of Gambling with none)."""
    return bool(card.steps) or card.kind is CardKind.CHEATING


def _wear(tavern: Tavern, name: str, cards: tuple[Card, ...]) -> Tavern:
    """Equip exactly ``cards``: playable ones kept, the rest in the pile."""
    player = tavern.player(name)
    kept = tuple(c for c in player.kept if c.pile != TREASURE)
    tavern = tavern.with_player(replace(player, kept=(*kept, *(c for c in cards
                                                               if playable_treasure(c)))))
    return tavern.with_pile(equipped(name), tuple(c for c in cards
                                                  if not playable_treasure(c)))


def _sync(tavern: Tavern, name: str) -> Tavern:
    """Her Level token: "the sum of the Levels of all of your equipped Treasure"."""
    level = sum(level_of(c) for c in gear(tavern, name))
    return tavern.with_player(tavern.player(name).with_count(LEVEL, level))


def _discard(tavern: Tavern, *cards: Card) -> Tavern:
    return tavern.with_pile(DISCARDS, (*tavern.pile(DISCARDS), *cards))


def conflicts(worn: tuple[Card, ...], new: Card) -> list[tuple[Card, ...]]:
    """The ways to make room for ``new``: each a set of equipped Treasure to discard."""
    if SPECIAL in new.icons:
        return [()]
    slot = next((s for s in SLOTS if s in new.icons), None)
    if slot is not None:
        return [tuple(c for c in worn if slot in c.icons)]
    held = [c for c in worn if hands(c)]
    free = HANDS - sum(hands(c) for c in held)
    if hands(new) <= free:
        return [()]
    if hands(new) == 2 or len(held) == 1:
        return [tuple(held)]
    return [(c,) for c in held]


def equip(tavern: Tavern, name: str, new: Card) -> Resolution[Tavern]:
    """000, steps 3 and 4: "If you already have a Treasure in the revealed Treasure's slot,
    decide which Treasure(s) you want to keep and discard the other(s). Equip or discard the
    revealed Treasure." Options are ordered best Level first."""
    worn = gear(tavern, name)
    now = sum(level_of(c) for c in worn)
    ways: list[tuple[int, str, tuple[Card, ...] | None]] = []
    for drop in conflicts(worn, new):
        after = now + level_of(new) - sum(level_of(c) for c in drop)
        label = f"equip {new.name}" + (f", discarding {', '.join(c.name for c in drop)}"
                                       if drop else "") + f" (Level {after})"
        ways.append((after, label, drop))
    ways.append((now, f"discard {new.name} (Level {now})", None))
    ways.sort(key=lambda w: -w[0])
    choice = yield Decision("treasure", f"{name}: equip {new.name}?",
                            tuple(w[1] for w in ways), Decider.PLAYER, name, state=tavern)
    dropped = next(w[2] for w in ways if w[1] == choice)
    if dropped is None:
        return _discard(tavern, new).note(f"{name} discards {new.name}")
    kept = list(worn)
    for card in dropped:
        kept.remove(card)
    tavern = _wear(_discard(tavern, *dropped), name, (*kept, new))
    return _sync(tavern, name).note(f"{name} equips {new.name}"
                                     f" (Level {tavern.player(name).count(LEVEL)})")


def get_treasure(tavern: Tavern, name: str) -> Resolution[Tavern]:
    """000: "Reveal the top card of the Treasure Deck. If the revealed Treasure is a Curse,
    follow the Curse's instructions immediately, then discard it." Then equip it or not."""
    from tales.tavern.rdi.effects import play_card

    tavern, new = yield from reveal_from_pile(tavern, TREASURE)  # its discards shuffled if empty
    if new is None:
        return tavern
    tavern = tavern.note(f"{name} reveals the Treasure {new.name}")
    if CURSE in new.icons:  # "any non-Treasure card played in response to a Curse"
        tavern = tavern.with_player(tavern.player(name).with_count(GETTING, 1))
        tavern, _ = yield from play_card(tavern, name, new, label=f"{new.name} (Curse)")
        return tavern.with_player(tavern.player(name).with_count(GETTING, 0))
    tavern = yield from equip(tavern, name, new)
    return _sync(tavern, name)


class Flower(Mechanics):
    name = NAME
    handlers = HANDLERS
    resources = (Resource(LEVEL, owner=NAME),)

    def start_of_turn(self, tavern: Tavern, owner: str, active: str) -> Resolution[Tavern]:
        """000: "At the beginning of your turn, or whenever a card tells you to **Get
        Treasure**"."""
        player = tavern.player(owner)
        if player.out or player.side != tavern.player(active).side:
            return tavern
        return (yield from get_treasure(tavern, owner))

    def handle(self, tavern: Tavern, name: str, step: Step, target: str | None
               ) -> Resolution[Tavern]:
        if step.handler == GET:
            tavern = yield from get_treasure(tavern, name)
        return tavern

    def may_play(self, tavern: Tavern, name: str, card: Card) -> bool:
        """000: during Get Treasure, only "any non-Treasure card played in response to a
        Curse"."""
        return card.pile != TREASURE or not tavern.player(name).count(GETTING)

    def playing(self, tavern: Tavern, name: str, card: Card) -> Tavern:
        """000: "If you play a Treasure in this way, discard it": it left her kept cards,
        so her Level is counted again."""
        return _sync(tavern, name) if card.pile == TREASURE else tavern


register(Flower())
