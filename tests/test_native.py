"""The compiled build's rewrite for native classes (tools/native.py), one row per rule, on
a sample module. The rewritten source only ever runs compiled (its ``__init__`` sets the
fields of a frozen dataclass, which plain Python refuses): here it is run with ``frozen``
taken off, which is how mypyc's native class behaves for the compiled code, to check what
the written-out methods do against ``dataclasses.replace``. The tavern tests run on the
compiled build itself in ``.ci/run``."""

from __future__ import annotations

import ast
import dataclasses
import hashlib
import json
import pickle
import sys
import types
from pathlib import Path

import pytest

from tools.native import ANY, nativize, stage

SAMPLE = '''"""A sample model."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from tales.evolve import Keeps, evolve_known


@dataclass(frozen=True)
class Inner:
    amount: int = 0


@dataclass(frozen=True)
class Table(Keeps):
    name: str
    seats: tuple[str, ...] = ()
    inner: Inner = field(default_factory=Inner)
    count: int = field(default=3)
    #: kept beside the fields
    _seen: ClassVar[tuple[str, ...] | None] = None

    def seen(self) -> tuple[str, ...]:
        kept = self._seen
        if kept is None:
            kept = tuple(sorted(self.seats))
            object.__setattr__(self, "_seen", kept)
        return kept

    def changed(self, **changes: object) -> Table:
        return evolve_known(self, _FIELDS, changes)


@dataclass(frozen=True)
class Own:
    value: int

    def __post_init__(self) -> None:
        pass


@dataclass
class Mutable:
    value: int = 0


_FIELDS = frozenset(("name", "seats", "inner", "count"))
'''


def _classes(source: str) -> dict[str, ast.ClassDef]:
    return {n.name: n for n in ast.parse(source).body if isinstance(n, ast.ClassDef)}


def _methods(node: ast.ClassDef) -> set[str]:
    return {n.name for n in node.body if isinstance(n, ast.FunctionDef)}


REWRITTEN = nativize(SAMPLE)
CLASSES = _classes(REWRITTEN)


@pytest.mark.parametrize(("name", "methods"), [
    pytest.param("Inner", {"__init__", "_with", "__reduce__"}, id="frozen dataclass"),
    pytest.param("Table", {"__init__", "_with", "__reduce__", "seen", "changed"},
                 id="frozen dataclass with methods of its own"),
    pytest.param("Own", {"__post_init__"}, id="__post_init__: left as it is"),
    pytest.param("Mutable", set(), id="not frozen: left as it is"),
])
def test_which_classes_get_the_written_out_methods(name: str, methods: set[str]) -> None:
    assert _methods(CLASSES[name]) == methods


def test_the_methods_come_before_the_class_own() -> None:
    """mypy reads what a method sets against the ``__init__`` declaring it: first."""
    body = [n.name for n in CLASSES["Table"].body if isinstance(n, ast.FunctionDef)]
    assert body[:3] == ["__init__", "_with", "__reduce__"]


def test_keeps_leaves_the_bases_and_kept_values_become_attributes() -> None:
    table = CLASSES["Table"]
    assert table.bases == []
    assert "ClassVar" not in ast.get_source_segment(REWRITTEN, table).split("def ")[0]
    assert "self._seen: tuple[str, ...] | None = None" in REWRITTEN


@pytest.mark.parametrize(("before", "after"), [
    pytest.param('object.__setattr__(self, "_seen", kept)', "self._seen = kept",
                 id="a kept value set: an assignment"),
    pytest.param("evolve_known(self, _FIELDS, changes)", "self._with(changes)",
                 id="evolve_known: the class's own copy"),
    pytest.param("from __future__ import annotations\nfrom typing import Any as " + ANY,
                 None, id="Any imported after the __future__ import"),
])
def test_calls_rewritten(before: str, after: str | None) -> None:
    if after is None:
        assert before in REWRITTEN
        return
    assert before in SAMPLE and before not in REWRITTEN and after in REWRITTEN


@pytest.mark.parametrize(("header", "expected"), [
    ("class A(Keeps):", "class A:"),
    ("class A(Keeps, Base):", "class A(Base):"),
    ("class A(Base, Keeps):", "class A(Base):"),
    ("class A(Base):", "class A(Base):"),
])
def test_keeps_taken_out_of_any_bases(header: str, expected: str) -> None:
    source = f"@dataclass(frozen=True)\n{header}\n    x: int\n"
    assert [line for line in nativize(source).split("\n") if line.startswith("class ")] \
        == [expected]


def _run(source: str) -> types.ModuleType:
    """``source`` run as a module with ``frozen`` taken off (as compiled code sees the
    class) and the source's imports of tales as they are."""
    module = types.ModuleType("sample_native")
    sys.modules[module.__name__] = module
    exec(compile(source.replace("frozen=True", "frozen=False, unsafe_hash=True"),
                 "sample_native.py", "exec"), module.__dict__)
    return module


@pytest.fixture()
def sample() -> types.ModuleType:
    yield _run(REWRITTEN)
    del sys.modules["sample_native"]


@pytest.mark.parametrize("changes", [
    {}, {"name": "b"}, {"seats": ("y", "x"), "count": 9}, {"inner": "inner"},
], ids=["no change", "one field", "two fields", "a factory's field"])
def test_with_is_dataclasses_replace(sample: types.ModuleType,
                                     changes: dict[str, object]) -> None:
    table = sample.Table("a", ("x",))
    if "inner" in changes:
        changes = {"inner": sample.Inner(5)}
    assert table._with(changes) == dataclasses.replace(table, **changes)


def test_defaults_and_factories_as_the_dataclass(sample: types.ModuleType) -> None:
    table = sample.Table("a")
    assert (table.seats, table.inner, table.count) == ((), sample.Inner(0), 3)


def test_with_carries_kept_values_and_a_pickle_leaves_them(sample: types.ModuleType) -> None:
    table = sample.Table("a", ("y", "x"))
    assert table.seen() == ("x", "y") and table._seen == ("x", "y")
    assert table._with({"count": 1})._seen is table._seen
    again = pickle.loads(pickle.dumps(table))
    assert again == table and again._seen is None


def test_an_unknown_field_is_refused(sample: types.ModuleType) -> None:
    with pytest.raises(TypeError, match=r"^Table has no field 'colour'$"):
        sample.Table("a")._with({"colour": 1})
    assert sample.Table("a").changed(count=2).count == 2


def test_stage_copies_the_package_and_rewrites_the_modules_named(tmp_path: Path) -> None:
    package = tmp_path / "tales"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "model.py").write_text(SAMPLE)
    (package / "sub" / "other.py").write_text(SAMPLE)
    staged = stage(tmp_path, ["tales/sub/model.py"])
    assert staged == ["build/native/tales/sub/model.py"]
    copy = tmp_path / "build" / "native" / "tales"
    assert (copy / "sub" / "model.py").read_text() == REWRITTEN
    assert (copy / "sub" / "other.py").read_text() == SAMPLE
    assert (package / "sub" / "model.py").read_text() == SAMPLE  # the source untouched
    made = json.loads((tmp_path / "build" / "native" / "sources.json").read_text())
    assert made == {"tales/sub/model.py": hashlib.sha256(SAMPLE.encode()).hexdigest()}
