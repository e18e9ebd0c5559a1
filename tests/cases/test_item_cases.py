"""Rule cases for Items, the Armory and Discard Abilities (tales.rules.items).

Glossary entries: Item, Armory, Vault, Archive, Discard Ability, and Appendix B, "Additional
Setup for Solo Mode". ``ARMORY`` below is an original sample (not printed cards): three
Support Items, one Major, one Masterwork. An allowance is written ``allow(support, major,
masterwork)``. Every expected value was worked out by hand from the row's passage.
"""

from __future__ import annotations

from typing import Any

import pytest

from tales.errors import ContentError, IllegalChoice
from tales.rules.decisions import Decider, Decision, all_outcomes, resolve
from tales.rules.items import (
    Allowance,
    Armory,
    ItemSpec,
    Slot,
    can_use_discard_ability,
    choose_items,
    discard_ability,
    equip,
    read_items,
    retire,
    solo_allowance,
    unlock,
)

from ._build import Rule, case

HERO = "fiona"

ITEMS_TEXT = """\
[[items]]
name = "Healing Draught"
slot = "support"

[[items]]
name = "Lucky Charm"
slot = "support"

[[items]]
name = "Rope"
slot = "support"

[[items]]
name = "Iron Shield"
slot = "major"

[[items]]
name = "Runed Blade"
slot = "masterwork"
"""

ARMORY: Armory = read_items(ITEMS_TEXT, "sample-items.toml")

allow = Allowance
SOLO = "Equip any allowed Support Items and one extra."
IN_ARMORY = "Collection of unlocked Item Cards not currently in use."


# --- equip: the Items a Hero takes at setup ------------------------------------------------

EQUIP = [
    case("item-one-of-each-slot", "one Support, one Major, one Masterwork within 1/1/1",
         "Item", "Types: Support, Major, Masterwork.",
         ARMORY, allow(1, 1, 1), ["Lucky Charm", "Iron Shield", "Runed Blade"],
         ("Lucky Charm", "Iron Shield", "Runed Blade")),
    case("item-fewer-than-allowed", "one Support Item when two are allowed",
         "Additional Setup for Solo Mode", SOLO,
         ARMORY, allow(2, 1, 1), ["Rope"], ("Rope",)),
    case("item-too-many-support", "two Support Items when one is allowed",
         "Armory", "Players select Items to equip at the start of each game.",
         ARMORY, allow(1, 1, 0), ["Rope", "Lucky Charm"],
         "2 Support Items chosen; the allowance is 1"),
    case("item-slot-allowance-zero", "a Masterwork Item when the scenario allows none",
         "Item", "Types: Support, Major, Masterwork.",
         ARMORY, allow(1, 1, 0), ["Runed Blade"],
         "1 Masterwork Item chosen; the allowance is 0"),
    case("item-twice-refused", "the same Item twice (two Support Items allowed)",
         "Armory", IN_ARMORY,
         ARMORY, allow(2, 0, 0), ["Rope", "Rope"], "'Rope' is chosen twice"),
    case("item-in-the-vault-refused", "an Item not yet unlocked is not in the Armory",
         "Vault", "Set of cards not yet accessible.",
         ARMORY, allow(1, 0, 0), ["Spyglass"], "'Spyglass' is not in the Armory"),
    case("item-unlocked-from-the-vault", "once unlocked, it can be equipped",
         "Vault", "Unlocked during the campaign.",
         unlock(ARMORY, ItemSpec("Spyglass", Slot.SUPPORT)), allow(1, 0, 0), ["Spyglass"],
         ("Spyglass",)),
    case("item-retired-to-the-archive", "a retired Item is no longer in the Armory",
         "Archive", "removed from the campaign.",
         retire(ARMORY, "Rope"), allow(1, 0, 0), ["Rope"], "'Rope' is not in the Armory"),
    case("item-in-use-by-another-hero", "an Item another Hero equipped is not in the Armory",
         "Armory", IN_ARMORY,
         ARMORY.without(["Iron Shield"]), allow(0, 1, 0), ["Iron Shield"],
         "'Iron Shield' is not in the Armory"),
    case("item-solo-one-extra-support", "solo: 1 allowed Support Item and one extra is 2",
         "Additional Setup for Solo Mode", SOLO,
         ARMORY, solo_allowance(allow(1, 1, 0)), ["Rope", "Lucky Charm", "Iron Shield"],
         ("Rope", "Lucky Charm", "Iron Shield")),
    case("item-solo-extra-is-support-only", "solo adds no Major Item",
         "Additional Setup for Solo Mode", SOLO,
         ARMORY, solo_allowance(allow(1, 0, 0)), ["Rope", "Iron Shield"],
         "1 Major Item chosen; the allowance is 0"),
    case("item-solo-not-two-extra", "solo: 1 allowed + 1 extra, not 3 Support Items",
         "Additional Setup for Solo Mode", SOLO,
         ARMORY, solo_allowance(allow(1, 0, 0)), ["Rope", "Lucky Charm", "Healing Draught"],
         "3 Support Items chosen; the allowance is 2"),
]


