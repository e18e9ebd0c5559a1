"""Campaign saves (docs/formats.md, "Campaign saves"): the bytes round-trip, the last three
good saves are kept as backups, anything that is not a good campaign save is refused with one
:class:`SaveError` line naming the file (and the good backups), a good save is never replaced
by a bad one, and a process killed while saving leaves a campaign that loads."""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import threading
import time
import zlib
from dataclasses import replace
from pathlib import Path
from typing import Any

import msgpack
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tales.campaign import saves
from tales.campaign.play import continue_campaign
from tales.campaign.progress import Campaign, ScenarioResult
from tales.campaign.saves import (
    backup_path,
    backups,
    decode,
    describe,
    encode,
    list_names,
    load,
    path_for,
    save,
)
from tales.engine import saves as game_saves
from tales.engine.saves import MAGIC, SavedGame, SaveError
from tales.engine.state import (
    CooldownReading,
    EndCheck,
    GameRules,
    Loadout,
    Setup,
    TrackerReading,
)
from tales.rules.decisions import SameOutcome
from tales.rules.schemer_movement import Approach

ROOT = Path(__file__).resolve().parents[1]
SOURCE = "saves/trip.tales"
SETUP = Setup("scenarios/cellar-door.toml", ("gerki",), power_tree_steps=1,
              companion="otto-guard",
              loadout=Loadout({"gerki": ("Cheap shot",)}, {"gerki": ()}, 2, (2, 1, 0)))
PLAIN = Campaign("trip", "scenarios/sample-campaign.toml", ("gerki", "deirdre"))
#: the sample campaign's scenario 2 as the campaign plays it: Legend, one step fewer
PLAYED = Setup("scenarios/drowned-chapel.toml", ("gerki",), True, power_tree_steps=0,
               companion="otto-guard",
               loadout=Loadout({"gerki": ("Cheap shot",)}, {"gerki": ()}, 2, (2, 1, 0)))
PLAYING = Campaign(
    "trip", "scenarios/sample-campaign.toml", ("gerki",), "otto-guard", True, -1, 2**63 + 5,
    1, 1, ("Caltrops", "Sanctuary"), (),
    (ScenarioResult(1, "The cellar door (sample)", "victory", "Open the old door", 3, 1),
     ScenarioResult(2, "The drowned chapel (sample)", "defeat", "time ran out", 6, 1)),
    ("Gerki owes Otto a drink",),
    SavedGame(PLAYED, 2**64 - 1, (0, 1, 2, 0, 5, 3)))


@pytest.fixture(autouse=True)
def at_the_checkout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def packed(body: bytes) -> bytes:
    """A save file around ``body`` with the right magic and checksum."""
    return MAGIC + zlib.crc32(body).to_bytes(4, "big") + body


def refused(data: bytes, source: str = SOURCE) -> str:
    """The one-line message ``decode`` refuses ``data`` with."""
    with pytest.raises(SaveError) as caught:
        decode(data, source)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"{source}: ")
    return message


def with_choices(campaign: Campaign, count: int) -> Campaign:
    """``campaign`` (with a game) after ``count`` choices."""
    assert campaign.game is not None
    return replace(campaign, game=replace(campaign.game, choices=tuple(
        n % 4 for n in range(count))))


# --- round trip ------------------------------------------------------------------------------

text = st.text(max_size=12)
word = st.text(min_size=1, max_size=12)
names = st.lists(word, max_size=4, unique=True).map(tuple)
heroes = st.lists(word, min_size=1, max_size=4, unique=True).map(tuple)
signed = st.integers(-99, 99)
unsigned = st.integers(0, 2**64 - 1)
small = st.integers(0, 10_000)
rules = st.builds(GameRules, st.sampled_from(EndCheck), st.sampled_from(TrackerReading),
                  st.sampled_from(CooldownReading))
tables = st.dictionaries(word, names, max_size=3)
loadouts = st.builds(Loadout, tables, tables, st.none() | st.integers(0, 10),
                     st.tuples(*[st.integers(0, 5)] * 3))
setups = st.builds(Setup, word, heroes, st.booleans(), st.none() | word,
                   st.none() | st.integers(0, 99), rules, st.none() | word,
                   st.none() | loadouts)
games = st.builds(SavedGame, setups, unsigned, st.lists(st.integers(0, 2**32 - 1),
                                                        max_size=40).map(tuple))
results = st.builds(ScenarioResult, small, text, st.sampled_from(["victory", "defeat"]),
                    text, small, st.integers(1, 10_000))
