"""Edits typed at the table (issue 18, item 1): the words ``tales table`` reads during a
Hero's turn, and what is refused in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tales.board.figures import Token
from tales.board.position import load_position
from tales.present.edits import EDIT_HELP, read_edit
from tales.table.edits import Edit, EditKind

ROOT = Path(__file__).resolve().parents[1]
POSITION = load_position(ROOT / "positions" / "cellar-brawl.toml")
SPACE = {name: n for n, name in enumerate(POSITION.board.names)}


@pytest.mark.parametrize(("typed", "edit"), [
    ("move zot C4", Edit(EditKind.MOVE, "zot", SPACE["C4"])),
    ("m zot c4", Edit(EditKind.MOVE, "zot", SPACE["C4"])),
    ("damage gob1 2", Edit(EditKind.DAMAGE, "gob1", amount=2)),
    ("heal deirdre 1", Edit(EditKind.HEAL, "deirdre", amount=1)),
    ("wounded zot", Edit(EditKind.WOUNDED, "zot")),
    ("gain zot shield", Edit(EditKind.GAIN, "zot", amount=1, token=Token.SHIELD)),
    ("gain zot damage-boost 2", Edit(EditKind.GAIN, "zot", amount=2,
                                     token=Token.DAMAGE_BOOST)),
    ("spend deirdre shield 1", Edit(EditKind.SPEND, "deirdre", amount=1, token=Token.SHIELD)),
    ("epic +1", Edit(EditKind.EPIC, amount=1)),
    ("epic -2", Edit(EditKind.EPIC, amount=-2)),
    ("open D4", Edit(EditKind.OPEN_DOOR, space=SPACE["D4"])),
    ("defeated gob1", Edit(EditKind.DEFEATED, "gob1")),
    ("reinforce cellar-rats H4", Edit(EditKind.REINFORCE, "cellar-rats", SPACE["H4"])),
    ("end", Edit(EditKind.END)),
    ("done", Edit(EditKind.END)),
    # issue 39: every word as short as it stays the only one it names
    ("m zo c4", Edit(EditKind.MOVE, "zot", SPACE["C4"])),
    ("da gob 2", Edit(EditKind.DAMAGE, "gob1", amount=2)),
    ("he de 1", Edit(EditKind.HEAL, "deirdre", amount=1)),
    ("de golem", Edit(EditKind.DEFEATED, "golem")),
    ("ga zot sh", Edit(EditKind.GAIN, "zot", amount=1, token=Token.SHIELD)),
    ("sp zot to 2", Edit(EditKind.SPEND, "zot", amount=2, token=Token.TOUGHNESS)),
    ("en", Edit(EditKind.END)),
])
def test_typed_edits(typed: str, edit: Edit) -> None:
    assert read_edit(typed, POSITION).edit == edit


@pytest.mark.parametrize(("typed", "edit"), [
    # issue 39: in zot's turn an edit may leave zot out, a space alone moves him, a figure
    # with a number damages it; a figure named first is still that figure
    ("c4", Edit(EditKind.MOVE, "zot", SPACE["C4"])),
    ("C4", Edit(EditKind.MOVE, "zot", SPACE["C4"])),
    ("m c4", Edit(EditKind.MOVE, "zot", SPACE["C4"])),
    ("m de c4", Edit(EditKind.MOVE, "deirdre", SPACE["C4"])),
    ("gob 2", Edit(EditKind.DAMAGE, "gob1", amount=2)),
    ("b1 3", Edit(EditKind.DAMAGE, "brute1", amount=3)),
    ("da 2", Edit(EditKind.DAMAGE, "zot", amount=2)),
    ("he 1", Edit(EditKind.HEAL, "zot", amount=1)),
    ("ga sh", Edit(EditKind.GAIN, "zot", amount=1, token=Token.SHIELD)),
    ("ga sh 2", Edit(EditKind.GAIN, "zot", amount=2, token=Token.SHIELD)),
    ("ga de sh", Edit(EditKind.GAIN, "deirdre", amount=1, token=Token.SHIELD)),
    ("sp to", Edit(EditKind.SPEND, "zot", amount=1, token=Token.TOUGHNESS)),
    ("e", Edit(EditKind.END)),
    ("wo zot", Edit(EditKind.WOUNDED, "zot")),
])
def test_the_acting_heros_short_forms(typed: str, edit: Edit) -> None:
    assert read_edit(typed, POSITION, acting="zot").edit == edit


@pytest.mark.parametrize(("typed", "reason"), [
    ("z9", "no space 'z9' on map 'Cellar stairs (sample)'"),  # a space's name, not on the map
    ("m z9", "no space 'z9' on map 'Cellar stairs (sample)'"),
    ("de", "'de': defeated ID"),  # Defeated and Wounded always name the figure
    ("wo", "'wo': wounded ID"),
])
def test_the_short_forms_refused(typed: str, reason: str) -> None:
    read = read_edit(typed, POSITION, acting="zot")
    assert (read.edit, read.reason) == (None, reason)


def test_a_space_alone_is_no_move_without_a_hero_s_turn() -> None:
    assert read_edit("c4", POSITION).edit is None


@pytest.mark.parametrize(("typed", "reason"), [
    ("move zot Z9", "no space 'Z9' on map 'Cellar stairs (sample)'"),
    ("move bob C4", "no figure 'bob' on the map (figures: zot, pooky, deirdre, gob1, "
                    "brute1, golem)"),
    ("move zot", "'move zot': move ID SPACE [SPACE...]"),
    ("damage gob1 lots", "'lots' is not a number"),
    ("gain zot glitter", "no token 'glitter' (tokens: damage_boost, evade, hitback, "
                         "overcharge, reset, shield, toughness, weaken, stun, repair, pooky)"),
    ("fly zot", EDIT_HELP),
    ("", EDIT_HELP),
    ("d zot 1", "'d' could be damage, dmg, defeated, defeat, done: type more of it"),
    ("ep", "'ep': epic +N / epic -N"),
    ("heal g 1", "'g' could be gob1, golem: type more of it"),
])
def test_a_bad_edit_is_one_line(typed: str, reason: str) -> None:
    read = read_edit(typed, POSITION)
    assert (read.edit, read.reason) == (None, reason)
