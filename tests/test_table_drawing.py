"""Issue 39, item 1: the table window's drawing is cut as each Hero's turn ends. Three
rounds kept at the table, each Hero moving a space on its turn: at every Hero's turn the
map draws only the Schemer turns since the last Hero's turn ended (no Hero's move of an
earlier turn, no group turn twice)."""

from __future__ import annotations

from tales.engine.content import load_context
from tales.engine.state import Setup
from tales.present.edits import read_edit
from tales.present.turns import drawing, recent
from tales.rules.decisions import Decider
from tales.table.edits import EDIT_DECISION, END
from tales.table.session import TableSession


def test_each_heros_turn_cuts_the_drawing() -> None:
    session = TableSession(load_context(Setup("scenarios/cellar-door.toml",
                                              ("gerki", "deirdre"))), 5)
    heroes = {"gerki", "deirdre"}
    moved: set[str] = set()  # the Heroes that moved in their turn now
    checked = 0
    for _ in range(400):
        decision = session.pending
        state = session.state
        if decision is None or (state is not None and state.round > 3):
            break
        battle = session.battle
        if decision.kind == EDIT_DECISION and battle is not None:
            who = decision.figure
            assert who is not None
            if who not in moved:  # the turn's first question: what is drawn now
                turns = recent(battle.events, players=False)
                began = [t[0] for t in turns if t[0] is not None]
                assert began and began[-1].who == who, began
                assert all(b.side == "schemer" for b in began[:-1]), began
                assert len({b.who for b in began[:-1]}) == len(began[:-1]), began
                drawn = drawing(battle.events, {h: "hero" for h in heroes},
                                battle.position.board.names, players=False)
                assert not [a for a in drawn.arrows if a.figure in heroes], drawn.arrows
                checked += 1
                position = battle.position
                here = position.figure(who).at
                free = [s for s in position.board.linked(here) if not position.is_occupied(s)
                        and not position.board.impassable[s]]
                if free:
                    typed = read_edit(f"move {who} {position.board.names[free[0]]}", position)
                    assert typed.edit is not None, typed.reason
                    assert session.edit(typed.edit) is None
                moved.add(who)
                continue
            moved.discard(who)
            assert session.edit(END) is None
        elif decision.decider is Decider.CHANCE:
            session.draw()
        else:
            session.choose(0)
    assert checked >= 8  # two Heroes, full and partial turns, three rounds