campaigns = st.builds(
    Campaign, st.from_regex(r"[A-Za-z0-9][A-Za-z0-9_-]{0,20}", fullmatch=True), word, heroes,
    st.none() | word, st.booleans(), signed, unsigned, small, small, names, names,
    st.lists(results, max_size=4).map(tuple), st.lists(text, max_size=3).map(tuple),
    st.none() | games)


@settings(max_examples=300, deadline=None)
@given(campaigns)
def test_a_campaign_round_trips(campaign: Campaign) -> None:
    data = encode(campaign)
    again = decode(data, SOURCE)
    assert again == campaign
    assert encode(again) == data


@pytest.mark.parametrize("campaign", [PLAIN, PLAYING], ids=["new", "mid-scenario"])
def test_a_campaign_round_trips_through_a_file(tmp_path: Path, campaign: Campaign) -> None:
    path = save(campaign, tmp_path)
    assert path == tmp_path / "trip.tales"
    assert load("trip", tmp_path) == campaign
    assert list_names(tmp_path) == ["trip"]


def test_the_layout_is_the_game_save_container() -> None:
    data = encode(PLAYING)
    assert data[:8] == b"TALESAV1"
    body = data[12:]
    assert int.from_bytes(data[8:12], "big") == zlib.crc32(body)
    payload = msgpack.unpackb(body)
    assert (payload["format"], payload["version"]) == ("tales-campaign", 1)
    assert payload["campaign"]["game"]["choices"] == [0, 1, 2, 0, 5, 3]
    assert payload["campaign"]["results"][1]["result"] == "defeat"


def test_numpy_integers_are_saved_as_plain_ints() -> None:
    game = SavedGame(SETUP, np.uint64(2**64 - 2),  # type: ignore[arg-type]
                     (np.int64(1), np.uint8(2), np.int32(0)))  # type: ignore[arg-type]
    campaign = replace(PLAYING, seed=np.uint64(9), attempt=np.int64(3),  # type: ignore[arg-type]
                       steps_change=np.int16(-2), legend=np.bool_(True),  # type: ignore[arg-type]
                       results=(ScenarioResult(1, "t", "victory", "r",
                                               np.int64(4), np.int8(1)),),  # type: ignore[arg-type]
                       game=game)
    data = encode(campaign)
    stored = msgpack.unpackb(data[12:])["campaign"]
    assert stored["game"]["choices"] == [1, 2, 0]
    assert all(type(c) is int for c in stored["game"]["choices"])
    assert type(stored["game"]["seed"]) is int and stored["game"]["seed"] == 2**64 - 2
    assert [type(stored[k]) for k in ("seed", "attempt", "steps_change")] == [int] * 3
    assert stored["legend"] is True
    again = decode(data, SOURCE)
    assert again == campaign
    assert again.game is not None
    assert all(type(c) is int for c in again.game.choices)
    assert type(again.seed) is int


# --- backups ---------------------------------------------------------------------------------


def versions(count: int) -> list[Campaign]:
    return [with_choices(PLAYING, n) for n in range(count)]


def on_disk(folder: Path) -> dict[str, Campaign]:
    """Each file of the campaign ``trip`` in ``folder``, read."""
    main = path_for("trip", folder)
    found = {p.name: decode(p.read_bytes(), str(p))
             for p in [main, *(backup_path(main, n) for n in range(1, 6))] if p.exists()}
    assert set(os.listdir(folder)) == set(found)  # no temporary files left
    return found


def test_each_save_keeps_the_previous_ones_as_backups(tmp_path: Path) -> None:
    first, second, third, fourth, fifth = versions(5)
    save(first, tmp_path)
    assert on_disk(tmp_path) == {"trip.tales": first}
    save(second, tmp_path)
    assert on_disk(tmp_path) == {"trip.tales": second, "trip.tales.1": first}
    save(third, tmp_path)
    save(fourth, tmp_path)
    assert on_disk(tmp_path) == {"trip.tales": fourth, "trip.tales.1": third,
                                 "trip.tales.2": second, "trip.tales.3": first}
    save(fifth, tmp_path)  # at most three: the oldest goes
    assert on_disk(tmp_path) == {"trip.tales": fifth, "trip.tales.1": fourth,
                                 "trip.tales.2": third, "trip.tales.3": second}


def test_saving_the_same_campaign_again_does_not_rotate(tmp_path: Path) -> None:
    first, second = versions(2)
    save(first, tmp_path)
    save(second, tmp_path)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    save(second, tmp_path)
    save(second, tmp_path)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_a_corrupt_main_file_is_never_rotated_into_the_backups(tmp_path: Path) -> None:
    first, second, third = versions(3)
    save(first, tmp_path)
    save(second, tmp_path)
    main = path_for("trip", tmp_path)
    main.write_bytes(main.read_bytes()[:-3])  # truncated
    save(third, tmp_path)
    assert on_disk(tmp_path) == {"trip.tales": third, "trip.tales.1": first}
    main.write_bytes(b"")  # and an empty one
    save(second, tmp_path)
    assert on_disk(tmp_path) == {"trip.tales": second, "trip.tales.1": first}


