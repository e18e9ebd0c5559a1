"""The opt-in compiled build (setup.py, tools/build_backend.py, tales/compiled.py): what it
compiles, what it needs, and the guard against a compiled module older than its source.
`.ci/run` also builds it where there is a C compiler and runs the tavern games' tests on it
(with TALES_COMPILE=1 set, which the first test checks)."""

from __future__ import annotations

import ast
import hashlib
import json
import os
import pickle
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

import tales.compiled
from tales.compiled import check_fresh, compiled, compiled_files
from tales.errors import TalesError
from tools import build_backend
from tools.native import nativize

ROOT = Path(__file__).resolve().parent.parent
SUFFIX = EXTENSION_SUFFIXES[0]


def _listed() -> list[str]:
    """setup.py's COMPILED, read without running it."""
    tree = ast.parse((ROOT / "setup.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "COMPILED":
            return [ast.literal_eval(item) for item in node.value.elts]  # type: ignore[attr-defined]
    raise AssertionError("setup.py lists no COMPILED modules")


def test_the_modules_compiled_are_these_or_none() -> None:
    """Exactly setup.py's modules are compiled when the tests run on the compiled build
    (TALES_COMPILE=1), none otherwise: a compiled run cannot silently test plain Python."""
    names = sorted(path[:-3].replace("/", ".") for path in _listed())
    assert compiled() == (names if os.environ.get("TALES_COMPILE") == "1" else [])


def test_each_module_listed_is_a_tavern_module_whose_keeping_classes_are_rewritten() -> None:
    """A compiled module's classes have no ``__dict__``: a class that keeps what it works out
    beside its fields (:class:`tales.evolve.Keeps`) must be one the build rewrites to declare
    them (tools/native.py: a frozen dataclass)."""
    for path in _listed():
        source = ROOT / path
        assert source.is_file() and path.startswith("tales/tavern/"), path
        text = source.read_text()
        rewritten = {n.name: n for n in ast.parse(nativize(text)).body
                     if isinstance(n, ast.ClassDef)}
        for node in ast.parse(text).body:
            if isinstance(node, ast.ClassDef) \
                    and "Keeps" in [getattr(base, "id", "") for base in node.bases]:
                methods = {n.name for n in rewritten[node.name].body
                           if isinstance(n, ast.FunctionDef)}
                assert "_with" in methods, f"{path}: {node.name}"


@pytest.mark.skipif(os.environ.get("TALES_COMPILE") != "1",
                    reason="the compiled build's classes (.ci/run builds it)")
def test_the_compiled_model_classes_are_native_and_copy_themselves() -> None:
    """Compiled, a model class keeps its fields in neither a ``__dict__`` nor slots, evolve
    copies it by its own ``_with`` (what it keeps goes along), and a pickle (a worker's
    table) makes it again without what it keeps."""
    from tales.evolve import evolve
    from tales.tavern.encounter.model import Adventurer, Caverns
    from tales.tavern.rdi.model import Player, Tavern

    player = Player("ann", "Fiona", 10)
    tavern = Tavern(players=(player, Player("bob", "Zot", 10)), drink_deck=())
    for value in (player, tavern, Caverns(players=(Adventurer("ann"),), deck=())):
        assert not hasattr(value, "__dict__") and "_with" in vars(type(value))
    seating = tavern.seating()
    changed = evolve(tavern, inn=5)
    assert (changed.inn, changed.players, changed.seating()) == (5, tavern.players, seating)
    again = pickle.loads(pickle.dumps(tavern))
    assert again == tavern and again.seating() is not seating
    with pytest.raises(TypeError, match="has no field 'colour'"):
        evolve(player, colour=1)


def _module(folder: Path, name: str, compiled_after: bool) -> Path:
    """A source ``name``.py in ``folder`` and a compiled file of it, made after or before."""
    source, built = folder / f"{name}.py", folder / f"{name}{SUFFIX}"
    source.write_text("")
    built.write_bytes(b"")
    older, newer = (source, built) if compiled_after else (built, source)
    os.utime(older, (1_000_000, 1_000_000))
    os.utime(newer, (2_000_000, 2_000_000))
    return source


def test_a_module_changed_after_it_was_compiled_stops_the_command(tmp_path: Path) -> None:
    _module(tmp_path, "fresh", compiled_after=True)
    check_fresh(tmp_path)  # compiled after its last change: nothing to say
    stale = _module(tmp_path, "rules", compiled_after=False)
    with pytest.raises(TalesError, match=f"^{stale}: changed after it was compiled"):
        check_fresh(tmp_path)


@pytest.mark.parametrize("compiled_after, made_from, stale", [
    pytest.param(False, None, True, id="source newer, no record: taken as edited"),
    pytest.param(False, "print(1)\n", False, id="source newer but put back as it was built"),
    pytest.param(True, "print(0)\n", True, id="edited while it was being compiled"),
    pytest.param(True, "print(1)\n", False, id="built from this very source"),
    pytest.param(False, "corrupt", True, id="an unreadable record: source newer, edited"),
])
def test_what_a_module_was_compiled_from_decides(tmp_path: Path, compiled_after: bool,
                                                 made_from: str | None, stale: bool) -> None:
    """The build's record of each source's text (tales.compiled.MADE_FROM) is what
    counts; the files' times only without it."""
    (tmp_path / "pyproject.toml").write_text("")
    folder = tmp_path / "tales"
    folder.mkdir()
    source = _module(folder, "rules", compiled_after)
    source.write_text("print(1)\n")
    os.utime(source, (1_000_000 if compiled_after else 3_000_000,) * 2)
    record = tmp_path / tales.compiled.MADE_FROM
    record.parent.mkdir(parents=True)
    if made_from == "corrupt":
        record.write_text("{not json")
    elif made_from is not None:
        digest = hashlib.sha256(made_from.encode()).hexdigest()
        record.write_text(json.dumps({"tales/rules.py": digest}))
    if stale:
        with pytest.raises(TalesError, match="changed after it was compiled"):
            check_fresh(folder, tmp_path)
    else:
        check_fresh(folder, tmp_path)


def test_an_installed_package_is_not_checked(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Outside a checkout (no pyproject.toml above the package) nobody edits the sources,
    and the files' times are the install's."""
    _module(tmp_path, "rules", compiled_after=False)
    monkeypatch.setattr(tales.compiled, "PACKAGE", tmp_path / "site-packages" / "tales")
    check_fresh(tmp_path)


def test_compiled_files_are_those_beside_their_sources(tmp_path: Path) -> None:
    (tmp_path / "rdi").mkdir()
    kept = _module(tmp_path / "rdi", "rules", compiled_after=True)
    (tmp_path / f"orphan{SUFFIX}").write_bytes(b"")  # no source beside it: not ours
    assert compiled_files(tmp_path) == [kept.with_name(f"rules{SUFFIX}")]


def test_a_plain_editable_install_takes_the_compiled_modules_out(tmp_path: Path) -> None:
    (tmp_path / "tales").mkdir()
    _module(tmp_path / "tales", "rules", compiled_after=True)
    shared = tmp_path / f"abc123__mypyc{SUFFIX}"
    shared.write_bytes(b"")
    taken = build_backend.take_out_compiled(tmp_path)
    assert taken == [tmp_path / "tales" / f"rules{SUFFIX}", shared]
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["rules.py", "tales"]


class _Setuptools:
    """setuptools' backend as the wrapper sees it (the real one runs setup.py)."""

    @staticmethod
    def get_requires_for_build_wheel(config_settings: object = None) -> list[str]:
        return ["plain"]

    get_requires_for_build_editable = get_requires_for_build_wheel


@pytest.mark.parametrize("setting, needs", [
    ("1", build_backend.COMPILING),  # mypy (with mypyc) and numpy's types, nothing to ask
    ("0", ["plain"]),  # setuptools' own answer
    (None, ["plain"]),
])
def test_the_compiled_build_asks_for_mypy(setting: str | None, needs: list[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    if setting is None:
        monkeypatch.delenv("TALES_COMPILE", raising=False)
    else:
        monkeypatch.setenv("TALES_COMPILE", setting)
    monkeypatch.setattr(build_backend, "build_meta", _Setuptools)
    assert build_backend.get_requires_for_build_wheel() == needs
    assert build_backend.get_requires_for_build_editable() == needs
