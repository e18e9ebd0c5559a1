"""Power Trees: the steps a Hero takes at scenario setup, and the Power Tokens they grant.

Glossary, Power Tree, "Steps to Use the Power Tree": the first step is one of the two bottom
spaces; each later step is the other bottom space or a space connected by a line to an
already chosen space; no space is chosen twice; a space granting several Power Tokens is
still one step; after the scenario's number of steps every chosen space's tokens go to the
Hero's supply. The printed trees are not in the rules this project has: a tree is data, in
the form of ``docs/formats.md``, "Power Trees".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tales.board.figures import DEBUFF_TOKENS, POWER_TOKENS, Token
from tales.board.mapfile import LineFinder, read_toml
from tales.errors import ContentError, IllegalChoice
from tales.rules.decisions import Decider, Decision, Resolution

TREE_KEYS = frozenset({"spaces"})
SPACE_KEYS = frozenset({"id", "bottom", "tokens", "links"})
BOTTOM_SPACES = 2


@dataclass(frozen=True, slots=True)
class TreeSpace:
    """One space of a Power Tree: the Power Tokens it grants and its lines to other spaces.

    ``links`` are the ids at the other end of its lines; lines are undirected (a line drawn
    between two spaces connects each to the other).
    """

    id: str
    tokens: dict[Token, int] = field(default_factory=dict, hash=False)
    bottom: bool = False
    links: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class PowerTree:
    """A Hero's Power Tree: its spaces, in the order written (the order options are asked)."""

    spaces: tuple[TreeSpace, ...]

    def space(self, space_id: str) -> TreeSpace:
        """The space ``space_id``; :class:`IllegalChoice` if the tree has none."""
        for space in self.spaces:
            if space.id == space_id:
                return space
        raise IllegalChoice(f"{space_id!r} is not a space of this Power Tree")

    @property
    def bottoms(self) -> tuple[str, ...]:
        """The two bottom spaces ("Starting Choices")."""
        return tuple(s.id for s in self.spaces if s.bottom)

    def linked(self, a: str, b: str) -> bool:
        """A line connects ``a`` and ``b`` (written on either space)."""
        return b in self.space(a).links or a in self.space(b).links


def _open(tree: PowerTree, space: TreeSpace, chosen: Sequence[str]) -> bool:
    if space.id in chosen:
        return False
    if not chosen:
        return space.bottom
    return space.bottom or any(tree.linked(space.id, c) for c in chosen)


def check_steps(tree: PowerTree, steps: Sequence[str]) -> None:
    """Refuse, with :class:`IllegalChoice`, a sequence of steps the rules do not allow.

    Glossary, Power Tree, steps 2-3: begin on a bottom space; then the other bottom space or
    a space connected by a line to an already chosen space; never the same space twice.
    """
    for n, step in enumerate(steps):
        space = tree.space(step)
        if _open(tree, space, steps[:n]):
            continue
        if step in steps[:n]:
            reason = "was already chosen (no space twice)"
        elif n == 0:
            reason = "is not a bottom space (the first step is one of the two bottom spaces)"
        else:
            reason = ("is neither the other bottom space nor connected by a line to a chosen "
                      "space")
        raise IllegalChoice(f"Power Tree step {n + 1}: {step!r} {reason}")


def legal_steps(tree: PowerTree, chosen: Sequence[str]) -> list[str]:
    """The spaces the next step may take, in tree order, after the legal steps ``chosen``."""
    check_steps(tree, chosen)
    return [s.id for s in tree.spaces if _open(tree, s, chosen)]


def choose_steps(tree: PowerTree, steps: int, hero: str) -> Resolution[tuple[str, ...]]:
    """Take ``steps`` steps on ``hero``'s Power Tree, one PLAYER Decision per step.

    The number of steps is the scenario's (glossary, Power Tree, step 1), fewer or more to
    change the difficulty; when every space is chosen the steps stop early.
    """
    chosen: list[str] = []
    for n in range(1, steps + 1):
        options = legal_steps(tree, chosen)
        if not options:
            break
        gives = {o: ", ".join(f"{c} {t.rule_name}" for t, c in tree.space(o).tokens.items())
                 or "nothing" for o in options}
        step = yield Decision("power-tree-step", f"{hero}'s Power Tree, step {n} of {steps}: "
                              "which space?", tuple(options), Decider.PLAYER, hero,
                              detail=gives)  # what each space gives, beside its letter
        chosen.append(step)
    return tuple(chosen)


def collect(tree: PowerTree, chosen: Sequence[str]) -> dict[Token, int]:
    """Every Power Token of the chosen spaces, summed, for the Hero's supply (step 5).

    ``chosen`` must be a legal sequence of steps (:func:`check_steps`).
    """
    check_steps(tree, chosen)
    supply: dict[Token, int] = {}
    for step in chosen:
        for token, count in tree.space(step).tokens.items():
            supply[token] = supply.get(token, 0) + count
    return {token: supply[token] for token in Token if token in supply}


# --- reading a tree from TOML ---------------------------------------------------------------


def read_power_tree(text: str, source: str = "<power tree>") -> PowerTree:
    """Read a file whose ``[[power_tree.spaces]]`` tables are a Power Tree."""
    data = read_toml(text, source)
    lines = LineFinder(text)
    for key in data:
        if key != "power_tree":
            raise ContentError(source, f"unknown key {key!r} (a Power Tree file has: "
                               "power_tree)", lines.of_key(key))
    return parse_power_tree(data.get("power_tree"), source, lines)


