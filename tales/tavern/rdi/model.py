"""The Red Dragon Inn's table as data: players, their decks and piles, the Drink Deck, the
Inn (seeds 001 and 002, "Setup" and "Object of the Game"; the checklist's A-01).

Everything is an immutable value; the rules in :mod:`tales.tavern.rdi.rules` return new
ones. Gold is conserved: stashes, the Inn and the pot always add up to the starting total.

Teams share one Fortitude, Alcohol Content and Gold (001, "Team Variants": "only one player
per team tracks the team's Fortitude, Alcohol Content and Gold"): those numbers live on the
team's first player, its *mat*; every other teammate's stay at their starting values and
are never read. In an individual game each player is a team of one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from tales.evolve import Keeps, evolve, evolve_known
from tales.journal import Log

if TYPE_CHECKING:
    from tales.tavern.rdi.ottodata import OttoRules

#: Fortitude and Alcohol Content stay within these bounds (001: "can never go below 0 or
#: above 20").
LOW, HIGH = 0, 20
HAND_SIZE = 7
#: The rules' edition a table is played by (a save replays by the edition it was played
#: by): 2 (issue 43) deals a passed-out Keet's Artifacts before the winner is declared,
#: asks no response to a Minion card of a player it does nothing to, and lets the Lich
#: King's fingers Ignore a Debuff's extra loss.
EDITION = 2


class CardKind(StrEnum):
    """Character card types (001, "Card Types")."""

    ACTION = "action"
    SOMETIMES = "sometimes"
    ANYTIME = "anytime"
    GAMBLING = "gambling"
    CHEATING = "cheating"


class Phase(StrEnum):
    """The phases of a turn (001, "Turn Overview"): a Sometimes card that is not a response
    names the phase of its player's turn it is played in (``phase`` in a deck file)."""

    DISCARD = "discard and draw"
    ACTION = "action"
    ORDER = "order a drink"
    DRINK = "drink"


class Verb(StrEnum):
    """The closed set of effect steps a card may have (``docs/formats.md``, "Tavern
    decks"). The first group changes the table when the card resolves; the second makes
    the card a response to something else."""

    FORTITUDE = "fortitude"  # gain (or, negative, lose) Fortitude
    ALCOHOL = "alcohol"  # gain (or lose) Alcohol Content
    PAY = "pay"  # pay Gold to the card's player (or to the Inn with to = "inn")
    COLLECT = "collect"  # take Gold from the Inn
    DRAW = "draw"  # draw cards
    DISCARD = "discard"  # discard cards of your choice from your hand
    ORDER = "order"  # order extra Drinks for other players
    DRINK = "drink"  # drink from the top of the Drink Deck (with its Chasers)
    GAIN = "gain"  # gain (or give, with who) a character's tokens: Buff, Corruption...
    ANTE = "ante"  # each player in the Round of Gambling antes N more Gold ("I raise")
    LEAVE = "leave"  # leave the Round of Gambling
    FORCE_OUT = "force_out"  # force another player out of the Round of Gambling
    WIN_ROUND = "win_round"  # "you win the Round of Gambling"
    HANDLER = "handler"  # a named handler for an odd card (the character's rules)
    END_TURN = "end_turn"  # "your turn ends now": that player stops taking game actions
    # responses
    NEGATE = "negate"  # Negate a card (or Drink, or Event) of the named kind
    IGNORE = "ignore"  # Ignore a card (or Drink, or Event) of the named kind that affects you
    REDUCE = "reduce"  # reduce your Fortitude loss, Alcohol gain or Gold payment by N
    REDIRECT = "redirect"  # send your Fortitude loss to another player
    HIT_BACK = "hit_back"  # after losing Fortitude: the one who did it loses N (0: as much)
    SPIKE = "spike"  # change a Drink's Alcohol Content by N
    SPLIT = "split"  # split the Drink you are about to drink with another player
    PASS = "pass"  # pass the Drink you are about to drink to another player
    TAKE_POT = "take_pot"  # at the end of a Round of Gambling, take the pot yourself
    SHARE_POT = "share_pot"  # at the end of a Round of Gambling, take half the pot
    FROM_INN = "from_inn"  # pay a card's Gold payment with Gold from the Inn
    DISCARD_DRINK = "discard_drink"  # discard the top N cards of your Drink Me! pile
    STEAL_POT = "steal_pot"  # take N Gold from the pot of a Round of Gambling
    POT_TO_INN = "pot_to_inn"  # end the Round of Gambling: the pot goes to the Inn
    DRINK_AGAIN = "drink_again"  # drink N more from the top of your Drink Me! pile
    SWAP = "swap"  # a Drink's Alcohol Content is gained as Fortitude instead
    REPLACE_DRINK = "replace_drink"  # a Drink's effects are replaced by the card's steps
    RESTART_ROUND = "restart_round"  # the Round of Gambling starts over
    # a player's hand and Character Deck (tales.tavern.rdi.handdeck; Boss Otto's own rules)
    SHUFFLE_DISCARDS = "shuffle_discards"  # shuffle your discard pile into your deck
    SHUFFLE_HAND = "shuffle_hand"  # N random cards of your hand shuffled into your deck
    RECOVER = "recover"  # take the top N cards of your discard pile back into your hand
    GIVE_CARDS = "give_cards"  # the card's player puts N cards of their hand on your deck
    LOOK_HAND = "look_hand"  # the card's player looks at your hand
    REVEAL_DECK = "reveal_deck"  # the top N cards of your deck are revealed and put back
    REVEAL_DRAW = "reveal_draw"  # the top N cards of your deck are revealed; you draw them
    # Boss Otto's own (001, "Boss Otto"): they do something only in that variant
    THREAT = "threat"  # Boss Otto's Threat Level goes up by N
    REPAIR = "repair"  # Boss Otto Repairs N
    CHANGE_TARGETS = "change_targets"  # the Priority Target token passes on clockwise


