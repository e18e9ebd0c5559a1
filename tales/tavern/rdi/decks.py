"""Drink Decks and Character Decks as TOML (``docs/formats.md``, "Tavern decks").

The printed decks' card texts are not in the seeds; the bundled decks (``decks/``) are
original samples. Every mistake is one :class:`~tales.errors.ContentError` naming the file,
the line and the card.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tales.board.mapfile import LineFinder, labelled_entries, read_text, read_toml
from tales.errors import ContentError
from tales.tavern.rdi.model import (
    Card,
    CardKind,
    Drink,
    DrinkEvent,
    Step,
    Target,
    Verb,
    Who,
)

DRINK_KEYS = frozenset({"name", "alcohol", "fortitude", "chaser", "event", "splits", "count"})
CARD_KEYS = frozenset({"name", "kind", "steps", "text", "count", "starts_round",
                       "winning_hand"})
STEP_WHO = {w.value: w for w in Who}


def load_drinks(path: str | Path) -> tuple[Drink, ...]:
    """A Drink Deck file: each ``[[drinks]]`` table, ``count`` times."""
    source = str(path)
    text = read_text(path)
    data = read_toml(text, source)
    lines = LineFinder(text)
    entries = data.get("drinks")
    if not isinstance(entries, list) or not entries:
        raise ContentError(source, "needs [[drinks]] tables")
    deck: list[Drink] = []
    for _, spec, where, line in labelled_entries(entries, lines, "drinks", "drink"):
        name = spec.get("name") if isinstance(spec, dict) else None

        def fail(message: str, where: str = where, line: int | None = line) -> ContentError:
            return ContentError(source, f"{where}: {message}", line)

        if not isinstance(name, str):
            raise fail("needs a 'name'")
        for key in spec:
            if key not in DRINK_KEYS:
                raise fail(f"unknown key {key!r} (keys: {', '.join(sorted(DRINK_KEYS))})")
        numbers = {k: spec.get(k, 0) for k in ("alcohol", "fortitude")}
        count = spec.get("count", 1)
        if any(isinstance(v, bool) or not isinstance(v, int) for v in numbers.values()) or (
                isinstance(count, bool) or not isinstance(count, int) or count < 1):
            raise fail("'alcohol' and 'fortitude' are whole numbers; 'count' is 1 or more")
        event = spec.get("event")
        if event is not None and event not in {e.value for e in DrinkEvent}:
            raise fail(f"'event' is one of: {', '.join(e.value for e in DrinkEvent)}")
        drink = Drink(name, numbers["alcohol"], numbers["fortitude"],
                      spec.get("chaser", False) is True,
                      DrinkEvent(event) if event is not None else None,
                      spec.get("splits", False) is True)
        deck.extend([drink] * count)
    return tuple(deck)


def load_character(path: str | Path) -> tuple[str, tuple[Card, ...]]:
    """A Character Deck file: the character's name and its cards."""
    source = str(path)
    text = read_text(path)
    data = read_toml(text, source)
    lines = LineFinder(text)
    character = data.get("character")
    if not isinstance(character, str) or not character:
        raise ContentError(source, "needs 'character', the character's name",
                           lines.of_key("character"))
    entries = data.get("cards")
    if not isinstance(entries, list) or not entries:
        raise ContentError(source, "needs [[cards]] tables")
    cards: list[Card] = []
    for _, spec, where, line in labelled_entries(entries, lines, "cards", "card"):
        name = spec.get("name") if isinstance(spec, dict) else None

        def fail(message: str, where: str = where, line: int | None = line) -> ContentError:
            return ContentError(source, f"{where}: {message}", line)

        if not isinstance(name, str):
            raise fail("needs a 'name'")
        for key in spec:
            if key not in CARD_KEYS:
                raise fail(f"unknown key {key!r} (keys: {', '.join(sorted(CARD_KEYS))})")
        try:
            kind = CardKind(spec.get("kind"))
        except ValueError:
            raise fail(f"'kind' is one of: {', '.join(k.value for k in CardKind)}") from None
        steps = tuple(_step(s, fail) for s in spec.get("steps", []))
        count = spec.get("count", 1)
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise fail("'count' is 1 or more")
        starts = spec.get("starts_round", False) is True
        winning = spec.get("winning_hand", False) is True
        if (starts or winning) and kind is not CardKind.GAMBLING:
            raise fail("only a Gambling card starts a Round or is a Winning Hand")
        cards.extend([Card(name, kind, steps, str(spec.get("text", "")), starts, winning)]
                     * count)
    return character, tuple(cards)


def _step(spec: Any, fail: Any) -> Step:
    if not isinstance(spec, dict):
        raise fail("a step is a table such as { fortitude = -2, who = \"target\" }")
    verbs = [v for v in Verb if v.value in spec]
    if len(verbs) != 1:
        raise fail(f"a step has one of: {', '.join(v.value for v in Verb)}")
    verb = verbs[0]
    if verb in (Verb.LEAVE, Verb.FORCE_OUT):
        if spec[verb.value] is not True or set(spec) != {verb.value}:
            raise fail(f"'{verb.value}' is true (leave, or force another player out of, "
                       "the Round of Gambling)")
        return Step(verb, 0, Who.TARGET if verb is Verb.FORCE_OUT else Who.YOU)
    if verb in (Verb.NEGATE, Verb.IGNORE):
        target = spec[verb.value]
        if target not in {t.value for t in Target} or set(spec) != {verb.value}:
            raise fail(f"'{verb.value}' names what it works on: "
                       f"{', '.join(t.value for t in Target)}")
        return Step(verb, 0, Who.YOU, False, Target(target))
    for key in spec:
        if key not in (verb.value, "who", "to"):
            raise fail(f"unknown step key {key!r} (keys: the verb, who, to)")
    amount = spec[verb.value]
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise fail(f"'{verb.value}' is a whole number")
    who = spec.get("who", "you")
    if who not in STEP_WHO:
        raise fail(f"'who' is one of: {', '.join(STEP_WHO)}")
    to = spec.get("to")
    if to not in (None, "inn", "you"):
        raise fail("'to' is \"inn\" or \"you\" (Gold paid to the card's player)")
    return Step(verb, amount, STEP_WHO[who], to == "inn")