def test_a_corrupt_main_file_names_the_good_backups(tmp_path: Path) -> None:
    for campaign in versions(4):
        save(campaign, tmp_path)
    main = path_for("trip", tmp_path)
    main.write_bytes(main.read_bytes()[:40])
    broken = backup_path(main, 2)
    broken.write_bytes(broken.read_bytes().replace(b"trip", b"TRIP"))
    with pytest.raises(SaveError) as caught:
        load("trip", tmp_path)
    message = str(caught.value)
    assert message == (
        f"{main}: corrupt or truncated (checksum mismatch); good backups: "
        "1 (scenario 2, 2 choices into it), 3 (scenario 2, 0 choices into it) "
        "(continue with --backup N)")
    assert [(b.number, b.campaign is not None) for b in backups(main)] == [
        (1, True), (2, False), (3, True)]
    assert "checksum mismatch" in backups(main)[1].problem


def test_a_corrupt_main_file_without_backups_says_so(tmp_path: Path) -> None:
    main = path_for("trip", tmp_path)
    main.parent.mkdir(exist_ok=True)
    main.write_bytes(b"TALESAV1 but not much else")
    with pytest.raises(SaveError) as caught:
        load("trip", tmp_path)
    assert str(caught.value) == f"{main}: corrupt or truncated (checksum mismatch); no good backup"


def test_a_missing_main_file_with_backups_is_refused_naming_them(tmp_path: Path) -> None:
    first, second = versions(2)
    save(first, tmp_path)
    save(second, tmp_path)
    path_for("trip", tmp_path).unlink()
    with pytest.raises(SaveError) as caught:
        load("trip", tmp_path)
    message = str(caught.value)
    assert "\n" not in message
    assert "no such file" in message and "good backups: 1 (scenario 2, 0 choices" in message


def test_load_reads_a_backup(tmp_path: Path) -> None:
    first, second, third = versions(3)
    for campaign in (first, second, third):
        save(campaign, tmp_path)
    assert load("trip", tmp_path, backup=1) == second
    assert load("trip", tmp_path, backup=2) == first
    with pytest.raises(SaveError) as caught:
        load("trip", tmp_path, backup=3)
    assert str(caught.value) == (f"{backup_path(path_for('trip', tmp_path), 3)}: no such file")


def test_continuing_from_a_backup_rewrites_the_main_file(tmp_path: Path) -> None:
    first, second = versions(2)
    save(first, tmp_path)
    save(second, tmp_path)
    main = path_for("trip", tmp_path)
    main.write_bytes(b"\x00" * 100)
    out: list[str] = []
    assert continue_campaign("trip", tmp_path, bot="greedy", backup=1, scenarios=0,
                             write=out.append) == first
    assert out == []
    assert load("trip", tmp_path) == first
    assert on_disk(tmp_path) == {"trip.tales": first, "trip.tales.1": first}


def test_describe_and_list_names(tmp_path: Path) -> None:
    assert list_names(tmp_path / "none") == []
    assert describe(PLAIN) == "scenario 1"
    assert describe(PLAYING) == "scenario 2, 6 choices into it"
    save(PLAIN, tmp_path)
    save(replace(PLAIN, name="b-2"), tmp_path)
    save(replace(PLAIN, notes=("x",)), tmp_path)  # a backup is not a campaign
    (tmp_path / "notes.txt").write_text("")
    assert list_names(tmp_path) == ["b-2", "trip"]
    with pytest.raises(SaveError) as caught:
        load("nobody", tmp_path)
    assert str(caught.value) == f"no campaign 'nobody' in {tmp_path} (campaigns: b-2, trip)"


# --- corrupt files ---------------------------------------------------------------------------

GOOD = encode(PLAYING)


