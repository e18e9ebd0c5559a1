"""Game saves (docs/formats.md, "Game saves"): the bytes round-trip, anything that is not a
whole save of this version is refused with one :class:`SaveError` line naming where it came
from, and writing a save never leaves half a file or a temporary file behind."""

from __future__ import annotations

import os
import threading
import time
import tracemalloc
import zlib
from dataclasses import replace
from pathlib import Path
from typing import Any

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tales.engine import saves
from tales.engine.saves import (
    MAGIC,
    MAX_ARRAY,
    SavedGame,
    SaveError,
    decode,
    encode,
    read_save,
    write_save,
)
from tales.engine.state import CooldownReading, EndCheck, GameRules, Setup, TrackerReading
from tales.rules.decisions import SameOutcome
from tales.rules.schemer_movement import Approach

SOURCE = "games/slot-1.sav"
SETUP = Setup("scenarios/cellar-door.toml", ("gerki", "deirdre"))
SMALL = SavedGame(SETUP, 3, (0, 1, 0, 2))
LONG = SavedGame(Setup("scenarios/drowned-chapel.toml", ("zot", "fiona", "eve"), True,
                       "dice.toml", 1, GameRules(EndCheck.EVERY_TURN, TrackerReading.STANDEE,
                                                 CooldownReading.ONE)),
                 2**40 + 7, tuple(range(300)))
EMPTY = SavedGame(SETUP, 0, ())
#: SMALL three hundred choices on: the same game, so written over SMALL's file.
LATER = SavedGame(SETUP, 3, (0, 1, 0, 2, *range(300)))
REAL = [SMALL, LONG, EMPTY]


def packed(body: bytes) -> bytes:
    """A save file around ``body`` with the right magic and checksum."""
    return MAGIC + zlib.crc32(body).to_bytes(4, "big") + body


def payload(**changes: Any) -> dict[str, Any]:
    """The msgpack map of :data:`SMALL`, with ``changes`` (a value of ``...`` removes the
    key)."""
    data: dict[str, Any] = {"format": "tales-game", "version": 2, "setup": SETUP.to_dict(),
                            "seed": 3, "choices": [0, 1, 0, 2]}
    for key, value in changes.items():
        if value is ...:
            del data[key]
        else:
            data[key] = value
    return data


def refused(data: bytes, source: str = SOURCE) -> str:
    """The one-line message ``decode`` refuses ``data`` with."""
    with pytest.raises(SaveError) as caught:
        decode(data, source)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"{source}: ")
    return message


# --- the bytes -----------------------------------------------------------------------------


def test_the_layout_is_magic_checksum_msgpack() -> None:
    data = encode(SMALL)
    assert data[:8] == b"TALESAV1"
    body = data[12:]
    assert int.from_bytes(data[8:12], "big") == zlib.crc32(body)
    assert msgpack.unpackb(body) == {
        "format": "tales-game", "version": 2, "setup": SETUP.to_dict(), "seed": 3,
        "choices": [0, 1, 0, 2]}


names = st.text(min_size=1, max_size=30)
setups = st.builds(
    Setup,
    scenario=names,
    heroes=st.lists(names, min_size=1, max_size=4, unique=True).map(tuple),
    legend=st.booleans(),
    dice=st.none() | names,
    power_tree_steps=st.none() | st.integers(0, 10),
    rules=st.builds(GameRules, st.sampled_from(EndCheck), st.sampled_from(TrackerReading),
                    st.sampled_from(CooldownReading)),
)
games = st.builds(SavedGame, setup=setups, seed=st.integers(0, 2**64 - 1),
                  choices=st.lists(st.integers(0, 2**32 - 1), max_size=200).map(tuple))


@given(games)
def test_encode_decode_round_trip(game: SavedGame) -> None:
    assert decode(encode(game), SOURCE) == game


@pytest.mark.parametrize("game", REAL, ids=["small", "long", "no choices"])
def test_write_and_read_round_trip(tmp_path: Path, game: SavedGame) -> None:
    path = tmp_path / "slot.sav"
    write_save(path, game)
    assert read_save(path) == game
    assert path.read_bytes() == encode(game)


