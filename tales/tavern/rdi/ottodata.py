"""Boss Otto's table as data (001, "Boss Otto", "Boss Otto - Advanced", "Boss Otto - Other
Rules"): his cards' extra marks, the factions chosen, the Threat track, and the small pure
rules on his numbers (Threat, Repair, the Priority Target token).

Boss Otto is a player at the table (001: "Otto counts as a player in the game") named
:data:`OTTO`, a team of one; the Challengers are one team. His Threat Level is a token on
his mat (:data:`THREAT`); the Priority Target token is a token on the Challenger who holds
it (:data:`PRIORITY`). His three hybrid decks are shared piles (:data:`ACTIONS`...), each
with its discards, like any sub-deck.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from tales.tavern.rdi.model import Card, CardKind, Step, Tavern, Verb

OTTO = "Boss Otto"
THREAT = "threat"
PRIORITY = "priority target"
ACTIONS = "Otto Action"
SOMETIMES = "Otto Sometimes"
GAMBLING = "Otto Gambling"
#: Each of his decks by the card type it holds (001: "their Action decks, their Sometimes
#: decks and their Gambling decks").
DECKS = {CardKind.ACTION: ACTIONS, CardKind.SOMETIMES: SOMETIMES, CardKind.GAMBLING: GAMBLING,
         CardKind.CHEATING: GAMBLING}
TEAM = "challengers"
#: "If Boss Otto's Threat Level would go above 13, then Boss Otto instead Repairs 1."
MOST_THREAT = 13
#: "Repair 1": at or below this Fortitude he gains 1 Fortitude, else loses 1 Alcohol.
REPAIR_LINE = 10
#: "If Otto has 4 or fewer Gold and is given the choice to spend or lose Gold, he chooses
#: not to."
THRIFTY = 4
#: Phrenk: "If Boss Otto has 5 or more Gold, he will buy the offered Potion with a 50%
#: probability."
BUYS_AT = 5
#: Potion Tokens: "If Otto's Fortitude is 11 or greater, he loses 6 Alcohol Content."
POTION_LINE = 11
FACTIONS_A_GAME = 2


class Subtype(StrEnum):
    """A Sometimes card's subtype (001, "Some of Otto's Sometimes Cards have a subtype"),
    or a Component's (001: "Components have two subtypes: Active and Passive")."""

    NONE = ""
    PLAYER = "player"
    DRINK = "drink"
    ACTIVE = "active"
    PASSIVE = "passive"


@dataclass(frozen=True)
class OttoCard:
    """What an Otto card has beyond a character card: its faction, its skulls (0; 1, a Hard
    Mode card; 2, an Epic Mode card), its subtype, its Whiff ability, and for an Action
    that starts a Round of Gambling the Threat it adds unless the Challengers played a
    Gambling or Cheating Card in it."""

    card: Card
    faction: str
    skulls: int = 0
    subtype: Subtype = Subtype.NONE
    whiff: tuple[Step, ...] = ()
    threat_unless_gambled: int = 0
    passes: bool = False  # a Gambling Deck card whose instruction is that Otto passes

    @property
    def component(self) -> bool:
        return self.subtype in (Subtype.ACTIVE, Subtype.PASSIVE)


@dataclass(frozen=True)
class OttoRules:
    """A Boss Otto game's choices: every faction's cards (from the file), the two factions
    played (empty: picked at random at setup), the Threat track (Actions prepared at each
    Threat Level, 1 to 13; ``hard_track`` its Hard side) and the Advanced adjustments."""

    cards: tuple[OttoCard, ...]
    track: tuple[int, ...]
    hard_track: tuple[int, ...]
    factions: tuple[str, ...] = ()
    hard_cards: bool = False  # "Hard Mode Cards": the single-skull cards (Components)
    epic_cards: bool = False  # "Epic Mode Cards": the two-skull cards
    threat_hard: bool = False  # "Threat Level - Hard": the track's back side
    tough_components: bool = False  # "they must lose Fortitude twice!"
    extra_potions: int = 0  # "Potion Token Imbalance"
    #: the Challengers order one Drink for Otto in all (the reading, as in Boss Battle), or,
    #: the other reading (docs/rules-decisions.md), one each
    order_each: bool = False
    #: Nerodia Petrifies the top cards of his decks, of her choice (001), or, the
    #: Compendium's reading (000: "If Nerodia would cause ... Otto to Petrify cards, nothing
    #: happens"), nothing
    petrify_decks: bool = True

    @property
    def names(self) -> tuple[str, ...]:
        """The factions in the file, in order."""
        return tuple(dict.fromkeys(c.faction for c in self.cards))

    def extra(self, card: Card) -> OttoCard | None:
        """``card``'s Otto marks (None: not an Otto card)."""
        return next((c for c in self.cards if c.card.name == card.name and c.card.pile
                     == card.pile), None)

    def in_play(self, factions: tuple[str, ...]) -> tuple[OttoCard, ...]:
        """The cards of ``factions`` this game uses: no skulls, plus the Hard and Epic
        Mode cards when chosen (001: "For your first game, leave any cards with skulls in
        the bottom right out of the game")."""
        wanted = {0, *((1,) if self.hard_cards else ()), *((2,) if self.epic_cards else ())}
        return tuple(c for c in self.cards if c.faction in factions and c.skulls in wanted)


