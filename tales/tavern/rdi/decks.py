"""Drink Decks and Character Decks as TOML (``docs/formats.md``, "Tavern decks").

The printed decks' card texts are not in the seeds; the bundled decks (``decks/``) are
original samples. Every mistake is one :class:`~tales.errors.ContentError` naming the file,
the line and the card.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

from tales.board.mapfile import LineFinder, labelled_entries, read_text, read_toml
from tales.errors import ContentError
from tales.tavern.rdi import characters
from tales.tavern.rdi.model import (
    EDITION,
    RESPONSES,
    ROUND_PLAYS,
    TRIGGERS,
    Boost,
    Card,
    CardKind,
    Condition,
    Drink,
    DrinkEvent,
    Dungeon,
    Event,
    EventKind,
    Level,
    Option,
    Phase,
    Pub,
    Room,
    Stat,
    Step,
    Target,
    Trigger,
    Verb,
    Who,
    Whose,
)
from tales.tavern.rdi.rules import CharacterDeck
from tales.tavern.rdi.timing import response_verb
from tales.tavern.rdi.zones import PRIZES

DRINK_KEYS = frozenset({"name", "alcohol", "fortitude", "chaser", "event", "splits", "count",
                        "stays", "draw", "text", "steps", "options", "as_action", "affects",
                        "pile"})
#: The keys of a Drink Event of steps (``event = "steps"``) that describe what it does.
DRINK_EVENT_KEYS = frozenset({"name", "text", "steps", "options", "as_action", "affects"})
CARD_KEYS = frozenset({"name", "kind", "steps", "text", "count", "starts_round",
                       "winning_hand", "boosts", "trap", "boss", "when_losing", "pile",
                       "unanswerable", "minion", "wages", "phase", "immediate", "cost",
                       "stays", "any_turn", "joins", "icons", "price", "adds", "values",
                       "trigger",
                       "dexterity", "edition"})
DECK_KEYS = frozenset({"character", "mechanics", "villain", "hero", "sample", "cards",
                       "track", "drinks"})
LEVEL_KEYS = frozenset({"name", "at", "alcohol", "fortitude", "text"})
STEP_WHO = {w.value: w for w in Who}
#: Verbs whose value is a whole number (an amount).
COUNTED = frozenset({Verb.FORTITUDE, Verb.ALCOHOL, Verb.PAY, Verb.COLLECT, Verb.DRAW,
                     Verb.DISCARD, Verb.ORDER, Verb.DRINK, Verb.GAIN, Verb.ANTE, Verb.REDUCE,
                     Verb.SPIKE, Verb.HIT_BACK, Verb.DISCARD_DRINK, Verb.STEAL_POT,
                     Verb.DRINK_AGAIN, Verb.THREAT, Verb.REPAIR,
                     Verb.SHUFFLE_HAND, Verb.RECOVER, Verb.GIVE_CARDS, Verb.REVEAL_DECK,
                     Verb.REVEAL_DRAW})
#: Verbs whose value is ``true``.
FLAGS = frozenset({Verb.LEAVE, Verb.WIN_ROUND, Verb.REDIRECT, Verb.SPLIT,
                   Verb.PASS, Verb.TAKE_POT, Verb.END_TURN, Verb.FROM_INN, Verb.POT_TO_INN,
                   Verb.SWAP, Verb.SHARE_POT, Verb.CHANGE_TARGETS, Verb.REPLACE_DRINK,
                   Verb.RESTART_ROUND,
                   Verb.SHUFFLE_DISCARDS, Verb.LOOK_HAND})
Fail = Callable[[str], ContentError]
#: The most cards one deck table makes (``count``), and one file's deck in all.
MOST_CARDS = 1_000


def _file(path: str | Path, keys: frozenset[str] | None = None
          ) -> tuple[str, dict[str, Any], LineFinder]:
    """A TOML file's name, data and lines; a top-level key not in ``keys`` refused."""
    source = str(path)
    text = read_text(path)
    data = read_toml(text, source)
    lines = LineFinder(text)
    for key in data:
        if keys is not None and key not in keys:
            raise ContentError(source, f"unknown key {key!r} (keys: "
                               f"{', '.join(sorted(keys))})", lines.of_key(key))
    return source, data, lines