# --- refusing what is not a save -----------------------------------------------------------


@pytest.mark.parametrize("game", REAL, ids=["small", "long", "no choices"])
def test_every_truncation_is_refused(game: SavedGame) -> None:
    data = encode(game)
    for length in range(len(data)):
        refused(data[:length])


@pytest.mark.parametrize("game", REAL, ids=["small", "long", "no choices"])
def test_a_truncated_body_fails_the_checksum(game: SavedGame) -> None:
    data = encode(game)
    for length in range(12, len(data)):
        assert "checksum mismatch" in refused(data[:length])


def test_a_header_cut_short_is_called_truncated() -> None:
    data = encode(SMALL)
    for length in range(8, 12):
        assert refused(data[:length]) == f"{SOURCE}: truncated"


def test_a_magic_cut_short_is_not_called_newer() -> None:
    data = encode(SMALL)
    for length in range(5, 8):
        assert "newer" not in refused(data[:length])


@settings(suppress_health_check=[HealthCheck.too_slow], max_examples=200)
@given(game=st.sampled_from(REAL), bit=st.integers(0, 10**9))
def test_a_flipped_bit_in_the_body_is_refused(game: SavedGame, bit: int) -> None:
    data = bytearray(encode(game))
    bit %= (len(data) - 12) * 8
    data[12 + bit // 8] ^= 1 << (bit % 8)
    assert "checksum mismatch" in refused(bytes(data))


@given(game=st.sampled_from(REAL), bit=st.integers(0, 12 * 8 - 1))
def test_a_flipped_bit_in_the_header_is_refused(game: SavedGame, bit: int) -> None:
    data = bytearray(encode(game))
    data[bit // 8] ^= 1 << (bit % 8)
    refused(bytes(data))


def test_empty_file() -> None:
    assert refused(b"") == f"{SOURCE}: empty (not a tales game save)"


@pytest.mark.parametrize(
    "data",
    [b"NOTASAVE" + encode(SMALL)[8:], b"PK\x03\x04" + bytes(40), b'{"choices": [1, 2]}',
     b"TALEZ" + encode(SMALL)[5:]],
    ids=["other magic", "zip file", "json", "near miss"])
def test_wrong_magic(data: bytes) -> None:
    assert refused(data) == f"{SOURCE}: not a tales game save"


def test_a_newer_magic() -> None:
    data = b"TALESAV2" + encode(SMALL)[8:]
    assert refused(data) == f"{SOURCE}: a save from a newer version of tales"


def test_a_newer_format_version() -> None:
    data = packed(msgpack.packb(payload(version=3)))
    assert refused(data) == (f"{SOURCE}: format version 3 is newer than this tales reads (2)")


def test_a_version_1_save_migrates_to_version_2() -> None:
    """Saves written before Solo Mode and campaigns (version 1: no Companion, no loadout)
    still load: the migration path fills in what version 2 added."""
    old = payload(version=1)
    old["setup"] = {k: v for k, v in old["setup"].items() if k not in ("companion", "loadout")}
    loaded = decode(packed(msgpack.packb(old)), SOURCE)
    assert loaded == SMALL and loaded.setup.companion is None and loaded.setup.loadout is None


def test_the_hand_built_body_is_a_save() -> None:
    # the rows below break this body one way each; unbroken it reads back as SMALL
    assert decode(packed(msgpack.packb(payload())), SOURCE) == SMALL


MALFORMED = [
    pytest.param(payload(choices=["0", "1"]),
                 "malformed save (choices[0]: an option number", id="choices as strings"),
    pytest.param(payload(choices=[0, -1]),
                 "malformed save (choices[1]: an option number", id="negative choice"),
    pytest.param(payload(choices=[0, True]),
                 "malformed save (choices[1]:", id="a choice is a boolean"),
    pytest.param(payload(choices=[0, 1.5]),
                 "malformed save (choices[1]:", id="a choice is a float"),
    pytest.param(payload(choices={"0": 1}),
                 "malformed save (choices: a list", id="choices as a map"),
    pytest.param(payload(choices=...), "malformed save (choices: missing)", id="missing choices"),
    pytest.param(payload(setup=...), "malformed save (setup: missing)", id="missing setup"),
    pytest.param(payload(seed=...), "malformed save (seed: missing)", id="missing seed"),
    pytest.param(payload(seed="3"), "malformed save (seed: a whole number", id="seed as a string"),
    pytest.param(payload(seed=False), "malformed save (seed:", id="seed as a boolean"),
    pytest.param(payload(setup="cellar-door"),
                 "malformed save (setup: a table", id="setup as a string"),
    pytest.param(payload(setup=[1, 2]), "malformed save (setup: a table", id="setup as a list"),
    pytest.param(payload(setup={**SETUP.to_dict(), "heroes": "gerki"}),
                 "malformed save (setup.heroes:",
                 id="heroes as a string"),
    pytest.param(payload(setup={**SETUP.to_dict(), "scenario": 7}),
                 "malformed save (setup.scenario: text",
                 id="scenario as a number"),
    pytest.param(payload(setup={**SETUP.to_dict(), "power_tree_steps": "2"}),
                 "malformed save (setup.power_tree_steps:", id="steps as a string"),
    pytest.param(payload(setup={**SETUP.to_dict(), "rules": {"end_check": "bogus"}}),
                 "malformed save (setup.rules.end_check: one of", id="unknown rule value"),
    pytest.param(payload(setup={**SETUP.to_dict(), "rules": {"speed": "fast"}}),
                 "malformed save (setup.rules.speed: unknown key)", id="unknown rule flag"),
    pytest.param(payload(setup={**SETUP.to_dict(), "legend": "no"}),
                 "malformed save (setup.legend: true or false, not 'no')", id="legend text"),
    pytest.param(payload(setup={**SETUP.to_dict(), "power_tree_steps": 2**62}),
                 "malformed save (setup.power_tree_steps: 4611686018427387904 is not from 0 to "
                 "99)", id="steps huge"),
    pytest.param(payload(setup={k: v for k, v in SETUP.to_dict().items() if k != "legend"}),
                 "malformed save (setup.legend: missing)", id="legend missing"),
    pytest.param(payload(setup={**SETUP.to_dict(), "legnd": True}),
                 "malformed save (setup.legnd: unknown key)", id="legend misspelled"),
    pytest.param(payload(extra=1), "malformed save (extra: unknown key)", id="unknown key"),
    pytest.param(payload(setup={**SETUP.to_dict(), "rules": {"cool\nowns": "all"}}),
                 "malformed save (setup.rules['cool\\nowns']: unknown key)",
                 id="a key with a newline"),
    pytest.param(payload(setup={**SETUP.to_dict(), "heroes": []}),
                 "malformed save (setup.heroes: 0 names, not 1 to 8)", id="no heroes"),
    pytest.param(payload(setup={**SETUP.to_dict(), "scenario": ""}),
                 "malformed save (setup.scenario: empty)", id="scenario empty"),
    pytest.param(payload(choices=[0, 2**32]), "malformed save (choices[1]: an option number",
                 id="a choice too large"),
    pytest.param(payload(setup={**SETUP.to_dict(), "loadout": {
        "cards": {}, "items": {}, "hero_cards": None, "allowance": [1, 1, 0], "x": 1}}),
        "malformed save (setup.loadout.x: unknown key)", id="loadout unknown key"),
    pytest.param(payload(format="other-game"), "not a tales game save", id="other format"),
    pytest.param(payload(format=...), "not a tales game save", id="no format"),
    pytest.param([1, 2, 3], "not a tales game save", id="body is a list"),
    pytest.param(7, "not a tales game save", id="body is a number"),
]


@pytest.mark.parametrize(("body", "fragment"), MALFORMED)
def test_a_body_with_the_wrong_types_is_refused(body: Any, fragment: str) -> None:
    data = packed(msgpack.packb(body, use_bin_type=True))
    assert fragment in refused(data)


RAW = [
    pytest.param(b"\xdd\xff\xff\xff\xff", "exceeds max_array_len", id="array of 2**32-1"),
    pytest.param(b"\xdd" + (MAX_ARRAY - 1).to_bytes(4, "big"), "corrupt",
                 id="array of 5 million declared, none there"),
    pytest.param(b"\x81\xa7choices\xdd\xff\xff\xff\xff", "exceeds max_array_len",
                 id="choices declared 2**32-1 long"),
    pytest.param(b"\xdf\xff\xff\xff\xff", "exceeds max_map_len", id="map of 2**32-1"),
    pytest.param(b"\xdb\xff\xff\xff\xff", "corrupt", id="string of 4 GB declared"),
    pytest.param(b"\xc6\x00\x00\x00\x01x", "exceeds max_bin_len", id="bin data"),
    pytest.param(b"\xd4\x01\x00", "exceeds max_ext_len", id="ext type"),
    pytest.param(b"\x91" * 100_000, "corrupt", id="nested 100000 deep"),
    pytest.param(msgpack.packb(payload()) + b"\xc0", "corrupt", id="extra data after the map"),
    pytest.param(b"\xc1", "corrupt", id="reserved byte"),
    pytest.param(b"", "corrupt", id="empty body"),
    pytest.param(b"\x81\x01\x02", "corrupt", id="a number as a map key"),
]


@pytest.mark.parametrize(("body", "fragment"), RAW)
def test_a_hostile_body_is_refused_without_allocating(body: bytes, fragment: str) -> None:
    assert fragment in refused(packed(body))


@pytest.mark.parametrize("rules", [["end_check"], "every-turn"], ids=["list", "string"])
def test_rules_that_are_not_a_map_are_refused(rules: Any) -> None:
    data = packed(msgpack.packb(payload(setup={**SETUP.to_dict(), "rules": rules})))
    assert "malformed save" in refused(data)


def test_saves_as_earlier_versions_wrote_them_still_load() -> None:
    """A version 2 save from before the loadout, or before rule flags added since (which
    take the reading played then: approach=line-of-fire, the first reading of a flag whose
    default has changed since; the others their defaults), loads as it did."""
    old = payload()
    del old["setup"]["loadout"]
    old["setup"]["rules"] = {"end_check": "objective-phase", "tracker": "space",
                             "cooldowns": "all"}
    then = GameRules(cooldowns=CooldownReading.ALL, approach=Approach.LINE_OF_FIRE,
                     same_outcome=SameOutcome.ASK)
    assert decode(packed(msgpack.packb(old)), SOURCE) == replace(
        SMALL, setup=replace(SETUP, rules=then))
    for game in REAL:
        assert decode(encode(game), SOURCE) == game


@pytest.mark.parametrize("version", [..., "1"], ids=["missing", "string"])
def test_a_missing_version_is_not_called_newer(version: Any) -> None:
    data = packed(msgpack.packb(payload(version=version)))
    assert "newer" not in refused(data)


def test_a_negative_seed_is_refused() -> None:
    refused(packed(msgpack.packb(payload(seed=-5))))


def test_a_huge_file_is_refused_before_parsing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(saves, "MAX_BYTES", 100)
    message = refused(encode(LONG))
    assert "too large to be a save" in message


# --- reading and writing files ---------------------------------------------------------------


def test_read_save_of_a_missing_file(tmp_path: Path) -> None:
    missing = tmp_path / "none.sav"
    with pytest.raises(SaveError) as caught:
        read_save(missing)
    assert str(caught.value) == f"{missing}: no such file"


def test_read_save_of_a_folder(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="is a directory, not a file"):
        read_save(tmp_path)


def test_read_save_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "slot.sav"
    path.write_bytes(encode(SMALL)[:-3])
    with pytest.raises(SaveError) as caught:
        read_save(path)
    assert str(caught.value) == f"{path}: corrupt or truncated (checksum mismatch)"


def test_write_save_replaces_the_old_save(tmp_path: Path) -> None:
    path = tmp_path / "slot.sav"
    write_save(path, SMALL)
    write_save(path, LATER)
    assert read_save(path) == LATER
    assert os.listdir(tmp_path) == ["slot.sav"]


def test_write_save_makes_the_folder(tmp_path: Path) -> None:
    path = tmp_path / "games" / "deep" / "slot.sav"
    write_save(path, SMALL)
    assert read_save(path) == SMALL


@pytest.mark.parametrize("crash", ["fsync", "replace"])
@pytest.mark.parametrize("error", [OSError(28, "No space left on device"), KeyboardInterrupt()],
                         ids=["disk full", "interrupted"])
def test_a_crash_while_writing_keeps_the_old_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, crash: str, error: BaseException
) -> None:
    path = tmp_path / "slot.sav"
    write_save(path, SMALL)

    def fail(*args: object) -> None:
        raise error

    monkeypatch.setattr(os, crash, fail)  # the os module saves.py calls
    with pytest.raises(type(error)):
        write_save(path, LATER)
    monkeypatch.undo()
    assert read_save(path) == SMALL
    assert os.listdir(tmp_path) == ["slot.sav"]


def test_a_crash_while_writing_the_first_save_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def fail(*args: object) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError):
        write_save(tmp_path / "slot.sav", SMALL)
    assert os.listdir(tmp_path) == []


