"""The rulebook's kinds (the enums of :mod:`~tales.tavern.rdi.model`) as plain classes, for
the code run for every card played (issue 19).

In Python 3.11 reading a member on its enum, ``Verb.NEGATE``, goes through the enum
class's attribute hook: 0.2 microseconds a read, thirty times a plain class attribute; the
response window and the card path compare a dozen members for every card. ``Verbs.NEGATE``
is the very same member, read from a plain class.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Any

from tales.tavern.rdi.model import CardKind, Stat, Target, Verb, Who, Whose


def plain(kind: type[Enum]) -> Any:
    """``kind``'s members as the attributes of a plain class."""
    return type(f"{kind.__name__}s", (), dict(kind.__members__))


if TYPE_CHECKING:  # to the type checker they are the enums: a misspelt member is an error
    Kinds, Stats, Targets, Verbs, Whos, Whoses = CardKind, Stat, Target, Verb, Who, Whose
else:
    Kinds, Stats, Targets = plain(CardKind), plain(Stat), plain(Target)
    Verbs, Whos, Whoses = plain(Verb), plain(Who), plain(Whose)
