"""Issue 39, item 6: what a `damage` edit did is said: a Shield Token it did not use, and
damage past a Fresh side that is lost as the figure flips; too much is refused in one line
that says what is left."""

from __future__ import annotations

from tales.present.edits import read_edit
from tales.table.session import TableSession
from tools.bench_table import at_first_edit


def _at_a_heros_turn() -> TableSession:
    return at_first_edit("scenarios/cellar-door.toml", ("gerki", "deirdre"))


def _edit(session: TableSession, text: str) -> str | None:
    position = session.position
    assert position is not None
    typed = read_edit(text, position)
    assert typed.edit is not None, typed.reason
    refused = session.edit(typed.edit)
    return refused.reason if refused is not None else None


def test_damage_says_what_it_did() -> None:
    session = _at_a_heros_turn()
    rat = next(f.id for f in session.position.figures if f.group == "cellar-rats")
    assert _edit(session, f"gain {rat} shield") is None
    assert _edit(session, f"damage {rat} 1") is None
    assert session.log[-1] == (f"table: {rat} takes 1 damage (its 1 Shield Token not used: damage "
                               "is what is dealt past prevention; spend a token with "
                               "'spend')")
    fresh = session.position.figure("gerki")
    left = fresh.fortitude - fresh.damage
    assert _edit(session, f"damage gerki {left + 2}") is None
    assert session.log[-1] == (f"table: gerki takes {left + 2} damage: Wounded (2 past its Fresh "
                               "side lost as it flips)")
    refused = _edit(session, f"damage {rat} 40")
    assert refused is not None and refused.startswith(f"{rat} can take 1 to ")