def test_every_truncation_is_refused() -> None:
    for size in range(len(GOOD)):
        refused(GOOD[:size])


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_every_bit_flip_is_refused(data: st.DataObject) -> None:
    flipped = bytearray(GOOD)
    flips = data.draw(st.sets(st.integers(0, len(GOOD) * 8 - 1), min_size=1, max_size=3))
    for bit in flips:
        flipped[bit // 8] ^= 1 << (bit % 8)
    refused(bytes(flipped))


def other_kind() -> bytes:
    return game_saves.encode(SavedGame(SETUP, 1, (0, 1)))


def payload(**changes: Any) -> dict[str, Any]:
    """The msgpack map of :data:`PLAYING` with ``changes`` to its campaign (``...``
    removes a key)."""
    campaign = PLAYING.to_dict()
    for key, value in changes.items():
        if value is ...:
            del campaign[key]
        else:
            campaign[key] = value
    return {"format": "tales-campaign", "version": 1, "campaign": campaign}


def body(value: Any) -> bytes:
    return packed(msgpack.packb(value))


HEAD = b"\x83" + msgpack.packb({"format": "tales-campaign", "version": 1})[1:] + msgpack.packb(
    "campaign")


@pytest.mark.parametrize(("data", "message"), [
    (b"", "empty (not a tales campaign save)"),
    (b"TALES", "truncated"),
    (b"XALESAV1" + GOOD[8:], "not a tales campaign save"),
    (b'name = "trip"\n', "not a tales campaign save"),
    (b"PK\x03\x04" + bytes(40), "not a tales campaign save"),
    (other_kind(), "not a tales campaign save"),
    (b"TALESAV2" + GOOD[8:], "a save from a newer version of tales"),
    (game_saves.pack("tales-campaign", 2, {"campaign": PLAYING.to_dict()}),
     "format version 2 is newer than this tales reads (1)"),
    (game_saves.pack("tales-campaign", 0, {"campaign": PLAYING.to_dict()}),
     "malformed save (format version 0)"),
    (body({"format": "tales-campaign", "campaign": {}}), "malformed save (format version None)"),
    (body([1, 2, 3]), "not a tales campaign save"),
    (packed(HEAD + b"\xdd\xff\xff\xff\xff"), "exceeds max_array_len"),
    (packed(HEAD + b"\xdf\xff\xff\xff\xff"), "exceeds max_map_len"),
    (packed(HEAD + b"\xdb\xff\xff\xff\xff"), "corrupt ("),
    (packed(HEAD + b"\xdd\x00\x0f\x42\x40"), "corrupt (Unpack failed: incomplete input)"),
    (packed(HEAD + b"\xc6\xff\xff\xff\xff"), "corrupt ("),
    (packed(HEAD + b"\xc7\x05\x01abcde"), "corrupt ("),
    (packed(HEAD + b"\x91" * 100_000), "corrupt ("),
    (packed(msgpack.packb(payload()) + b"\x00"), "corrupt ("),
], ids=["empty", "short magic", "wrong magic", "toml", "zip", "a game save", "newer container",
        "newer format", "format version 0", "no version", "not a map", "huge array",
        "huge map", "huge str", "array longer than the file", "huge bin", "ext",
        "deep nesting", "extra data"])
def test_not_a_campaign_save(data: bytes, message: str) -> None:
    start = time.perf_counter()
    assert message in refused(data)
    assert time.perf_counter() - start < 1.0  # a hostile length is refused, not allocated


WRONG_TYPES = [
    pytest.param({"campaign": None}, id="campaign none"),
    pytest.param({"campaign": [1, 2]}, id="campaign list"),
    pytest.param({"campaign": "trip"}, id="campaign text"),
    pytest.param({"name": ...}, id="no name"),
    pytest.param({"campaign_file": ...}, id="no campaign file"),
    pytest.param({"name": 5}, id="name number"),
    pytest.param({"companion": ["otto"]}, id="companion list"),
    pytest.param({"heroes": "gerki"}, id="heroes text"),
    pytest.param({"heroes": [1]}, id="hero number"),
    pytest.param({"seed": -1}, id="negative seed"),
    pytest.param({"seed": "7"}, id="seed text"),
    pytest.param({"next": True}, id="next bool"),
    pytest.param({"attempt": 1.5}, id="attempt float"),
    pytest.param({"steps_change": "up"}, id="steps text"),
    pytest.param({"unlocked": [None]}, id="unlocked none"),
    pytest.param({"archived": {"a": 1}}, id="archived map"),
    pytest.param({"notes": "hello"}, id="notes text"),
    pytest.param({"results": {}}, id="results map"),
    pytest.param({"results": [1]}, id="result number"),
    pytest.param({"results": [{"number": 1}]}, id="result short"),
    pytest.param({"results": [{**PLAYING.results[0].__dict__, "extra": 1}]}, id="result extra"),
    pytest.param({"game": 5}, id="game number"),
    pytest.param({"game": {}}, id="game empty"),
    pytest.param({"game": {"setup": [], "seed": 1, "choices": []}}, id="setup list"),
    pytest.param({"game": {"setup": SETUP.to_dict(), "seed": -1, "choices": []}},
                 id="game seed negative"),
    pytest.param({"game": {"setup": SETUP.to_dict(), "seed": 1, "choices": [-1]}},
                 id="negative choice"),
    pytest.param({"game": {"setup": SETUP.to_dict(), "seed": 1, "choices": ["1"]}},
                 id="choice text"),
    pytest.param({"game": {"setup": {**SETUP.to_dict(), "rules": {"x": 1}}, "seed": 1,
                           "choices": []}}, id="unknown rule"),
    pytest.param({"game": {"setup": {**SETUP.to_dict(), "loadout": {"cards": [1]}},
                           "seed": 1, "choices": []}}, id="bad loadout"),
    pytest.param({"results": [{**PLAYING.results[0].__dict__, "number": "one"}]},
                 id="result number text"),
    pytest.param({"results": [{**PLAYING.results[0].__dict__, "rounds": None}]},
                 id="result rounds none"),
    pytest.param({"legend": "no"}, id="legend text"),
]


@pytest.mark.parametrize("changes", WRONG_TYPES)
def test_a_campaign_of_the_wrong_types_is_refused(changes: dict[str, Any]) -> None:
    if "campaign" in changes:
        data = body({"format": "tales-campaign", "version": 1, **changes})
    else:
        data = body(payload(**changes))
    assert "malformed" in refused(data)


def test_load_refuses_bad_files_in_one_line_naming_them(tmp_path: Path) -> None:
    main = path_for("trip", tmp_path)
    tmp_path.mkdir(exist_ok=True)
    for data in (b"", GOOD[:30], GOOD[:-1], other_kind(), b"TALESAV9" + GOOD[8:]):
        main.write_bytes(data)
        with pytest.raises(SaveError) as caught:
            load("trip", tmp_path)
        message = str(caught.value)
        assert "\n" not in message
        assert message.startswith(f"{main}: ") and message.endswith("; no good backup")
    main.unlink()
    main.mkdir()
    with pytest.raises(SaveError) as caught:
        load("trip", tmp_path)
    assert str(caught.value).startswith(f"{main}: is a directory, not a file")
    main.rmdir()
    with pytest.raises(SaveError) as caught:
        load("trip", tmp_path)
    assert str(caught.value) == f"no campaign 'trip' in {tmp_path} (campaigns: none)"


def test_read_bytes_of_a_missing_file_is_one_line(tmp_path: Path) -> None:
    missing = tmp_path / "gone.tales"
    with pytest.raises(SaveError) as caught:
        decode(game_saves.read_bytes(missing), str(missing))
    assert str(caught.value) == f"{missing}: no such file"


# --- a good save is never replaced by a bad one ------------------------------------------------


@pytest.mark.parametrize("bad", [
    pytest.param(lambda c: b"garbage", id="garbage"),
    pytest.param(lambda c: encode(c)[:-1], id="truncated"),
    pytest.param(lambda c: encode(replace(c, notes=("other",))), id="another campaign"),
    pytest.param(lambda c: other_kind(), id="a game save"),
])
def test_a_save_that_would_not_read_back_is_not_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, bad: Any
) -> None:
    first, second, third = versions(3)
    save(first, tmp_path)
    save(second, tmp_path)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    real = saves.encode
    monkeypatch.setattr(saves, "encode", lambda c: bad(c) if c == third else real(c))
    with pytest.raises(SaveError) as caught:
        save(third, tmp_path)
    assert "\n" not in str(caught.value)
    assert str(caught.value).startswith(str(path_for("trip", tmp_path)))
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
    assert load("trip", tmp_path) == second


