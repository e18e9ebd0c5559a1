"""Fuzzing every save kind (issue 16, "Nothing lost, nothing crashes"; issue 44, item 1):
seeded mutants of a game save (``tales play``), a table save, a tavern save, an encounter
save and a campaign save, each either loaded (then it saves and loads back the same) or
refused in one line naming the file, with no traceback, in under 2 s and 200 MB; and the
first loaded ones of each kind resumed as the command line resumes them (``play
--resume``, ``table --resume``, ``tavern play --resume``, ``tavern encounter play
--resume``, ``campaign continue``; nothing on standard input): each replays or is refused
in one line (exit status 2), no traceback, within the same bounds.

Mutants are made two ways: on the decoded values (a value replaced by one of another type or
out of range, a key removed, renamed or added, a list grown or emptied), then packed with a
good checksum; and on the bytes of the msgpack body, re-checksummed (a checksum mismatch
alone would hide everything behind it: these are CRC-valid hostile msgpack). The sizes:
``SAVE_MUTANTS=N`` makes N of each kind and method (CI: 300, 600 a kind), ``SAVE_REPLAYS=R``
resumes the first R loaded ones of each kind (CI: 8); ``SAVE_MUTANTS_SEED`` changes the
seed. A soak: ``SAVE_MUTANTS=5000 SAVE_REPLAYS=300 python -m pytest -s -n 0
tests/test_save_fuzz.py`` (10,000 mutants a kind); ``-s`` shows each kind's figures, and
``SAVE_FIGURES=FILE`` adds them to FILE (under xdist too).
"""

from __future__ import annotations

import functools
import io
import os
import sys
import time
import tracemalloc
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import msgpack
import numpy as np
import pytest

from tales.campaign import saves as campaign_saves
from tales.cli import main
from tales.content.campaigns import load_campaign_file
from tales.engine import saves as game_saves
from tales.engine.content import find_file, load_context
from tales.engine.game import Game
from tales.engine.saves import MAGIC, SavedGame, SaveError
from tales.engine.state import GameRules, Loadout, Setup
from tales.table import saves as table_saves
from tales.table.session import TableSession
from tales.tavern.encounter import saves as encounter_saves
from tales.tavern.encounter.cards import load as load_encounter_box
from tales.tavern.encounter.simulate import SAMPLE, game
from tales.tavern.rdi import terminal as tavern
from tests.fuzzing import mutate
from tests.test_campaign_saves import PLAYING as CAMPAIGN

ROOT = Path(__file__).resolve().parents[1]
MUTANTS = int(os.environ.get("SAVE_MUTANTS", "300"))
REPLAYS = int(os.environ.get("SAVE_REPLAYS", "8"))
SEED = int(os.environ.get("SAVE_MUTANTS_SEED", "16"))
MEMORY = 200 << 20  # issue 44: under 200 MB (a good save takes well under 1 MB)
SECONDS = 2.0  # issue 44: under 2 s, refused or loaded

GAME = SavedGame(Setup("scenarios/cellar-door.toml", ("gerki", "deirdre"), False, None, 1,
                       GameRules(), None, Loadout({"gerki": ("Cheap shot",)}, {}, None)),
                 12345, tuple(n % 3 for n in range(40)))

#: values a mutant puts in place of another: wrong types, edges of ranges, near misses
ODD: list[Any] = [
    None, True, False, 0, 1, -1, 2, 3, 99, 100, 2**31, 2**32, 2**62, 2**63 - 1, 2**64 - 1,
    -(2**63), 1.5, float("nan"), float("inf"), "", "no", "yes", "true", "victory", "defeat",
    "gerki", "otto-guard", "scenarios/market-riot.toml", "../../etc/passwd", "x" * 5000,
    "\x00", "a\nb", "é", [], [[]], [None], [1, 2], ["gerki", "gerki"], {}, {"a": 1}, {"": None},
]


def packed(value: Any) -> bytes | None:
    """A save around msgpack of ``value`` with a good checksum (None if msgpack cannot
    write it)."""
    try:
        body: bytes = msgpack.packb(value, use_bin_type=True)
    except (OverflowError, TypeError, ValueError):
        return None
    return MAGIC + zlib.crc32(body).to_bytes(4, "big") + body


def mutate_bytes(body: bytes, rng: np.random.Generator) -> bytes:
    """``body`` with a few bytes changed, inserted, removed or repeated."""
    data = bytearray(body)
    for _ in range(int(rng.integers(1, 4))):
        at = int(rng.integers(len(data) + 1))
        how = int(rng.integers(4))
        if how == 0 and at < len(data):
            data[at] = int(rng.integers(256))
        elif how == 1:
            data[at:at] = bytes(rng.integers(0, 256, int(rng.integers(1, 6))).tolist())
        elif how == 2:
            del data[at:at + int(rng.integers(1, 6))]
        else:
            data[at:at] = data[at:at + int(rng.integers(1, 40))] * int(rng.integers(1, 4))
    return MAGIC + zlib.crc32(bytes(data)).to_bytes(4, "big") + bytes(data)