RESPONSES = frozenset({Verb.NEGATE, Verb.IGNORE, Verb.REDUCE, Verb.REDIRECT, Verb.HIT_BACK,
                       Verb.SPIKE, Verb.SPLIT, Verb.PASS, Verb.TAKE_POT, Verb.FROM_INN,
                       Verb.SWAP, Verb.SHARE_POT, Verb.REPLACE_DRINK})
#: Steps played during a Round of Gambling, by anyone (001: non-Champions "may play cards
#: that could otherwise be played during a Round").
ROUND_PLAYS = frozenset({Verb.STEAL_POT, Verb.POT_TO_INN, Verb.RESTART_ROUND})
#: Responses that change the effects of a Drink (001, "Cards that 'Change the Effects of a
#: Drink'": Negating or Ignoring a Drink, passing, splitting, raising or lowering it).
DRINK_CHANGES = frozenset({Verb.SPIKE, Verb.SPLIT, Verb.PASS, Verb.SWAP, Verb.REPLACE_DRINK})


class Target(StrEnum):
    """What a Negate or Ignore response may be played on."""

    ACTION = "action"  # an Action card
    SOMETIMES = "sometimes"  # a Sometimes (or Anytime) card: a response
    CARD = "card"  # any character card
    DRINK = "drink"  # a Drink
    EVENT = "event"  # a Drink Event
    DRINK_CHANGE = "drink change"  # a Sometimes card that changes the effects of a Drink
    ANY = "any"  # any card: a character card, a Drink or a Drink Event (Wizgille's "deja vu")


class Stat(StrEnum):
    """The attributes a card can affect directly (001, "Cards That Affect Your Fortitude,
    Alcohol Content, Gold")."""

    FORTITUDE = "fortitude"
    ALCOHOL = "alcohol"
    GOLD = "gold"


class Who(StrEnum):
    """Whom a step affects (the checklist's A-85 targeting vocabulary)."""

    YOU = "you"
    TARGET = "target"  # "pick another player"
    ANY = "any"  # "pick a player" (yourself included)
    EACH_OTHER = "each other"  # "each other player"
    EACH = "each"  # "each player (including you)"


class Whose(StrEnum):
    """Whose tokens a condition counts."""

    YOU = "you"
    TARGET = "target"
    TOTAL = "total"  # all players' together (Valeria's "Total Corruption")


@dataclass(frozen=True)
class Condition:
    """A step that happens only when ``whose`` holds at least ``at_least`` of ``resource``
    (and, with ``below``, fewer than that many) when the card resolves (Eisinder: "checked
    at resolution"; Flower's base effect replaced "instead" from Level 5: ``below = 5``)."""

    resource: str
    at_least: int
    whose: Whose = Whose.YOU
    below: int | None = None  # and fewer than this many (Ripsnarl human: no wolf token)


