"""A round at the table in a quarter of the keystrokes (issue 39): the short forms, the
table's defaults (standing answers) and ``ask``, measured on scripted games typed at the
terminal (``tests/data/table-*.txt``)."""

from __future__ import annotations

import zlib
from pathlib import Path

import msgpack
import pytest

from tales.engine.content import load_context
from tales.engine.saves import MAGIC, SaveError
from tales.engine.state import Setup
from tales.table.saves import decode, encode
from tales.table.script import script_lines, type_lines
from tales.table.session import TableSession

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
CELLAR = Setup("scenarios/cellar-door.toml", ("gerki", "deirdre"))
MARKET = Setup("scenarios/market-riot.toml", ("gerki", "deirdre", "fiona"))


@pytest.fixture(autouse=True)
def at_the_checkout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def typed(setup: Setup, seed: int, name: str) -> tuple[TableSession, dict[int, int]]:
    session = TableSession(load_context(setup, table=True), seed)
    return session, type_lines(session, script_lines(DATA / name))


def board(session: TableSession) -> dict[str, tuple[str, int]]:
    position = session.position
    assert position is not None
    return {f.id: (position.board.names[f.at], f.damage) for f in position.figures}


def test_a_round_of_three_heroes_and_two_groups_takes_at_most_60_keys() -> None:
    session, keys = typed(MARKET, 5, "table-market-riot.txt")
    assert keys[1] <= 60 and keys[2] <= 60, keys  # slips and commands included
    # two rounds played: the game stands at round 3's Scheme Die, the board as it was left
    assert session.pending is not None and session.pending.kind == "roll-scheme"
    assert session.state is not None and session.state.round == 3
    assert board(session) == {
        "golems-1": ("E3", 5), "gerki": ("D1", 4), "deirdre": ("D3", 7),
        "fiona": ("D2", 8), "cellar-rats-1": ("H6", 0), "cellar-rats-2": ("H4", 0)}
    # the table's defaults answered every Epic Dice and Reaction question: none was asked
    answered = [session.game.log[i] for i, d in enumerate(session.game.defaulted) if d]
    assert answered and set(answered) <= {0, "pass"}


EXAMPLE = "docs/table-example/"
FERRY = Setup(f"{EXAMPLE}ferry-landing.toml", (f"{EXAMPLE}heroes/marla.toml",
                                               f"{EXAMPLE}heroes/tobin.toml"))


def test_the_example_typed_in_plays_two_rounds_in_under_60_keys_each() -> None:
    """docs/table.md's game: a scenario typed in (a printed step left to the table), two
    table kits with no abilities but a Reaction, a door opened, a slip."""
    session = TableSession(load_context(FERRY, table=True), 7, defaults={"epic": "never"})
    keys = type_lines(session, script_lines(DATA / "table-ferry.txt"))
    assert keys[1] <= 60 and keys[2] <= 60, keys
    assert session.state is not None and session.state.round == 3
    assert board(session) == {"dockhands-1": ("F5", 2), "dockhands-2": ("G3", 2),
                              "marla": ("F4", 0), "tobin": ("F3", 0)}
    assert session.position is not None and not session.position.closed_doors


def test_the_short_forms_play_the_same_game_as_the_whole_words() -> None:
    whole, whole_keys = typed(CELLAR, 3, "table-cellar-door.txt")
    short, short_keys = typed(CELLAR, 3, "table-cellar-door-short.txt")
    # the very same entries (the defaults' answers are the ones the table typed before)
    assert short.saved().choices == whole.saved().choices
    assert board(short) == board(whole)
    assert short_keys[1] * 3 < whole_keys[1] and short_keys[2] * 2 < whole_keys[2]


def at_first_group_defence(session: TableSession) -> None:
    """Play the cellar game's script up to the bouncers' first Attack (round 1)."""
    lines = script_lines(DATA / "table-cellar-door.txt")
    type_lines(session, lines[:lines.index("group bouncers") + 1])


