"""The append-only log states share, and the cheap copy of a state (issue 19): each reads
exactly like what it replaces (a tuple; ``dataclasses.replace``)."""

from __future__ import annotations

import pickle
from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tales.board.figures import Figure, Side
from tales.engine.state import GameState
from tales.evolve import evolve, evolve_known
from tales.journal import Log
from tales.rules.decisions import Decider, Decision
from tales.tavern.encounter.model import Adventurer, Caverns
from tales.tavern.rdi.model import Player, Tavern


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 50), st.lists(st.text(max_size=3), max_size=3)),
                max_size=40))
def test_a_log_reads_like_the_tuple_it_replaces(steps: list[tuple[int, list[str]]]) -> None:
    """Lines added to any earlier log (the newest, or one a planner kept) never show in
    another: every log equals the tuple built the old way, copy by copy."""
    logs: list[Log] = [Log()]
    tuples: list[tuple[str, ...]] = [()]
    for pick, lines in steps:
        at = pick % len(logs)
        logs.append(logs[at].add(*lines))
        tuples.append((*tuples[at], *lines))
    for log, plain in zip(logs, tuples, strict=True):
        assert log == plain and tuple(log) == plain and len(log) == len(plain)
        assert list(reversed(log)) == list(reversed(plain))
        assert log[-2:] == plain[-2:] and hash(log) == hash(plain)
        assert log[1:] == plain[1:] and log[::-2] == plain[::-2] and log[5:2] == plain[5:2]
        if plain:
            assert log[-1] == plain[-1] and log[0] == plain[0]
        assert pickle.loads(pickle.dumps(log)) == plain
        assert (*log, "x") == (*plain, "x")
        assert log.__add__(("x",)) == (*plain, "x")


def test_a_log_index_past_its_end_is_an_index_error() -> None:
    first = Log(("a",))
    first.add("b")  # the shared list grows; the first log still ends at one line
    with pytest.raises(IndexError):
        first[1]
    assert Log.of(first) is first and Log.of(("a",)) == first


@dataclass(frozen=True)
class _Plain:
    a: int
    b: tuple[int, ...] = ()
    c: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class _Checked:
    a: int

    def __post_init__(self) -> None:
        if self.a < 0:
            raise ValueError("a is not negative")


@dataclass(frozen=True, slots=True)
class _Slotted:
    a: int
    b: int = 0


@pytest.mark.parametrize("state, changes", [
    (_Plain(1, (2,), {"x": 1}), {"a": 5}),
    (_Plain(1), {"b": (1, 2), "c": {}}),
    (_Slotted(1, 2), {"b": 3}),
    (Figure("rat1", Side.SCHEMER, 4, "rats", 1, 3), {"at": 5, "damage": 2}),  # slotted
    (GameState(None, ("gerki",)), {"round": 3, "bag": ("hero gerki",)}),  # type: ignore[arg-type]
    (Caverns((Adventurer("seat 1"),), ()), {"round": 2, "life": 40}),
])
def test_evolve_is_replace(state: object, changes: dict[str, object]) -> None:
    assert evolve(state, **changes) == replace(state, **changes)  # type: ignore[type-var]
    assert type(evolve(state, **changes)) is type(state)


@dataclass(frozen=True, slots=True)
class _Compiled:
    """Like a class mypyc compiles: its fields kept neither in a ``__dict__`` nor in slots
    of its own that Python lists (the setup.py build)."""

    a: int
    b: int = 0


del _Compiled.__slots__  # type: ignore[attr-defined]


def test_evolve_copies_a_compiled_class_by_replace() -> None:
    assert not hasattr(_Compiled(1), "__dict__") and "__slots__" not in vars(_Compiled)
    assert evolve(_Compiled(1, 2), b=3) == _Compiled(1, 3)


def test_what_a_table_keeps_is_not_pickled() -> None:
    """What a table or player keeps beside its fields (names starting with "_") stays out
    of its pickle (a table sent back from a worker process): the copy equals the original
    and works it out again."""
    table = Caverns(tuple(Adventurer(f"seat {n}") for n in (1, 2)), ())
    assert table.player("seat 2").name == "seat 2" and table._by_name is not None
    copy = pickle.loads(pickle.dumps(table))
    assert copy == table and copy._by_name is None
    assert copy.player("seat 2") == table.player("seat 2")
    tavern = Tavern((Player("a", "A", 10), Player("b", "B", 10)), ())
    assert tavern.seating() is not None and tavern._seats is not None
    again = pickle.loads(pickle.dumps(tavern))
    assert again == tavern and again._seats is None


def test_evolve_checks_like_replace() -> None:
    with pytest.raises(TypeError, match="no field 'z'"):
        evolve(_Plain(1), z=2)
    with pytest.raises(ValueError):  # a class that checks itself keeps checking
        evolve(_Checked(1), a=-1)
    with pytest.raises(TypeError):
        evolve(_Slotted(1), z=2)
    with pytest.raises(ValueError, match="no options"):  # an __init__ of its own checks too
        evolve(Decision("k", "Pick one", (1,), Decider.TABLE), options=())


def _known(state: Any, changes: dict[str, Any]) -> Any:
    return evolve_known(state, frozenset(f.name for f in fields(state)), changes)


@pytest.mark.parametrize("state, changes, copy", [
    (_Plain(1, (2,), {"x": 1}), {"a": 5}, _known),
    (Caverns((Adventurer("seat 1"),), ()), {"round": 2, "life": 40},
     lambda table, changes: table.with_player(table.player("seat 1"), **changes)),
    (Tavern((Player("a", "A", 10), Player("b", "B", 10)), ()), {"inn": 3, "turn": 2},
     lambda table, changes: table._changed(changes)),
], ids=["evolve_known", "the encounter table's", "The Red Dragon Inn table's"])
def test_a_tables_own_copy_is_replace(state: object, changes: dict[str, object],
                                      copy: Callable[[Any, dict[str, Any]], Any]) -> None:
    """The tables' own copy (evolve_known, its field names known; in the compiled build
    the class's own, tools/native.py) gives replace's value, and an unknown field is
    refused by name, as replace refuses it."""
    assert copy(state, changes) == replace(state, **changes)  # type: ignore[type-var]
    with pytest.raises(TypeError, match="no field 'z'"):
        copy(state, {"z": 1})


def test_a_copied_table_finds_its_players_by_name() -> None:
    table = Caverns(tuple(Adventurer(f"seat {n}") for n in (1, 2, 3)), ())
    assert table.player("seat 2").name == "seat 2"
    hurt = table.with_player(evolve(table.player("seat 2"), life=10))
    assert hurt.player("seat 2").life == 10 and table.player("seat 2").life == 100
    swapped = hurt.copy(players=tuple(reversed(hurt.players)))
    assert [swapped.player(f"seat {n}").name for n in (1, 2, 3)] == ["seat 1", "seat 2",
                                                                      "seat 3"]
    assert swapped.players[0].name == "seat 3"