def mutants(good: bytes, rng: np.random.Generator) -> Iterator[bytes]:
    """:data:`MUTANTS` mutants of the values, then as many of the bytes, of ``good``."""
    payload = msgpack.unpackb(good[12:])
    made = 0
    while made < MUTANTS:
        data = packed(mutate(payload, rng, ODD))
        if data is not None:
            made += 1
            yield data
    for _ in range(MUTANTS):
        yield mutate_bytes(good[12:], rng)




def played(game_of: Callable[[], Game[Any]], steps: int, seed: int) -> tuple[int, ...]:
    """The choices of ``steps`` random legal answers (or to the end) in a new game."""
    rng = np.random.default_rng(seed)
    game = game_of()
    for _ in range(steps):
        if game.pending is None:
            break
        game.choose(int(rng.integers(len(game.pending.options))))
    return tuple(game.choices)


@functools.cache
def table_save() -> table_saves.TableSave:
    setup = Setup("scenarios/cellar-door.toml", ("gerki", "deirdre"))
    ctx = load_context(setup, table=True)
    choices = played(lambda: TableSession(ctx, 5, (), "fuzz").game, 60, 1)
    return table_saves.TableSave("0123456789abcdef", SavedGame(setup, 5, choices))


SEATING = tavern.Seating(3, 1, 7, ("karl",), bar_deck=True)


@functools.cache
def tavern_choices() -> list[int]:
    return list(played(lambda: Game(tavern.start(SEATING)), 80, 2))


@functools.cache
def encounter_save() -> encounter_saves.Saved:
    table = encounter_saves.Table(3, 1, 9, veterans=(2,))
    start = game(load_encounter_box(SAMPLE), 3, None, ["seat 2"]).start
    return encounter_saves.Saved(table, played(lambda: Game(start), 80, 3))


@dataclass(frozen=True)
class Kind:
    """A kind of save: a good one, where it is put, how it is read and written back, and
    the command that resumes it ({} its file, {dir} its folder)."""

    good: Callable[[], bytes]
    file: str
    read: Callable[[Path], Any]
    again: Callable[[Any], bytes]
    resume: tuple[str, ...]


KINDS = {
    "game": Kind(lambda: game_saves.encode(GAME), "g.sav", game_saves.read_save,
                 game_saves.encode, ("play", "--resume", "{}")),
    "table": Kind(lambda: table_saves.encode(table_save()), "t.table",
                  table_saves.read_table_save, table_saves.encode,
                  ("table", "--resume", "{}")),
    "tavern": Kind(lambda: tavern.save_bytes(SEATING, tavern_choices()), "t.tales",
                   tavern.read_game, lambda read: tavern.save_bytes(*read),
                   ("tavern", "play", "--resume", "{}")),
    "encounter": Kind(lambda: encounter_saves.encode(encounter_save()), "e.sav",
                      encounter_saves.read, encounter_saves.encode,
                      ("tavern", "encounter", "play", "--resume", "{}")),
    "campaign": Kind(lambda: campaign_saves.encode(CAMPAIGN), "saves/trip.tales",
                     lambda path: campaign_saves.load("trip", path.parent),
                     campaign_saves.encode,
                     ("campaign", "continue", "trip", "--saves", "{dir}")),
}


def watched(run: Callable[[], Any]) -> tuple[Any, float, int, BaseException | None]:
    """``run()``'s result (or what it raised), its time (unwatched) and peak memory
    (watched by tracemalloc, a second run), for a run that leaves nothing behind."""
    start = time.perf_counter()
    try:
        result: Any = run()
        raised: BaseException | None = None
    except Exception as error:
        result, raised = None, error
    spent = time.perf_counter() - start
    tracemalloc.start()
    try:
        run()
    except Exception:
        pass
    finally:
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    return result, spent, peak, raised


@dataclass
class Figures:
    """What a kind's fuzzing found: the soak's report."""

    mutants: int = 0
    loaded: int = 0
    refused: int = 0
    replayed: int = 0
    tracebacks: int = 0
    slow: int = 0
    large: int = 0
    slowest: float = 0.0
    largest: int = 0

    def took(self, spent: float, peak: int, limit: float) -> None:
        self.slowest, self.largest = max(self.slowest, spent), max(self.largest, peak)
        self.slow += spent >= limit
        self.large += peak >= MEMORY

    def line(self, kind: str) -> str:
        return (f"{kind}: {self.mutants} mutants, {self.loaded} loaded, {self.refused} "
                f"refused, {self.replayed} resumed; {self.tracebacks} tracebacks, "
                f"{self.slow} over {SECONDS:g} s, {self.large} over {MEMORY >> 20} MB "
                f"(slowest {self.slowest:.2f} s, largest {self.largest / 2**20:.1f} MB)")