def test_a_reader_sees_the_old_save_or_the_new_one(tmp_path: Path) -> None:
    path = tmp_path / "slot.sav"
    write_save(path, SMALL)
    stop = threading.Event()
    failures: list[BaseException] = []

    def writer() -> None:
        try:
            for n in range(60):
                write_save(path, LATER if n % 2 == 0 else SMALL)
        except BaseException as bad:  # reported below
            failures.append(bad)
        finally:
            stop.set()

    thread = threading.Thread(target=writer)
    thread.start()
    reads = 0
    while not stop.is_set() or reads == 0:
        assert read_save(path) in (SMALL, LATER)
        reads += 1
    thread.join()
    assert not failures
    assert read_save(path) == SMALL
    assert os.listdir(tmp_path) == ["slot.sav"]



# --- issue 16: what msgpack may build is bounded ----------------------------------------------


def nested_empty_arrays(size: int) -> bytes:
    """A CRC-valid game save of about ``size`` bytes whose choices are arrays of arrays of
    arrays of 15 empty arrays: a byte per array, millions of them."""
    head = msgpack.packb(payload(choices=...))
    head = bytes([head[0] + 1]) + head[1:] + msgpack.packb("choices")  # one more key
    chunk = b"\x9f" + b"\x90" * 15
    count = 1 << 16  # chunks in a part: 1 MB
    part = b"\xdd" + count.to_bytes(4, "big") + chunk * count
    parts, rest = divmod(size - len(head) - 32, len(part))
    last = rest // len(chunk)
    tail = b"\xdd" + last.to_bytes(4, "big") + chunk * last
    return packed(head + b"\xdc" + (parts + 1).to_bytes(2, "big") + part * parts + tail)


@pytest.mark.parametrize("size", [2 << 20, saves.MAX_BYTES - 64], ids=["2 MB", "64 MB"])
def test_nested_empty_arrays_are_refused_in_bounded_memory_and_time(size: int) -> None:
    """Issue 16: a 64 MB CRC-valid save of nested empty arrays took 4.5 GB and 20 s to
    refuse. What msgpack builds is counted as it goes: a few MB, well under a second."""
    data = nested_empty_arrays(size)
    assert size - 100 < len(data) <= saves.MAX_BYTES
    tracemalloc.start()
    start = time.perf_counter()
    try:
        message = refused(data)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert "corrupt (more than 100000 arrays and maps)" in message
    assert peak < 32 << 20, peak
    assert time.perf_counter() - start < 10  # generous: tracing slows it