@dataclass(frozen=True)
class Step:
    """One effect step: ``verb`` by ``amount`` for ``who``.

    ``to_inn``: Gold paid to the Inn rather than the card's player. ``target``/``stat``: what a
    Negate or Ignore works on ("Ignore a card that affects your Gold"). ``resource``: the
    tokens a gain step gives. ``condition``: only when enough tokens are held; ``per``: the
    amount is multiplied by the tokens of that resource the card's player holds ("X").
    ``handler``: the name of a character rule for an odd card. ``again``: a Negate after
    which the Negated card's player may play another of the same type (Wizgille's "deja
    vu")."""

    verb: Verb
    amount: int = 0
    who: Who = Who.YOU
    to_inn: bool = False
    target: Target | None = None
    stat: Stat | None = None
    resource: str = ""
    condition: Condition | None = None
    per: str = ""
    handler: str = ""
    again: bool = False


@dataclass(frozen=True)
class Boost:
    """An optional cost declared when the card is played, never refunded (A-35), and the
    steps it adds: Dominique's "Energized", Oozwald's Absorb a Clone, CHUFF!'s spent
    Element Tokens. ``cost`` names tokens (and how many) of the card's player."""

    cost: tuple[tuple[str, int], ...]
    steps: tuple[Step, ...]
    text: str = ""
    instead: bool = False  # its steps replace the card's own (Dale's Harvest "instead")


#: The game states a triggered ability looks for (``trigger = { when = ... }``): the
#: beginning or the end of its holder's turn; a Mount revealed while its Rival is in play
#: (Molly's Rival box); its own turning face up (Keet's Triggered Artifacts).
TRIGGERS = ("turn starts", "turn ends", "rival in play", "revealed")


@dataclass(frozen=True)
class Trigger:
    """A triggered ability of a card in front of a player (a Split Doppelganger given away):
    ``when`` the game state happens, its ``steps`` happen to the holder (``who = "target"``),
    then the card is discarded."""

    when: str
    steps: tuple[Step, ...]
    text: str = ""


@dataclass(frozen=True)
class Card(Keeps):
    """A character card: its title, type and steps (its text, for the table)."""

    name: str
    kind: CardKind
    steps: tuple[Step, ...] = ()
    text: str = ""
    starts_round: bool = False  # "Gambling? I'm in!": an Action that starts a Round
    winning_hand: bool = False  # "Winning Hand!": only Cheating Cards take control after it
    boosts: tuple[Boost, ...] = ()
    trap: tuple[Step, ...] = ()  # Alaric: the Trap effect at the bottom of the card
    boss: bool = False  # a Boss card (dragon heads): only in a Boss Battle
    when_losing: bool = False  # a Sometimes card played as a last chance
    owner: str = ""  # the Character Deck it belongs to (filled in at setup)
    pile: str = ""  # a shared sub-deck it belongs to instead (Murgath's Blessings)
    virtual: bool = False  # not a card: a character's ability played like one
    unanswerable: bool = False  # "This card can't be Negated or Ignored": no window
    minion: bool = False  # "Action - Minion": played as an Action, it stays in play
    wages: int = 0  # a Minion's Wages
    activation: bool = False  # a Minion's activation (not Negated as an Action)
    phase: Phase | None = None  # a Sometimes card played in its player's own phase
    immediate: bool = False  # "you must reveal and play it immediately" (a Trick Card)
    #: tokens it costs to play at all, paid as it is played (Adonis's "Nope. Try again": no
    #: instrument to smash, no card; Bastian's Prayer Cards)
    cost: tuple[tuple[str, int], ...] = ()
    #: played, it goes back in front of its player to be played again (a Prayer Card),
    #: face up from then on (``revealed``); until then only its player sees it
    stays: bool = False
    revealed: bool = False
    #: the symbols and subtypes printed on it that a character's rules read (Cormac's Rage
    #: icons, Farai's Brew symbols, Evil Pooky's portal, Ozrik's elements, Roxana's
    #: Ingredients, a Pet, a Scheme, a Mix-in)
    icons: tuple[str, ...] = ()
    #: the numbers printed down it, top to bottom (a Mushroom's Harvest Values), and the one
    #: a token on it points to (``marker``: a Mushroom's Rake Token, 0 the topmost)
    values: tuple[int, ...] = ()
    marker: int = 0
    trigger: Trigger | None = None  # its effect when given away (a Split Doppelganger)
    #: a leave or force-out card its player may play on other players' turns in a Round of
    #: Gambling ("where the card says"), not only when it is their turn to act
    any_turn: bool = False
    #: a side deck's card that, once drawn, is one of its owner's Character Cards: played or
    #: discarded, it goes to its owner's discard pile and stays in the deck (Epic Pooky's
    #: Epic Cards, Vlazlo's form cards, Roxana's Recipes)
    joins: bool = False
    plotted: bool = False  # kept face down in Petra's Plotted Cards area (not her hand)
    price: int = 0  # the Gold it sells for (Phrenk's Potions)
    dexterity: bool = False  # it requires a physical action (001, "Dexterity Cards")
    #: playing it reveals the top card of this side deck and adds that card's steps to it,
    #: before anyone may answer: one card (Warthorn's Pipe Cards and Stories, Wizgille's
    #: Device Cards and Gears; like a Drink's Chasers)
    adds: str = ""
    #: the rules' edition (:data:`EDITION`) from which the card is dealt: a sample card
    #: added to a bundled deck later is left out of a table replaying an older save
    edition: int = 1
    #: what is kept beside the fields (:class:`~tales.evolve.Keeps`): timing._answer's
    _answer: ClassVar[tuple[tuple[Step, ...], Step | None, bool, bool] | None] = None

    def has(self, verb: Verb) -> bool:
        """Whether one of its steps is of ``verb`` (a plain loop, not any() over a
        generator: asked of every card of a hand in a Round of Gambling and after every
        loss; issue 19)."""
        for step in self.steps:  # noqa: SIM110 (the loop is the point: see above)
            if step.verb is verb:
                return True
        return False


