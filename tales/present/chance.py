"""Chance asked of the players (``--physical-dice``): each die's face, the Scheme die,
each initiative token drawn, each tracker card, as the Decision the engine yields for it,
answered by a number or the face's words. Bad input gets a one-line reason."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tales.present.options import option_text
from tales.rules.decisions import Decision

QUESTIONS = {"initiative": "Draw an initiative token from the bag: which one?",
             "tracker-card": "{prompt}: which card?"}


def chance_question(decision: Decision[Any]) -> str:
    """What to roll or draw, and what to answer."""
    if decision.kind.startswith("roll-"):
        prompt = decision.prompt[0].upper() + decision.prompt[1:]
        return f"{prompt}: which face is up?"
    text = QUESTIONS.get(decision.kind, "{prompt}: which one?")
    return text.format(prompt=decision.prompt[0].upper() + decision.prompt[1:])


def chance_options(decision: Decision[Any]) -> list[Any]:
    """The distinct results (a face listed twice on a die is one answer)."""
    distinct: list[Any] = []
    for option in decision.options:
        if option not in distinct:
            distinct.append(option)
    return distinct


@dataclass(frozen=True, slots=True)
class Read:
    """What a typed answer meant: the option, or why it is not one."""

    option: Any = None
    reason: str = ""


def read_chance(decision: Decision[Any], text: str) -> Read:
    """A typed chance result: a number from the list, or an option's words, each as short
    as it stays the only one (``2 damage``, ``Critical Hit``, ``blank``, ``hero gerki``,
    ``h ge``, ``3``)."""
    options = chance_options(decision)
    words = [option_text(decision, o).lower() for o in options]
    said = " ".join(text.lower().split())
    if said in words:
        return Read(options[words.index(said)])
    typed = said.split()
    cut = [n for n, w in enumerate(words) if len(w.split()) == len(typed) and typed and all(
        part.startswith(t) for part, t in zip(w.split(), typed, strict=True))]
    if len(cut) == 1 and not said.isdigit():  # each word cut short: "h ge", "p gerki"
        return Read(options[cut[0]])
    if numbered(decision) and said.isdigit() and 1 <= int(said) <= len(options):
        return Read(options[int(said) - 1])
    listed = (f"1-{len(options)} or the words of one" if numbered(decision)
              else "one of the cards left: " + ", ".join(words))
    if not said:
        return Read(reason=f"type what the table shows: {listed}")
    return Read(reason=f"{text.strip()!r} is not a result here: type {listed}")


def numbered(decision: Decision[Any]) -> bool:
    """Results listed with numbers to type; tracker cards are typed as their own numbers."""
    return not all(isinstance(o, int) for o in decision.options)


def chance_lines(decision: Decision[Any]) -> list[str]:
    """The question and its results, as the terminal lists them."""
    options = chance_options(decision)
    if not numbered(decision):
        return [chance_question(decision),
                "  cards left: " + ", ".join(option_text(decision, o) for o in options)]
    return [chance_question(decision),
            *(f"  {n}) {option_text(decision, o)}" for n, o in enumerate(options, 1))]
