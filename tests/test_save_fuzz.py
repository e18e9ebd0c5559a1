"""Fuzzing both save kinds (issue 16, "Nothing lost, nothing crashes"): thousands of seeded
mutants of a game save and of a campaign save, each either loaded (and then it saves and
loads back the same, and the commands that show it work) or refused in one line naming the
file, with no traceback, in bounded memory and time.

Mutants are made two ways: on the decoded values (a value replaced by one of another type or
out of range, a key removed, renamed or added, a list grown or emptied), then packed with a
good checksum; and on the bytes of the msgpack body, re-checksummed (a checksum mismatch alone
would hide everything behind it). ``SAVE_MUTANTS=N`` makes N of each kind and method (default
1000: 2,000 of each kind, a few seconds); ``SAVE_MUTANTS_SEED`` changes the seed, for a longer
soak.
"""

from __future__ import annotations

import functools
import os
import time
import tracemalloc
import zlib
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import msgpack
import numpy as np
import pytest

from tales.campaign import saves as campaign_saves
from tales.campaign.saves import describe, encode, load, path_for
from tales.cli import main
from tales.content.campaigns import load_campaign_file
from tales.engine import saves as game_saves
from tales.engine.content import find_file, load_context
from tales.engine.game import Game
from tales.engine.rounds import play_scenario
from tales.engine.saves import MAGIC, SavedGame, SaveError
from tales.engine.state import GameRules, Loadout, Setup
from tales.errors import TalesError
from tests.fuzzing import mutate
from tests.test_campaign_saves import PLAYING as CAMPAIGN

ROOT = Path(__file__).resolve().parents[1]
MUTANTS = int(os.environ.get("SAVE_MUTANTS", "1000"))
SEED = int(os.environ.get("SAVE_MUTANTS_SEED", "16"))
MEMORY = 128 << 20  # generous: a good save takes well under 1 MB
SECONDS = 5.0  # per load, generous

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


def bounded(load_one: Callable[[], Any]) -> Any:
    """``load_one()`` with its peak memory and time checked."""
    tracemalloc.start()
    start = time.perf_counter()
    try:
        return load_one()
    finally:
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        spent = time.perf_counter() - start
        assert peak < MEMORY, f"{peak} bytes"
        assert spent < SECONDS, f"{spent:.1f} s"


def one_line(error: SaveError, source: str) -> None:
    message = str(error)
    assert "\n" not in message and "Traceback" not in message, message
    assert message.startswith(f"{source}: "), message


@pytest.fixture(autouse=True)
def at_the_checkout(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.chdir(ROOT)
    # one read of the sample campaign file for all the mutants (it takes a few ms)
    cached = functools.lru_cache(maxsize=8)(
        lambda name: load_campaign_file(find_file(name, "scenarios")))
    monkeypatch.setattr(campaign_saves, "campaign_file", lambda c: cached(c.campaign_file))
    yield


def test_game_save_mutants_load_or_are_refused_in_one_line() -> None:
    rng = np.random.default_rng(SEED)
    source = "fuzz/game.sav"
    loaded = refused = 0
    for data in mutants(game_saves.encode(GAME), rng):
        try:
            game = bounded(lambda data=data: game_saves.decode(data, source))
        except SaveError as error:
            one_line(error, source)
            refused += 1
            continue
        except Exception as error:  # a crash: report the mutant that made it
            raise AssertionError(f"{type(error).__name__}: {error} on {data!r}") from None
        loaded += 1
        assert game_saves.decode(game_saves.encode(game), source) == game, data
        if loaded <= 40:  # a few replayed (each reads its content): played or one line
            replays(game, data)
    assert loaded and refused  # the mutants reach both outcomes


def replays(game: SavedGame, data: bytes) -> None:
    """The game a loaded save holds replays, or is refused in one line."""
    try:
        ctx = load_context(game.setup)
        Game(lambda: play_scenario(ctx), choices=game.choices)
    except TalesError as error:
        assert "\n" not in str(error), (str(error), data)
    except Exception as error:
        raise AssertionError(f"{type(error).__name__}: {error} on {data!r}") from None


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


def test_campaign_save_mutants_load_or_are_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rng = np.random.default_rng(SEED + 1)
    main_file = path_for("trip", tmp_path)
    tmp_path.mkdir(exist_ok=True)
    loaded = refused = 0
    shown = 0
    for data in mutants(encode(CAMPAIGN), rng):
        main_file.write_bytes(data)
        try:
            campaign = bounded(lambda: load("trip", tmp_path))
        except SaveError as error:
            one_line(error, str(main_file))
            refused += 1
            continue
        except Exception as error:
            raise AssertionError(f"{type(error).__name__}: {error} on {data!r}") from None
        loaded += 1
        assert campaign.name == "trip"
        assert campaign_saves.decode(encode(campaign), "again") == campaign, data
        describe(campaign)
        if shown < 20:  # what a loaded campaign shows (a few: each reads its content)
            shown += 1
            status = main(["campaign", "show", "trip", "--saves", str(tmp_path)])
            _, err = capsys.readouterr()
            assert status in (0, 2) and "Traceback" not in err, (data, err)
            assert status == 0 or err.count("\n") == 1, err
    assert loaded and refused
