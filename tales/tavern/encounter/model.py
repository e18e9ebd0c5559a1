"""The encounter game's table as data (seed 003; the checklist's section D).

Cards are data read from TOML (:mod:`.cards`); the printed cards' texts are not in the
seed, so the bundled deck is an original sample. Everything is immutable; the rules in
:mod:`.rules` return new values.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from enum import StrEnum
from operator import attrgetter
from typing import Any, ClassVar

from tales.evolve import Keeps, evolve, evolve_known
from tales.journal import Log

LIFE = 100  # "places a green bead on the 100 Life Points number"
HAND_SIZE = 7
ENCOUNTERS = 9  # "deal 9 facedown on the table to form the Encounter deck"
#: The rules' edition a game is played by: 1, before issue 42's rulings (kept so that saves
#: made then replay as they were played); 2, with them; 3, now: "Bring the chest"'s matches
#: and lies about Action cards under the fog of war (issue 42, items 7 and 8).
EDITION = 3
POISON_DAMAGE = 5  # "damaged for 5 points for each poison token"
POISON_PENALTY = 10  # "all their attacks modified by -10 damage for each token"
VAMPYRE_BITE = 5  # "select a player without a Vampyre token to damage for 5 points"
#: Emperor Lich: the only cards other than Attack cards the returned dead keep (003).
UNDEAD_KEEP = ("Critical Miss", "Trip")
GLUTTONY_HAND = 14  # Gluttony: "you may still draw up to 14 cards"


class Kind(StrEnum):
    """Card types (003: Attack cards, red combat icon; Action cards, blue oval; Items,
    jewel), and the kinds of Attack card."""

    STANDARD = "standard"  # shows the damage it inflicts
    ENHANCED = "enhanced"  # damage plus an ability
    TACTICAL = "tactical"  # a maneuver: never hits or inflicts damage (Feint)
    STAND_IN = "stand in"  # replaced by new cards when revealed
    RIDER = "rider"  # stands by and modifies a later Attack card
    ACTION = "action"
    ITEM = "item"

    attack: bool  # an Attack card's kind (set on each member below: asked of every card)


for _kind in Kind:  # (not in the enum's __init__: compiled, mypyc checks its self too early)
    _kind.attack = _kind not in (Kind.ACTION, Kind.ITEM)


class When(StrEnum):
    """When an Action card (or Item, or ability) may be played."""

    TURN = "turn"  # on your own turn, before you flip your Attack card
    REVEAL = "reveal"  # after an Attack card is revealed
    CREATURE = "creature"  # when the creature attacks a player
    ANY = "any"  # at any window


class Op(StrEnum):
    """The closed set of effect steps."""

    HEAL = "heal"  # gain Life Points (never above the maximum)
    HURT = "hurt"  # a player loses Life Points
    WOUND = "wound"  # the creature loses Life Points ("Not So Tough")
    TOUGHEN = "toughen"  # the creature gains Life Points ("Tougher Than He Looks")
    HALVE = "halve"  # rotate a revealed Attack card to its next lower value
    DOUBLE = "double"  # rotate it to its next higher value
    MISS = "miss"  # a revealed Attack card inflicts nothing (it leaves the stack)
    EDGE_OUT = "edge out"  # discard a set, face-down Attack card of another player
    DODGE = "dodge"  # the creature's attack on you does no damage
    REDIRECT = "redirect"  # the creature's attack on you goes to another player
    COUNTER = "counter"  # strike back at the creature attacking you
    DRAW = "draw"  # draw cards
    POISON = "poison"  # a player gets poison tokens
    CURE = "cure"  # remove poison tokens
    PRESTIGE = "prestige"  # gain (or lose) Prestige
    STEAL = "steal"  # take an Item from another player
    HAND = "hand"  # change your maximum hand size
    RELIC = "relic"  # the killer gets the top Relic


class Whom(StrEnum):
    YOU = "you"
    OTHER = "other"  # another player, chosen
    ANY = "any"  # any player, chosen
    EACH = "each"  # every living player
    KILLER = "killer"  # the player who lands the killing blow (Treasures)


@dataclass(frozen=True)
class Step:
    op: Op
    amount: int = 0
    whom: Whom = Whom.YOU


@dataclass(frozen=True)
class Card(Keeps):
    """A card of the draw deck. An Attack card's ``values`` are its printed damage values,
    lowest first, and ``start`` the index of the one it shows; halving and doubling
    rotate it (003). ``special`` are higher values for one character only. A Rider adds
    ``add`` or multiplies by ``times``. A Stand In is replaced by ``replace`` cards from the
    top of the draw deck (``opportunity``: and its player sets a second Attack card)."""

    name: str
    kind: Kind
    values: tuple[int, ...] = ()
    start: int = 0
    special: str = ""  # the character whose Special Attack it has
    special_values: tuple[int, ...] = ()
    add: int = 0
    times: float = 0.0
    replace: int = 0
    opportunity: bool = False
    when: When = When.ANY
    steps: tuple[Step, ...] = ()
    potion: bool = False  # an Item tipped to drink; one use
    one_use: bool = False
    relic: bool = False
    prestige: int = 0  # Prestige it is worth on a pile (a Healing Potion given to another)
    ability: bool = False  # a character's ability, used like a card
    uses: int = 1  # an ability's uses each Encounter
    either: tuple[tuple[Step, ...], ...] = ()  # played for one of these effects instead
    text: str = ""
    #: what is kept beside the fields (:class:`~tales.evolve.Keeps`): effects._profile's
    _play: ClassVar[tuple[Card, Any] | None] = None


class Target(StrEnum):
    """Whom a row of an Attack Matrix attacks. Comparisons are of damage done this round
    (003: "all damage comparisons refer to damage done this round")."""

    MOST = "most damage"
    LEAST = "least damage"
    NONE = "no damage"  # players whose attacks did no damage
    ALL = "all"
    RANDOM = "player"  # "Player N": who drew Initiative N on the new draw


@dataclass(frozen=True)
class Strike:
    """A row of an Encounter's Attack Matrix."""

    target: Target
    damage: int
    number: int = 0  # for Target.RANDOM: the Initiative number
    poison: int = 0
    turns: bool = False  # the victim is turned (a Vampyre; by the Wereboar)
    prestige: int = 0  # Prestige the victim gains (negative: loses) when hit
    swap: bool = False  # the victim switches seats with the next player (Thantigist)