def is_otto(tavern: Tavern, name: str) -> bool:
    return tavern.variant.otto is not None and name == OTTO


def challengers(tavern: Tavern) -> list[str]:
    """The Challengers, in seat order (in or out)."""
    return [p.name for p in tavern.players if p.name != OTTO]


def threat(tavern: Tavern) -> int:
    return tavern.player(OTTO).count(THREAT)


def target(tavern: Tavern) -> str:
    """The Challenger holding the Priority Target token."""
    return next((p.name for p in tavern.players if p.count(PRIORITY)),
                challengers(tavern)[0])


def give_target(tavern: Tavern, name: str) -> Tavern:
    """The Priority Target token goes to ``name``."""
    old = target(tavern)
    if old == name:
        return tavern
    tavern = tavern.with_player(tavern.player(old).with_count(PRIORITY, 0))
    return tavern.with_player(tavern.player(name).with_count(PRIORITY, 1)).note(
        f"{name} is the Priority Target")


def change_targets(tavern: Tavern) -> Tavern:
    """"pass the Priority Target token to the next Challenger in clockwise order" (solo:
    the same Challenger)."""
    seats = [n for n in challengers(tavern) if not tavern.player(n).out]
    old = target(tavern)
    if old not in seats:
        return tavern
    return give_target(tavern, seats[(seats.index(old) + 1) % len(seats)])


def repair(tavern: Tavern, times: int) -> Tavern:
    """"Repair X": X times, 1 Fortitude at 10 or less, else 1 Alcohol Content less."""
    if not times:
        return tavern
    before = tavern.player(OTTO)
    for _ in range(times):
        otto = tavern.player(OTTO)
        if otto.fortitude <= REPAIR_LINE:
            otto = replace(otto, fortitude=otto.fortitude + 1)
        else:
            otto = replace(otto, alcohol=max(otto.alcohol - 1, 0))
        tavern = tavern.with_player(otto)
    after = tavern.player(OTTO)
    from tales.tavern.rdi.stats import changed

    what = changed(after.fortitude - before.fortitude, after.alcohol - before.alcohol, 0, -1)
    return tavern.note(f"{OTTO} Repairs {times}: he {what}")


def gain_threat(tavern: Tavern, amount: int) -> Tavern:
    """Threat up by ``amount``, one at a time: above 13, a Repair 1 instead."""
    for _ in range(amount):
        level = threat(tavern)
        if level >= MOST_THREAT:
            tavern = repair(tavern, 1)
            continue
        tavern = tavern.with_player(tavern.player(OTTO).with_count(THREAT, level + 1))
    return tavern.note(f"{OTTO}'s Threat Level is {threat(tavern)}") if amount else tavern


def reset_threat(tavern: Tavern) -> Tavern:
    """"Reset Boss Otto's Threat Level to the number of Challengers in the game"."""
    return tavern.with_player(tavern.player(OTTO).with_count(THREAT,
                                                             len(challengers(tavern))))


def prepared(tavern: Tavern) -> int:
    """Actions Otto prepares at his Threat Level, read off the track's side in play."""
    rules = tavern.variant.otto
    assert rules is not None
    track = rules.hard_track if rules.threat_hard else rules.track
    return track[min(max(threat(tavern), 1), len(track)) - 1]


def claim(tavern: Tavern, name: str) -> Tavern:
    """A Challenger "immediately becomes the Priority Target" when they reveal or trigger an
    Event that affects all players, start a Round of Gambling, or play a card that affects
    "each player (including you)"."""
    if tavern.variant.otto is None or name == OTTO or name not in challengers(tavern):
        return tavern
    return give_target(tavern, name)


def sometimes_resolved(tavern: Tavern, name: str, card: Card) -> Tavern:
    """"Whenever a Challenger resolves a Sometimes Card (i.e. it takes effect because it
    wasn't Negated), Boss Otto's Threat Level goes up by 1.\""""
    if card.kind is not CardKind.SOMETIMES:
        return tavern
    return as_sometimes(tavern, name)


def as_sometimes(tavern: Tavern, name: str) -> Tavern:
    """A Challenger played something that "counts as though it were a Sometimes Card" (a
    Buff Token: "if a Challenger plays a Buff Token, Threat will go up!")."""
    if tavern.variant.otto is None or name == OTTO:
        return tavern
    return gain_threat(tavern, 1)


def otto_step(tavern: Tavern, verb: Verb, amount: int) -> Tavern:
    """One of Boss Otto's own steps (nothing outside his variant)."""
    if tavern.variant.otto is None:
        return tavern
    if verb is Verb.THREAT:
        return gain_threat(tavern, amount)
    if verb is Verb.REPAIR:
        return repair(tavern, amount)
    return change_targets(tavern)


OTTO_STEPS = frozenset({Verb.THREAT, Verb.REPAIR, Verb.CHANGE_TARGETS})