def _named(data: dict[str, Any], key: str, what: str, source: str, lines: LineFinder) -> str:
    """The file's required name under ``key``."""
    value = data.get(key)
    if not isinstance(value, str) or not value:
        raise ContentError(source, f"needs '{key}', {what}", lines.of_key(key))
    return value


def _tables(entries: list[Any], lines: LineFinder, table: str, noun: str, source: str,
            keys: frozenset[str]) -> Iterator[tuple[int, dict[str, Any], Fail]]:
    """Each ``[[table]]``: its index, the table (named, with only ``keys``) and how to
    refuse it in one line naming it."""
    for n, spec, where, line in labelled_entries(entries, lines, table, noun):

        def fail(message: str, where: str = where, line: int | None = line) -> ContentError:
            return ContentError(source, f"{where}: {message}", line)

        _known(spec, keys, fail)
        yield n, spec, fail


def _known(spec: Any, keys: frozenset[str], fail: Fail) -> None:
    if not isinstance(spec, dict) or not isinstance(spec.get("name"), str):
        raise fail("needs a 'name'")
    for key in spec:
        if key not in keys:
            raise fail(f"unknown key {key!r} (keys: {', '.join(sorted(keys))})")


def load_drinks(path: str | Path) -> tuple[Drink, ...]:
    """A Drink Deck file: each ``[[drinks]]`` table, ``count`` times."""
    source, data, lines = _file(path)
    return read_drinks(data.get("drinks"), "drinks", source, lines)


def read_drinks(entries: Any, table: str, source: str, lines: LineFinder,
                tavern: str = "") -> tuple[Drink, ...]:
    """The ``[[table]]`` Drinks of a file, each ``count`` times (``tavern``: the tavern
    whose Drink Deck they are, in the Pub Crawl)."""
    if not isinstance(entries, list) or not entries:
        raise ContentError(source, f"needs [[{table}]] tables")
    deck: list[Drink] = []
    for _, spec, fail in _tables(entries, lines, table, "drink", source, DRINK_KEYS):
        numbers = {k: spec.get(k, 0) for k in ("alcohol", "fortitude", "draw")}
        if any(isinstance(v, bool) or not isinstance(v, int) for v in numbers.values()):
            raise fail("'alcohol', 'fortitude' and 'draw' are whole numbers")
        count = _count(spec, len(deck), fail)
        event = spec.get("event")
        if event is not None and not _among(event, DrinkEvent):
            raise fail(f"'event' is one of: {', '.join(e.value for e in DrinkEvent)}")
        effect = None
        if event == DrinkEvent.STEPS.value:
            effect, _ = read_event({k: v for k, v in spec.items() if k in DRINK_EVENT_KEYS},
                                   EventKind.DRINK, fail)
        elif set(spec) & (DRINK_EVENT_KEYS - {"name", "text"}):
            raise fail("'steps', 'options', 'as_action' and 'affects' are for a Drink Event "
                       "of steps (event = \"steps\")")
        pile = spec.get("pile", "")
        if not isinstance(pile, str):
            raise fail("'pile' names the side deck of Drinks it belongs to")
        drink = Drink(spec["name"], numbers["alcohol"], numbers["fortitude"],
                      spec.get("chaser", False) is True,
                      DrinkEvent(event) if event is not None else None,
                      spec.get("splits", False) is True, spec.get("stays", False) is True,
                      numbers["draw"], tavern, effect, pile)
        deck.extend([drink] * count)
    return tuple(deck)


def load_character(path: str | Path) -> CharacterDeck:
    """A Character Deck file: the character, its cards and the name of its rules."""
    source, data, lines = _file(path, DECK_KEYS)
    character = _named(data, "character", "the character's name", source, lines)
    rules = data.get("mechanics", "")
    if rules and rules not in characters.known():
        raise ContentError(source, f"unknown mechanics {rules!r} (known: "
                           f"{', '.join(characters.known())})", lines.of_key("mechanics"))
    cards = read_cards(data, "cards", source, lines)
    track = _track(data.get("track", []), source, lines)
    drinks: tuple[Drink, ...] = ()
    if "drinks" in data:  # a side deck of Drinks (the Wench's Special Reserve Deck)
        drinks = read_drinks(data["drinks"], "drinks", source, lines)
        if not all(d.pile for d in drinks):
            raise ContentError(source, "a character's [[drinks]] each name their side deck: "
                               "pile = \"special reserve\"", lines.of_key("drinks"))
    return CharacterDeck(character, cards, str(rules), data.get("villain") is True,
                         data.get("hero") is True, track, drinks)


