"""Issue 39 (item 3 and "every entry what was drawn"), at the terminal: a Schemer's tie is
explained before its options (who acts, what it is after, why) and again on `w`; what the
tool draws on d is said; a stray Enter is asked again."""

from __future__ import annotations

from tales.engine.content import load_context
from tales.engine.state import Setup
from tales.table.session import TableSession
from tales.table.terminal import TableTerminal


def play(seed: int) -> list[str]:
    """A table game of the cellar door: d for every chance result, 'end' for every
    Hero turn, option 1 for every question, 'w' once at the first tie."""
    out: list[str] = []
    asked_why = False

    def read(prompt: str) -> str:
        nonlocal asked_why
        if len(out) > 4000:
            return "q"
        if prompt == "result> ":
            return "d"
        if prompt == "edit> ":
            return "end"
        if not asked_why and any("players choose" in line for line in out[-12:]):
            asked_why = True
            out.append("-- w")
            return "w"
        return "1"

    session = TableSession(load_context(Setup("scenarios/cellar-door.toml",
                                              ("gerki", "deirdre"))), seed)
    TableTerminal(session, None, read=read, write=out.append).run()
    return out


def test_a_tie_is_explained_and_draws_are_said() -> None:
    out = next(o for o in (play(s) for s in range(6)) if "-- w" in o)
    first = next(n for n, line in enumerate(out) if "players choose" in line
                 and line.startswith("["))
    assert " acts: " in out[first - 2], out[first - 3:first + 1]  # who acts and after what
    assert out[first - 1].strip().startswith("so far: ")
    after_w = out[out.index("-- w") + 1:]
    assert " acts: " in after_w[0], after_w[:3]
    assert any(line.startswith("  the tool draws: ") for line in out)


def test_a_stray_enter_draws_nothing() -> None:
    """Issue 39, item 5: an empty answer at a card or die prompt is asked again; the tool
    draws only on d."""
    out: list[str] = []
    answers = iter(["", "", "d", "q"])
    session = TableSession(load_context(Setup("scenarios/cellar-door.toml",
                                              ("gerki", "deirdre"))), 3)
    TableTerminal(session, None, read=lambda _: next(answers, "q"), write=out.append).run()
    refusals = [line for line in out if line.startswith("type the result the table drew")]
    assert len(refusals) == 2, out[:30]
    assert session.entries == 1  # only the d


def test_the_schemers_status_and_a_round_summary() -> None:
    """Issue 39: at a Hero's turn the terminal says the Schemers' Fortitude and tokens as
    well as the Heroes'; as a round begins it says how the last one left every figure."""
    out = play(1)
    turns = [n for n, line in enumerate(out) if line.startswith("-- Schemers: ")]
    assert turns and out[turns[0] - 1].startswith("-- ")  # under the Heroes' line
    assert "cellar-rats-1 3/3" in out[turns[0]]  # Fortitude left of its Fortitude
    over = [n for n, line in enumerate(out) if line == "  Round 1 is over:"]
    assert over and out[over[0] + 2].startswith("  -- Schemers: ")