@pytest.mark.parametrize(("rule", "armory", "allowance", "chosen", "expected"), EQUIP)
def test_equip(rule: Rule, armory: Armory, allowance: Allowance, chosen: list[str],
               expected: tuple[str, ...] | str) -> None:
    if isinstance(expected, str):
        with pytest.raises(IllegalChoice) as refused:
            equip(armory, chosen, allowance)
        assert expected in str(refused.value), rule
        assert "\n" not in str(refused.value)
    else:
        assert tuple(i.name for i in equip(armory, chosen, allowance)) == expected, rule


# --- choose_items: PLAYER Decisions slot by slot -------------------------------------------

CHOOSE = [
    case("item-choose-slot-by-slot", "Support first, then Major; no Masterwork allowed: not "
         "asked",
         "Armory", "Players select Items to equip at the start of each game.",
         allow(1, 1, 0), ["Rope", "Iron Shield"],
         [("Healing Draught", "Lucky Charm", "Rope", None), ("Iron Shield", None)],
         ("Rope", "Iron Shield")),
    case("item-choose-solo-two-support", "solo, 1 Support allowed: two Support picks; the "
         "first is not offered again",
         "Additional Setup for Solo Mode", SOLO,
         solo_allowance(allow(1, 0, 0)), ["Lucky Charm", "Healing Draught"],
         [("Healing Draught", "Lucky Charm", "Rope", None), ("Healing Draught", "Rope", None)],
         ("Lucky Charm", "Healing Draught")),
    case("item-choose-stop-early", "None: no more Support Items; Major is still asked",
         "Additional Setup for Solo Mode", SOLO,
         allow(2, 1, 0), [None, None],
         [("Healing Draught", "Lucky Charm", "Rope", None), ("Iron Shield", None)], ()),
    case("item-choose-empty-slot-not-asked", "two Masterwork allowed, one in the Armory: "
         "asked once, then nothing is left",
         "Armory", IN_ARMORY,
         allow(0, 0, 2), ["Runed Blade"], [("Runed Blade", None)], ("Runed Blade",)),
]


@pytest.mark.parametrize(("rule", "allowance", "answers", "asked", "expected"), CHOOSE)
def test_choose_items(rule: Rule, allowance: Allowance, answers: list[str | None],
                      asked: list[tuple[str | None, ...]], expected: tuple[str, ...]) -> None:
    queue = list(answers)
    questions: list[tuple[Any, ...]] = []

    def choose(decision: Decision[Any]) -> Any:
        assert (decision.kind, decision.decider, decision.figure) == (
            "equip-item", Decider.PLAYER, HERO)
        questions.append(decision.options)
        return queue.pop(0)

    equipped = resolve(choose_items(ARMORY, allowance, HERO), choose)
    assert (questions, tuple(i.name for i in equipped), queue) == (asked, expected, []), rule