def _track(entries: Any, source: str, lines: LineFinder) -> tuple[Level, ...]:
    """A character's ``[[track]]`` levels, in order (Cormac's Rage Tiles A to D)."""
    if not isinstance(entries, list):
        raise ContentError(source, "'track' is [[track]] tables", lines.of_key("track"))
    levels: list[Level] = []
    for _, spec, fail in _tables(entries, lines, "track", "level", source, LEVEL_KEYS):
        numbers = {k: spec.get(k, 0) for k in ("at", "alcohol", "fortitude")}
        if any(isinstance(v, bool) or not isinstance(v, int) or v < 0
               for v in numbers.values()) or numbers["at"] < 1:
            raise fail("'at' (cards to reach it, at least 1), 'alcohol' and 'fortitude' "
                       "are whole numbers, not negative")
        levels.append(Level(spec["name"], numbers["at"], numbers["alcohol"],
                            numbers["fortitude"]))
    return tuple(levels)


DUNGEON_KEYS = frozenset({"dungeon", "start", "rewards", "rooms", "cards", "sample"})
ROOM_KEYS = frozenset({"name", "text", "steps", "exits", "goal"})
PRIZE_KEYS = frozenset({"prizes", "sample"})


def load_dungeon(path: str | Path) -> Dungeon:
    """A Dungeon file (Dungeon Training): its Rooms with their arrows, the Start Room, the
    reward cards and how they lie (``rewards = "display"`` or ``"deck"``)."""
    source, data, lines = _file(path, DUNGEON_KEYS)
    name = _named(data, "dungeon", "the Dungeon's name", source, lines)
    lie = data.get("rewards", "display")
    if lie not in ("display", "deck"):
        raise ContentError(source, "'rewards' is \"display\" (face up, chosen) or \"deck\" "
                           "(shuffled face down)", lines.of_key("rewards"))
    entries = data.get("rooms")
    if not isinstance(entries, list) or not entries:
        raise ContentError(source, "needs [[rooms]] tables")
    rooms: list[Room] = []
    for _, spec, fail in _tables(entries, lines, "rooms", "room", source, ROOM_KEYS):
        exits = spec.get("exits", [])
        if not isinstance(exits, list) or not all(isinstance(e, str) for e in exits):
            raise fail("'exits' lists the names of the Rooms its arrows lead to")
        rooms.append(Room(spec["name"], _steps(spec.get("steps", []), fail), tuple(exits),
                          spec.get("goal", False) is True, str(spec.get("text", ""))))
    names = [r.name for r in rooms]
    start = data.get("start", names[0])
    for room in rooms:
        for exit_ in room.exits:
            if exit_ not in names:
                raise ContentError(source, f"room {room.name!r}: no Room {exit_!r} to lead to",
                                   lines.entries("rooms")[names.index(room.name)])
    if start not in names or not any(r.goal for r in rooms):
        raise ContentError(source, "needs a 'start' Room among its rooms and a Room with "
                           "goal = true")
    rewards = read_cards(data, "cards", source, lines, pile=name) if "cards" in data else ()
    return Dungeon(name, tuple(rooms), start, rewards, lie == "display")


def load_prizes(path: str | Path) -> tuple[Card, ...]:
    """A file of Prize Cards (the Prize Variant): unique cards, each of its subtype."""
    source, data, lines = _file(path, PRIZE_KEYS)
    prizes = read_cards(data, "prizes", source, lines, pile=PRIZES)
    names = [c.name for c in prizes]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:  # "add any number of unique Prize Cards"
        raise ContentError(source, f"Prize Cards are unique: {twice[0]!r} comes twice")
    return prizes