@dataclass(frozen=True)
class Level:
    """One level of a character's track (Cormac's Rage Tiles), read from its deck file
    (``[[track]]``): reached when ``at`` more cards have been added since the last one;
    while it is the highest reached, its character gains ``alcohol`` more whenever they gain
    Alcohol Content, and each Fortitude loss they cause is ``fortitude`` more."""

    name: str
    at: int
    alcohol: int = 0
    fortitude: int = 0


class DrinkEvent(StrEnum):
    """Drink Events the engine carries out."""

    ROUND_ON_THE_HOUSE = "round on the house"  # everyone drinks a copy of a revealed Drink
    DRINKING_CONTEST = "drinking contest"
    STEPS = "steps"  # any other Drink Event: its steps (or options) for each Champion


class EventKind(StrEnum):
    """The kinds of Event the rulebooks name (002: "Dungeon Events, Sea Events, Drink Events
    and Tavern Events"); a card that affects "an Event" affects any of them."""

    DRINK = "drink"
    DUNGEON = "dungeon"
    SEA = "sea"
    TAVERN = "tavern"


@dataclass(frozen=True)
class Option:
    """One choice an Event offers each player ("Drink or Meet Your Doom!")."""

    text: str
    steps: tuple[Step, ...]
    only: str = "all"  # "heroes" or "villains": an option only they take


@dataclass(frozen=True)
class Event:
    """A Dungeon, Sea or Tavern Event: what it does to each player it affects (``steps``,
    or one of ``options`` each player chooses), whom (``affects``: everyone, the Heroes or
    the Villains), its Encounter Level (the Progress Counters put back after it), and
    whether it is answered "as though they were Action Cards"."""

    name: str
    kind: EventKind
    level: int = 0
    steps: tuple[Step, ...] = ()
    options: tuple[Option, ...] = ()
    as_action: bool = False
    affects: str = "all"  # "all", "heroes" or "villains"
    text: str = ""


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
    stays: bool = False  # not discarded: it stays in front of its drinker
    draw: int = 0  # cards its drinker draws
    tavern: str = ""  # the Pub Crawl tavern whose Drink Deck it belongs to ("": the RDI's)
    effect: Event | None = None  # what a Drink Event of steps does (event = "steps")
    #: the side deck of Drinks it belongs to, not the Drink Deck (the Wench's Special Reserve
    #: Deck): discarded to that deck's discards, always on top of a Drink Me! pile
    pile: str = ""


@dataclass(frozen=True)
class CharacterDeck(Keeps):
    """A Character Deck file: the character, its cards, the name of its rules, whether
    it may be a Boss (a villain), and whether it still counts as a Hero when it may (000:
    "Epic Pooky counts as a Hero, not a Villain")."""

    character: str
    cards: tuple[Card, ...]
    mechanics: str = ""
    villain: bool = False
    hero: bool = False
    track: tuple[Level, ...] = ()  # the character's track (``[[track]]``: Cormac's Rage)
    drinks: tuple[Drink, ...] = ()  # its side decks of Drinks (the Wench's Special Reserve)
    #: what is kept beside the fields (:class:`~tales.evolve.Keeps`): its cards marked with
    #: their owner, by owner and Boss seat (rules._owned)
    _owned: ClassVar[dict[tuple[str, bool, int], Any] | None] = None