class Rule(StrEnum):
    """Events that change the rules while their Encounter lasts."""

    FOG = "fog of war"  # cards played hidden and announced; liars may be challenged
    CLOSE_QUARTERS = "close quarters"  # Gluttony powered up more by each card drawn
    DAYLIGHT = "daylight"  # maximum hand size +1; the first extra card drawn is free
    CHEST = "bring the chest"  # only Attack cards are kept; other cards drawn are discarded


class Goal(StrEnum):
    """What a Quest card asks (Tombs & Tomes: "Quest cards can add to the winning
    conditions of the standard game")."""

    KILLS = "kills"  # land at least N killing blows
    SURVIVE = "survive"  # end the game with at least N Life Points
    ITEMS = "items"  # end the game with at least N Items


@dataclass(frozen=True)
class Quest:
    name: str
    goal: Goal
    at_least: int
    prestige: int
    text: str = ""


class Special(StrEnum):
    """The named Encounters the seed rules on."""

    NONE = ""
    VAMPYRE = "vampyre"
    WEREBOAR = "wereboar"
    GLUTTONY = "gluttony"
    EMPEROR_LICH = "emperor lich"
    HIVEMIND = "hivemind"
    THANTIGIST = "thantigist"
    RAGNAROK = "ragnarok"
    BARRIER_MAGUS = "barrier magus"