EVENT_DECK_KEYS = frozenset({"deck", "events", "sample"})
EVENT_KEYS = frozenset({"name", "text", "level", "steps", "options", "as_action", "affects",
                        "count"})


def load_events(path: str | Path, kinds: tuple[EventKind, ...] = tuple(EventKind)
                ) -> tuple[EventKind, tuple[Event, ...]]:
    """An Event deck file (``deck = "dungeon"``, ``"sea"``...): each ``[[events]]`` table
    ``count`` times. An Event's steps happen to each player it affects (``who`` is always
    that player); Gold it takes goes to the Inn."""
    source, data, lines = _file(path, EVENT_DECK_KEYS)
    if not _among(data.get("deck"), kinds):
        raise ContentError(source, f"'deck' is one of: {', '.join(k.value for k in kinds)}",
                           lines.of_key("deck"))
    kind = EventKind(data["deck"])
    entries = data.get("events")
    if not isinstance(entries, list) or not entries:
        raise ContentError(source, "needs [[events]] tables")
    deck: list[Event] = []
    for _, spec, fail in _tables(entries, lines, "events", "event", source, EVENT_KEYS):
        event, _ = read_event(spec, kind, fail)
        deck.extend([event] * _count(spec, len(deck), fail))
    return kind, tuple(deck)


def read_event(spec: Any, kind: EventKind, fail: Fail) -> tuple[Event, int]:
    """One Event table and its ``count``."""
    _known(spec, EVENT_KEYS, fail)
    level, count = spec.get("level", 1), _count(spec, 0, fail)
    if isinstance(level, bool) or not isinstance(level, int) or level < 1:
        raise fail("'level' (its Encounter Level) is 1 or more")
    if spec.get("affects", "all") not in ("all", "heroes", "villains"):
        raise fail("'affects' is \"all\", \"heroes\" or \"villains\"")
    options = tuple(_option(o, fail) for o in _list(spec.get("options", []), "options", fail))
    steps = _event_steps(spec.get("steps", []), fail)
    if bool(steps) == bool(options):
        raise fail("an Event has 'steps' or 'options' (one of them)")
    return Event(spec["name"], kind, level, steps, options, spec.get("as_action", False) is True,
                 spec.get("affects", "all"), str(spec.get("text", ""))), count


PUB_KEYS = frozenset({"taverns", "sample"})
TAVERN_KEYS = frozenset({"name", "event", "drinks"})


def load_pub_crawl(path: str | Path) -> tuple[Pub, ...]:
    """A Pub Crawl file: the Tavern Cards, the Red Dragon Inn first (its Drinks are the Drink
    Deck), each with its Tavern Event and (the others) its Tavern Drink Deck."""
    source, data, lines = _file(path, PUB_KEYS)
    entries = data.get("taverns")
    if not isinstance(entries, list) or len(entries) < 2:
        raise ContentError(source, "needs [[taverns]] tables: the Red Dragon Inn, then the "
                           "others")
    pubs: list[Pub] = []
    for n, spec, fail in _tables(entries, lines, "taverns", "tavern", source, TAVERN_KEYS):
        if not isinstance(spec.get("event"), dict):
            raise fail("needs 'event', its Tavern Event (a table like an Event's)")
        event, _ = read_event(spec["event"], EventKind.TAVERN, fail)
        if n == 0 and "drinks" in spec:
            raise fail("the Red Dragon Inn (the first tavern) serves the Drink Deck: no "
                       "'drinks'")
        drinks = read_drinks(spec.get("drinks"), "taverns.drinks", source, lines,
                             spec["name"]) if n else ()
        pubs.append(Pub(spec["name"], event, drinks))
    return tuple(pubs)


def _option(spec: Any, fail: Fail) -> Option:
    if not isinstance(spec, dict) or not isinstance(spec.get("text"), str) or \
            set(spec) - {"text", "steps", "only"} or \
            spec.get("only", "all") not in ("all", "heroes", "villains"):
        raise fail("an option is { text = \"...\", steps = [...], only = \"heroes\" or "
                   "\"villains\" (optional) }")
    return Option(spec["text"], _event_steps(spec.get("steps", []), fail),
                  spec.get("only", "all"))


