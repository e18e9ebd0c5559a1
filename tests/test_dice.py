"""Dice as data (docs/formats.md, "Dice file"): the bundled dice, a user's own file, every
error a dice file can hold, and rolling as a chance Decision."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

from tales.errors import ContentError
from tales.rules.decisions import Decider, Decision
from tales.rules.dice import Die, DieKind, Face, load_dice, parse_dice, roll
from tales.rules.odds import die_distribution

#: The faces of a small dice file, one TOML inline-table list per die.
PLAIN = {
    "damage": "{damage = 0}, {damage = 1}",
    "epic": "{damage = 1}, {damage = 2}",
    "doom": "{doom = true}, {}",
    "scheme": "{scheme = 1}, {scheme = 2}",
    "pooky": "{scheme = 1}, {scheme = 2}",
}


def dice_text(assumption: bool | None = None, **faces: str) -> str:
    """A dice file: ``PLAIN`` with the dice in ``faces`` replaced.

    Its lines are fixed: 1 ``assumption`` (or a comment), then for each die of ``PLAIN`` in
    order a ``[dice.NAME]`` header and its ``faces`` line: damage on lines 2-3, epic 4-5,
    doom 6-7, scheme 8-9, pooky 10-11.
    """
    lines = ["# test dice" if assumption is None else f"assumption = {str(assumption).lower()}"]
    for name, default in PLAIN.items():
        lines += [f"[dice.{name}]", f"faces = [{faces.get(name, default)}]"]
    return "\n".join(lines) + "\n"


def write_dice(folder: Path, text: str | None = None, name: str = "dice.toml", **faces: str
               ) -> Path:
    """Write a dice file (``text``, or :func:`dice_text` of ``faces``) into ``folder``."""
    path = folder / name
    path.write_text(text if text is not None else dice_text(None, **faces), encoding="utf-8")
    return path


# --- the bundled dice ---------------------------------------------------------------------


def test_bundled_dice_are_five_and_marked_as_an_assumption() -> None:
    dice = load_dice()
    assert set(dice.dice) == set(DieKind)
    assert len(dice.dice) == 5
    assert dice.assumption is True
    assert dice.source == "tales/data/dice.toml"


def test_bundled_dice_faces() -> None:
    dice = load_dice()
    assert dice[DieKind.DAMAGE].faces == (
        Face(damage=0), Face(damage=1), Face(damage=2), Face(crit=True),
        Face(damage=1, inspire=1), Face(damage=1))
    assert dice[DieKind.EPIC].faces == (
        Face(damage=1), Face(damage=2), Face(damage=2), Face(damage=3),
        Face(damage=1, crit=True), Face(damage=2, inspire=1))
    assert dice[DieKind.DOOM].faces == (
        Face(doom=True), Face(doom=True), Face(), Face(), Face(), Face())
    six = tuple(Face(scheme=n) for n in range(1, 7))
    assert dice[DieKind.SCHEME].faces == six
    assert dice[DieKind.POOKY].faces == six
    assert all(die.kind is kind for kind, die in dice.dice.items())


def test_face_text() -> None:
    assert str(Face()) == "blank"
    assert str(Face(damage=2, crit=True, inspire=1)) == "2 damage, Critical Hit, 1 Inspire"
    assert str(Face(doom=True)) == "Doom"
    assert str(Face(scheme=4)) == "Scheme 4"


# --- a user's own file --------------------------------------------------------------------


def test_user_dice_file_is_used(tmp_path: Path) -> None:
    path = write_dice(tmp_path, damage="{damage = 3}, {crit = true, damage = 1}, {inspire = 2}",
                      scheme="{scheme = 1}, {scheme = 1}, {scheme = 6}")
    dice = load_dice(path)
    assert dice.source == str(path)
    assert dice.assumption is False  # not said: not an assumption
    assert dice[DieKind.DAMAGE].faces == (Face(damage=3), Face(damage=1, crit=True),
                                          Face(inspire=2))
    assert dice[DieKind.EPIC].faces == (Face(damage=1), Face(damage=2))
    assert dice[DieKind.DOOM].faces == (Face(doom=True), Face())
    assert dice[DieKind.SCHEME].faces == (Face(scheme=1), Face(scheme=1), Face(scheme=6))
    assert load_dice(str(path)) == dice  # a str path works too


def test_user_file_says_assumption(tmp_path: Path) -> None:
    assert load_dice(write_dice(tmp_path, dice_text(assumption=True))).assumption is True
    assert load_dice(write_dice(tmp_path, dice_text(assumption=False))).assumption is False


def test_parse_dice_source_defaults() -> None:
    assert parse_dice(dice_text()).source == "<dice>"


# --- bad dice files: one ContentError naming the file, the line and the die or face --------

BadCase = tuple[str, Callable[[], str], int | None, tuple[str, ...]]


def _replace(old: str, new: str) -> Callable[[], str]:
    def make() -> str:
        text = dice_text()
        assert old in text
        return text.replace(old, new, 1)
    return make


def _faces(**faces: str) -> Callable[[], str]:
    return lambda: dice_text(None, **faces)


#: (id, file text, expected line (None: the file has no line for it), words the message has)
#: A die-level or face-level error may point at the die's ``[dice.NAME]`` header or at its
#: ``faces`` line: both are accepted (see ``_lines``).
BAD: list[BadCase] = [
    ("invalid-toml", _faces(epic="{damage = 1}, {damage = }"), 5, ("not valid TOML",)),
    ("unknown-top-level-key", _replace("# test dice", "sides = 6"), 1,
     ("unknown key 'sides'",)),
    ("unknown-die", lambda: dice_text() + "[dice.green]\nfaces = [{damage = 1}]\n", 12,
     ("unknown die 'green'",)),
    ("missing-die", lambda: "\n".join(dice_text().splitlines()[:9]) + "\n", None,
     ("missing dice: pooky",)),
    ("no-dice-at-all", lambda: "assumption = true\n", None, ("[dice.NAME]",)),
    ("faces-not-a-list", _replace("faces = [{damage = 1}, {damage = 2}]",
                                  "faces = {damage = 1}"), 4,
     ("dice.epic", "'faces'")),
    ("faces-empty", _faces(doom=""), 6, ("dice.doom", "'faces'")),
    ("face-not-a-table", _faces(damage="1, 2"), 2, ("dice.damage, face 1", "table")),
    ("unknown-face-key", _faces(damage="{damage = 0}, {damage = 1, dammage = 1}"), 2,
     ("dice.damage, face 2", "unknown key 'dammage'")),
    ("negative-damage", _faces(epic="{damage = -1}, {damage = 2}"), 4,
     ("dice.epic, face 1", "'damage'", "0 to 20")),
    ("fractional-damage", _faces(epic="{damage = 1}, {damage = 1.5}"), 4,
     ("dice.epic, face 2", "'damage'")),
    ("negative-inspire", _faces(damage="{damage = 0}, {inspire = -1}"), 2,
     ("dice.damage, face 2", "'inspire'")),
    ("crit-not-a-bool", _faces(damage="{damage = 0}, {crit = 1}"), 2,
     ("dice.damage, face 2", "'crit'", "true or false")),
    ("doom-not-a-bool", _faces(doom='{doom = "yes"}, {}'), 6,
     ("dice.doom, face 1", "'doom'")),
    ("scheme-zero", _faces(scheme="{scheme = 0}, {scheme = 2}"), 8,
     ("dice.scheme, face 1", "'scheme'")),
]

#: Errors found after every die is read: the engine gives no line for them (see the
#: ENGINE BUG test below); the message must still name the file and the die.
BAD_WITHOUT_LINE: list[BadCase] = [
    ("scheme-face-without-number", _faces(scheme="{scheme = 1}, {}"), 8,
     ("dice.scheme", "'scheme' number")),
    ("pooky-face-without-number", _faces(pooky="{damage = 1}, {scheme = 2}"), 10,
     ("dice.pooky", "'scheme' number")),
    ("all-crit-damage-die", _faces(damage="{crit = true}, {crit = true, damage = 2}"), 2,
     ("dice.damage", "Critical Hit")),
    ("all-crit-epic-die", _faces(epic="{crit = true, damage = 1}"), 4,
     ("dice.epic", "Critical Hit")),
]


def _lines(line: int | None) -> set[int | None]:
    """The lines an error about the die whose header is on ``line`` may name."""
    return {None} if line is None else {line, line + 1} if line in (2, 4, 6, 8, 10) else {line}


def _error(tmp_path: Path, make: Callable[[], str]) -> tuple[Path, ContentError]:
    path = write_dice(tmp_path, make())
    with pytest.raises(ContentError) as caught:
        load_dice(path)
    return path, caught.value


@pytest.mark.parametrize(("make", "line", "words"), [pytest.param(*c[1:], id=c[0]) for c in BAD])
def test_bad_dice_file(tmp_path: Path, make: Callable[[], str], line: int | None,
                       words: tuple[str, ...]) -> None:
    path, error = _error(tmp_path, make)
    assert error.source == str(path)
    assert error.line in _lines(line)
    message = str(error)
    assert "\n" not in message
    where = str(path) if error.line is None else f"{path}:{error.line}"
    assert message.startswith(f"{where}: ")
    for word in words:
        assert word in message


@pytest.mark.parametrize(("make", "line", "words"),
                         [pytest.param(*c[1:], id=c[0]) for c in BAD_WITHOUT_LINE])
def test_bad_dice_file_after_reading(tmp_path: Path, make: Callable[[], str], line: int | None,
                                     words: tuple[str, ...]) -> None:
    path, error = _error(tmp_path, make)
    assert error.source == str(path)
    message = str(error)
    assert "\n" not in message
    assert message.startswith(f"{path}")
    for word in words:
        assert word in message


@pytest.mark.parametrize(("make", "line"),
                         [pytest.param(c[1], c[2], id=c[0]) for c in BAD_WITHOUT_LINE])
def test_bad_dice_file_after_reading_names_the_line(
        tmp_path: Path, make: Callable[[], str], line: int) -> None:
    _, error = _error(tmp_path, make)
    assert error.line in _lines(line)


def test_missing_dice_file(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.toml"
    with pytest.raises(ContentError) as caught:
        load_dice(path)
    assert str(caught.value) == f"{path}: no such file"


def test_every_missing_die_is_named() -> None:
    text = "[dice.damage]\nfaces = [{damage = 1}]\n"
    with pytest.raises(ContentError) as caught:
        parse_dice(text, "mine.toml")
    assert str(caught.value) == "mine.toml: missing dice: epic, doom, scheme, pooky"


def test_unknown_die_with_regex_characters(tmp_path: Path) -> None:
    path, error = _error(tmp_path, lambda: dice_text() + '[dice."("]\nfaces = [{}]\n')
    assert error.source == str(path)
    assert "unknown die '('" in str(error)


def test_quoted_die_header_error_names_the_line(tmp_path: Path) -> None:
    text = dice_text().replace("[dice.damage]", '[dice."damage"]').replace(
        "{damage = 0}, {damage = 1}", "{damage = -1}")
    _, error = _error(tmp_path, lambda: text)
    assert error.line in (2, 3)


def test_unknown_key_in_a_die_table(tmp_path: Path) -> None:
    text = dice_text().replace("[dice.epic]\n", "[dice.epic]\nsides = 6\n")
    _, error = _error(tmp_path, lambda: text)
    assert "sides" in str(error)
    assert error.line == 5


def test_assumption_must_be_true_or_false(tmp_path: Path) -> None:
    text = dice_text().replace("# test dice", 'assumption = "false"')
    _, error = _error(tmp_path, lambda: text)
    assert "assumption" in str(error)
    assert error.line == 1


# --- rolling ------------------------------------------------------------------------------


def test_roll_is_a_chance_decision_over_the_faces() -> None:
    die = load_dice()[DieKind.DAMAGE]
    resolution = roll(die, "zot's attack")
    decision = next(resolution)
    assert isinstance(decision, Decision)
    assert decision.kind == "roll-damage"
    assert decision.decider is Decider.CHANCE
    assert decision.figure is None
    assert decision.options == die.faces
    assert decision.probabilities == (1 / 6,) * 6
    assert "zot's attack" in decision.prompt
    with pytest.raises(StopIteration) as done:
        resolution.send(Face(damage=2))
    assert done.value.value == Face(damage=2)


def test_a_face_listed_twice_counts_twice() -> None:
    die = Die(DieKind.EPIC, (Face(damage=1), Face(damage=1), Face(damage=0)))
    decision = next(roll(die, "twice"))
    assert decision.kind == "roll-epic"
    assert decision.options == (Face(damage=1), Face(damage=1), Face(damage=0))
    assert decision.probabilities == (1 / 3, 1 / 3, 1 / 3)
    chance = {face: Fraction(0) for face in decision.options}
    for face, p in zip(decision.options, decision.probabilities, strict=True):
        chance[face] += Fraction(p).limit_denominator(100)
    assert chance == {Face(damage=1): Fraction(2, 3), Face(damage=0): Fraction(1, 3)}
    assert die_distribution(die).tolist() == pytest.approx([1 / 3, 2 / 3], abs=1e-15)


def test_a_face_listed_twice_in_a_file(tmp_path: Path) -> None:
    dice = load_dice(write_dice(tmp_path, damage="{damage = 2}, {damage = 2}, {damage = 0}"))
    die = dice[DieKind.DAMAGE]
    assert die.probabilities == (1 / 3, 1 / 3, 1 / 3)
    assert die_distribution(die).tolist() == pytest.approx([1 / 3, 0, 2 / 3], abs=1e-15)