def test_a_failed_write_keeps_the_old_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = versions(2)
    save(first, tmp_path)
    main = path_for("trip", tmp_path)
    real = os.replace

    def disk_full(source: Any, target: Any) -> None:
        if Path(target) == main:
            raise OSError(28, "No space left on device")
        real(source, target)

    monkeypatch.setattr(os, "replace", disk_full)
    with pytest.raises(SaveError, match="No space left"):
        save(second, tmp_path)
    monkeypatch.undo()
    assert load("trip", tmp_path) == first
    assert on_disk(tmp_path) == {"trip.tales": first, "trip.tales.1": first}  # no temporary


# --- killed while saving -----------------------------------------------------------------------

WRITER = ROOT / "tests" / "data" / "crash_writer.py"


def kill_while_saving(folder: Path, delay: float) -> int:
    """Start the writer, kill it ``delay`` seconds after its first save; the last count it
    reported."""
    child = subprocess.Popen([sys.executable, str(WRITER), str(folder), "crash"], cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert child.stdout is not None
    lines: list[str] = []
    ready = threading.Event()

    def reader() -> None:
        assert child.stdout is not None
        for line in child.stdout:
            lines.append(line)
            ready.set()

    thread = threading.Thread(target=reader, daemon=True)
    thread.start()
    started = ready.wait(30)
    if started:
        time.sleep(delay)
    os.kill(child.pid, signal.SIGKILL)
    child.wait(10)
    thread.join(10)
    errors = child.stderr.read() if child.stderr else ""
    assert started and child.returncode == -signal.SIGKILL, errors
    assert lines[0] == "ready\n"
    done = [int(line) for line in lines[1:] if line.endswith("\n")]
    assert done == list(range(1, len(done) + 1))
    return done[-1] if done else 0


def test_a_campaign_killed_while_saving_still_loads(tmp_path: Path) -> None:
    delays = random.Random(20240611)
    for trial in range(8):
        folder = tmp_path / f"trial-{trial}"
        last = kill_while_saving(folder, delays.uniform(0.05, 0.4))
        campaign = load("crash", folder)  # the main file, not a backup
        assert campaign.game is not None
        count = len(campaign.game.choices)
        assert last - 1 <= count <= last + 1, (trial, last, count)
        assert list_names(folder) == ["crash"]
        main = path_for("crash", folder)
        assert all(b.campaign is not None for b in backups(main))
        # the backup chain is whole: 1, 2, 3 (as many as there were saves before), no gap
        present = [b.number for b in backups(main)]
        assert present == list(range(1, len(present) + 1)) and len(present) >= min(3, last)
        save(with_choices(campaign, count + 1), folder)  # and it saves on
        # what the killed save left (a temporary file beside a save) is gone
        kept = min(3, len(present) + 1)
        assert sorted(os.listdir(folder)) == [main.name, *(backup_path(main, n).name
                                                           for n in range(1, kept + 1))]
        assert load("crash", folder) == with_choices(campaign, count + 1)
        assert load("crash", folder, backup=1) == campaign


@pytest.mark.parametrize("folder_kind", ["file"])
def test_saving_into_a_folder_that_is_a_file_is_one_line(
    tmp_path: Path, folder_kind: str
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    with pytest.raises(SaveError, match="cannot save"):
        save(PLAIN, blocker)
    assert blocker.read_text() == ""


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(0, 6), min_size=1, max_size=8))
def test_backups_are_the_last_distinct_good_saves(counts: list[int]) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as where:
        folder = Path(where)
        kept: list[Campaign] = []
        for count in counts:
            campaign = with_choices(PLAYING, count)
            save(campaign, folder)
            if not kept or kept[-1] != campaign:
                kept.append(campaign)
        expected = list(reversed(kept))[:4]
        main = path_for("trip", folder)
        found = [load("trip", folder)] + [b.campaign for b in backups(main)]
        assert found == expected