def _event_steps(value: Any, fail: Fail) -> tuple[Step, ...]:
    steps = _steps(value, fail)
    if any(s.who is not Who.YOU or s.verb in RESPONSES for s in steps):
        raise fail("an Event's steps happen to each player it affects: no 'who', no "
                   "response verbs")
    return tuple(replace(s, to_inn=True) if s.verb is Verb.PAY else s for s in steps)


def read_cards(data: dict[str, Any], table: str, source: str, lines: LineFinder,
               pile: str = "") -> tuple[Card, ...]:
    """The ``[[table]]`` cards of a deck file (each ``count`` times); ``pile``: the shared
    pile they belong to (a Dungeon's rewards, the Prizes)."""
    entries = data.get(table)
    if not isinstance(entries, list) or not entries:
        raise ContentError(source, f"needs [[{table}]] tables")
    cards: list[Card] = []
    for _, spec, fail in _tables(entries, lines, table, "card", source, CARD_KEYS):
        try:
            kind = CardKind(str(spec.get("kind")))
        except ValueError:
            raise fail(f"'kind' is one of: {', '.join(k.value for k in CardKind)}") from None
        steps = _steps(spec.get("steps", []), fail)
        count = _count(spec, len(cards), fail)
        starts = spec.get("starts_round", False) is True
        winning = spec.get("winning_hand", False) is True
        if spec.get("minion", False) is True and kind is not CardKind.ACTION:
            raise fail("a Minion is an Action card (\"Action - Minion\")")
        if (starts or winning) and kind is not CardKind.GAMBLING:
            raise fail("only a Gambling card starts a Round or is a Winning Hand")
        boosts = tuple(_boost(b, fail) for b in _list(spec.get("boosts", []), "boosts", fail))
        trap = _steps(spec.get("trap", []), fail)
        card = Card(spec["name"], kind, steps, str(spec.get("text", "")), starts, winning, boosts,
                    trap, spec.get("boss", False) is True,
                    spec.get("when_losing", False) is True,
                    pile=pile or str(spec.get("pile", "")),
                    unanswerable=spec.get("unanswerable", False) is True,
                    minion=spec.get("minion", False) is True,
                    wages=_wages(spec.get("wages", 0), fail),
                    immediate=spec.get("immediate", False) is True)
        card = replace(card, phase=_phase(spec.get("phase"), card, fail))
        if "cost" in spec:
            if kind in (CardKind.GAMBLING, CardKind.CHEATING):
                raise fail("'cost' is for an Action, Sometimes or Anytime card")
            card = replace(card, cost=_cost(spec["cost"], "a card's", fail))
        edition = spec.get("edition", 1)
        if not isinstance(edition, int) or isinstance(edition, bool) or \
                not 1 <= edition <= EDITION:
            raise fail(f"'edition' is a whole number from 1 to {EDITION} (the rules' "
                       "edition a card is dealt from)")
        card = replace(card, edition=edition)
        card = replace(card, dexterity=spec.get("dexterity", False) is True,
                       stays=spec.get("stays", False) is True,
                       any_turn=spec.get("any_turn", False) is True)
        if card.any_turn and (kind is not CardKind.SOMETIMES or not any(
                s.verb in (Verb.LEAVE, Verb.FORCE_OUT) for s in steps)):
            raise fail("'any_turn' is for a Sometimes card that leaves a Round of Gambling "
                       "or forces a player out of it")
        icons = _list(spec.get("icons", []), "icons", fail)
        if not all(isinstance(i, str) and i for i in icons):
            raise fail("'icons' lists the symbols printed on the card, such as [\"earth\"]")
        card = replace(card, icons=tuple(icons), price=_wages(spec.get("price", 0), fail,
                                                             "price"))
        if "adds" in spec:
            if not isinstance(spec["adds"], str) or not spec["adds"]:
                raise fail("'adds' names the side deck whose top card's effects it adds")
            card = replace(card, adds=spec["adds"])
        if spec.get("joins", False) is True:
            if not card.pile:
                raise fail("'joins' is for a card of a side deck ('pile'): once drawn it "
                           "joins its owner's Character Deck")
            card = replace(card, joins=True)
        values = _list(spec.get("values", []), "values", fail)
        if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in values):
            raise fail("'values' lists the numbers printed down the card, top to bottom, "
                       "such as [1, 2, 4]")
        card = replace(card, values=tuple(values))
        if "trigger" in spec:
            card = replace(card, trigger=_trigger(spec["trigger"], fail))
        if not card.immediate:
            _playable(card, fail)
        cards.extend([card] * count)
    return tuple(cards)