@pytest.fixture(autouse=True)
def at_the_checkout(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.chdir(ROOT)
    # one read of the sample campaign file for all the mutants (it takes a few ms)
    cached = functools.lru_cache(maxsize=8)(
        lambda name: load_campaign_file(find_file(name, "scenarios")))
    monkeypatch.setattr(campaign_saves, "campaign_file", lambda c: cached(c.campaign_file))
    yield


@pytest.mark.parametrize("kind", list(KINDS))
def test_save_mutants_load_or_are_refused_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        kind: str) -> None:
    """Every mutant of every kind: loaded or refused in one line, in bounds; the first
    loaded ones resumed by the command line: played (until the input ends) or one line."""
    spec = KINDS[kind]
    rng = np.random.default_rng([SEED, len(kind)])
    path = tmp_path / spec.file
    path.parent.mkdir(parents=True, exist_ok=True)
    figures, problems = Figures(), []
    for data in mutants(spec.good(), rng):
        figures.mutants += 1
        path.write_bytes(data)
        loaded, spent, peak, raised = watched(lambda: spec.read(path))
        figures.took(spent, peak, SECONDS)
        if spent >= SECONDS or peak >= MEMORY:
            problems.append(f"{spent:.1f} s, {peak >> 20} MB to read {data!r:.300}")
        if isinstance(raised, SaveError):
            figures.refused += 1
            message = str(raised)
            if "\n" in message or not message.startswith(f"{path}: "):
                problems.append(f"not one line naming the file: {message!r}")
            continue
        if raised is not None:
            figures.tracebacks += 1
            problems.append(f"{type(raised).__name__}: {raised} reading {data!r:.300}")
            continue
        figures.loaded += 1
        if spec.read(_written(path, spec.again(loaded))) != loaded:
            problems.append(f"does not save and load back the same: {data!r:.300}")
        if figures.replayed < REPLAYS:
            figures.replayed += 1
            path.write_bytes(data)
            problems += resumed(spec, path, data, figures, capsys, monkeypatch)
    print(figures.line(kind))
    report = os.environ.get("SAVE_FIGURES")  # a soak under xdist, whose -s shows nothing
    if report:
        with open(report, "a", encoding="utf-8") as out:
            out.write(figures.line(kind) + "\n")
    assert not problems, f"{len(problems)} problems; the first: {problems[:3]}"
    assert figures.loaded and figures.refused  # the mutants reach both outcomes


def _written(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def resumed(spec: Kind, path: Path, data: bytes, figures: Figures,
            capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Resume the save in ``path`` by its command (twice: timed, then watched), with
    nothing on standard input; what went wrong."""
    argv = [a.replace("{}", str(path)).replace("{dir}", str(path.parent))
            for a in spec.resume]

    def run() -> int:
        path.write_bytes(data)  # as it was: a resumed game saves when the input ends
        capsys.readouterr()  # what the run before said
        monkeypatch.setattr(sys, "stdin", io.StringIO(""))
        return main(argv)
    status, spent, peak, raised = watched(run)
    err = capsys.readouterr().err
    figures.took(spent, peak, SECONDS)
    problems = []
    if raised is not None:
        figures.tracebacks += 1
        problems.append(f"{type(raised).__name__}: {raised} resuming {data!r:.300}")
    elif status not in (0, 2) or (status == 2 and err.count("\n") != 1):
        problems.append(f"exit status {status}, {err!r:.300} resuming {data!r:.300}")
    if spent >= SECONDS or peak >= MEMORY:
        problems.append(f"{spent:.1f} s, {peak >> 20} MB to resume {data!r:.300}")
    return problems


def test_the_good_saves_resume(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                               monkeypatch: pytest.MonkeyPatch) -> None:
    """The saves the mutants are made from resume (so a refusal above is the mutant's)."""
    for kind, spec in KINDS.items():
        path = tmp_path / kind / spec.file
        path.parent.mkdir(parents=True)
        problems = resumed(spec, path, spec.good(), Figures(), capsys, monkeypatch)
        assert not problems, (kind, problems)


@pytest.mark.parametrize(("field", "value"), [("dice", "a\nb"), ("scenario", "x" * 300)],
                         ids=["dice a newline", "scenario name too long"])
def test_a_resumed_save_naming_files_that_are_not_there_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], field: str, value: Any
) -> None:
    """What the replaying fuzzer found: a file name with a newline made a two-line message,
    a name too long for the system an OSError."""
    save = tmp_path / "odd.sav"
    save.write_bytes(game_saves.encode(SavedGame(
        replace(GAME.setup, **{field: value}), 1, ())))
    status = main(["play", "--resume", str(save)])
    _, err = capsys.readouterr()
    assert status == 2 and err.count("\n") == 1 and "Traceback" not in err, err
