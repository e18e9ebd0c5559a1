"""Scenarios as data: the map, the Schemer Groups, deployment, doors, parts, story events,
objectives, defeat conditions, scenario abilities, the Epic Pool and rewards.

See ``docs/formats.md``, "Scenarios". The printed game's scenarios are not in the rules this
project has; the bundled ones (``scenarios/*.toml``) are original samples. Every mistake is
one :class:`~tales.errors.ContentError` naming the file, the line and the entry; nothing is
half-loaded.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from tales.board.board import Board
from tales.board.figures import Keyword, parse_keyword, unknown_keyword
from tales.board.lint import unused_features
from tales.board.mapfile import (
    LineFinder,
    exists,
    labelled_entries,
    load_map,
    read_text,
    read_toml,
    refuse_unknown_keys,
)
from tales.content.heroes import read_ability
from tales.content.scheme_blocks import check_scheme_blocks, step_line
from tales.errors import ContentError, printable
from tales.rules.effects import Ability
from tales.rules.schemes import (
    DoorStep,
    MoveStep,
    ReinforceStep,
    SchemerGroup,
    SpecialStep,
    for_the_table,
)
from tales.rules.targets import Selector, Term

SCENARIO_KEYS = frozenset({
    "sample", "title", "map", "scheme_blocks", "heroes", "power_tree_steps", "epic_pool",
    "story", "groups", "destructibles", "doors", "parts", "events", "objectives", "defeat",
    "hero_defeat_loses", "abilities", "rewards"})
WHEN_KEYS = ("defeated", "rounds", "door_open", "hero_on", "all_heroes_on", "hero_defeated",
             "fired", "part", "schemers_defeated", "round_limit")
EFFECT_KEYS = frozenset({"story", "reinforce", "open_doors", "epic_dice", "win", "lose"})
DEPLOY_KEYS = frozenset({"group", "spaces", "tracker", "numbers"})

Fail = Callable[..., ContentError]


class When(StrEnum):
    """A condition a scenario can test (all the keys of one ``when`` table must hold)."""

    DEFEATED = "defeated"  # every figure of these groups (once deployed) / these ids is gone
    ROUNDS = "rounds"  # this many rounds have reached their Objective Phase
    DOOR_OPEN = "door_open"  # the doors on these spaces are open
    HERO_ON = "hero_on"  # some Hero stands on one of these spaces
    ALL_HEROES_ON = "all_heroes_on"  # every Hero on the map stands on one of these spaces
    HERO_DEFEATED = "hero_defeated"  # a Hero has been Defeated
    FIRED = "fired"  # these events have happened
    PART = "part"  # the scenario is in one of these parts
    SCHEMERS_DEFEATED = "schemers_defeated"  # at least N Schemers Defeated in all
    # [[defeat]] only, alone in its table: lost at the end of round N unless won (checked
    # after the objectives, docs/rules-decisions.md, "Round limits")
    ROUND_LIMIT = "round_limit"


@dataclass(frozen=True)
class Condition:
    """One test: ``kind`` with its names, spaces or number."""

    kind: When
    names: tuple[str, ...] = ()
    spaces: frozenset[int] = frozenset()
    number: int = 0


@dataclass(frozen=True)
class Deploy:
    """One line of a deployment table: Schemers of ``group`` onto fixed ``spaces`` (one
    each), or ``tracker`` of them by the group's tracker deck over the numbered deployment
    spaces ``numbers``."""

    group: str
    spaces: tuple[int, ...] = ()
    tracker: int = 0
    numbers: tuple[int, ...] = ()


@dataclass(frozen=True)
class Effects:
    """What happens when a part begins or an event fires."""

    story: str = ""
    reinforce: tuple[Deploy, ...] = ()
    open_doors: frozenset[int] = frozenset()
    epic_dice: int = 0
    win: bool = False
    lose: bool = False


@dataclass(frozen=True)
class Part:
    """A part of the scenario: when it begins (never for the first), what it deploys, and
    the rule changes it makes (Limits, initiative tokens per group)."""

    name: str
    when: tuple[Condition, ...]
    effects: Effects
    limits: dict[str, int] = field(default_factory=dict)
    initiative: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Event:
    """A story event: when it fires (once) and what it does."""

    id: str
    when: tuple[Condition, ...]
    effects: Effects


@dataclass(frozen=True)
class Objective:
    """An objective (or a defeat condition): its words and its test."""

    text: str
    when: tuple[Condition, ...]

    @property
    def limit(self) -> int | None:
        """The round of a round limit (``when = { round_limit = N }``): a defeat checked
        after the objectives; None for any other condition."""
        return next((c.number for c in self.when if c.kind is When.ROUND_LIMIT), None)


@dataclass(frozen=True)
class GroupSetup:
    """A Schemer Group in this scenario: its Scheme Block, Limit and initiative tokens."""

    block: SchemerGroup
    limit: int
    initiative: int = 1


@dataclass(frozen=True)
class Destructible:
    """A Destructible map feature (glossary: "Each scenario defines how they can be
    destroyed"): here a figure on the Schemers' side with Fortitude that never acts; it is
    destroyed when Defeated."""

    id: str
    name: str
    at: int
    fortitude: int
    keywords: frozenset[Keyword] = frozenset()


@dataclass(frozen=True)
class Scenario:
    """A whole scenario, ready to set up."""

    title: str
    source: str
    board: Board
    groups: dict[str, GroupSetup]
    parts: tuple[Part, ...]
    events: tuple[Event, ...]
    objectives: tuple[Objective, ...]
    defeat: tuple[Objective, ...]
    hero_defeat_loses: bool = True
    heroes: tuple[int, int] = (2, 4)
    power_tree_steps: int = 0
    epic_pool: tuple[int, int] = (3, 0)  # size, dice at the start
    destructibles: tuple[Destructible, ...] = ()
    sealed_doors: frozenset[int] = frozenset()  # opened only by the scenario's events
    abilities: tuple[Ability, ...] = ()
    story: dict[str, str] = field(default_factory=dict)
    rewards: dict[str, Any] = field(default_factory=dict)
    sample: bool = False
    #: the Scheme steps of printed text the table carries out (loaded for ``tales table``)
    left_to_table: tuple[str, ...] = ()


def load_scenario(path: str | Path, table: bool = False) -> Scenario:
    """Read a scenario file (its map and Scheme Block file are found beside it); with
    ``table``, for a game kept at a physical table: a Scheme step of printed text is left
    to the table (:attr:`Scenario.left_to_table`), not a mistake."""
    return parse_scenario(read_text(path), str(path), Path(path).parent, table)


def check_scenario(path: str | Path, left: list[str] | None = None,
                   warnings: list[str] | None = None) -> list[ContentError]:
    """Every mistake of a scenario file, in one run (``tales scenario check``): the
    first of its map file ends the check (``tales map check`` lists a map's), every one
    of its Scheme Block file does (all listed), the scenario's own are all listed. The
    Scheme steps of printed text, which only ``tales table`` plays (the table carries them
    out), go in ``left`` when given; its map's unused ``[features]`` tables (warnings, no
    mistake) in ``warnings``."""
    found = _Found(table=left is not None)
    try:
        _parse(read_text(path), str(path), Path(path).parent, found)
    except ContentError as error:
        found.errors.append(error)
    if left is not None:
        left.extend(found.left)
    if warnings is not None:
        warnings.extend(found.warnings)
    return sorted(found.errors, key=lambda e: (e.source != str(path),
                                               e.line if e.line is not None else 0))


def parse_scenario(text: str, source: str = "<scenario>", base: Path | None = None,
                   table: bool = False) -> Scenario:
    """Build a :class:`Scenario` from a scenario file's text; the first mistake is a
    :class:`ContentError` (saying how many more ``tales scenario check`` lists).
    ``table``: as for :func:`load_scenario`."""
    found = _Found(table=table)
    scenario = None
    try:
        scenario = _parse(text, source, base, found)
    except ContentError as error:  # one that ends the reading: after those found before
        found.errors.append(error)
    if found.errors:
        first, more = found.errors[0], len(found.errors) - 1
        if not more:
            raise first
        raise ContentError(first.source, f"{first.detail} (and {more} more mistake"
                           f"{'s' if more > 1 else ''}: run 'tales scenario check')",
                           first.line)
    assert scenario is not None
    return scenario


class _Found:
    """The mistakes found so far; :meth:`guard` notes one and lets the reading go on."""

    def __init__(self, table: bool = False) -> None:
        self.errors: list[ContentError] = []
        self.table = table  # for a game kept at a table: printed text steps are its own
        self.left: list[str] = []  # those steps, said for the table
        self.warnings: list[str] = []  # what does nothing but is no mistake (its map's
        # unused [features] tables)

    @contextmanager
    def guard(self) -> Iterator[None]:
        try:
            yield
        except ContentError as error:
            self.errors.append(error)


def _parse(text: str, source: str, base: Path | None, found: _Found) -> Scenario | None:
    """The scenario, or None when a mistake (noted in ``found``) leaves it incomplete;
    a mistake after which nothing more can be read (bad TOML, a missing map) raises."""
    data = read_toml(text, source)
    lines = LineFinder(text)
    base = base or Path(".")
    guard = found.guard

    def fail(message: str, line: int | None = None) -> ContentError:
        return ContentError(source, message, line)

    with guard():
        refuse_unknown_keys(data, SCENARIO_KEYS, source, lines, "a scenario")
    title = data.get("title")
    if not isinstance(title, str) or not title:
        found.errors.append(fail("needs a 'title'", lines.of_key("title")))
    map_path = _beside(data, "map", base, source, lines)
    board = load_map(map_path)
    found.warnings.extend(str(w) for w in unused_features(board, str(map_path),
                                                          read_text(map_path)))
    blocks_path = _beside(data, "scheme_blocks", base, source, lines)
    blocks, block_mistakes = check_scheme_blocks(blocks_path)
    if block_mistakes:  # every mistake of the Scheme Block file; then the scenario ends
        found.errors.extend(block_mistakes[:-1])
        raise block_mistakes[-1]
    groups = _groups(data.get("groups"), blocks, source, lines, found)
    _check_steps(groups, data.get("groups"), board, blocks_path, source, lines, found)
    pool = data.get("epic_pool", {})
    if not (isinstance(pool, dict) and set(pool) <= {"size", "dice"}
            and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0
                    for v in pool.values())
            and pool.get("dice", 0) <= pool.get("size", 3)):
        wrong = next((f"{k} = {v!r}" for k, v in pool.items() if k not in ("size", "dice")
                      or isinstance(v, bool) or not isinstance(v, int) or v < 0),
                     None) if isinstance(pool, dict) else "it"
        said = (f"'epic_pool': dice ({pool.get('dice', 0)}) is more than size "
                f"({pool.get('size', 3)})" if wrong is None else
                "'epic_pool' is a table" if not isinstance(pool, dict) else
                f"'epic_pool': {wrong} is not a whole number, 0 or more")
        found.errors.append(fail(f"{said} (written like epic_pool = {{ size = 3, dice = 1 }})",
                                 lines.of_key("epic_pool")))
        pool = {}
    reader = _Reader(board, groups, source, lines, found,
                     pool.get("size", 3) if "size" in pool or not data.get("epic_pool")
                     else None)
    destructibles = reader.destructibles(data.get("destructibles", []))
    sealed = reader.doors(data.get("doors", []))
    parts = reader.parts(data.get("parts"))
    events = reader.events(data.get("events", []))
    objectives = reader.objectives(data.get("objectives"), "objectives", required=True)
    defeat = reader.objectives(data.get("defeat", []), "defeat", required=False)
    known_events = {e.id for e in events} | reader.broken
    known_parts = {p.name for p in parts} | reader.broken
    tested = [p.when for p in parts] + [e.when for e in events]
    tested += [o.when for o in (*objectives, *defeat)]
    defeatable = set(groups) | {d.id for d in destructibles} | reader.broken
    for when in tested:
        for condition in when:
            strange = [n for n in condition.names
                       if condition.kind is When.DEFEATED and n not in defeatable]
            if strange:
                found.errors.append(fail(
                    f"'defeated' names {strange[0]!r}, which is neither a group nor a "
                    f"destructible of this scenario", _quoted(lines, strange[0])))
            unknown = [n for n in condition.names
                       if (condition.kind is When.FIRED and n not in known_events)
                       or (condition.kind is When.PART and n not in known_parts)]
            if unknown:
                what = "events" if condition.kind is When.FIRED else "parts"
                found.errors.append(fail(
                    f"'{condition.kind.value}' names {unknown[0]!r}, which is not one of the "
                    f"scenario's {what}", _quoted(lines, unknown[0])))
    whole = not reader.broken  # every part and event read: what they deploy and open known
    found.errors.extend(_never_met(groups, parts, events, objectives, defeat, source, lines,
                                   whole))
    opened = set().union(*(p.effects.open_doors for p in parts),
                         *(e.effects.open_doors for e in events))
    for door in sorted(sealed - opened) if whole else ():
        name = board.names[door]
        found.errors.append(fail(f"the door on {name} is opened by an event (opened_by = "
                                 "\"event\"), but no event or part opens it (open_doors = "
                                 f"[\"{name}\"]): it stays closed all game",
                                 _quoted(lines, name)))
    heroes = data.get("heroes", {})
    least, most = 2, 4
    if not (isinstance(heroes, dict) and set(heroes) <= {"least", "most"}
            and all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 4
                    for v in heroes.values())):
        wrong = next((f"{k} = {v!r}" for k, v in heroes.items()
                      if k not in ("least", "most") or isinstance(v, bool)
                      or not isinstance(v, int) or not 1 <= v <= 4), None) if isinstance(
            heroes, dict) else None
        said = f"'heroes': {wrong} is not 1 to 4" if wrong else "'heroes' is a table"
        found.errors.append(fail(f"{said} (as heroes = {{ least = 2, most = 4 }})",
                                 lines.of_key("heroes")))
    else:
        starts = int(board.start.sum())
        # unless the scenario says, as many Heroes as the map has Hero start spaces (up to 4)
        least, most = heroes.get("least", 2), heroes.get("most", max(min(4, starts), 1))
        if least > most:
            found.errors.append(fail(f"'heroes': least ({least}) is more than most ({most})",
                                     lines.of_key("heroes")))
        if most > starts:
            # each Hero (and a Solo Mode Companion, Appendix B setup 5) needs a start space
            found.errors.append(fail(f"'heroes': most is {most}, but the map has {starts} "
                                     "Hero start spaces", lines.of_key("heroes")))
    steps = data.get("power_tree_steps", 0)
    if isinstance(steps, bool) or not isinstance(steps, int) or steps < 0:
        found.errors.append(fail("'power_tree_steps' must be a whole number",
                                 lines.of_key("power_tree_steps")))
    story = data.get("story", {})
    if not isinstance(story, dict) or not all(isinstance(v, str) for v in story.values()):
        found.errors.append(fail("[story] holds text: prologue, victory, defeat",
                                 lines.of_key("story")))
    rewards = data.get("rewards", {})
    if not isinstance(rewards, dict) or set(rewards) - {"text", "unlock", "archive"} or not (
            isinstance(rewards.get("text", ""), str) and all(
                isinstance(rewards.get(k, []), list)
                and all(isinstance(n, str) for n in rewards.get(k, []))
                for k in ("unlock", "archive"))):
        found.errors.append(fail("[rewards] has text = \"...\", unlock = [names], archive = "
                                 "[names]", lines.of_key("rewards")))
    specs = data.get("abilities", [])
    abilities: list[Ability] = []
    if not isinstance(specs, list):
        found.errors.append(fail("'abilities' must be [[abilities]] tables",
                                 lines.of_key("abilities")))
        specs = []
    headers = lines.entries("abilities")
    for n, spec in enumerate(specs):
        with guard():
            abilities.append(read_ability(spec, n, headers[n] if n < len(headers) else None,
                                          source).ability)
    if found.errors:
        return None
    assert isinstance(title, str)
    return Scenario(
        title=title, source=source, board=board, groups=groups, parts=parts, events=events,
        objectives=objectives, defeat=defeat,
        hero_defeat_loses=bool(data.get("hero_defeat_loses", True)), heroes=(least, most),
        power_tree_steps=steps, epic_pool=(pool.get("size", 3), pool.get("dice", 0)),
        destructibles=destructibles, sealed_doors=sealed, abilities=tuple(abilities),
        story=dict(story), rewards=dict(rewards), sample=bool(data.get("sample", False)),
        left_to_table=tuple(found.left))


def _never_met(groups: dict[str, GroupSetup], parts: tuple[Part, ...],
               events: tuple[Event, ...], objectives: tuple[Objective, ...],
               defeat: tuple[Objective, ...], source: str, lines: LineFinder,
               whole: bool = True) -> list[ContentError]:
    """Objectives no game can meet: one needing a group Defeated that nothing deploys (a
    group is Defeated only once deployed: engine.conditions), or one needing more rounds
    than a defeat that ends the game first (a round limit, or ``rounds`` alone in a
    defeat). An objective of the very round of a ``rounds`` defeat, which is checked first,
    is let through: the report counts it, "lost with every objective met".
    ``whole``: every part and event was read (else what they deploy is not known)."""
    deployed = {d.group for p in parts for d in p.effects.reinforce}
    deployed |= {d.group for e in events for d in e.effects.reinforce}
    deployed |= {step.group for g in groups.values() for s in g.block.schemes
                 for step in s.steps if isinstance(step, ReinforceStep) and step.group}
    last = [(c.number, "its round limit") for d in defeat for c in d.when
            if c.kind is When.ROUND_LIMIT]
    last += [(d.when[0].number, f"defeat {d.text!r}, rounds = {d.when[0].number}")
             for d in defeat if len(d.when) == 1 and d.when[0].kind is When.ROUNDS]
    said = []
    headers = lines.entries("objectives")
    for n, objective in enumerate(objectives, 1):
        line = headers[n - 1] if n <= len(headers) else None
        where = f"objectives {n} ({objective.text!r})"
        for condition in objective.when:
            absent = [g for g in condition.names if condition.kind is When.DEFEATED
                      and g in groups and g not in deployed and whole]
            if absent:
                said.append(ContentError(source, f"{where}: needs {absent[0]!r} Defeated, "
                                         "but no part, event or Scheme deploys that group: "
                                         "it can never be met", line))
            if condition.kind is When.ROUNDS and last:
                end, why = min(last)
                if condition.number > end:
                    said.append(ContentError(source, f"{where}: needs rounds = "
                                             f"{condition.number}, but the game is lost "
                                             f"by the end of round {end} ({why}): it can "
                                             "never be met", line))
    return said


def _check_steps(groups: dict[str, GroupSetup], specs: Any, board: Board, blocks_path: Path,
                 source: str, lines: LineFinder, found: _Found) -> None:
    """Every Scheme step of the scenario's groups is one the engine carries out: no text
    for the table (a game the engine plays skips nothing), a door step names a door of the
    map, a Reinforce step one of the scenario's groups. Each mistake names the line of the
    step in the Scheme Block file, and the group's line in the scenario."""
    headers = {spec.get("id"): line for spec, line in zip(
        specs if isinstance(specs, list) else [], lines.entries("groups"), strict=False)
        if isinstance(spec, dict)}
    blocks = blocks_path.name
    block_text = read_text(blocks_path)
    for gid, group in groups.items():
        for index, scheme in enumerate(group.block.schemes):
            for number, step in enumerate(scheme.steps, 1):
                why = for_the_table(step)
                if isinstance(step, DoorStep) and step.door is not None:
                    space = board.find(step.door)
                    if space is None or not board.door[space]:
                        why = f"{step.door} is not a door space of map {board.name!r}"
                if isinstance(step, ReinforceStep) and step.group not in (None, *groups):
                    why = f"it reinforces {step.group!r}, which is not in this scenario"
                if isinstance(step, MoveStep):
                    why = why or _unknown_place(step.toward, board)
                if why and found.table and isinstance(step, SpecialStep):
                    found.left.append(f"group {gid!r}, scheme {scheme.name!r}, step {number}:"
                                      f" {step}")
                elif why:
                    line = step_line(block_text, gid, index, number)
                    found.errors.append(ContentError(
                        source, f"group {gid!r} ({blocks}"
                        f"{'' if line is None else f':{line}'}), scheme {scheme.name!r}, "
                        f"step {number}: {why}; a game the engine plays carries out every "
                        "step", headers.get(gid)))


def _unknown_place(toward: Selector, board: Board) -> str | None:
    """Why a Move step's selector names a feature or space the map does not have, or
    None (Appendix D would have no target there: the game would stop at that step)."""
    features = {n.lower() for n in board.feature_name if n is not None}
    for alternative in toward.fallbacks:
        for part in alternative:
            if part.term is Term.FEATURE and (part.argument or "").lower() not in features:
                named = ", ".join(sorted({n for n in board.feature_name if n})) or "none"
                return (f"it moves toward feature {part.argument!r}, which map "
                        f"{board.name!r} does not have (its features: {named})")
            if part.term is Term.SPACE and board.find(part.argument or "") is None:
                return f"it moves toward space {part.argument!r}, not on map {board.name!r}"
    return None


def _quoted(lines: LineFinder, name: str) -> int | None:
    """The line where ``name`` is written as a quoted string (else anywhere)."""
    for text in (f'"{name}"', f"'{name}'", name):
        line = lines.of_text(text)
        if line is not None:
            return line
    return None


def _beside(data: dict[str, Any], key: str, base: Path, source: str,
            lines: LineFinder) -> Path:
    name = data.get(key)
    if not isinstance(name, str):
        raise ContentError(source, f"needs '{key}', a file name", lines.of_key(key))
    path = Path(name) if Path(name).is_absolute() else base / name
    if not exists(path):
        raise ContentError(source, f"{key} file {name!r} not found (looked for "
                           f"{printable(str(path))})", lines.of_key(key))
    return path


def _groups(specs: Any, blocks: dict[str, SchemerGroup], source: str,
            lines: LineFinder, found: _Found) -> dict[str, GroupSetup]:
    if not isinstance(specs, list) or not specs:
        found.errors.append(ContentError(source, "needs [[groups]]: the Schemer Groups of "
                                         "the scenario"))
        return {}
    headers = lines.entries("groups")
    groups: dict[str, GroupSetup] = {}
    for n, spec in enumerate(specs):
        with found.guard():
            _group(n, spec, headers[n] if n < len(headers) else None, blocks, source, groups)
    return groups


def _group(n: int, spec: Any, line: int | None, blocks: dict[str, SchemerGroup], source: str,
           groups: dict[str, GroupSetup]) -> None:
    """Add group number ``n`` to ``groups``: a mistake in its Limit or initiative is
    raised after the group is added with its Scheme Block's (so it is still known)."""
    gid = spec.get("id") if isinstance(spec, dict) else None
    if not isinstance(gid, str):
        raise ContentError(source, f"group {n + 1}: needs an 'id'", line)
    if gid in groups:
        raise ContentError(source, f"group {gid!r} is listed twice", line)
    if gid not in blocks:
        raise ContentError(source, f"group {gid!r} is not in the Scheme Block file "
                           f"(groups: {', '.join(blocks)})", line)
    block = blocks[gid]
    groups[gid] = GroupSetup(block, block.limit)
    for key in spec:
        if key not in ("id", "limit", "initiative"):
            raise ContentError(source, f"group {gid!r}: unknown key {key!r} (a group "
                               "has: id, limit, initiative)", line)
    limit = spec.get("limit", block.limit)
    tokens = spec.get("initiative", 1)
    for key, value, least in (("limit", limit, 1), ("initiative", tokens, 0)):
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise ContentError(source, f"group {gid!r}: '{key}' must be a whole number, "
                               f"{least} or more", line)
    if limit > len(block.standees):
        raise ContentError(source, f"group {gid!r}: Limit {limit} is more than its "
                           f"{len(block.standees)} standees", line)
    groups[gid] = GroupSetup(block, limit, tokens)


class _Reader:
    """Reads the parts of a scenario that name spaces and groups."""

    def __init__(self, board: Board, groups: dict[str, GroupSetup], source: str,
                 lines: LineFinder, found: _Found, pool_size: int | None = 3) -> None:
        self.board, self.groups, self.source, self.lines = board, groups, source, lines
        self.found = found
        self.pool_size = pool_size  # the Epic Pool's size (None: itself a mistake)
        self.limits: dict[str, int] = {g: s.limit for g, s in groups.items()}  # so far
        self.highest = dict(self.limits)  # each group's highest Limit in any part (an
        # event may fire in any of them)
        self.broken: set[str] = set()  # names of entries with a mistake (already told)

    @contextmanager
    def entry(self, name: Any) -> Iterator[None]:
        """Read one entry; a mistake is noted (and the entry's ``name`` remembered, so
        what refers to it is not blamed too) and the reading goes on."""
        before = len(self.found.errors)
        with self.found.guard():
            yield
        if len(self.found.errors) > before and isinstance(name, str):
            self.broken.add(name)

    def fail(self, where: str, message: str, line: int | None) -> ContentError:
        return ContentError(self.source, f"{where}: {message}", line)

    def space(self, name: Any, where: str, line: int | None) -> int:
        space = self.board.find(name) if isinstance(name, str) else None
        if space is None:
            raise self.fail(where, f"no space {name!r} on map {self.board.name!r}", line)
        return space

    def spaces(self, value: Any, where: str, line: int | None) -> frozenset[int]:
        """Space names, or ``feature NAME`` for every space of a named feature."""
        items = value if isinstance(value, list) else [value]
        found: set[int] = set()
        for item in items:
            if isinstance(item, str) and item.lower().startswith("feature "):
                name = item[len("feature "):].strip().lower()
                matched = {i for i, f in enumerate(self.board.feature_name)
                           if f is not None and f.lower() == name}
                if not matched:
                    raise self.fail(where, f"map {self.board.name!r} has no feature "
                                    f"{item[len('feature '):].strip()!r}", line)
                found |= matched
            else:
                found.add(self.space(item, where, line))
        return frozenset(found)

    def when(self, spec: Any, where: str, line: int | None, limit: bool = False
             ) -> tuple[Condition, ...]:
        """A ``when`` table's conditions; ``round_limit`` only where ``limit`` (a
        ``[[defeat]]`` table), and alone."""
        if not isinstance(spec, dict) or not spec:
            raise self.fail(where, "'when' is a table such as { defeated = [\"golems\"] } "
                            f"(tests: {', '.join(WHEN_KEYS)})", line)
        conditions = []
        for key, value in spec.items():
            if key not in WHEN_KEYS:
                raise self.fail(where, f"unknown test {key!r} (tests: {', '.join(WHEN_KEYS)})",
                                line)
            kind = When(key)
            if kind is When.ROUND_LIMIT:
                at = self.lines.of_text("round_limit", line or 0) or line
                if not limit:
                    raise self.fail(where, "'round_limit' is for [[defeat]] tables only "
                                    "(lost at the end of round N unless won); here use "
                                    "'rounds'", at)
                if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                    raise self.fail(where, f"'round_limit' is a whole number, 1 or more (the "
                                    f"last round played), not {value!r}", at)
                if len(spec) > 1:
                    raise self.fail(where, "'round_limit' stands alone in its 'when' table "
                                    "(it loses at the end of that round unless the scenario "
                                    "is won)", at)
                conditions.append(Condition(kind, number=value))
            elif kind in (When.ROUNDS, When.SCHEMERS_DEFEATED):
                if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                    raise self.fail(where, f"'{key}' is a whole number, 1 or more", line)
                conditions.append(Condition(kind, number=value))
            elif kind is When.HERO_DEFEATED:
                if value is not True:
                    raise self.fail(where, "'hero_defeated' can only be true", line)
                conditions.append(Condition(kind))
            elif kind in (When.DOOR_OPEN, When.HERO_ON, When.ALL_HEROES_ON):
                spaces = self.spaces(value, where, line)
                walled = sorted(s for s in spaces if self.board.impassable[s])
                if kind is not When.DOOR_OPEN and walled:  # no Hero ever stands there
                    raise self.fail(where, f"'{key}' names {self.board.names[walled[0]]}, an "
                                    "Impassable space: no Hero can stand there", line)
                if kind is When.DOOR_OPEN:
                    not_doors = [self.board.names[s] for s in spaces if not self.board.door[s]]
                    if not_doors:
                        raise self.fail(where, f"{not_doors[0]} is not a door space", line)
                conditions.append(Condition(kind, spaces=spaces))
            else:
                names = tuple(value) if isinstance(value, list) else (value,)
                if not names or not all(isinstance(n, str) for n in names):
                    raise self.fail(where, f"'{key}' names one or more ids", line)
                conditions.append(Condition(kind, names=names))
        return tuple(conditions)

    def deploys(self, specs: Any, where: str, line: int | None) -> tuple[Deploy, ...]:
        if not isinstance(specs, list):
            raise self.fail(where, "a deployment is a list of { group = ..., spaces = [...] } "
                            "or { group = ..., tracker = N }", line)
        numbered = sorted({int(n) for n in self.board.deployment if n})
        found = []
        for spec in specs:
            if not isinstance(spec, dict) or not isinstance(spec.get("group"), str) or spec[
                    "group"] not in self.groups:
                raise self.fail(where, "each deployment names one of the scenario's groups "
                                f"({', '.join(self.groups)})", line)
            for key in spec:
                if key not in DEPLOY_KEYS:
                    raise self.fail(where, f"unknown deployment key {key!r} (keys: "
                                    f"{', '.join(sorted(DEPLOY_KEYS))})", line)
            group = spec["group"]
            if ("spaces" in spec) == ("tracker" in spec):
                raise self.fail(where, f"deploy {group!r} onto 'spaces' or by 'tracker', "
                                "one of them", line)
            if "spaces" in spec:
                names = spec["spaces"]
                if not isinstance(names, list) or not names:
                    raise self.fail(where, "'spaces' is a list of space names", line)
                spaces = tuple(self.space(s, where, line) for s in names)
                walled = [self.board.names[s] for s in spaces if self.board.impassable[s]]
                if walled:  # in play the Schemer would silently not be there
                    raise self.fail(where, f"deploys {group!r} onto {walled[0]}, an "
                                    "Impassable space", line)
                found.append(Deploy(group, spaces))
                continue
            count = spec["tracker"]
            numbers = spec.get("numbers", numbered)
            if isinstance(count, bool) or not isinstance(count, int) or count < 1:
                raise self.fail(where, "'tracker' is how many Schemers to deploy", line)
            if not isinstance(numbers, list) or not numbers or any(
                    n not in numbered for n in numbers):
                raise self.fail(where, "'numbers' lists numbered deployment spaces of the "
                                f"map ({', '.join(map(str, numbered)) or 'it has none'})", line)
            if count > len(numbers):
                raise self.fail(where, f"{count} Schemers by a tracker deck of only "
                                f"{len(numbers)} cards", line)
            found.append(Deploy(group, (), count, tuple(numbers)))
        return tuple(found)

    def over_limit(self, deploys: tuple[Deploy, ...], where: str, line: int | None,
                   limits: dict[str, int]) -> None:
        """A deployment of more Schemers of a group than its Limit (``limits``: the
        Limit of each group where it deploys): in play the rest would silently not be
        deployed (engine.deploy: "at its Limit, no more are deployed")."""
        counts: dict[str, int] = {}
        for entry in deploys:
            counts[entry.group] = counts.get(entry.group, 0) + (
                len(entry.spaces) or entry.tracker)
        for group, count in counts.items():
            if count > limits.get(group, count):
                raise self.fail(where, f"deploys {count} {group!r} but the group's Limit "
                                f"is {limits[group]} (a part's 'limits' raise it)", line)

    def effects(self, spec: dict[str, Any], where: str, line: int | None,
                deploy_key: str) -> Effects:
        story = spec.get("story", "")
        if not isinstance(story, str):
            raise self.fail(where, "'story' is text", line)
        doors = self.spaces(spec.get("open_doors", []), where, line)
        not_doors = [self.board.names[s] for s in sorted(doors) if not self.board.door[s]]
        if not_doors:
            raise self.fail(where, f"open_doors: {not_doors[0]} is not a door space", line)
        epic = spec.get("epic_dice", 0)
        if isinstance(epic, bool) or not isinstance(epic, int) or epic < 0:
            raise self.fail(where, "'epic_dice' is a whole number", line)
        if self.pool_size is not None and epic > self.pool_size:
            # "No effect if the Epic Pool is full" (glossary, Inspire): more never count
            raise self.fail(where, f"'epic_dice' is {epic}, more than the Epic Pool holds: "
                            f"give 0 to {self.pool_size} (its size, epic_pool.size)", line)
        return Effects(story, self.deploys(spec.get(deploy_key, []), where, line), doors, epic,
                       spec.get("win") is True, spec.get("lose") is True)

    def parts(self, specs: Any) -> tuple[Part, ...]:
        if not isinstance(specs, list) or not specs:
            self.found.errors.append(ContentError(
                self.source, "needs [[parts]]: at least the first part with its deployment"))
            return ()
        parts: list[Part] = []
        for n, spec, where, line in labelled_entries(specs, self.lines, "parts", "part"):
            with self.entry(spec.get("name") if isinstance(spec, dict) else None):
                name = spec.get("name") if isinstance(spec, dict) else None
                if not isinstance(name, str):
                    raise self.fail(where, "needs a 'name'", line)
                if any(p.name == name for p in parts):
                    raise self.fail(where, "two parts have this name", line)
                allowed = {"name", "when", "deploy", "limits", "initiative"} | EFFECT_KEYS
                for key in spec:
                    if key not in allowed or key == "reinforce":
                        keys = ", ".join(sorted(allowed - {"reinforce"}))
                        raise self.fail(where, f"unknown key {key!r} (a part has: {keys})",
                                        line)
                if n == 0 and "when" in spec:
                    raise self.fail(where, "the first part begins at setup: it has no "
                                    "'when'", line)
                if n > 0 and "when" not in spec:
                    raise self.fail(where, "needs 'when': what begins this part", line)
                when = self.when(spec["when"], where, line) if n else ()
                changes = {}
                for key in ("limits", "initiative"):
                    table = spec.get(key, {})
                    if not isinstance(table, dict) or any(
                            g not in self.groups or isinstance(v, bool)
                            or not isinstance(v, int) or v < 0 for g, v in table.items()):
                        raise self.fail(where, f"'{key}' maps group ids to whole numbers",
                                        line)
                    for group, value in table.items():
                        standees = len(self.groups[group].block.standees)
                        if key == "limits" and value > standees:
                            raise self.fail(where, f"Limit {value} for {group!r} is more "
                                            "than its standees", line)
                    changes[key] = dict(table)
                self.limits.update(changes["limits"])  # from this part on
                for group, value in changes["limits"].items():
                    self.highest[group] = max(self.highest[group], value)
                effects = self.effects(spec, where, line, "deploy")
                self.over_limit(effects.reinforce, where, line, dict(self.limits))
                parts.append(Part(name, when, effects, changes["limits"],
                                  changes["initiative"]))
        return tuple(parts)

    def events(self, specs: Any) -> tuple[Event, ...]:
        if not isinstance(specs, list):
            self.found.errors.append(ContentError(self.source,
                                                  "'events' must be [[events]] tables"))
            return ()
        events: list[Event] = []
        for _, spec, where, line in labelled_entries(specs, self.lines, "events", "event",
                                                     "id"):
            with self.entry(spec.get("id") if isinstance(spec, dict) else None):
                eid = spec.get("id") if isinstance(spec, dict) else None
                if not isinstance(eid, str):
                    raise self.fail(where, "needs an 'id'", line)
                if any(e.id == eid for e in events):
                    raise self.fail(where, "two events have this id", line)
                for key in spec:
                    if key not in {"id", "when"} | EFFECT_KEYS:
                        raise self.fail(where, f"unknown key {key!r} (an event has: id, when, "
                                        f"{', '.join(sorted(EFFECT_KEYS))})", line)
                effects = self.effects(spec, where, line, "reinforce")
                self.over_limit(effects.reinforce, where, line, self.highest)
                events.append(Event(eid, self.when(spec.get("when"), where, line), effects))
        return tuple(events)

    def objectives(self, specs: Any, key: str, required: bool) -> tuple[Objective, ...]:
        if not isinstance(specs, list) or (required and not specs):
            self.found.errors.append(ContentError(
                self.source, f"needs [[{key}]] tables with text and when",
                self.lines.of_key(key)))
            return ()
        found = []
        for _, spec, where, line in labelled_entries(specs, self.lines, key, key, None):
            with self.entry(None):
                if not isinstance(spec, dict) or not isinstance(spec.get("text"), str):
                    raise self.fail(where, "needs 'text'", line)
                for k in spec:
                    if k not in ("text", "when"):
                        raise self.fail(where, f"unknown key {k!r} (keys: text, when)",
                                        line)
                found.append(Objective(spec["text"], self.when(
                    spec.get("when"), where, line, limit=key == "defeat")))
        return tuple(found)

    def destructibles(self, specs: Any) -> tuple[Destructible, ...]:
        if not isinstance(specs, list):
            self.found.errors.append(ContentError(
                self.source, "'destructibles' must be [[destructibles]] tables"))
            return ()
        found: list[Destructible] = []
        for _, spec, where, line in labelled_entries(specs, self.lines, "destructibles",
                                                     "destructible", "id"):
            with self.entry(spec.get("id") if isinstance(spec, dict) else None):
                did = spec.get("id") if isinstance(spec, dict) else None
                if not isinstance(did, str):
                    raise self.fail(where, "needs an 'id'", line)
                if any(d.id == did for d in found) or did in self.groups:
                    raise self.fail(where, "this id is already used", line)
                for key in spec:
                    if key not in ("id", "name", "at", "fortitude", "keywords"):
                        raise self.fail(where, f"unknown key {key!r} (keys: id, name, at, "
                                        "fortitude, keywords)", line)
                fortitude = spec.get("fortitude")
                if isinstance(fortitude, bool) or not isinstance(fortitude, int) or (
                        fortitude < 1):
                    raise self.fail(where, "'fortitude' must be a whole number, 1 or more",
                                    line)
                keywords = set()
                for word in spec.get("keywords", ["Immobile"]):
                    parsed = parse_keyword(word) if isinstance(word, str) else None
                    if not isinstance(parsed, Keyword):
                        raise self.fail(where, unknown_keyword(word), line)
                    keywords.add(parsed)
                at = self.space(spec.get("at"), where, line)
                if self.board.impassable[at]:  # in play it would silently not be there
                    raise self.fail(where, f"stands on {self.board.names[at]}, an "
                                    "Impassable space", line)
                found.append(Destructible(did, str(spec.get("name", did)), at, fortitude,
                                          frozenset(keywords)))
        return tuple(found)

    def doors(self, specs: Any) -> frozenset[int]:
        """``[[doors]]``: how each door space opens; the sealed ones (``opened_by =
        "event"``) only by an event's ``open_doors``."""
        if not isinstance(specs, list):
            self.found.errors.append(ContentError(self.source,
                                                  "'doors' must be [[doors]] tables"))
            return frozenset()
        headers = self.lines.entries("doors")
        sealed = set()
        for n, spec in enumerate(specs):
            with self.entry(None):
                line = headers[n] if n < len(headers) else None
                where = f"door {n + 1}"
                if not isinstance(spec, dict) or set(spec) - {"space", "opened_by"}:
                    raise self.fail(where, "a door is { space = \"D4\", opened_by = \"action\" or "
                                    "\"event\" }", line)
                space = self.space(spec.get("space"), where, line)
                if not self.board.door[space]:
                    raise self.fail(where, f"{self.board.names[space]} is not a door space (D on "
                                    "the map)", line)
                opened_by = spec.get("opened_by", "action")
                if opened_by not in ("action", "event"):
                    raise self.fail(where, "'opened_by' is \"action\" or \"event\"", line)
                if opened_by == "event":
                    sealed.add(space)
        return frozenset(sealed)