def _phase(value: Any, card: Card, fail: Fail) -> Phase | None:
    if value is None:
        return None
    if not _among(value, Phase):
        raise fail(f"'phase' is one of: {', '.join(p.value for p in Phase)}")
    if card.kind is not CardKind.SOMETIMES or response_verb(card) is not None:
        raise fail("'phase' is for a Sometimes card that is not a response")
    return Phase(value)


#: Steps that make a card playable in a Round of Gambling.
ROUND_STEPS = frozenset({Verb.LEAVE, Verb.FORCE_OUT, *ROUND_PLAYS})


def _playable(card: Card, fail: Fail) -> None:
    """Refuse a card no rule would ever offer (001, "Card Types": Sometimes cards are played
    in response, or when the card says)."""
    verbs = {s.verb for s in card.steps}
    if card.kind is CardKind.SOMETIMES and response_verb(card) is None and not (
            card.when_losing or card.phase or verbs & ROUND_STEPS):
        raise fail("a Sometimes card that is not a response is never played: give it "
                   f"'phase' ({', '.join(p.value for p in Phase)}) or 'when_losing'")
    if card.kind is CardKind.ANYTIME and not card.steps:
        raise fail("an Anytime card with no steps is never played")


def _count(spec: dict[str, Any], so_far: int, fail: Fail) -> int:
    """A table's ``count`` (default 1), within :data:`MOST_CARDS` with the ``so_far`` cards
    before it."""
    count = spec.get("count", 1)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MOST_CARDS:
        raise fail(f"'count' is a whole number from 1 to {MOST_CARDS:,}")
    if so_far + count > MOST_CARDS:
        raise fail(f"a deck has at most {MOST_CARDS:,} cards")
    return count


def _among(value: Any, values: Iterable[Any]) -> bool:
    """Whether ``value`` (anything a file holds: a list too) is one of ``values``."""
    return isinstance(value, str) and value in {v if isinstance(v, str) else v.value
                                                for v in values}


def _wages(value: Any, fail: Fail, key: str = "wages") -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise fail(f"'{key}' is a whole number, 0 or more")
    return value


def _list(value: Any, what: str, fail: Fail) -> list[Any]:
    if not isinstance(value, list):
        raise fail(f"'{what}' is a list")
    return value


def _steps(value: Any, fail: Fail) -> tuple[Step, ...]:
    return tuple(_step(s, fail) for s in _list(value, "steps", fail))


def _trigger(spec: Any, fail: Fail) -> Trigger:
    if not isinstance(spec, dict) or set(spec) - {"when", "steps", "text"} or \
            spec.get("when") not in TRIGGERS:
        raise fail("a trigger is a table { when = \"turn starts\" (or "
                   f"{', '.join(repr(t) for t in TRIGGERS[1:])}), steps = [...], text = ... }}")
    return Trigger(spec["when"], _steps(spec.get("steps", []), fail), str(spec.get("text", "")))


def _boost(spec: Any, fail: Fail) -> Boost:
    if not isinstance(spec, dict) or set(spec) - {"cost", "steps", "text", "instead"}:
        raise fail("a boost is a table { cost = { energy = 1 }, steps = [...], text = ... } "
                   "(instead = true: its steps replace the card's)")
    return Boost(_cost(spec.get("cost"), "a boost's", fail), _steps(spec.get("steps", []), fail),
                 str(spec.get("text", "")), spec.get("instead", False) is True)


def _cost(cost: Any, whose: str, fail: Fail) -> tuple[tuple[str, int], ...]:
    if not isinstance(cost, dict) or not cost or not all(
            isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in cost.values()):
        raise fail(f"{whose} 'cost' names tokens and how many, such as {{ energy = 1 }}")
    return tuple(sorted(cost.items()))