# --- issue 16: a copy is its own campaign ------------------------------------------------------


def test_a_copied_save_never_writes_over_the_original(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``cp trip.tales copy.tales``, play on in ``trip``, then save ``copy``: the save goes
    to ``copy.tales`` (whose backup is the copy as it was), never to ``trip``'s files."""
    from tales.cli import main

    first, second, third = versions(3)
    save(first, tmp_path)
    shutil.copy(path_for("trip", tmp_path), path_for("copy", tmp_path))
    save(second, tmp_path)
    save(third, tmp_path)
    trips = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.name.startswith("trip")}
    assert sorted(trips) == ["trip.tales", "trip.tales.1", "trip.tales.2"]
    assert load("copy", tmp_path) == replace(first, name="copy")
    assert main(["campaign", "note", "copy", "from the copy", "--saves", str(tmp_path)]) == 0
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()
            if p.name.startswith("trip")} == trips
    assert load("copy", tmp_path) == replace(first, name="copy", notes=(
        *first.notes, "from the copy"))
    assert load("copy", tmp_path, backup=1) == replace(first, name="copy")
    assert decode(path_for("copy", tmp_path).read_bytes(), "copy").name == "copy"
    # continuing the copy from its backup writes the copy's files too
    assert continue_campaign("copy", tmp_path, bot="greedy", backup=1, scenarios=0,
                             write=lambda line: None) == replace(first, name="copy")
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()
            if p.name.startswith("trip")} == trips
    capsys.readouterr()


# --- issue 16: every field checked -------------------------------------------------------------

