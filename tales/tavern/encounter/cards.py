"""The encounter game's cards as TOML (``docs/formats.md``, "Encounter game decks"): the
draw deck (Attack cards, Action cards, Items), Encounters with their Attack Matrices,
Events, Relics and characters' abilities. Every mistake is one
:class:`~tales.errors.ContentError` naming the file, the line and the card.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tales.board.mapfile import LineFinder, labelled_entries, read_text, read_toml
from tales.errors import ContentError
from tales.tavern.encounter.model import (
    Card,
    Encounter,
    Event,
    Goal,
    Kind,
    Op,
    Quest,
    Rule,
    Special,
    Step,
    Strike,
    Target,
    When,
    Whom,
)

Fail = Callable[[str], ContentError]
#: Copies of one card a file may ask for (``count``): printed decks hold a few dozen cards.
MOST_COPIES = 1_000
TABLES = frozenset({"sample", "cards", "encounters", "events", "relics", "characters",
                    "quests"})
CARD_KEYS = frozenset({"name", "kind", "count", "values", "start", "special",
                       "special_values", "add", "times", "replace", "opportunity", "when",
                       "steps", "either", "potion", "one_use", "prestige", "text"})
ENCOUNTER_KEYS = frozenset({"name", "life", "prestige", "matrix", "tokens", "bonus_rounds",
                            "bonus", "creature", "special", "text", "count", "barrier",
                            "backlash", "revive"})
EVENT_KEYS = frozenset({"name", "activation", "treasure", "steps", "deadly", "rule", "text",
                        "count", "burst", "match"})
#: Ops whose value is ``true`` rather than an amount.
FLAGS = frozenset({Op.HALVE, Op.DOUBLE, Op.MISS, Op.EDGE_OUT, Op.DODGE, Op.REDIRECT,
                   Op.STEAL, Op.RELIC})
OPS = {op.value.replace(" ", "_"): op for op in Op}


@dataclass(frozen=True)
class Box:
    """Everything in an encounter game file."""

    cards: tuple[Card, ...]
    encounters: tuple[Encounter, ...]
    events: tuple[Event, ...] = ()
    relics: tuple[Card, ...] = ()
    abilities: tuple[tuple[str, Card], ...] = ()
    quests: tuple[Quest, ...] = ()


def load(path: str | Path) -> Box:
    """An encounter game file."""
    source = str(path)
    text = read_text(path)
    data = read_toml(text, source)
    lines = LineFinder(text)
    for key in data:
        if key not in TABLES:
            raise ContentError(source, f"unknown key {key!r} (keys: {', '.join(sorted(TABLES))})",
                               lines.of_key(key))
    cards = _cards(data, "cards", source, lines)
    relics = tuple(c if c.kind is Kind.ITEM else _bad(source, c) for c in
                   _cards(data, "relics", source, lines, relic=True))
    encounters: list[Encounter] = []
    for _, spec, where, line in _entries(data, "encounters", source, lines):
        fail = _fail(source, where, line)
        _keys(spec, ENCOUNTER_KEYS, fail)
        life = spec.get("life")
        if not isinstance(life, dict) or not life or not all(
                k.isdigit() and _whole(v) and v > 0 for k, v in life.items()):
            raise fail("'life' is a table of Life Points by players, such as "
                       "{ 2 = 60, 3 = 80, 4 = 100 }")
        matrix = tuple(_strike(r, fail) for r in _list(spec.get("matrix", []), "matrix", fail))
        special = spec.get("special", "")
        if not isinstance(special, str) or special not in {s.value for s in Special}:
            raise fail(f"'special' is one of: {', '.join(s.value for s in Special if s.value)}")
        encounter = Encounter(
            str(spec["name"]), tuple(sorted((int(k), v) for k, v in life.items())),
            _int(spec, "prestige", fail, 0), matrix,
            tuple(_ints(spec.get("tokens", []), "tokens", fail)),
            tuple(_ints(spec.get("bonus_rounds", []), "bonus_rounds", fail)),
            _int(spec, "bonus", fail, 0), spec.get("creature", True) is True,
            Special(special), _int(spec, "barrier", fail, 0), _int(spec, "backlash", fail, 0),
            _int(spec, "revive", fail, 0), str(spec.get("text", "")))
        encounters.extend([encounter] * _int(spec, "count", fail, 1))
    if not encounters:
        raise ContentError(source, "needs [[encounters]] tables")
    events: list[Event] = []
    for _, spec, where, line in _entries(data, "events", source, lines, required=False):
        fail = _fail(source, where, line)
        _keys(spec, EVENT_KEYS, fail)
        rule = _rule(spec, fail)
        burst = tuple(_ints(spec.get("burst", []), "burst", fail))
        match = _steps(spec.get("match", []), fail)
        if (burst or match) and rule != Rule.CHEST:
            raise fail("'burst' and 'match' are a \"bring the chest\" Event's (rule = "
                       "\"bring the chest\")")
        if bool(burst) != bool(match):
            raise fail("'burst' (the Attack values in the red burst) and 'match' (what a match "
                       "earns) go together")
        event = Event(str(spec["name"]), tuple(_ints(spec.get("activation", []),
                                                     "activation", fail)),
                      spec.get("treasure", False) is True, _steps(spec.get("steps", []), fail),
                      spec.get("deadly", False) is True, rule, str(spec.get("text", "")),
                      burst, match)
        events.extend([event] * _int(spec, "count", fail, 1))
    abilities: list[tuple[str, Card]] = []
    for _, spec, where, line in _entries(data, "characters", source, lines, required=False):
        fail = _fail(source, where, line)
        _keys(spec, frozenset({"name", "ability", "when", "steps", "uses", "text", "values",
                               "start"}), fail)
        values = tuple(_ints(spec.get("values", []), "values", fail))
        ability = Card(str(spec.get("ability", f"{spec['name']}'s ability")), Kind.ACTION,
                       values=values, start=_int(spec, "start", fail, 0),
                       when=_when(spec, fail), steps=_steps(spec.get("steps", []), fail),
                       ability=True, uses=_int(spec, "uses", fail, 1),
                       text=str(spec.get("text", "")))
        abilities.append((str(spec["name"]), ability))
    quests: list[Quest] = []
    for _, spec, where, line in _entries(data, "quests", source, lines, required=False):
        fail = _fail(source, where, line)
        _keys(spec, frozenset({"name", "goal", "at_least", "prestige", "text", "count"}), fail)
        try:
            goal = Goal(str(spec.get("goal")))
        except ValueError:
            raise fail(f"'goal' is one of: {', '.join(g.value for g in Goal)}") from None
        quest = Quest(str(spec["name"]), goal, _int(spec, "at_least", fail, 1),
                      _int(spec, "prestige", fail, 1), str(spec.get("text", "")))
        quests.extend([quest] * _int(spec, "count", fail, 1))
    return Box(cards, tuple(encounters), tuple(events), relics, tuple(abilities),
               tuple(quests))


def _bad(source: str, card: Card) -> Card:
    raise ContentError(source, f"relic {card.name!r}: a Relic is an Item (kind = \"item\")")


def _fail(source: str, where: str, line: int | None) -> Fail:
    def fail(message: str) -> ContentError:
        return ContentError(source, f"{where}: {message}", line)
    return fail


def _entries(data: dict[str, Any], table: str, source: str, lines: LineFinder,
             required: bool = True) -> list[tuple[int, Any, str, int | None]]:
    entries = data.get(table, [])
    if not isinstance(entries, list) or (required and not entries):
        raise ContentError(source, f"needs [[{table}]] tables")
    found = list(labelled_entries(entries, lines, table, table.rstrip("s")))
    for _, spec, where, line in found:
        if not isinstance(spec, dict) or not isinstance(spec.get("name"), str):
            raise ContentError(source, f"{where}: needs a 'name'", line)
    return found


def _cards(data: dict[str, Any], table: str, source: str, lines: LineFinder,
           relic: bool = False) -> tuple[Card, ...]:
    cards: list[Card] = []
    for _, spec, where, line in _entries(data, table, source, lines, required=not relic):
        fail = _fail(source, where, line)
        _keys(spec, CARD_KEYS, fail)
        try:
            kind = Kind(spec.get("kind"))
        except ValueError:
            raise fail(f"'kind' is one of: {', '.join(k.value for k in Kind)}") from None
        values = tuple(_ints(spec.get("values", []), "values", fail))
        if kind in (Kind.STANDARD, Kind.ENHANCED) and not values:
            raise fail("an Attack card needs 'values', its damage values lowest first")
        if values != tuple(sorted(values)):
            raise fail("'values' go lowest first (halving and doubling rotate along them)")
        start = _int(spec, "start", fail, 0)
        if values and not 0 <= start < len(values):
            raise fail(f"'start' is the index of the value shown: 0 to {len(values) - 1}")
        times = spec.get("times", 0)
        if isinstance(times, bool) or not isinstance(times, int | float) or times < 0:
            raise fail("'times' is a number such as 2 (or 0.5)")
        if kind is Kind.RIDER and not (times or spec.get("add")):
            raise fail("a Rider needs 'add' (additive) or 'times' (multiplicative)")
        if kind is Kind.STAND_IN and _int(spec, "replace", fail, 0) < 1:
            raise fail("a Stand In needs 'replace', the cards it is replaced by")
        card = Card(str(spec["name"]), kind, values, start, str(spec.get("special", "")),
                    tuple(_ints(spec.get("special_values", []), "special_values", fail)),
                    _int(spec, "add", fail, 0), float(times), _int(spec, "replace", fail, 0),
                    spec.get("opportunity", False) is True, _when(spec, fail),
                    _steps(spec.get("steps", []), fail), spec.get("potion", False) is True,
                    spec.get("one_use", False) is True, relic,
                    _int(spec, "prestige", fail, 0), text=str(spec.get("text", "")),
                    either=tuple(_steps(e, fail) for e in _list(spec.get("either", []),
                                                                 "either", fail)))
        count = _int(spec, "count", fail, 1)
        if count > MOST_COPIES:
            raise fail(f"'count' is at most {MOST_COPIES}")
        cards.extend([card] * count)
    return tuple(cards)


def _rule(spec: dict[str, Any], fail: Fail) -> str:
    rule = spec.get("rule", "")
    if not isinstance(rule, str) or (rule and rule not in {r.value for r in Rule}):
        raise fail(f"'rule' is one of: {', '.join(r.value for r in Rule)}")
    return str(rule)


def _when(spec: dict[str, Any], fail: Fail) -> When:
    try:
        return When(spec.get("when", "any"))
    except ValueError:
        raise fail(f"'when' is one of: {', '.join(w.value for w in When)}") from None


def _strike(spec: Any, fail: Fail) -> Strike:
    keys = {"target", "damage", "number", "poison", "turns", "prestige", "swap"}
    if not isinstance(spec, dict) or set(spec) - keys:
        raise fail("a matrix row is { target = \"most damage\", damage = 20 } (keys: "
                   f"{', '.join(sorted(keys))})")
    prestige = spec.get("prestige", 0)
    if not _whole(prestige):
        raise fail("a matrix row's 'prestige' is a whole number (negative: lost)")
    try:
        target = Target(str(spec.get("target")))
    except ValueError:
        raise fail(f"a matrix row's 'target' is one of: "
                   f"{', '.join(t.value for t in Target)}") from None
    number = _int(spec, "number", fail, 0)
    if target is Target.RANDOM and number < 1:
        raise fail("a \"player\" row needs 'number', the Initiative number attacked")
    return Strike(target, _int(spec, "damage", fail, 0), number, _int(spec, "poison", fail, 0),
                  spec.get("turns", False) is True, int(prestige), spec.get("swap", False) is True)


def _steps(value: Any, fail: Fail) -> tuple[Step, ...]:
    return tuple(_step(s, fail) for s in _list(value, "steps", fail))


def _step(spec: Any, fail: Fail) -> Step:
    if not isinstance(spec, dict):
        raise fail("a step is a table such as { heal = 20 } or { halve = true }")
    ops = [k for k in spec if k in OPS]
    if len(ops) != 1 or set(spec) - {ops[0], "whom"}:
        raise fail(f"a step has one of: {', '.join(OPS)} (and 'whom')")
    op = OPS[ops[0]]
    raw = spec[ops[0]]
    if op in FLAGS:
        if raw is not True:
            raise fail(f"'{ops[0]}' is true")
        amount = 0
    elif not _whole(raw):
        raise fail(f"'{ops[0]}' is a whole number")
    else:
        amount = raw
    try:
        whom = Whom(spec.get("whom", "you"))
    except ValueError:
        raise fail(f"'whom' is one of: {', '.join(w.value for w in Whom)}") from None
    return Step(op, amount, whom)


def _keys(spec: dict[str, Any], allowed: frozenset[str], fail: Fail) -> None:
    for key in spec:
        if key not in allowed:
            raise fail(f"unknown key {key!r} (keys: {', '.join(sorted(allowed))})")


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


#: The most copies of one card a deck file may ask for (a box holds far fewer).
MOST_COPIES = 1000


def _int(spec: dict[str, Any], key: str, fail: Fail, default: int) -> int:
    value = spec.get(key, default)
    if key == "count" and not (_whole(value) and 1 <= value <= MOST_COPIES):
        raise fail(f"'count' is a whole number from 1 to {MOST_COPIES:,}")
    if not _whole(value) or value < 0:
        raise fail(f"'{key}' is a whole number, 0 or more")
    return int(value)


def _ints(value: Any, key: str, fail: Fail) -> list[int]:
    if not isinstance(value, list) or not all(_whole(v) and v >= 0 for v in value):
        raise fail(f"'{key}' is a list of whole numbers")
    return list(value)


def _list(value: Any, key: str, fail: Fail) -> list[Any]:
    if not isinstance(value, list):
        raise fail(f"'{key}' is a list")
    return value
