"""Dungeon Training (001, "Dungeon Training"; the checklist's B-02): at the end of a team's
Drink Phase it may discard a card (each teammate one) to move its progress token along an
arrow to a connected Room, whose effect is resolved "as though they came from an Action
Card" (so it may be reduced or Ignored, but is nobody's card to Negate); the Goal Room
gives a reward (a Loot chosen from the display, or the top Trick) and sends the token back
to the Start Room. Rewards are kept in front and played "as though they were a card in your
hand"; an Immediate one is played at once. Turn-ending effects and "out of the game"
effects stop an individual player moving; a team moves unless every member's turn ended.
"""

from __future__ import annotations

from tales.evolve import evolve
from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.chance import shuffle
from tales.tavern.rdi.effects import discard_cards, play_card
from tales.tavern.rdi.gambling import start_round
from tales.tavern.rdi.model import Card, CardKind, Dungeon, Tavern
from tales.tavern.rdi.timing import PASS
from tales.tavern.rdi.zones import take_card


def set_up(tavern: Tavern) -> Resolution[Tavern]:
    """The reward cards beside the Dungeon: displayed, or shuffled face down."""
    dungeon = tavern.variant.dungeon
    if dungeon is None or not dungeon.rewards:
        return tavern
    rewards = tuple(dungeon.rewards) if dungeon.display else tuple(
        (yield from shuffle(dungeon.rewards, f"the {dungeon.name} rewards")))
    return tavern.with_pile(dungeon.name, rewards).note(f"Dungeon Training: {dungeon.name}")


def stumble(tavern: Tavern, name: str) -> Resolution[Tavern]:
    """At the end of ``name``'s team's Drink Phase: move through the Dungeon, or not."""
    dungeon = tavern.variant.dungeon
    members = [p.name for p in tavern.team(name) if not p.out]
    if dungeon is None or not members or all(m in tavern.resting for m in members):
        return tavern  # "your turn has ended before the end of your Drink Phase"
    room = dungeon.room(tavern.room_of(name))
    if not room.exits or any(not tavern.player(m).hand for m in members):
        return tavern
    mover = members[0]
    verb = "discard a card each" if len(members) > 1 else "discard a card"
    where = yield Decision("dungeon", f"{mover}: {verb} to move from {room.name} to...?",
                           (PASS, *room.exits), Decider.PLAYER, mover, state=tavern)
    if where == PASS:
        return tavern
    for member in members:  # "each player on the team must discard a card"
        tavern = yield from discard_cards(tavern, member, 1)
    tavern = tavern.with_room(name, where).note(f"{mover} moves into {where}")
    resolver = mover
    if len(members) > 1 or len(tavern.team(name)) > 1:  # "they choose a player on their team"
        team = tuple(p.name for p in tavern.team(name))
        resolver = yield Decision("room", f"{mover}: who resolves {where}?", team,
                                  Decider.PLAYER, mover, state=tavern)
    return (yield from enter(tavern, resolver, dungeon, where))


def enter(tavern: Tavern, name: str, dungeon: Dungeon, where: str) -> Resolution[Tavern]:
    """``name`` resolves the Room ``where``: its effect, then the Goal's reward."""
    room = dungeon.room(where)
    if room.steps:
        effect = Card(room.name, CardKind.ACTION, room.steps, room.text, virtual=True,
                      activation=True)  # "as though they came from an Action Card"
        tavern, _ = yield from play_card(tavern, name, effect, discard=False)
    if room.goal and not tavern.player(name).out:
        tavern = yield from reward(tavern, name, dungeon)
        tavern = tavern.with_room(name, dungeon.start).note(
            f"{name}'s progress token goes back to {dungeon.start}")
    return tavern


def reward(tavern: Tavern, name: str, dungeon: Dungeon) -> Resolution[Tavern]:
    """The Goal's reward: a Loot of the player's choice from the display, or the top Trick
    (the used ones shuffled back when none is left); an Immediate one is played at once."""
    pile = tavern.pile(dungeon.name)
    used = tavern.pile(f"{dungeon.name} discard")
    if not pile and used:
        pile = used if dungeon.display else tuple(
            (yield from shuffle(used, f"the used {dungeon.name} rewards")))
        tavern = tavern.with_pile(f"{dungeon.name} discard", ())
    if not pile:
        return tavern.note(f"no reward is left in {dungeon.name}")
    index = len(pile) - 1
    if dungeon.display:
        names = tuple(sorted({c.name for c in pile}))
        choice = yield Decision("reward", f"{name}: take which reward?", names,
                                Decider.PLAYER, name, state=tavern)
        index = next(i for i, c in enumerate(pile) if c.name == choice)
    card = pile[index]
    tavern = tavern.with_pile(dungeon.name, pile[:index] + pile[index + 1:])
    player = tavern.player(name)
    tavern = tavern.with_player(evolve(player, kept=(*player.kept, card))).note(
        f"{name} takes {card.name}")
    if card.immediate:  # "you must reveal and play it immediately!"
        return (yield from play_now(tavern, name, card.name))
    return tavern


def play_now(tavern: Tavern, name: str, card_name: str) -> Resolution[Tavern]:
    """Play a kept card at once: a Round of Gambling it starts, or its effect."""
    tavern, card = yield from take_card(tavern, name, card_name)
    if card.starts_round:
        return (yield from start_round(tavern, name, card))
    tavern, _ = yield from play_card(tavern, name, card)
    return tavern
