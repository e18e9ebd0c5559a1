"""The variants' numbers (001, "Team Variants", "Two-Headed Dragon", "Boss Battle",
"Two-Headed Boss Battle", "Leaders and Lackeys"; 002, "Boss Versus Boss"; the checklist's
B-05 to B-09): who is on which team, who plays a Boss deck, hand sizes, Potion Tokens, how
many Actions a player may play and how many Drinks a team orders.

Every structure is a seating plus these numbers, so a new team variant is a new row here
rather than new rules.
"""

from __future__ import annotations

from tales.tavern.rdi import characters
from tales.tavern.rdi.model import HAND_SIZE, Mode, Tavern
from tales.tavern.rdi.ottodata import OTTO

#: Potion Tokens per team (Two-Headed Dragon: "2 per team").
TWO_HEADED_POTIONS = 2
TEAM_GOLD = 10  # "Each team takes 10 Gold"; the Boss Setup's "The Boss takes 10 Gold"
#: Boss Otto: "If you are playing Solo against Boss Otto, Otto and the solo Challenger each
#: start the game with 8 Gold."
SOLO_GOLD = 8
#: Structures of teams of two neighbours, ordering two Drinks a team (001: "the same as the
#: Two-Headed Dragon variant").
PAIRS = frozenset({Mode.TWO_HEADED_DRAGON, Mode.TWO_HEADED_BOSS_BATTLE,
                   Mode.LEADERS_AND_LACKEYS})


def teams(mode: Mode, names: list[str]) -> list[str]:
    """Each player's team name, in seat order: the pairs structures pair neighbours
    ("Teammates sit next to each other"); in a Boss Battle the first seat is the Boss (a
    "team of one") and everyone else is the Challengers; Boss Versus Boss "does not use
    the general team rules"."""
    if mode in PAIRS:
        if len(names) % 2 or len(names) < 4:
            raise ValueError(f"{mode.value.capitalize()} needs an even number of players, 4 "
                             "or more")
        return [f"team {n // 2 + 1}" for n in range(len(names))]
    if mode is Mode.BOSS_BATTLE:
        if not 3 <= len(names) <= 5:
            raise ValueError("a Boss Battle is one Boss against 2, 3 or 4 Challengers")
        return ["", *(["challengers"] * (len(names) - 1))]
    if mode is Mode.BOSS_OTTO:  # Boss Otto (the first seat) "is for one to four" players
        if not 2 <= len(names) <= 5:
            raise ValueError("Boss Otto is played by 1 to 4 Challengers")
        return ["", *(["challengers"] * (len(names) - 1))]
    return [""] * len(names)


def boss_deck(mode: Mode, seat: int) -> bool:
    """Whether the player in ``seat`` plays a Boss deck (a villain with its Boss cards): the
    Boss of a Boss Battle (the first seat), every player of a Two-Headed Boss Battle and of
    Boss Versus Boss, the Leader (first) of each Leaders and Lackeys pair."""
    if mode is Mode.BOSS_BATTLE:
        return seat == 0
    if mode is Mode.LEADERS_AND_LACKEYS:
        return seat % 2 == 0
    return mode in (Mode.TWO_HEADED_BOSS_BATTLE, Mode.BOSS_VERSUS_BOSS)


def team_gold(mode: Mode, count: int) -> int:
    """Each team's starting Gold (``count`` players in all, Boss Otto counted)."""
    return SOLO_GOLD if mode is Mode.BOSS_OTTO and count == 2 else TEAM_GOLD


def challengers(tavern: Tavern) -> int:
    """X, the number of Challengers who started a Boss Battle."""
    return sum(1 for p in tavern.players if p.name != tavern.variant.boss)


def potions(mode: Mode, count: int, boss: bool) -> int:
    """Potion Tokens a team starts with: 2 a team in the pairs structures; X for the Boss
    and X in all for the Challengers (X Challengers)."""
    if mode in PAIRS:
        return TWO_HEADED_POTIONS
    if mode in (Mode.BOSS_BATTLE, Mode.BOSS_OTTO):  # Otto: "equal to the number of
        return count - 1  # Challengers in the game"
    return 0  # Boss Versus Boss: "Potion Tokens: None"


def hand_size(tavern: Tavern, name: str) -> int:
    """7; the Boss's is 8, 9 or 10 with 2, 3 or 4 Challengers; a character may change it
    (Ohava)."""
    size = HAND_SIZE
    if tavern.variant.mode is Mode.BOSS_OTTO and name == OTTO:
        return 0  # he plays from his three decks, never from a hand
    if tavern.variant.mode is Mode.BOSS_BATTLE and name == tavern.variant.boss:
        size = HAND_SIZE + challengers(tavern) - 1
    return characters.mechanics(tavern.player(name)).hand_size(tavern, name, size)


def first_boss_turn(tavern: Tavern, name: str) -> bool:
    return (tavern.variant.mode is Mode.BOSS_BATTLE and name == tavern.variant.boss
            and tavern.turn == 1)


def actions(tavern: Tavern, name: str) -> int:
    """Action cards ``name`` may play this Action Phase: 1; the Boss X (on their first
    turn, 1 with 2 Challengers, otherwise 2)."""
    if tavern.variant.mode is Mode.BOSS_BATTLE and name == tavern.variant.boss:
        x = challengers(tavern)
        return (1 if x == 2 else 2) if first_boss_turn(tavern, name) else x
    return 1


def drinks_ordered(tavern: Tavern, name: str) -> int:
    """Drinks ``name``'s team orders: 1; 2 a team in the pairs structures; the Boss X (on
    their first turn as many as their Actions); the Challengers 1 in all (against Boss Otto
    too, unless his rules say one each); and any more the character orders (Samantha)."""
    extra = characters.mechanics(tavern.player(name)).extra_orders(tavern, name)
    if tavern.variant.mode in PAIRS:
        return 2 + extra
    if tavern.variant.mode is Mode.BOSS_BATTLE and name == tavern.variant.boss:
        return actions(tavern, name) + extra
    if tavern.variant.otto is not None and tavern.variant.otto.order_each:
        return len([p for p in tavern.team(name) if not p.out]) + extra  # Boss Otto, the flag
    return 1 + extra
