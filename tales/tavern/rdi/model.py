"""The Red Dragon Inn's table as data: players, their decks and piles, the Drink Deck, the
Inn (seeds 001 and 002, "Setup" and "Object of the Game"; the checklist's A-01).

Everything is an immutable value; the rules in :mod:`tales.tavern.rdi.rules` return new
ones. Gold is conserved: stashes, the Inn and the pot always add up to the starting total.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

#: Fortitude and Alcohol Content stay within these bounds (001: "can never go below 0 or
#: above 20").
LOW, HIGH = 0, 20
HAND_SIZE = 7


class CardKind(StrEnum):
    """Character card types (001, "Card Types")."""

    ACTION = "action"
    SOMETIMES = "sometimes"
    ANYTIME = "anytime"
    GAMBLING = "gambling"
    CHEATING = "cheating"


class Verb(StrEnum):
    """The closed set of effect steps a card may have."""

    FORTITUDE = "fortitude"  # gain (or, negative, lose) Fortitude
    ALCOHOL = "alcohol"  # gain (or lose) Alcohol Content
    PAY = "pay"  # pay Gold to the card's player (or to the Inn with to = "inn")
    COLLECT = "collect"  # take Gold from the Inn
    DRAW = "draw"  # draw cards
    ORDER = "order"  # order extra Drinks for other players
    ANTE = "ante"  # each player in the Round of Gambling antes N more Gold ("I raise")
    LEAVE = "leave"  # leave the Round of Gambling
    FORCE_OUT = "force_out"  # force another player out of the Round of Gambling
    NEGATE = "negate"  # a response: Negate a card of the named kind (the step's ``target``)
    IGNORE = "ignore"  # a response: Ignore a card of the named kind that affects you


class Target(StrEnum):
    """What a Negate or Ignore response may be played on."""

    ACTION = "action"  # an Action card
    SOMETIMES = "sometimes"  # a Sometimes card (a response)
    CARD = "card"  # any character card
    DRINK = "drink"  # a Drink


class Who(StrEnum):
    """Whom a step affects (the checklist's A-85 targeting vocabulary)."""

    YOU = "you"
    TARGET = "target"  # "pick another player"
    EACH_OTHER = "each other"  # "each other player"
    EACH = "each"  # "each player (including you)"


@dataclass(frozen=True)
class Step:
    """One effect step: ``verb`` by ``amount`` for ``who``; ``to_inn`` for Gold paid to the
    Inn rather than to the card's player."""

    verb: Verb
    amount: int
    who: Who = Who.YOU
    to_inn: bool = False
    target: Target | None = None  # for negate and ignore


@dataclass(frozen=True)
class Card:
    """A character card: its title, type and steps (its text, for the table)."""

    name: str
    kind: CardKind
    steps: tuple[Step, ...] = ()
    text: str = ""
    starts_round: bool = False  # "Gambling? I'm in!": an Action that starts a Round
    winning_hand: bool = False  # "Winning Hand!": only Cheating Cards take control after it


class DrinkEvent(StrEnum):
    """Drink Events the engine carries out."""

    ROUND_ON_THE_HOUSE = "round on the house"  # everyone drinks a copy of a revealed Drink
    DRINKING_CONTEST = "drinking contest"


@dataclass(frozen=True)
class Drink:
    """A Drink card: the Alcohol Content and Fortitude it gives, whether it has a Chaser,
    or the Drink Event it is."""

    name: str
    alcohol: int = 0
    fortitude: int = 0
    chaser: bool = False
    event: DrinkEvent | None = None
    splits: bool = False  # a self-splitting Drink (Mead): shared with a partner


@dataclass(frozen=True)
class Player:
    """A player at the table (001: Fortitude 20, Alcohol 0, a Gold stash, a hand, a
    Character Deck and discard pile, a Drink Me! pile)."""

    name: str
    character: str
    gold: int
    fortitude: int = HIGH
    alcohol: int = LOW
    hand: tuple[Card, ...] = ()
    deck: tuple[Card, ...] = ()
    discard: tuple[Card, ...] = ()
    drink_me: tuple[Drink, ...] = ()  # top is the last
    out: bool = False

    @property
    def passed_out(self) -> bool:
        """Alcohol Content at or above Fortitude (001: "If your Alcohol Content is ever
        equal to or higher than your Fortitude, you pass out")."""
        return self.alcohol >= self.fortitude


@dataclass(frozen=True)
class Tavern:
    """The whole table."""

    players: tuple[Player, ...]
    drink_deck: tuple[Drink, ...]  # top is the last
    drink_discard: tuple[Drink, ...] = ()
    inn: int = 0
    pot: int = 0  # Gold anted in a Round of Gambling (kept apart from the Inn)
    active: int = 0
    turn: int = 1
    winners: tuple[str, ...] | None = None  # set when the game is over
    log: tuple[str, ...] = ()

    def player(self, name: str) -> Player:
        return next(p for p in self.players if p.name == name)

    def with_player(self, player: Player) -> Tavern:
        return replace(self, players=tuple(player if p.name == player.name else p
                                           for p in self.players))

    def note(self, *lines: str) -> Tavern:
        return replace(self, log=(*self.log, *lines))

    def in_game(self) -> list[Player]:
        """The players still in, in seat order."""
        return [p for p in self.players if not p.out]

    def others(self, name: str) -> list[Player]:
        """The other players still in, in turn order after ``name``."""
        seats = [p.name for p in self.players]
        start = seats.index(name)
        order = seats[start + 1:] + seats[:start]
        return [self.player(n) for n in order if not self.player(n).out]

    @property
    def total_gold(self) -> int:
        """Gold in the stashes, the Inn and the pot (conserved)."""
        return self.inn + self.pot + sum(p.gold for p in self.players)