def parse_power_tree(
    table: Any, source: str, lines: LineFinder | None = None, where: str = "power_tree"
) -> PowerTree:
    """Build a Power Tree from its TOML table (``docs/formats.md``, "Power Trees").

    ``where`` is the table's dotted key in its file (``power_tree``, or for instance
    ``heroes.zot.power_tree``): it finds each ``[[where.spaces]]`` entry's line and names it.
    Any mistake is one :class:`ContentError` naming the file, the line and the entry.
    """
    finder = lines or LineFinder("")
    headers = finder.entries(f"{where}.spaces")
    table_line = headers[0] if headers else finder.of_key(where.rsplit(".", 1)[-1])
    if not isinstance(table, Mapping):
        raise ContentError(source, f"{where}: needs [[{where}.spaces]] tables", table_line)
    for key in table:
        if key not in TREE_KEYS:
            raise ContentError(source, f"{where}: unknown key {key!r} (a Power Tree has: "
                               "spaces)", table_line)
    entries = table.get("spaces")
    if not isinstance(entries, list) or not entries:
        raise ContentError(source, f"{where}: needs [[{where}.spaces]] tables", table_line)

    def line_of(n: int, key: str | None = None) -> int | None:
        start = headers[n] if n < len(headers) else None
        if start is None or key is None:
            return start if start is not None else table_line
        end = headers[n + 1] if n + 1 < len(headers) else len(finder.lines) + 1
        found = finder.of_key(key, start)
        return found if found is not None and found < end else start

    spaces: list[TreeSpace] = []
    for n, entry in enumerate(entries):
        spaces.append(_space(entry, n, where, source, line_of, {s.id for s in spaces}))

    def error(n: int, message: str, key: str | None = None) -> ContentError:
        return ContentError(source, f"{where}.spaces entry {n + 1} ({spaces[n].id!r}): "
                            f"{message}", line_of(n, key))

    ids = {s.id: n for n, s in enumerate(spaces)}
    for n, space in enumerate(spaces):
        for link in sorted(space.links):
            if link not in ids:
                raise error(n, f"links to {link!r}, which is not a space of this tree",
                            "links")
    bottoms = [n for n, s in enumerate(spaces) if s.bottom]
    if len(bottoms) > BOTTOM_SPACES:
        raise error(bottoms[BOTTOM_SPACES], "a third bottom space (a Power Tree has exactly "
                    "two)", "bottom")
    if len(bottoms) < BOTTOM_SPACES:
        found = ", ".join(repr(spaces[n].id) for n in bottoms) or "none"
        raise ContentError(source, f"{where}: a Power Tree has exactly two bottom spaces "
                           f"(bottom = true); found {found}", table_line)
    tree = PowerTree(tuple(
        TreeSpace(s.id, s.tokens, s.bottom, s.links | {t.id for t in spaces if s.id in t.links})
        for s in spaces))
    reached = _reachable(tree)
    for n, space in enumerate(spaces):
        if space.id not in reached:
            raise error(n, "cannot be reached from a bottom space by lines")
    return tree


def _reachable(tree: PowerTree) -> set[str]:
    reached = set(tree.bottoms)
    frontier = list(reached)
    while frontier:
        for link in tree.space(frontier.pop()).links:
            if link not in reached:
                reached.add(link)
                frontier.append(link)
    return reached


LineOf = Callable[[int, str | None], int | None]


def _space(entry: Any, n: int, where: str, source: str, line_of: LineOf,
           seen: set[str]) -> TreeSpace:
    name = f"{where}.spaces entry {n + 1}"
    space_id = entry.get("id") if isinstance(entry, dict) else None
    if isinstance(space_id, str) and space_id:
        name += f" ({space_id!r})"

    def error(message: str, key: str | None = None) -> ContentError:
        return ContentError(source, f"{name}: {message}", line_of(n, key))

    if not isinstance(entry, dict):
        raise error("must be a table")
    for key in entry:
        if key not in SPACE_KEYS:
            raise error(f"unknown key {key!r} (a space has: {', '.join(sorted(SPACE_KEYS))})",
                        key)
    if not isinstance(space_id, str) or not space_id:
        raise error("needs an 'id' (a non-empty string)", "id")
    if space_id in seen:
        raise error(f"id {space_id!r} is already a space of this tree", "id")
    bottom = entry.get("bottom", False)
    if not isinstance(bottom, bool):
        raise error("'bottom' must be true or false", "bottom")
    tokens = _tokens(entry.get("tokens"), lambda message: error(message, "tokens"))
    links = entry.get("links", [])
    if not isinstance(links, list) or not all(isinstance(x, str) for x in links):
        raise error("'links' must be a list of space ids such as [\"c\", \"d\"]", "links")
    if space_id in links:
        raise error("links to itself", "links")
    return TreeSpace(space_id, tokens, bottom, frozenset(links))


def _tokens(table: Any, error: Callable[[str], ContentError]) -> dict[Token, int]:
    if not isinstance(table, dict) or not table:
        raise error("'tokens' must be a table of Power Tokens such as { shield = 1 }")
    power = ", ".join(sorted(t.value for t in POWER_TOKENS))
    tokens: dict[Token, int] = {}
    for name, count in table.items():
        token = next((t for t in Token if t.value == name), None)
        if token in DEBUFF_TOKENS:
            raise error(f"{name!r} is a Debuff Token, not a Power Token (Power Tokens: "
                        f"{power})")
        if token is None or token not in POWER_TOKENS:
            raise error(f"unknown Power Token {name!r} (Power Tokens: {power})")
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise error(f"{name}: the count must be a whole number, 1 or more")
        tokens[token] = count
    return tokens