@dataclass(frozen=True)
class Encounter:
    """An Encounter card: starting Life Points by the number of players who started the
    game, Prestige for the killing blow, its Attack Matrix; a token-based Encounter's
    tokens (their Life Points); bonus rounds and their Prestige."""

    name: str
    life: tuple[tuple[int, int], ...]  # (players, Life Points)
    prestige: int
    matrix: tuple[Strike, ...] = ()
    tokens: tuple[int, ...] = ()
    bonus_rounds: tuple[int, ...] = ()
    bonus: int = 0
    creature: bool = True  # creature-based (draws an Event)
    special: Special = Special.NONE
    barrier: int = 0  # Barrier Magus: the barrier's Life Points
    backlash: int = 0  # Barrier Magus: damage to whoever knocks the barrier down
    revive: int = 0  # Ragnarok: Life Points the dead come back with
    text: str = ""

    def life_for(self, players: int) -> int:
        table = dict(self.life)
        if players in table:
            return table[players]
        nearest = min(table, key=lambda n: (abs(n - players), n))
        return table[nearest]


@dataclass(frozen=True)
class Event:
    """An Event card (Relics & Ruin): it activates when the Encounter number is on its
    Activation track; an Event! at once, a Treasure! at the end of the Encounter."""

    name: str
    activation: tuple[int, ...]
    treasure: bool = False
    steps: tuple[Step, ...] = ()
    deadly: bool = False
    rule: str = ""  # a rule it switches on: "fog of war", "close quarters", "daylight"
    text: str = ""
    #: "Bring the chest": the Attack values in its red burst (each matched once an Encounter)
    #: and what a match earns its card's player (both printed on the card, not in 003)
    burst: tuple[int, ...] = ()
    match: tuple[Step, ...] = ()


@dataclass(frozen=True)
class Adventurer(Keeps):
    """A player: Life Points, hand, Items face up, the Prestige pile."""

    name: str
    character: str = ""
    life: int = LIFE
    hand: tuple[Card, ...] = ()
    items: tuple[Card, ...] = ()
    tipped: tuple[Card, ...] = ()  # Potions tipped to drink
    prestige: tuple[tuple[str, int], ...] = ()  # (what, Prestige) in the scoring pile
    initiative: int = 0
    poison: int = 0
    dead: bool = False
    vampyre: bool = False
    wereboar: bool = False
    hand_size: int = HAND_SIZE
    riders: tuple[Card, ...] = ()  # Riders standing by
    used: int = 0  # uses of the character's ability this Encounter
    beast: bool = False  # a Wereboar at the end of the game: a creature, not a player
    undead: bool = False  # a dead player fighting the party (Emperor Lich)
    quest: Quest | None = None  # the Quest card dealt to them (Tombs & Tomes)
    kills: int = 0  # killing blows landed
    #: what is kept beside the fields (:class:`~tales.evolve.Keeps`): effects._of_the_moment's
    _moments: ClassVar[tuple[tuple[Card, ...], tuple[Card, ...], dict[When, Any]] | None] \
        = None

    @property
    def score(self) -> int:
        return sum(p for _, p in self.prestige)


@dataclass(frozen=True)
class Blow(Keeps):
    """An Attack card on the damage stack: whose, its card, the value it shows (an index
    into its values), the Riders that went with it, the token it was placed on."""

    player: str
    card: Card
    index: int
    riders: tuple[Card, ...] = ()
    token: int = 0
    special: bool = False  # a Special Attack (protected once revealed)
    missed: bool = False
    announced: int | None = None  # the damage announced under the fog of war
    shift: int = 0  # how far it was halved (-) or doubled (+): its Riders rotate with it
    poison: int = 0  # its player's poison tokens when it was played (-10 damage each)
    linked: bool = False  # changed by a character's ability: "linked to that ability"
    #: what is kept beside the fields (:class:`~tales.evolve.Keeps`): :func:`value`'s
    _value: ClassVar[tuple[Blow, int] | None] = None

    @property
    def ladder(self) -> tuple[int, ...]:
        return self.card.special_values if self.special else self.card.values


@dataclass(frozen=True)
class Fought:
    """The record of one Encounter fought (for reports): its name, rounds, who landed the
    killing blow (None: not killed), who died during it, whether the round limit stopped
    it, whether it was a Wereboar's fight after the game or played to break a tie."""

    name: str
    rounds: int
    killer: str | None
    died: tuple[str, ...] = ()
    stopped: bool = False
    beast: str = ""  # the turned player a Wereboar fight was against
    tiebreak: bool = False