def test_a_default_answers_for_the_table_and_undo_passes_over_it() -> None:
    session = TableSession(load_context(CELLAR, table=True), 3)
    at_first_group_defence(session)
    assert session.pending is not None and session.pending.kind == "epic-defence"
    entries = session.entries
    session.set_default("epic", "never")  # the question on screen is answered too
    session.set_default("reactions", "pass")
    assert session.pending is not None and session.pending.kind == "shields"
    assert session.entries == entries + 3  # no Epic Dice; no Reaction from gerki, deirdre
    assert session.defaulted == {entries, entries + 1, entries + 2}
    # undo takes back the table's last entry (the bouncers' token), not a default's answer
    assert session.undo() is None
    assert session.pending is not None and session.pending.kind == "initiative"
    assert session.entries == entries - 1


def test_the_save_keeps_the_defaults_and_what_they_answered() -> None:
    session = TableSession(load_context(CELLAR, table=True), 3, game_id="g1",
                           defaults={"epic": "never", "reactions": "pass"})
    at_first_group_defence(session)
    assert session.pending is not None and session.pending.kind == "shields"
    saved = decode(encode(session.table_save()), "x.table")
    assert saved.defaults == {"epic": "never", "reactions": "pass"}
    assert saved.defaulted == session.defaulted and saved.defaulted
    again = TableSession(session.ctx, saved.game.seed, saved.game.choices, saved.game_id,
                         dict(saved.defaults), saved.defaulted)
    assert again.pending is not None and again.pending.kind == "shields"
    assert again.undo() is None  # after a resume too, undo passes over the defaults' answers
    assert again.pending is not None and again.pending.kind == "initiative"


def test_ask_holds_the_defaults_off_for_the_next_group_turn_only() -> None:
    session = TableSession(load_context(CELLAR, table=True), 3,
                           defaults={"epic": "never", "reactions": "pass"})
    lines = script_lines(DATA / "table-cellar-door.txt")
    type_lines(session, lines[:lines.index("group bouncers")])
    session.ask_next(frozenset({"epic"}))  # at the token: the bouncers' turn asks Epic Dice
    type_lines(session, ["group bouncers"])
    assert session.pending is not None and session.pending.kind == "epic-defence"
    type_lines(session, ["1"])  # no Epic Dice; the Reactions stay with the default
    assert session.pending is not None and session.pending.kind == "shields"
    type_lines(session, ["2", "group cellar-rats"])  # the rats' turn: the defaults again
    assert session.pending is not None and session.pending.kind == "evade"


@pytest.mark.parametrize(("defaults", "defaulted", "field"), [
    ({"epic": "sometimes"}, [], "defaults.epic"),
    ({"luck": "never"}, [], "defaults"),
    ({}, [10_000], "defaulted"),
    ({}, ["1"], "defaulted"),
])
def test_a_save_with_bad_defaults_is_refused_naming_the_field(
        defaults: dict[str, str], defaulted: list[object], field: str) -> None:
    session = TableSession(load_context(CELLAR, table=True), 3, game_id="g1")
    data = encode(session.table_save())
    payload = msgpack.unpackb(data[len(MAGIC) + 4:])
    payload.update(defaults=defaults, defaulted=defaulted)
    body = msgpack.packb(payload)
    bad = MAGIC + zlib.crc32(body).to_bytes(4, "big") + body
    with pytest.raises(SaveError, match=f"x.table: malformed table save \\({field}"):
        decode(bad, "x.table")


def test_the_table_kit_of_the_docs_loads_and_is_for_the_table_only() -> None:
    """docs/table.md's kit of a dozen lines is the example file's, loads, and play refuses
    a kit with no abilities in one line (issue 39)."""
    from tales.content.heroes import load_hero_kit, parse_hero_kit
    from tales.errors import TalesError

    text = (ROOT / "docs" / "table.md").read_text(encoding="utf-8")
    block = text.split("## 3.", 1)[1].split("```toml\n", 1)[1].split("```", 1)[0]
    kit = parse_hero_kit(block, "docs/table.md")
    assert (kit.fortitude, kit.wounded_fortitude, len(block.splitlines())) == (6, 7, 12)
    assert [a.ability.name for a in kit.abilities] == ["Parry"]
    assert kit == parse_hero_kit(block, "docs/table.md")
    assert load_hero_kit(ROOT / EXAMPLE / "heroes" / "marla.toml").abilities == kit.abilities
    with pytest.raises(TalesError, match="has no abilities: a kit for tales table only"):
        load_context(FERRY.__class__("scenarios/cellar-door.toml", FERRY.heroes))
