"""Doctor Terci (seed 000, "Doctor Terci"): Medical Supply Tokens and Patients.

The Salve, Splint and Bandage Tokens are the ``salve``, ``splint`` and ``bandage`` tokens,
three of each at most. A card's Medical Supplies icon is its last step,
``{ handler = "supply salve" }`` (``supply splint``, ``supply bandage``; a split icon
``supply salve or splint`` and the like: one of them, Terci's choice): it happens after the
card's other effects, when the card is Ignored too, never when it is Negated.

The Patient Deck is the side deck ``pile = "patients"`` of the deck file: each Patient is a
card of its type (what it counts as in her hand) whose ``icons`` are the tokens that treat
it. Two Patients wait in the pile ``"<her name>'s Waiting Patients"``: revealed at setup, the
empty places filled at the beginning of her turn (:meth:`Terci.start_of_turn`). Treating one
spends its tokens and takes it into her hand (offered at the start of her Action Phase);
played or discarded, a Patient goes to the Patient discard pile, reshuffled when the Patient
Deck runs out. ``{ handler = "dismiss a patient" }`` discards a Waiting Patient of her
choice (only when a card says so).
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi.characters import Mechanics, Resource, register
from tales.tavern.rdi.model import Step, Tavern
from tales.tavern.rdi.stats import gain_tokens, spend_tokens
from tales.tavern.rdi.timing import PASS
from tales.tavern.rdi.zones import discard_card, reveal_from_pile

NAME = "terci"
SUPPLIES = ("salve", "splint", "bandage")
PATIENTS = "patients"
SLOTS = 2
DISMISS = "dismiss a patient"
SUPPLY = {f"supply {s}": (s,) for s in SUPPLIES} | {
    f"supply {a} or {b}": (a, b) for a, b in combinations(SUPPLIES, 2)}
HANDLERS = frozenset({*SUPPLY, DISMISS})


def waiting(name: str) -> str:
    return f"{name}'s Waiting Patients"


def fill(tavern: Tavern, name: str) -> Resolution[Tavern]:
    """Reveal Patients into the empty Waiting Patient slots."""
    while len(tavern.pile(waiting(name))) < SLOTS:
        tavern, patient = yield from reveal_from_pile(tavern, PATIENTS)
        if patient is None:
            break
        tavern = tavern.with_pile(waiting(name), (*tavern.pile(waiting(name)), patient))
        tavern = tavern.note(f"{name}'s Waiting Patient: {patient.name}")
    return tavern


def treatable(tavern: Tavern, name: str) -> list[str]:
    player = tavern.player(name)
    return [p.name for p in tavern.pile(waiting(name))
            if all(player.count(s) >= p.icons.count(s) for s in set(p.icons))]


def treat(tavern: Tavern, name: str) -> Resolution[Tavern]:
    """000: "you may spend a Patient's required Medical Supply Tokens from your player mat,
    putting them back into the supply. If you do, take that Patient Card into your hand."""
    while options := treatable(tavern, name):
        choice = yield Decision("treat", f"{name}: treat a Patient?", (PASS, *options),
                                Decider.PLAYER, name, state=tavern)
        if choice == PASS:
            break
        patients = tavern.pile(waiting(name))
        index = next(i for i, p in enumerate(patients) if p.name == choice)
        patient = patients[index]
        tavern = tavern.with_pile(waiting(name), patients[:index] + patients[index + 1:])
        for supply in patient.icons:
            tavern = spend_tokens(tavern, name, supply, 1)
        player = tavern.player(name)
        tavern = tavern.with_player(replace(player, hand=(*player.hand, patient)))
        tavern = tavern.note(f"{name} treats {patient.name}")
    return tavern


class Terci(Mechanics):
    name = NAME
    handlers = HANDLERS
    resources = tuple(Resource(s, limit=3, owner=NAME) for s in SUPPLIES)

    def start_of_turn(self, tavern: Tavern, owner: str, active: str) -> Resolution[Tavern]:
        """000: "At the beginning of your turn, before your Discard and Draw Phase, fill any
        empty Waiting Patient slots by revealing new cards from the Patient Deck."""
        if tavern.player(owner).side != tavern.player(active).side or \
                tavern.player(owner).out:
            return tavern
        return (yield from fill(tavern, owner))

    def set_up(self, tavern: Tavern, name: str) -> Tavern:
        """000: "Reveal the top two cards from the Patient Deck and place them in the
        "Waiting Patient" slots above your player mat."""
        cards = tavern.pile(PATIENTS)
        top = cards[-SLOTS:]
        return tavern.with_pile(PATIENTS, cards[:len(cards) - len(top)]).with_pile(
            waiting(name), (*tavern.pile(waiting(name)), *reversed(top)))

    def action_phase(self, tavern: Tavern, name: str) -> Resolution[tuple[Tavern, int]]:
        tavern = yield from treat(tavern, name)
        return tavern, 0

    def may_gain(self, tavern: Tavern, name: str, resource: str) -> bool:
        return tavern.player(name).mechanics == NAME

    def handle(self, tavern: Tavern, name: str, step: Step, target: str | None
               ) -> Resolution[Tavern]:
        """000: "take one of that Medical Supply Token and put it on your player mat *after
        all other effects on the card have been carried out*. If the card has a split icon
        with multiple Medical Supplies, choose one of the tokens shown."""
        if step.handler in SUPPLY:
            shown = SUPPLY[step.handler]
            which = shown[0]
            if len(shown) > 1:
                which = yield Decision("supply", f"{name}: take which Medical Supply?", shown,
                                       Decider.PLAYER, name, state=tavern)
            return (yield from gain_tokens(tavern, name, name, which, 1))
        if step.handler == DISMISS:
            patients = tavern.pile(waiting(name))
            if not patients:
                return tavern
            choice = yield Decision("dismiss", f"{name}: discard which Waiting Patient?",
                                    (PASS, *sorted({p.name for p in patients})),
                                    Decider.PLAYER, name, state=tavern)
            if choice == PASS:
                return tavern
            index = next(i for i, p in enumerate(patients) if p.name == choice)
            tavern = tavern.with_pile(waiting(name), patients[:index] + patients[index + 1:])
            return discard_card(tavern, patients[index], name).note(
                f"{name} discards the Waiting Patient {choice}")
        return tavern


register(Terci())