@dataclass(frozen=True)
class Caverns(Keeps):
    """The whole table."""

    players: tuple[Adventurer, ...]
    deck: tuple[Card, ...]  # top is the last
    discard: tuple[Card, ...] = ()
    encounters: tuple[Encounter, ...] = ()  # the Encounter deck, top is the last
    set_aside: tuple[Encounter, ...] = ()
    events: tuple[Event, ...] = ()
    relics: tuple[Card, ...] = ()
    started: int = 0  # players who started the game
    number: int = 0  # the Encounter number on the Monster Life Tracker
    encounter: Encounter | None = None
    life: int = 0  # the creature's Life Points
    tokens: tuple[int, ...] = ()  # a token-based Encounter's tokens left (Life Points)
    round: int = 0
    stack: tuple[Blow, ...] = ()
    set_cards: tuple[tuple[str, Card], ...] = ()  # face-down Attack cards this round
    initiative: tuple[int, ...] = ()  # the Initiative cards in play (highest removed)
    event: Event | None = None
    treasure: Event | None = None
    winners: tuple[str, ...] | None = None
    log: Sequence[str] = ()  # a Log once a line is noted (append-only, shared)
    removed: tuple[Card, ...] = ()  # one-use Items used up
    abilities: tuple[tuple[str, Card], ...] = ()  # each character's ability (Deeper &)
    barrier: int = 0  # Barrier Magus: the barrier's Life Points left (0: down)
    rules: tuple[Rule, ...] = ()  # Events' rules in force this Encounter
    revealed: int = 0  # Attack cards revealed this round
    power: int = 0  # Gluttony's power: extra damage to each of its attacks
    wereboar: Encounter | None = None  # the Wereboar faced, for the end of the game
    totalled: bool = False  # this round's damage stack is taken off the creature already
    slayer: str | None = None  # who brought the creature (its last token) down, while it is
    fallen: tuple[tuple[int, str], ...] = ()  # (token, who destroyed it) this Encounter
    fought: tuple[Fought, ...] = ()  # the Encounters fought so far
    flags: tuple[tuple[str, str], ...] = field(default=())
    edition: int = EDITION  # the rules' edition (:data:`EDITION`)
    #: the game's Action cards, one of each name: what a player may say they played under the
    #: fog of war (edition 3)
    actions: tuple[Card, ...] = ()
    matched: tuple[int, ...] = ()  # the red burst's values matched this Encounter (the chest)
    #: what is kept beside the fields (:class:`~tales.evolve.Keeps`), each with the very
    #: field it was worked out from: the abilities by character, each player's seat by
    #: name, the players in Initiative order, the living, the damage stack's totals
    _abilities: ClassVar[tuple[tuple[tuple[str, Card], ...], dict[str, Card]] | None] = None
    _by_name: ClassVar[tuple[tuple[Adventurer, ...], dict[str, int]] | None] = None
    _initiative: ClassVar[tuple[tuple[Adventurer, ...], tuple[str, ...]] | None] = None
    _living: ClassVar[tuple[tuple[Adventurer, ...], tuple[Adventurer, ...]] | None] = None
    _stacked: ClassVar[tuple[tuple[Blow, ...], dict[int | None, int]] | None] = None

    def ability(self, name: str) -> Card | None:
        """``name``'s character ability, if they may still use it this Encounter."""
        return self.ability_of(self.player(name))

    def ability_of(self, player: Adventurer) -> Card | None:
        """:meth:`ability` of a player of this table."""
        abilities = self.abilities
        kept = self._abilities  # the last of a character's, as a dict keeps:
        if kept is None or kept[0] is not abilities:  # made once per abilities tuple
            kept = (abilities, dict(abilities))
            object.__setattr__(self, "_abilities", kept)
        card: Card | None = kept[1].get(player.character)
        return card if card is not None and player.used < card.uses else None

    def copy(self, **changes: object) -> Caverns:
        """This table with ``changes``: a cheap copy (its log is shared, append-only), for
        a bot that plans ahead; the table itself never changes."""
        return evolve(self, **changes)

    def _seats(self) -> dict[str, int]:
        """Each player's index in :attr:`players`, by name: built once per ``players``
        tuple (kept beside the fields and checked against that very tuple, so a copy with
        other players never reads a stale one; issue 19: asked again and again of the
        same table)."""
        players = self.players
        kept = self._by_name
        if kept is None or kept[0] is not players:
            kept = (players, {p.name: n for n, p in enumerate(players)})
            object.__setattr__(self, "_by_name", kept)
        return kept[1]

    def player(self, name: str) -> Adventurer:
        players = self.players
        seats = self._by_name
        try:
            return players[(seats[1] if seats is not None and seats[0] is players
                            else self._seats())[name]]
        except KeyError:
            raise StopIteration(name) from None

    def with_player(self, player: Adventurer, *lines: str, **changes: object) -> Caverns:
        """This table with ``player`` in their seat, ``lines`` noted in the log and
        ``changes`` made to its fields: one copy (issue 19: a copy of the table is most of
        a change's cost)."""
        if lines:
            changes["log"] = Log.of(self.log).add(*lines)
        players = self.players
        seats = self._by_name
        index = seats[1] if seats is not None and seats[0] is players else self._seats()
        seat = index.get(player.name)
        if seat is None:
            return evolve_known(self, _TABLE_FIELDS, changes)
        seated = list(players)  # (quicker than joining slices)
        seated[seat] = player
        new = tuple(seated)
        changes["players"] = new
        changed: Caverns = evolve_known(self, _TABLE_FIELDS, changes)
        # the same names in the same seats: the same index
        object.__setattr__(changed, "_by_name", (new, index))
        order = self._initiative
        before = players[seat]
        if order is not None and order[0] is players and before.dead == player.dead \
                and before.beast == player.beast and before.initiative == player.initiative:
            # the same players living with the same Initiative: the same order
            object.__setattr__(changed, "_initiative", (new, order[1]))
        return changed

    def note(self, *lines: str, **changes: object) -> Caverns:
        """This table with ``lines`` noted in the log and ``changes`` made to its fields:
        one copy."""
        changes["log"] = Log.of(self.log).add(*lines)
        return evolve_known(self, _TABLE_FIELDS, changes)

    def living(self) -> tuple[Adventurer, ...]:
        """The party: players alive (a Wereboar that became a creature is not one), worked
        out once per ``players`` tuple (kept beside the fields, as :meth:`_seats`)."""
        players = self.players
        kept = self._living
        if kept is None or kept[0] is not players:
            # (a list comprehension: quicker than a generator for a few players)
            kept = (players, tuple([p for p in players if not p.dead and not p.beast]))
            object.__setattr__(self, "_living", kept)
        living: tuple[Adventurer, ...] = kept[1]
        return living

    def risen(self) -> list[str]:
        """The Emperor Lich's returned dead whose tokens still stand (a token each, in
        seat order)."""
        for player in self.players:  # (a loop, no list made: most games have none, and
            if player.undead:  # every window after a card revealed asks, issue 19)
                break
        else:
            return []
        undead = [p.name for p in self.players if p.undead]
        return [n for i, n in enumerate(undead) if i >= len(self.tokens) or self.tokens[i] > 0]

    def in_initiative(self) -> tuple[str, ...]:
        """The living players, Initiative 1 first (003: "starting with Player 1"), worked
        out once per ``players`` tuple (kept beside the fields, as :meth:`_seats`;
        :meth:`with_player` carries it over when the order stays)."""
        players = self.players
        kept = self._initiative
        if kept is None or kept[0] is not players:
            kept = (players, tuple(
                [p.name for p in sorted(self.living(), key=_initiative_of)]))
            object.__setattr__(self, "_initiative", kept)
        return kept[1]

    def damage(self) -> int:
        """The damage stack's total."""
        total: int = self._totals()[None]
        return total

    def pending(self, token: int | None = None) -> int:
        """The damage stack's total not yet taken off the creature (placed on ``token``)."""
        if self.totalled:
            return 0
        totals = self._totals()
        return totals.get(token, 0)

    def _totals(self) -> dict[int | None, int]:
        """The damage stack's total (under None) and each token's, worked out once per
        stack (kept beside the fields, checked against that very stack: a Blow's value is
        its own). A stack that is the one kept (by the table this one was copied from)
        and one Blow more adds that Blow to its totals (issue 19: an Attack card played)."""
        stack = self.stack
        kept = self._stacked
        if kept is None or kept[0] is not stack:
            totals: dict[int | None, int]
            if kept is not None and len(stack) == len(kept[0]) + 1 and stack[:-1] == kept[0]:
                totals, adding = dict(kept[1]), stack[-1:]
            else:
                totals, adding = {None: 0}, stack
            for blow in adding:
                worth = value(blow, self)
                totals[None] += worth
                totals[blow.token] = totals.get(blow.token, 0) + worth
            kept = (stack, totals)
            object.__setattr__(self, "_stacked", kept)
        found: dict[int | None, int] = kept[1]
        return found

    def token_left(self, index: int) -> int:
        """A token's Life Points less the damage placed on it this round."""
        return self.tokens[index] - self.pending(index)

    def killed(self) -> bool:
        """Is the creature dead (every token destroyed)? The damage stack counts until it is
        totalled; a raised barrier takes the stack's damage first (Barrier Magus), not what
        took his Life Points directly (a Counter Strike, an Alchemist's Fire: issue 42)."""
        if self.encounter is None:
            return False
        pending = {} if self.totalled else self._totals()  # (:meth:`pending`, in one go)
        if self.tokens:  # (a loop: quicker than all() over a generator, issue 19)
            for index, left in enumerate(self.tokens):
                if left - pending.get(index, 0) > 0:
                    break  # a token still stands
            else:
                return True
            return False
        if self.edition < 2:  # (as saves of edition 1 were played)
            return pending.get(None, 0) >= self.life + self.barrier
        return pending.get(None, 0) - self.barrier >= self.life or self.life <= 0