def _step(spec: Any, fail: Fail) -> Step:
    if not isinstance(spec, dict):
        raise fail("a step is a table such as { fortitude = -2, who = \"target\" }")
    verbs = [v for v in Verb if v.value in spec]
    if len(verbs) != 1:
        raise fail(f"a step has one of: {', '.join(v.value for v in Verb)}")
    verb = verbs[0]
    value = spec[verb.value]
    allowed = {verb.value, "who", "to", "if", "per", "resource", "affecting", "stat",
               *(("again",) if verb is Verb.NEGATE else ())}
    for key in spec:
        if key not in allowed:
            others = ", ".join(sorted(allowed - {verb.value}))
            raise fail(f"unknown step key {key!r} (keys: the verb, {others})")
    who = spec.get("who", "target" if verb is Verb.FORCE_OUT else "you")
    if not _among(who, STEP_WHO):
        raise fail(f"'who' is one of: {', '.join(STEP_WHO)}")
    to = spec.get("to")
    if to not in (None, "inn", "you"):
        raise fail("'to' is \"inn\" or \"you\" (Gold paid to the card's player)")
    amount = 0
    target: Target | None = None
    handler = ""
    if verb in (Verb.NEGATE, Verb.IGNORE):
        if not _among(value, Target):
            raise fail(f"'{verb.value}' names what it works on: "
                       f"{', '.join(t.value for t in Target)}")
        target = Target(value)
    elif verb is Verb.HANDLER:
        if not isinstance(value, str) or not value:
            raise fail("'handler' names a character rule, such as \"check for traps\"")
        handler = value
    elif verb is Verb.FORCE_OUT:  # true, or the Fortitude the target may lose to stay
        if value is not True and (isinstance(value, bool) or not isinstance(value, int)
                                  or value < 0):
            raise fail("'force_out' is true, or the Fortitude its target may lose to stay")
        amount = 0 if value is True else value
    elif verb in FLAGS:
        if value is not True:
            raise fail(f"'{verb.value}' is true")
    elif verb in COUNTED:
        if isinstance(value, bool) or not isinstance(value, int):
            raise fail(f"'{verb.value}' is a whole number")
        amount = value
    stat = spec.get("affecting", spec.get("stat"))
    if stat is not None and not _among(stat, Stat):
        raise fail(f"'affecting' (or 'stat') is one of: {', '.join(s.value for s in Stat)}")
    if verb is Verb.REDUCE and stat is None:
        raise fail("'reduce' needs 'stat': what loss it reduces (fortitude, alcohol, gold)")
    resource = spec.get("resource", "")
    if verb is Verb.GAIN and not (isinstance(resource, str) and resource):
        raise fail("'gain' needs 'resource', the tokens gained (buff, corruption, ...)")
    per = spec.get("per", "")
    if not isinstance(per, str):
        raise fail("'per' names the tokens that multiply the amount (X)")
    again = spec.get("again", False)
    if not isinstance(again, bool):
        raise fail("'again' is true: the Negated card's player may play another of its type")
    return Step(verb, amount, STEP_WHO[who], to == "inn", target,
                Stat(stat) if stat is not None else None, str(resource),
                _condition(spec.get("if"), fail), per, handler, again)


def _condition(spec: Any, fail: Fail) -> Condition | None:
    if spec is None:
        return None
    whose = {w.value for w in Whose}
    numbers = [spec.get(k) for k in ("at_least", "below")] if isinstance(spec, dict) else []
    if (not isinstance(spec, dict) or not isinstance(spec.get("resource"), str)
            or not any(isinstance(n, int) for n in numbers)
            or any(n is not None and (isinstance(n, bool) or not isinstance(n, int))
                   for n in numbers)
            or not _among(spec.get("whose", "you"), whose)
            or set(spec) - {"resource", "at_least", "below", "whose"}):
        raise fail("'if' is { resource = \"fire\", at_least = 2, whose = \"you\" } (or "
                   "below = N: fewer than N; whose: " f"{', '.join(sorted(whose))})")
    return Condition(spec["resource"], spec.get("at_least", 0), Whose(spec.get("whose", "you")),
                     spec.get("below"))