INCONSISTENT = [
    pytest.param({"legend": "no"}, "campaign.legend: true or false", id="legend text"),
    pytest.param({"legend": ...}, "campaign.legend: missing", id="legend missing"),
    pytest.param({"legend": ..., "legnd": True}, "campaign.legnd: unknown key",
                 id="legend misspelled"),
    pytest.param({"next": ...}, "campaign.next: missing", id="next missing"),
    pytest.param({"next": 2**64 - 1}, "campaign.next: 18446744073709551615 is not from 0",
                 id="next huge"),
    pytest.param({"next": 3}, "campaign.game: a scenario in progress after the last one",
                 id="next past a game in progress"),
    pytest.param({"next": 4, "game": None}, "campaign.next: 4 is past the last scenario (3 ",
                 id="next past the last"),
    pytest.param({"next": 2}, "campaign.results: the Victories", id="next without its win"),
    pytest.param({"attempt": 0}, "campaign.attempt: 0, but the results show 1 defeats",
                 id="attempt not the defeats"),
    pytest.param({"steps_change": 2**62}, "campaign.steps_change: 4611686018427387904 is not",
                 id="steps change huge"),
    pytest.param({"results": [{**PLAYING.results[0].__dict__, "result": "maybe"}]},
                 "campaign.results[0].result: victory or defeat", id="result maybe"),
    pytest.param({"results": [{**PLAYING.results[0].__dict__, "rounds": -1}]},
                 "campaign.results[0].rounds: -1 is not", id="rounds negative"),
    pytest.param({"results": [{**PLAYING.results[0].__dict__, "number": 99},
                              PLAYING.results[1].__dict__]},
                 "campaign.results[0].number: no scenario 99", id="result of no scenario"),
    pytest.param({"heroes": []}, "campaign.heroes: 0 names", id="no heroes"),
    pytest.param({"heroes": ["gerki", "gerki"]}, "campaign.heroes[1]: 'gerki' twice",
                 id="hero twice"),
    pytest.param({"name": "../../etc/x"}, "campaign.name", id="name a path"),
    pytest.param({"extra": 1}, "campaign.extra: unknown key", id="unknown key"),
    pytest.param({"game": {**PLAYING.to_dict()["game"], "setup": {
        **PLAYED.to_dict(), "power_tree_steps": 2**62}}},
        "campaign.game.setup.power_tree_steps: 4611686018427387904 is not from 0 to 99",
        id="steps huge"),
    pytest.param({"game": {**PLAYING.to_dict()["game"], "setup": {
        **PLAYED.to_dict(), "legend": "no"}}}, "campaign.game.setup.legend: true or false",
        id="game legend text"),
    pytest.param({"game": {**PLAYING.to_dict()["game"], "setup": {
        **PLAYED.to_dict(), "scenario": "scenarios/market-riot.toml"}}},
        "campaign.game.setup.scenario: 'scenarios/market-riot.toml' is not scenario 2",
        id="game of another scenario"),
    pytest.param({"game": {**PLAYING.to_dict()["game"], "setup": {
        **PLAYED.to_dict(), "heroes": ["gerki", "deirdre"]}}},
        "campaign.game.setup.heroes: ('gerki', 'deirdre'), but the campaign plays ('gerki',)",
        id="game of other heroes"),
    pytest.param({"game": {**PLAYING.to_dict()["game"], "setup": {
        **PLAYED.to_dict(), "power_tree_steps": 3}}},
        "campaign.game.setup.power_tree_steps: 3, but the campaign plays 0",
        id="game of other steps"),
    pytest.param({"game": {**PLAYING.to_dict()["game"], "setup": {
        **PLAYED.to_dict(), "rules": {"end_check": "every-turn"}}}},
        "campaign.game.setup.rules", id="game of other rules"),
    pytest.param({"game": {**PLAYING.to_dict()["game"], "choices": [2**40]}},
                 "campaign.game.choices[0]: an option number", id="choice huge"),
    pytest.param({"game": {**PLAYING.to_dict()["game"], "extra": 1}},
                 "campaign.game.extra: unknown key", id="game unknown key"),
    pytest.param({"game": {**PLAYING.to_dict()["game"], "setup": {
        **PLAYED.to_dict(), "loadout": {**PLAYED.to_dict()["loadout"], "allowance": [1, 1]}}}},
        "campaign.game.setup.loadout.allowance", id="allowance short"),
]


@pytest.mark.parametrize(("changes", "field"), INCONSISTENT)
def test_a_save_of_an_inconsistent_campaign_is_refused_naming_the_field(
    tmp_path: Path, changes: dict[str, Any], field: str
) -> None:
    """Issue 16: 333 of 10,000 mutants loaded into an inconsistent campaign. Each is refused
    in one line naming the file and the field, offering the good backups."""
    save(with_choices(PLAYING, 2), tmp_path)  # a good backup
    save(PLAYING, tmp_path)
    main = path_for("trip", tmp_path)
    main.write_bytes(body(payload(**changes)))
    with pytest.raises(SaveError) as caught:
        load("trip", tmp_path)
    message = str(caught.value)
    assert "\n" not in message and message.startswith(f"{main}: ")
    assert f"({field}" in message, message
    assert message.endswith("; good backups: 1 (scenario 2, 2 choices into it) (continue "
                            "with --backup N)")