@dataclass(frozen=True)
class Player(Keeps):
    """A player at the table (001: Fortitude 20, Alcohol 0, a Gold stash, a hand, a
    Character Deck and discard pile, a Drink Me! pile). ``tokens`` are the character
    resources in front of them (Buff, Energy, Corruption, Potion Tokens...);
    ``mechanics`` names the character's rules (:mod:`tales.tavern.rdi.characters`)."""

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
    team: str = ""  # the team's name; "" is a team of one (the player's own name)
    tokens: tuple[tuple[str, int], ...] = ()
    mechanics: str = ""
    in_front: tuple[Drink, ...] = ()  # Drinks that stay in front of this player
    #: cards kept in front, played "as though they were a card in your hand" (Prizes,
    #: Dungeon rewards); not in the hand, so never discarded in Discard and Draw
    kept: tuple[Card, ...] = ()
    villain: bool = False  # a villainous character (002: "A Villain is ...")
    track: tuple[Level, ...] = ()  # the character's track, from its deck file (Cormac's Rage)
    #: what is kept beside the fields (:class:`~tales.evolve.Keeps`): zones._memo's, the
    #: answers of zones.of_cards by work, characters._sources'
    _memo: ClassVar[tuple[Any, ...] | None] = None
    _cards: ClassVar[dict[str, Any] | None] = None
    _sources: ClassVar[tuple[tuple[Card, ...], str, tuple[Any, ...]] | None] = None

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards this player may play: the hand and the cards kept."""
        return (*self.hand, *self.kept) if self.kept else self.hand

    @property
    def side(self) -> str:
        return self.team or self.name

    @property
    def passed_out(self) -> bool:
        """Alcohol Content at or above Fortitude (001: "If your Alcohol Content is ever
        equal to or higher than your Fortitude, you pass out")."""
        return self.alcohol >= self.fortitude

    def count(self, resource: str) -> int:
        for held, amount in self.tokens:  # a few kinds at most: no dict to build
            if held == resource:
                return amount
        return 0

    def with_count(self, resource: str, amount: int) -> Player:
        if self.count(resource) == amount:  # no copy for nothing (every turn's end sets the
            return self  # Action taken some other way back to 0: issue 19)
        held = dict(self.tokens)
        if amount:
            held[resource] = amount
        else:
            held.pop(resource, None)
        return evolve(self, tokens=tuple(sorted(held.items())))


@dataclass(frozen=True)
class Minion:
    """A targetable non-player in play (Torglesnarf's Minions; the checklist's A-86): it can
    be picked for Fortitude loss and redirection, "each other player" Fortitude loss hits
    it, it Ignores Events, and anything else a card would do to it does nothing."""

    name: str
    controller: str
    card: Card
    #: "+" tokens on it: its effects increased by as many until it next loses Fortitude
    #: (Wrench's Automated Oil Can)
    plus: int = 0


class Mode(StrEnum):
    """How the table is played (001, "Variants")."""

    INDIVIDUAL = "individual"
    TWO_HEADED_DRAGON = "two-headed dragon"
    BOSS_BATTLE = "boss battle"
    TWO_HEADED_BOSS_BATTLE = "two-headed boss battle"  # 001: pairs, every deck a Boss's
    LEADERS_AND_LACKEYS = "leaders and lackeys"  # 001: pairs of a Boss and a Lackey
    BOSS_VERSUS_BOSS = "boss versus boss"  # 002: an individual game of Boss decks
    BOSS_OTTO = "boss otto"  # 001: 1-4 Challengers against the mechanical Boss Otto

    @property
    def printed(self) -> str:
        """The variant's name as the rulebooks print it: "Two-Headed Dragon", "Boss Otto"."""
        return " ".join(w[0].upper() + w[1:] if w not in ("and", "versus") else w
                        for w in self.value.replace("-", "- ").split()).replace("- ", "-")


@dataclass(frozen=True)
class Room:
    """A Room of a Dungeon (001, "Dungeon Training"): its effect, resolved "as though they
    came from an Action Card", and the Rooms its arrows lead to."""

    name: str
    steps: tuple[Step, ...] = ()
    exits: tuple[str, ...] = ()
    goal: bool = False
    text: str = ""


@dataclass(frozen=True)
class Dungeon:
    """A Dungeon map card and its reward cards: shown face up to choose from (``display``:
    the Loot of "Raiding the Armory") or shuffled face down (the Tricks of "Game Master's
    Gauntlet")."""

    name: str
    rooms: tuple[Room, ...]
    start: str
    rewards: tuple[Card, ...] = ()
    display: bool = True

    def room(self, name: str) -> Room:
        return next(r for r in self.rooms if r.name == name)


@dataclass(frozen=True)
class Pub:
    """A Tavern Card of the Pub Crawl (001, "Pub Crawl"): its Tavern Event and its Tavern
    Drink Deck (none for the Red Dragon Inn, which serves the Drink Deck)."""

    name: str
    event: Event
    drinks: tuple[Drink, ...] = ()


@dataclass(frozen=True)
class Variant:
    """The variant's numbers: who is the Boss, and the add-ons: the Bar Deck, a Dungeon
    (Dungeon Training), the Prize Cards (the Prize Variant)."""

    mode: Mode = Mode.INDIVIDUAL
    boss: str = ""  # the Boss's name in a Boss Battle
    bar_deck: bool = False
    dungeon: Dungeon | None = None
    prizes: tuple[Card, ...] = ()
    #: Event decks revealed at the end of each turn, in order (Sea before Dungeon), with
    #: the Progress Counters each starts with
    event_decks: tuple[tuple[EventKind, tuple[Event, ...], int], ...] = ()
    pubs: tuple[Pub, ...] = ()  # the Pub Crawl's taverns, the Red Dragon Inn first
    otto: OttoRules | None = None  # Boss Otto's factions, decks and Threat track
    edition: int = EDITION  # the rules' edition (:data:`EDITION`) the table is played by


@dataclass(frozen=True)
class Tavern(Keeps):
    """The whole table."""

    players: tuple[Player, ...]
    drink_deck: tuple[Drink, ...]  # top is the last
    drink_discard: tuple[Drink, ...] = ()
    inn: int = 0
    pot: int = 0  # Gold anted in a Round of Gambling (kept apart from the Inn)
    active: int = 0
    turn: int = 1
    winners: tuple[str, ...] | None = None  # set when the game is over
    log: Sequence[str] = ()  # read like a tuple of lines (a Log, once noted)
    variant: Variant = field(default_factory=Variant)
    bar: tuple[Drink, ...] = ()  # the Bar Deck (its variant), top is the last
    resting: tuple[str, ...] = ()  # players whose turn ended early, until it ends
    supply: tuple[tuple[str, int], ...] = ()  # shared token supplies left (Corruption...)
    piles: tuple[tuple[str, tuple[Card, ...]], ...] = ()  # named sub-decks and discards
    minions: tuple[Minion, ...] = ()  # targetable non-players in play
    #: the Drinks on the table while players may respond to them: (drinker, Drink, Alcohol)
    pouring: tuple[tuple[str, str, int], ...] = ()
    rooms: tuple[tuple[str, str], ...] = ()  # each team's progress token: (side, Room)
    prize: Card | None = None  # the Prize in the pot of a Round of Gambling
    #: each Event deck (top is the last), its discards and its Progress Counters
    events: tuple[tuple[EventKind, tuple[Event, ...], tuple[Event, ...], int], ...] = ()
    party: str = ""  # the tavern the Party Pawn is at (Pub Crawl)
    #: the open taverns' Drink Decks (top is the last) and discard piles, but the RDI's
    pub_decks: tuple[tuple[str, tuple[Drink, ...], tuple[Drink, ...]], ...] = ()
    crawlers: tuple[str, ...] = ()  # players who revealed a Drink with a Chaser, to Crawl
    round_over: bool = False  # a card ended the Round of Gambling (its pot to the Inn)
    #: named side decks of Drinks (top is the last) and their discards (``"<name> discard"``):
    #: the Wench's Special Reserve Deck
    drink_piles: tuple[tuple[str, tuple[Drink, ...]], ...] = ()
    restarted: str = ""  # who played a card that starts the Round of Gambling over
    #: Action cards the active player has played this Action Phase (002: a Boss's Power
    #: Jinx weakens only the first)
    actions_played: int = 0
    #: what is kept beside ``players`` on each table (set on the instance by seating() and
    #: sides(), copied along by evolve): read as plain attributes, the class's None when
    #: not yet worked out (twice as fast as __dict__.get: ~6,000 lookups a game, issue 19)
    _seats: ClassVar[tuple[tuple[Player, ...], Seating] | None] = None
    _in: ClassVar[tuple[tuple[Player, ...], tuple[str, ...]] | None] = None
    _losing: ClassVar[tuple[tuple[Player, ...], tuple[str, ...], Seating] | None] = None

    def room_of(self, name: str) -> str:
        """The Room ``name``'s team's progress token is in."""
        side = self.player(name).side
        start = self.variant.dungeon.start if self.variant.dungeon is not None else ""
        return dict(self.rooms).get(side, start)

    def with_room(self, name: str, room: str) -> Tavern:
        held = dict(self.rooms)
        held[self.player(name).side] = room
        return evolve(self, rooms=tuple(sorted(held.items())))

    def seating(self) -> Seating:
        """Who sits where and with whom (:class:`Seating`), kept beside ``players`` (made
        again when a copy has other players: :func:`~tales.evolve.evolve` copies it along,
        and :meth:`with_player` hands it on when only a player's numbers changed)."""
        kept = self._seats
        if kept is None or kept[0] is not self.players:
            kept = (self.players, Seating(self.players))
            object.__setattr__(self, "_seats", kept)
        return kept[1]

    def player(self, name: str) -> Player:
        """The player called ``name``, found by the index kept beside ``players``."""
        kept = self._seats  # seating() inline: the commonest lookup (issue 19)
        seating = kept[1] if kept is not None and kept[0] is self.players else self.seating()
        return self.players[seating.index[name]]

    def with_player(self, player: Player, *lines: str, **changes: Any) -> Tavern:
        """This table with ``player`` in their seat, ``lines`` noted in the log and
        ``changes`` made to its other fields: one copy (issue 19: a copy of the table is
        most of a change's cost, and a player's change often comes with a line or a
        number of the table's)."""
        if lines:
            changes["log"] = Log.of(self.log).add(*lines)
        kept, players = self._seats, self.players  # seating() inline, as in player()
        seating = kept[1] if kept is not None and kept[0] is players else self.seating()
        seat = seating.index.get(player.name)
        if seat is None:
            changes["players"] = players
            return self._changed(changes)
        before = players[seat]
        if before is player:  # that very player already sits there: no copy
            return self._changed(changes) if changes else self
        seated = list(players)
        seated[seat] = player
        changes["players"] = new = tuple(seated)
        changed = self._changed(changes)
        if (player.team or player.name) == seating.sides[seat] \
                and player.mechanics == before.mechanics:  # the same seats, teams, rules
            object.__setattr__(changed, "_seats", (new, seating))
        return changed

    def note(self, *lines: str) -> Tavern:
        # an append-only Log shared with the states before (a tuple copied a line: issue 19)
        return self._changed({"log": Log.of(self.log).add(*lines)})

    def _changed(self, changes: dict[str, Any]) -> Tavern:
        """``evolve(self, **changes)`` for the table alone, which changes a thousand times a
        game (:func:`~tales.evolve.evolve_known`: its fields known, issue 19)."""
        return evolve_known(self, _TABLE_FIELDS, changes)

    def in_game(self) -> list[Player]:
        """The players still in, in seat order."""
        return [p for p in self.players if not p.out]

    def order_from(self, name: str) -> list[str]:
        """Everyone still in, in turn order starting with ``name`` (included if in)."""
        players = self.players
        return [players[n].name for n in self.seating().rounds[name] if not players[n].out]

    def in_turn_order(self, names: list[str]) -> list[str]:
        """``names`` in turn order starting with the player whose turn it is."""
        seats = [p.name for p in self.players]
        return sorted(names, key=lambda n: (seats.index(n) - self.active) % len(seats))

    def others(self, name: str) -> list[Player]:
        """The other players still in, in turn order after ``name``, not counting
        teammates (001: "you must pick players who aren't on your team")."""
        seating = self.seating()
        players, sides = self.players, seating.sides
        side = sides[seating.index[name]]
        return [players[n] for n in seating.rounds[name]
                if not players[n].out and sides[n] != side]

    def team(self, name: str) -> list[Player]:
        """``name`` and their teammates, in seat order."""
        players = self.players
        kept = self._seats  # seating() inline, as in player()
        seating = kept[1] if kept is not None and kept[0] is players else self.seating()
        seats = seating.team_of[name]
        if len(seats) == 1:  # a team of one: no comprehension (a call of its own, issue 19)
            return [players[seats[0]]]
        return [players[n] for n in seats]

    def team_names(self, name: str) -> tuple[str, ...]:
        """The names of ``name`` and their teammates, in seat order (kept in the Seating:
        asked for each player offered a response, issue 19)."""
        kept = self._seats  # seating() inline, as in player()
        seating = kept[1] if kept is not None and kept[0] is self.players else self.seating()
        return seating.names_of[name]

    def mat(self, name: str) -> Player:
        """The player who tracks ``name``'s team's Fortitude, Alcohol and Gold."""
        kept = self._seats  # seating() inline, as in player()
        seating = kept[1] if kept is not None and kept[0] is self.players else self.seating()
        return self.players[seating.mat_of[name]]

    def sides(self) -> list[str]:
        """The teams still in, in seat order (worked out once per ``players``: kept beside
        them, checked against that very tuple)."""
        kept = self._in
        if kept is None or kept[0] is not self.players:
            seating = self.seating()
            found = [side for player, side in zip(self.players, seating.sides, strict=True)
                     if not player.out]  # each side once (teammates: their first seat)
            seen = tuple(dict.fromkeys(found)) if seating.teamed else tuple(found)
            kept = (self.players, seen)
            object.__setattr__(self, "_in", kept)
        return list(kept[1])

    def left(self, name: str) -> int:
        """``name``'s supply of a shared token."""
        return dict(self.supply).get(name, 0)

    def with_supply(self, name: str, amount: int) -> Tavern:
        return evolve(self, supply=self.supplied(name, amount))

    def supplied(self, name: str, amount: int) -> tuple[tuple[str, int], ...]:
        """The ``supply`` with ``amount`` of ``name`` left (:meth:`with_supply`'s, for a
        copy of the table that changes a player too: issue 19)."""
        held = dict(self.supply)
        held[name] = amount
        return tuple(sorted(held.items()))

    def minion(self, name: str | None) -> Minion | None:
        return next((m for m in self.minions if m.name == name), None)

    def foes_minions(self, name: str) -> list[str]:
        """The Minions ``name`` may pick: those of other teams."""
        side = self.player(name).side
        return [m.name for m in self.minions if self.player(m.controller).side != side]

    def pile(self, name: str) -> tuple[Card, ...]:
        """A named sub-deck (top is the last) or its discards (``"<name> discard"``)."""
        return dict(self.piles).get(name, ())

    def with_pile(self, name: str, cards: tuple[Card, ...]) -> Tavern:
        held = dict(self.piles)
        held[name] = cards
        return evolve(self, piles=tuple(sorted(held.items())))

    def drink_pile(self, name: str) -> tuple[Drink, ...]:
        """A named side deck of Drinks (top is the last) or its discards."""
        return dict(self.drink_piles).get(name, ())

    def with_drink_pile(self, name: str, drinks: tuple[Drink, ...]) -> Tavern:
        held = dict(self.drink_piles)
        held[name] = drinks
        return evolve(self, drink_piles=tuple(sorted(held.items())))

    @property
    def total_gold(self) -> int:
        """Gold in the stashes, the Inn and the pot (conserved)."""
        return self.inn + self.pot + sum(p.gold for p in self.players)


_TABLE_FIELDS = frozenset(f.name for f in fields(Tavern))


class Seating:
    """Who sits where at a table and with whom, worked out once per table of players (a
    player's numbers changing moves nothing): each name's seat, each seat's side (its team,
    or the player's own name), each side's seats in seat order (the first is its mat), each
    name's team's seats (and names) and mat's seat, from each name the seats round the
    table in turn order, and whether some side has two seats or more. ``hooks`` is filled
    by :func:`tales.tavern.rdi.characters.every`: for each hook, the seats whose
    characters' rules carry it out (the seats' rules are part of what a shared Seating
    keeps the same)."""

    __slots__ = ("hooks", "index", "mat_of", "names_of", "rounds", "sides", "team_of",
                 "teamed", "teams")

    def __init__(self, players: tuple[Player, ...]) -> None:
        self.hooks: dict[str, tuple[tuple[int, Any], ...]] = {}
        self.index = {p.name: n for n, p in enumerate(players)}
        self.sides = tuple(p.team or p.name for p in players)
        teams: dict[str, list[int]] = {}
        for n, side in enumerate(self.sides):
            teams.setdefault(side, []).append(n)
        self.teams = {side: tuple(seats) for side, seats in teams.items()}
        self.teamed = len(self.teams) < len(players)  # some side has two seats or more
        self.team_of = {p.name: self.teams[side] for p, side in zip(players, self.sides,
                                                                   strict=True)}
        self.names_of = {name: tuple(players[n].name for n in seats)
                         for name, seats in self.team_of.items()}
        self.mat_of = {p.name: self.teams[side][0] if p.team else n
                       for n, (p, side) in enumerate(zip(players, self.sides, strict=True))}
        count = len(players)
        self.rounds = {p.name: tuple((n + k) % count for k in range(count))
                       for n, p in enumerate(players)}