def test_every_way_to_equip_one_support_and_one_major() -> None:
    outcomes = all_outcomes(lambda: choose_items(ARMORY, allow(1, 1, 0), HERO))
    results = {tuple(i.name for i in result) for _, result in outcomes}
    supports = {("Healing Draught",), ("Lucky Charm",), ("Rope",), ()}
    assert results == {s + m for s in supports for m in (("Iron Shield",), ())}
    assert len(outcomes) == 8


def test_an_item_of_another_slot_is_refused() -> None:
    with pytest.raises(IllegalChoice):
        resolve(choose_items(ARMORY, allow(1, 1, 0), HERO), lambda decision: "Iron Shield")


# --- Discard Abilities ---------------------------------------------------------------------

DISCARD = [
    case("discard-ability-once-a-game", "used this game: it cannot be used again",
         "Discard Ability", "One-time-use ability indicated by a dissolving scroll icon.",
         ("Smoke Bomb",), "Smoke Bomb", False),
    case("discard-ability-back-next-game", "a new game starts with nothing discarded",
         "Discard Ability", "Put back in the box after use, available in future games.",
         (), "Smoke Bomb", True),
    case("discard-ability-others-unaffected", "another Discard Ability is still usable",
         "Discard Ability", "One-time-use ability indicated by a dissolving scroll icon.",
         ("Smoke Bomb",), "Flash Powder", True),
]


@pytest.mark.parametrize(("rule", "already", "name", "usable"), DISCARD)
def test_discard_ability(rule: Rule, already: tuple[str, ...], name: str, usable: bool
                         ) -> None:
    discarded = frozenset(already)
    assert can_use_discard_ability(discarded, name) is usable, rule
    if usable:
        after = discard_ability(discarded, name)
        assert after == discarded | {name}, rule
        assert not can_use_discard_ability(after, name), rule
    else:
        with pytest.raises(IllegalChoice):
            discard_ability(discarded, name)


# --- reading Items ---------------------------------------------------------------------------

LOAD = [
    case("item-load-unknown-slot", "an Item's slot is Support, Major or Masterwork",
         "Item", "Types: Support, Major, Masterwork.",
         '[[items]]\nname = "Rope"\nslot = "support"\n[[items]]\nname = "Hat"\nslot = "head"\n',
         4, "items entry 2: 'Hat': 'slot' must be one of support, major, masterwork"),
    case("item-load-same-card-twice", "the Armory holds each card once",
         "Armory", IN_ARMORY,
         '[[items]]\nname = "Rope"\nslot = "support"\n[[items]]\nname = "Rope"\nslot = "major"\n',
         4, "items entry 2: 'Rope' is already an Item"),
    case("item-load-no-name", "an Item card needs its name",
         "Item", "Cards representing physical objects equipped by Heroes.",
         '[[items]]\nslot = "support"\n', 1, "items entry 1: needs a 'name'"),
    case("item-load-unknown-key", "a misspelt key",
         "Item", "Cards representing physical objects equipped by Heroes.",
         '[[items]]\nname = "Rope"\nslott = "support"\n', 1, "unknown key 'slott'"),
]


@pytest.mark.parametrize(("rule", "text", "line", "message"), LOAD)
def test_bad_items_are_refused(rule: Rule, text: str, line: int, message: str) -> None:
    with pytest.raises(ContentError) as refused:
        read_items(text, "bad-items.toml")
    assert (refused.value.source, refused.value.line) == ("bad-items.toml", line), rule
    assert message in str(refused.value), rule


def test_the_sample_items_read_back() -> None:
    assert [(i.name, i.slot.value) for i in ARMORY.items] == [
        ("Healing Draught", "support"), ("Lucky Charm", "support"), ("Rope", "support"),
        ("Iron Shield", "major"), ("Runed Blade", "masterwork")]
    assert solo_allowance(allow(2, 1, 1)) == allow(3, 1, 1)