#: The kind :func:`value` compares, read once: in Python 3.11 a member read on its enum goes
#: through the enum class's attribute hook (~80 ns a read; a value is asked hundreds of
#: times a game, issue 19).
_TACTICAL = Kind.TACTICAL
#: The table's fields: :meth:`Caverns.note` and :meth:`Caverns.with_player` copy the table,
#: which changes a thousand times a game, by :func:`~tales.evolve.evolve_known` (its fields
#: known, issue 19).
_TABLE_FIELDS = frozenset(f.name for f in fields(Caverns))
#: a player's Initiative (:meth:`Caverns.in_initiative`'s order)
_initiative_of = attrgetter("initiative")


def value(blow: Blow, table: Caverns) -> int:
    """What a Blow inflicts: the value it shows, its Riders in the order played (additive
    ones added, one multiplicative), less 10 per poison token its player had when it was
    played; never below 0; a Feint, a missed card: nothing. Worked out once per Blow (kept
    beside its fields with that very Blow: a copy with other fields never reads it; issue
    19: the stack's totals, the kill check, the labels and the line of a card all ask)."""
    kept = blow._value
    if kept is not None and kept[0] is blow:
        known: int = kept[1]
        return known
    worth = _value(blow)
    object.__setattr__(blow, "_value", (blow, worth))
    return worth


def _value(blow: Blow) -> int:
    """:func:`value`, worked out."""
    ladder = blow.ladder  # (a property: read once)
    if blow.missed or blow.card.kind is _TACTICAL or not ladder:
        return 0
    if blow.announced is not None:
        return blow.announced
    amount = float(ladder[blow.index])
    for rider in blow.riders:  # "If an Attack card with a rider is further modified,
        # rotate both cards": an additive Rider's bonus is halved or doubled with it
        bonus = rider.add << blow.shift if blow.shift >= 0 else rider.add >> -blow.shift
        amount = amount * rider.times if rider.times else amount + bonus
    return max(int(amount) - POISON_PENALTY * blow.poison, 0)