def test_todays_saves_still_load(tmp_path: Path) -> None:
    """Saves as this version and the ones before it wrote them (no loadout in a game, rule
    flags added since missing: the reading played then) load as they did."""
    data = PLAYING.to_dict()
    game = data["game"]
    game["setup"]["rules"] = {"end_check": "objective-phase"}
    assert PLAYING.game is not None
    then = replace(PLAYING.game.setup.rules, cooldowns=CooldownReading.ALL,
                   approach=Approach.LINE_OF_FIRE, same_outcome=SameOutcome.ASK)
    assert decode(body({"format": "tales-campaign", "version": 1, "campaign": data}),
                  SOURCE) == replace(PLAYING, game=replace(PLAYING.game, setup=replace(
                      PLAYING.game.setup, rules=then)))
    data["game"] = None
    plain = {"format": "tales-campaign", "version": 1, "campaign": data}
    assert decode(body(plain), SOURCE) == replace(PLAYING, game=None)
    for name in ("trip", "other"):
        folder = tmp_path / name
        folder.mkdir()
        path_for(name, folder).write_bytes(encode(replace(PLAYING, name=name)))
        assert load(name, folder) == replace(PLAYING, name=name)


# --- issue 16: killed while saving: no temporary files, the backup chain whole -----------------


def test_the_temporary_files_of_a_killed_save_go_with_the_next_save(tmp_path: Path) -> None:
    first, second = versions(2)
    save(first, tmp_path)
    left = [tmp_path / ".trip.tales.ab12cd_9", tmp_path / ".trip.tales.1.zz00zz00"]
    for stale in left:
        stale.write_bytes(b"half a save")
    others = [tmp_path / ".trips.tales.ab12cd_9", tmp_path / "trip.tales.notes",
              tmp_path / ".trip.tales.toolongname"]
    for kept in others:
        kept.write_bytes(b"not ours")
    save(second, tmp_path)
    assert not any(p.exists() for p in left)
    assert all(p.exists() for p in others)


@pytest.mark.parametrize("crash_at", range(7))  # a save is 7 steps: 3 links, 4 renames
def test_a_save_stopped_at_any_step_leaves_the_backup_chain_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, crash_at: int
) -> None:
    """A process killed between two steps of a save (simulated: the ``crash_at``-th rename or
    link raises) leaves the main file and backups 1, 2 and 3, each a good save."""
    for campaign in versions(4):
        save(campaign, tmp_path)
    steps = 0

    class Killed(BaseException):
        pass

    def step(real: Any) -> Any:
        def run(*args: Any) -> Any:
            nonlocal steps
            steps += 1
            if steps > crash_at:
                raise Killed()
            return real(*args)
        return run

    monkeypatch.setattr(os, "replace", step(os.replace))
    monkeypatch.setattr(os, "link", step(os.link))
    with pytest.raises(Killed):
        save(with_choices(PLAYING, 9), tmp_path)
    monkeypatch.undo()
    main = path_for("trip", tmp_path)
    assert [b.number for b in backups(main) if b.campaign is not None] == [1, 2, 3]
    assert load("trip", tmp_path).game is not None
    save(with_choices(PLAYING, 10), tmp_path)
    assert sorted(os.listdir(tmp_path)) == [
        "trip.tales", "trip.tales.1", "trip.tales.2", "trip.tales.3"]  # nothing left over


def test_saves_written_before_the_checks_still_load(tmp_path: Path) -> None:
    """tests/data/saves holds a campaign mid-scenario (after a defeat, Legend, one step
    fewer) and its game as a game save, written by tales as it was before issue 16's
    checks (the game's 25 answers re-recorded under today's rules, which changed what a
    Hero and a Companion are offered): both load, and their games replay."""
    from tales.engine.content import load_context
    from tales.engine.game import Game
    from tales.engine.rounds import play_scenario

    saved = ROOT / "tests" / "data" / "saves"
    shutil.copy(saved / "campaign-today.tales", path_for("today", tmp_path))
    campaign = load("today", tmp_path)
    assert (campaign.next, campaign.attempt, campaign.legend, campaign.steps_change) == (
        0, 1, True, -1)
    assert campaign.game is not None and len(campaign.game.choices) == 25
    game = game_saves.read_save(saved / "game-today.sav")
    assert game == campaign.game
    ctx = load_context(game.setup)
    assert Game(lambda: play_scenario(ctx), choices=game.choices).choices == list(
        game.choices)
