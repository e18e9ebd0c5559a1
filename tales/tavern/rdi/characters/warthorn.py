"""Warthorn Redbeard (seed 000, "Warthorn Redbeard"): his Stories that stay in front of other
players.

His Pipe Cards and the Story Deck are card language (``adds = "stories"``: the top Story is
revealed and added to the Pipe Card before anyone may answer). A Story with a ``trigger`` is
one that "instruct[s] him to put the card in front of another player": once the Pipe Card
resolves (Ignored or not; not when Negated) he must put it in front of another player of his
choice (:func:`tales.tavern.rdi.given.put_in_front`). There it waits for its trigger on its
holder's turn; then its steps happen to the holder, and it goes to the Story discard pile.
"""

from __future__ import annotations

from tales.rules.decisions import Resolution
from tales.tavern.rdi import given
from tales.tavern.rdi.characters import Mechanics, register
from tales.tavern.rdi.model import Tavern

NAME = "warthorn"
STORIES = "stories"


class Warthorn(Mechanics):
    name = NAME

    def start_of_turn(self, tavern: Tavern, owner: str, active: str) -> Resolution[Tavern]:
        return (yield from given.triggered(tavern, owner, active, "turn starts", STORIES))

    def end_of_turn(self, tavern: Tavern, owner: str, ended: str) -> Resolution[Tavern]:
        return (yield from given.triggered(tavern, owner, ended, "turn ends", STORIES))


register(Warthorn())
