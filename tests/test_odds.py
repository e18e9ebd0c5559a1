"""Exact damage odds (tales.rules.odds and ``tales odds``).

Every expected distribution here is worked out by hand for a tiny dice file; the property
the project requires then checks the exact odds against the rules themselves: sampling
:func:`tales.rules.damage.determine_damage` (every die a chance Decision) agrees with
:func:`damage_distribution` by a chi-square test.
"""

from __future__ import annotations

import bisect
import itertools
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from scipy import stats

from tales.cli import main
from tales.errors import TalesError
from tales.rules.damage import TAKE_DOOM, RemoveDie, determine_damage, face_worth
from tales.rules.decisions import Decider, Decision
from tales.rules.dice import Dice, DieKind, load_dice, parse_dice
from tales.rules.odds import (
    AttackSpec,
    Distribution,
    DoomChoice,
    damage_distribution,
    die_distribution,
    mean,
    parse_attack,
)
from tests.test_dice import dice_text, write_dice

BUNDLED = load_dice()

#: A fair coin of a Damage Die: 0 or 1. Epic {1, 3}. Doom Die: Doom on half its faces.
COIN = parse_dice(dice_text(damage="{damage = 0}, {damage = 1}",
                            epic="{damage = 1}, {damage = 3}"), "coin.toml")
#: Damage Die {0, 2}: the die worth least is plain to see.
ZERO_TWO = parse_dice(dice_text(damage="{damage = 0}, {damage = 2}",
                                epic="{damage = 1}, {damage = 3}"), "zero-two.toml")
#: Damage Die {0, Critical Hit}: value k with chance (1/2)^(k+1).
GEOMETRIC = parse_dice(dice_text(damage="{damage = 0}, {crit = true}"), "geometric.toml")
#: Epic Die {1, 1, Critical Hit with 1 damage}: only odd values, 2k+1 with (2/3)(1/3)^k.
ODD = parse_dice(dice_text(epic="{damage = 1}, {damage = 1}, {crit = true, damage = 1}"),
                 "odd.toml")


def exact(distribution: Distribution) -> list[float]:
    return [float(p) for p in distribution]


def approx(values: Sequence[Fraction | float]) -> Any:
    return pytest.approx([float(v) for v in values], abs=1e-14)


F = Fraction


# --- one die ------------------------------------------------------------------------------


def test_coin_die() -> None:
    assert exact(die_distribution(COIN[DieKind.DAMAGE])) == [0.5, 0.5]
    assert exact(damage_distribution(AttackSpec(yellow=1), COIN)) == [0.5, 0.5]


def test_critical_hit_chain_is_geometric() -> None:
    # P(k) = P(k-1 Critical Hits, then the 0 face) = (1/2)^(k+1); mean = sum k/2^(k+1) = 1
    d = die_distribution(GEOMETRIC[DieKind.DAMAGE])
    assert exact(d[:6]) == approx([F(1, 2 ** (k + 1)) for k in range(6)])
    assert abs(d.sum() - 1.0) < 1e-11
    assert mean(d) == pytest.approx(1.0, abs=1e-9)
    ratios = d[1:30] / d[:29]
    assert ratios == pytest.approx(np.full(29, 0.5), rel=1e-9)


def test_critical_hit_with_damage_counts_damage_plus_one() -> None:
    # faces 1, 1, crit+1: a crit counts 1 + 1 and rolls again, so X = 1 (2/3) or 2 + X (1/3):
    # P(2k+1) = (2/3)(1/3)^k, even values never; mean E = 2/3 + (2 + E)/3, E = 2
    d = die_distribution(ODD[DieKind.EPIC])
    assert exact(d[:8]) == approx([0, F(2, 3), 0, F(2, 9), 0, F(2, 27), 0, F(2, 81)])
    assert abs(d.sum() - 1.0) < 1e-11
    assert mean(d) == pytest.approx(2.0, abs=1e-9)
    assert d[::2].sum() == 0.0


def test_bundled_damage_die() -> None:
    # faces 0, 1, 2, crit (0 damage), 1 (+Inspire), 1.  X = face (5/6) or 1 + X (1/6):
    # P0 = 1/6, P1 = 3/6 + P0/6 = 19/36, P2 = 1/6 + P1/6 = 55/216, Pk = Pk-1/6 after that;
    # mean: E = (0+1+2+1+1)/6 + (1 + E)/6, so 5E/6 = 1 and E = 1.2
    d = die_distribution(BUNDLED[DieKind.DAMAGE])
    assert exact(d[:5]) == approx([F(1, 6), F(19, 36), F(55, 216), F(55, 1296), F(55, 7776)])
    assert mean(d) == pytest.approx(1.2, abs=1e-9)
    assert abs(d.sum() - 1.0) < 1e-11


def test_bundled_epic_die() -> None:
    # faces 1, 2, 2, 3, crit+1, 2: E = (1+2+2+3+2)/6 + (2 + E)/6, so 5E/6 = 2 and E = 2.4
    d = die_distribution(BUNDLED[DieKind.EPIC])
    assert exact(d[:4]) == approx([0, F(1, 6), F(3, 6), F(1, 6) + F(1, 36)])
    assert mean(d) == pytest.approx(2.4, abs=1e-9)
    assert abs(d.sum() - 1.0) < 1e-11


def test_all_crit_die_is_refused() -> None:
    die = replace(GEOMETRIC[DieKind.DAMAGE], faces=(GEOMETRIC[DieKind.DAMAGE].faces[1],))
    with pytest.raises(TalesError, match="only Critical Hits"):
        die_distribution(die)


# --- several dice, fixed damage, tokens ----------------------------------------------------


def test_dice_convolve() -> None:
    assert exact(damage_distribution(AttackSpec(yellow=2), COIN)) == [0.25, 0.5, 0.25]
    assert exact(damage_distribution(AttackSpec(yellow=3), COIN)) == [
        0.125, 0.375, 0.375, 0.125]
    # two geometric dice: P(s) = (s + 1) / 2^(s + 2) (s + 1 ways to split s)
    d = damage_distribution(AttackSpec(yellow=2), GEOMETRIC)
    assert exact(d[:6]) == approx([F(s + 1, 2 ** (s + 2)) for s in range(6)])
    assert mean(d) == pytest.approx(2.0, abs=1e-9)
    assert abs(d.sum() - 1.0) < 1e-11


def test_epic_and_yellow() -> None:
    # coin {0, 1} + epic {1, 3}: 1, 2, 3, 4 with 1/4 each
    d = damage_distribution(AttackSpec(yellow=1, epic=1), COIN)
    assert exact(d) == [0, 0.25, 0.25, 0.25, 0.25]
    assert mean(d) == 2.5
    # two epic dice alone: 2 (1/4), 4 (1/2), 6 (1/4)
    assert exact(damage_distribution(AttackSpec(epic=2), COIN)) == [0, 0, 0.25, 0, 0.5, 0, 0.25]


def test_no_dice_is_the_fixed_damage() -> None:
    assert exact(damage_distribution(AttackSpec(), COIN)) == [1.0]
    assert exact(damage_distribution(AttackSpec(fixed=2), COIN)) == [0, 0, 1.0]


def test_fixed_and_boost_shift() -> None:
    d = damage_distribution(AttackSpec(yellow=1, fixed=2, boost=1), COIN)
    assert exact(d) == [0, 0, 0, 0.5, 0.5]
    assert mean(d) == 3.5
    assert exact(damage_distribution(AttackSpec(yellow=1, boost=2), COIN)) == [0, 0, 0.5, 0.5]


@pytest.mark.parametrize(("weaken", "shield", "expected"), [
    (1, 0, [0.5, 0.375, 0.125]),       # 0,1 -> 0; 2 -> 1; 3 -> 2
    (2, 0, [0.875, 0.125]),            # 0,1,2 -> 0; 3 -> 1
    (0, 1, [0.875, 0.125]),            # a Shield Token is -2
    (1, 1, [1.0]),                     # -3: every total is 0
    (9, 0, [1.0]),
    (0, 4, [1.0]),
])
def test_weaken_and_shield_floor_at_zero(weaken: int, shield: int, expected: list[float]
                                         ) -> None:
    # three coins: 0 (1/8), 1 (3/8), 2 (3/8), 3 (1/8)
    d = damage_distribution(AttackSpec(yellow=3, weaken=weaken, shield=shield), COIN)
    assert exact(d) == expected


def test_weaken_after_fixed_and_boost() -> None:
    # 1 coin + 1 fixed + 1 boost = 2 or 3; weaken 2 -> 0 or 1; then 1 Shield -> 0
    spec = AttackSpec(yellow=1, fixed=1, boost=1, weaken=2)
    assert exact(damage_distribution(spec, COIN)) == [0.5, 0.5]
    assert exact(damage_distribution(replace(spec, shield=1), COIN)) == [1.0]


@pytest.mark.parametrize("name", ["yellow", "epic", "fixed", "boost", "weaken", "shield"])
def test_negative_spec_is_refused(name: str) -> None:
    negative: dict[str, Any] = {name: -1}
    with pytest.raises(TalesError, match=f"{name} must be 0 or more, not -1"):
        damage_distribution(replace(AttackSpec(yellow=1), **negative), COIN)


# --- Doom ---------------------------------------------------------------------------------

#: Two {0, 2} dice: 0 (1/4), 2 (1/2), 4 (1/4). With a Doom icon (1/2) the 0 is removed when
#: there is one, so one die is left: 0 only from (0, 0), 1/4; else 2, 3/4. Mixed half and
#: half: 0: 1/4, 2: (1/2 + 3/4)/2 = 5/8, 4: 1/8. Mean 1.75 (2 without Doom).
REMOVED_ZERO_TWO = [0.25, 0, 0.625, 0, 0.125]
KEPT_ZERO_TWO = [0.25, 0, 0.5, 0, 0.25]


def test_doom_remove_takes_the_die_worth_least() -> None:
    spec = AttackSpec(yellow=2, doom=True)
    assert spec.doom_die
    d = damage_distribution(spec, ZERO_TWO)
    assert exact(d) == REMOVED_ZERO_TWO
    assert mean(d) == 1.75


def test_doom_take_keeps_every_die() -> None:
    spec = AttackSpec(yellow=2, doom=True, doom_choice=DoomChoice.TAKE)
    assert exact(damage_distribution(spec, ZERO_TWO)) == KEPT_ZERO_TWO
    assert exact(damage_distribution(replace(spec, legend=True), ZERO_TWO)) == KEPT_ZERO_TWO


@pytest.mark.parametrize(("doom", "legend", "expected"), [
    (False, False, KEPT_ZERO_TWO),
    (True, False, REMOVED_ZERO_TWO),
    (False, True, REMOVED_ZERO_TWO),
    (True, True, REMOVED_ZERO_TWO),
])
def test_doom_only_with_doom_or_legend(doom: bool, legend: bool, expected: list[float]) -> None:
    spec = AttackSpec(yellow=2, doom=doom, legend=legend, doom_choice=DoomChoice.REMOVE)
    assert spec.doom_die is (doom or legend)
    assert exact(damage_distribution(spec, ZERO_TWO)) == expected


def test_doom_removes_a_critical_hit_before_its_reroll() -> None:
    # two {0, crit} dice (X: (1/2)^(k+1), mean 1; a crit is worth 0 + 1 + 1 = 2 > 0).
    # Kept after removal: (0,0) 1/4 -> 0; otherwise a crit is kept, 1 + X: R(k) = 3/4 (1/2)^k.
    # Without Doom S(s) = (s+1)/2^(s+2). Mixed half and half: 1/4, 5/16, 3/16, 7/64, ...
    # Mean (2 + 3/4 * 2) / 2 = 1.75.
    d = damage_distribution(AttackSpec(yellow=2, doom=True), GEOMETRIC)
    assert exact(d[:4]) == approx([F(1, 4), F(5, 16), F(3, 16), F(7, 64)])
    assert mean(d) == pytest.approx(1.75, abs=1e-9)
    assert abs(d.sum() - 1.0) < 1e-11


def test_doom_never_removes_an_epic_die() -> None:
    # {0, 2} + epic {1, 3}: 1 (1/4), 3 (1/2), 5 (1/4); on Doom the yellow die goes: 1 or 3.
    # Mixed: 1: 3/8, 3: 1/2, 5: 1/8
    d = damage_distribution(AttackSpec(yellow=1, epic=1, doom=True), ZERO_TWO)
    assert exact(d) == [0, 0.375, 0, 0.5, 0, 0.125]
    # no yellow die: nothing to remove, the attacker takes the damage
    epic_only = damage_distribution(AttackSpec(epic=1, doom=True), ZERO_TWO)
    assert exact(epic_only) == [0, 0.5, 0, 0.5]


def test_doom_with_the_bundled_doom_die() -> None:
    # bundled Doom Die: Doom on 2 of 6 faces. One yellow die, removed on Doom: 0 with 1/3.
    d = damage_distribution(AttackSpec(yellow=1, legend=True), BUNDLED)
    plain = damage_distribution(AttackSpec(yellow=1), BUNDLED)
    assert d[0] == pytest.approx(1 / 3 + 2 / 3 * 1 / 6, abs=1e-14)
    assert exact(d[1:6]) == approx([2 / 3 * p for p in plain[1:6]])
    assert mean(d) == pytest.approx(0.8, abs=1e-9)


def test_doom_decision_offers_the_yellow_dice_only() -> None:
    # the rules' own Decision, which the odds' REMOVE mirrors: take the damage, or remove a
    # yellow Damage Die as rolled; the Epic Die is never offered (Appendix E)
    zero, two = ZERO_TWO[DieKind.DAMAGE].faces
    resolution = determine_damage(ZERO_TWO, "zot", 2, epic=1, doom=True, legend=True)
    kinds = []
    decision = next(resolution)
    for answer in (two, zero, ZERO_TWO[DieKind.EPIC].faces[1], ZERO_TWO[DieKind.DOOM].faces[0]):
        kinds.append(decision.kind)
        decision = resolution.send(answer)
    assert kinds == ["roll-damage", "roll-damage", "roll-epic", "roll-doom"]
    assert decision.kind == "doom"
    assert decision.decider is Decider.PLAYER
    assert decision.options == (TAKE_DOOM, RemoveDie(0, two), RemoveDie(1, zero))
    with pytest.raises(StopIteration) as done:
        resolution.send(RemoveDie(1, zero))
    result = done.value.value
    assert (result.total, result.self_damage, result.doom) == (2 + 3, 0, True)
    assert result.removed is not None and result.removed.faces == (zero,)
    # taking the damage instead keeps every die: 2 + 0 + 3, and 2 damage at Legend
    taken = determine_damage(ZERO_TWO, "zot", 2, epic=1, doom=True, legend=True)
    decision = next(taken)
    for answer in (two, zero, ZERO_TWO[DieKind.EPIC].faces[1], ZERO_TWO[DieKind.DOOM].faces[0]):
        decision = taken.send(answer)
    with pytest.raises(StopIteration) as done:
        taken.send(TAKE_DOOM)
    result = done.value.value
    assert (result.total, result.self_damage, result.removed) == (5, 2, None)


# --- parse_attack -------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "expected"), [
    ("2 damage + 1 epic + 3", AttackSpec(yellow=2, epic=1, fixed=3)),
    ("1 damage", AttackSpec(yellow=1)),
    ("1 DAMAGE DIE", AttackSpec(yellow=1)),
    ("2 yellow dice", AttackSpec(yellow=2)),
    ("1 epic die + 2 epic dice", AttackSpec(epic=3)),
    ("2 damage + 1 damage", AttackSpec(yellow=3)),
    ("4", AttackSpec(fixed=4)),
    ("4 fixed + 1", AttackSpec(fixed=5)),
    ("  2   damage+1 epic ", AttackSpec(yellow=2, epic=1)),
    ("2damage", AttackSpec(yellow=2)),
    ("0 damage", AttackSpec()),
])
def test_parse_attack(text: str, expected: AttackSpec) -> None:
    assert parse_attack(text) == expected


@pytest.mark.parametrize(("text", "term"), [
    ("", ""),
    ("damage", "damage"),
    ("2 dmg", "2 dmg"),
    ("-1 damage", "-1 damage"),
    ("2 damage +", ""),
    ("1.5 epic", "1.5 epic"),
    ("two damage", "two damage"),
    ("2 damage - 1", "2 damage - 1"),
    ("1 damage + 2 red", "2 red"),
])
def test_parse_attack_errors(text: str, term: str) -> None:
    with pytest.raises(TalesError) as caught:
        parse_attack(text)
    message = str(caught.value)
    assert message.startswith(f"attack {text!r}: {term!r} is not understood")
    assert "\n" not in message


def test_parse_attack_bare_dice_is_not_fixed_damage() -> None:
    try:
        spec = parse_attack("2 dice")
    except TalesError:
        return
    assert spec == AttackSpec(yellow=2)


# --- the property: sampling the rules agrees with the exact odds ----------------------------

#: Dice with plenty of Critical Hits and Doom on half the Doom Die: yellow {0, 1, crit,
#: crit+2} (mean 2.5: crits worth 3.5 and 5.5, no ties), epic {1, crit+1}.
CRITS = parse_dice(dice_text(damage="{damage = 0}, {damage = 1}, {crit = true}, "
                             "{crit = true, damage = 2}",
                             epic="{damage = 1}, {crit = true, damage = 1}"), "crits.toml")


@dataclass(frozen=True)
class Sampled:
    spec: AttackSpec
    dice: Dice
    samples: int


#: 100,000 samples each. Measured on the 2-core machine: 3.9 s, 3.7 s and 5.7 s (the whole
#: file about 16 s), so every spec keeps the full 100,000. With the fixed seeds below the
#: p-values are about 0.34, 0.22 and 0.54.
SAMPLED = {
    "doom-epic-bundled": Sampled(
        AttackSpec(yellow=2, epic=1, doom=True, boost=1, weaken=2), BUNDLED, 100_000),
    "legend-shield-bundled": Sampled(
        AttackSpec(yellow=3, fixed=1, legend=True, shield=1), BUNDLED, 100_000),
    "crits-doom-epic": Sampled(
        AttackSpec(yellow=3, epic=1, doom=True, weaken=1), CRITS, 100_000),
}


class Uniforms:
    """Uniform numbers from a seeded numpy Generator, drawn in blocks."""

    def __init__(self, seed: int) -> None:
        self.rng = np.random.default_rng(seed)
        self.block: Iterator[float] = iter(())

    def next(self) -> float:
        for u in self.block:
            return u
        self.block = iter(self.rng.random(65_536).tolist())
        return next(self.block)


def sample_totals(case: Sampled, seed: int) -> np.ndarray:
    """Run determine_damage ``case.samples`` times; return how often each total came up.

    Chance is answered from the seeded generator with each option's probability; the Doom
    Decision removes the Damage Die worth least (face_worth with the die's mean), as
    DoomChoice.REMOVE does; every Damage Boost Token is spent; Shields are taken off after.
    determine_damage's ``doom`` means "the Doom Die is rolled", so it gets ``doom_die``
    (Legend or a Foe with Doom); ``legend`` only sets the self-damage.
    """
    spec, dice = case.spec, case.dice
    uniforms = Uniforms(seed)
    yellow_mean = mean(die_distribution(dice[DieKind.DAMAGE]))
    cumulative: dict[tuple[float, ...], list[float]] = {}

    def choose(decision: Decision[Any]) -> Any:
        if decision.decider is Decider.CHANCE:
            assert decision.probabilities is not None
            cum = cumulative.get(decision.probabilities)
            if cum is None:
                cum = cumulative[decision.probabilities] = list(
                    itertools.accumulate(decision.probabilities))
            index = bisect.bisect_right(cum, uniforms.next())
            return decision.options[min(index, len(cum) - 1)]
        if decision.kind == "doom":
            assert spec.doom_choice is DoomChoice.REMOVE
            removable = [o for o in decision.options if isinstance(o, RemoveDie)]
            if not removable:
                return TAKE_DOOM
            return min(removable, key=lambda o: face_worth(o.face, yellow_mean))
        assert decision.kind == "damage-boost"
        return max(decision.options)

    counts: dict[int, int] = {}
    for _ in range(case.samples):
        resolution = determine_damage(
            dice, "zot", spec.yellow, spec.epic, spec.fixed, doom=spec.doom_die,
            legend=spec.legend, boosts=spec.boost, weaken=spec.weaken)
        try:
            decision = next(resolution)
            while True:
                decision = resolution.send(choose(decision))
        except StopIteration as done:
            total = max(done.value.total - 2 * spec.shield, 0)
        counts[total] = counts.get(total, 0) + 1
    observed = np.zeros(max(counts) + 1)
    for total, n in counts.items():
        observed[total] = n
    return observed


def chi_square_p(observed: np.ndarray, distribution: Distribution) -> tuple[float, int]:
    """p-value of observed counts against the distribution; sparse bins merged (expected
    counts >= 5, the tail into the last bin). Returns (p, number of bins)."""
    n = max(len(observed), len(distribution))
    obs = np.zeros(n)
    obs[: len(observed)] = observed
    expected = np.zeros(n)
    expected[: len(distribution)] = distribution
    expected *= obs.sum() / expected.sum()
    obs_bins: list[float] = []
    exp_bins: list[float] = []
    o = e = 0.0
    for ob, ex in zip(obs, expected, strict=True):
        o, e = o + ob, e + ex
        if e >= 5:
            obs_bins.append(o)
            exp_bins.append(e)
            o = e = 0.0
    obs_bins[-1] += o
    exp_bins[-1] += e
    assert min(exp_bins) >= 5
    return float(stats.chisquare(obs_bins, exp_bins).pvalue), len(obs_bins)


@cache
def sampled(name: str) -> np.ndarray:
    return sample_totals(SAMPLED[name], seed=20_240_601 + list(SAMPLED).index(name))


@pytest.mark.parametrize("name", list(SAMPLED))
def test_sampling_the_rules_agrees_with_the_exact_odds(name: str) -> None:
    case = SAMPLED[name]
    observed = sampled(name)
    assert observed.sum() == case.samples
    p, bins = chi_square_p(observed, damage_distribution(case.spec, case.dice))
    assert bins >= 5
    assert p > 0.001


def test_the_chi_square_check_can_tell_doom_apart() -> None:
    # the same samples against the odds without the removal: clearly rejected
    case = SAMPLED["crits-doom-epic"]
    wrong = damage_distribution(replace(case.spec, doom_choice=DoomChoice.TAKE), case.dice)
    p, _ = chi_square_p(sampled("crits-doom-epic"), wrong)
    assert p < 1e-6


# --- tales odds ---------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["odds", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    status, out, err = run(capsys, *argv, "--json")
    assert (status, err) == (0, "")
    data: dict[str, Any] = json.loads(out)
    return data


def test_cli_default_dice_json(capsys: pytest.CaptureFixture[str]) -> None:
    # bundled Damage Die: faces 0, 1, 2, crit, 1, 1; a crit counts 1 and rolls again.
    # E = (0 + 1 + 2 + 1 + 1)/6 + (1 + E)/6  =>  5E/6 = 1  =>  E = 1.2
    data = run_json(capsys, "1 damage")
    assert set(data) == {"distribution", "mean"}
    distribution = data["distribution"]
    assert list(distribution) == [str(k) for k in range(len(distribution))]
    assert all(isinstance(p, float) for p in distribution.values())
    assert [distribution[k] for k in "0123"] == approx([F(1, 6), F(19, 36), F(55, 216),
                                                       F(55, 1296)])
    assert sum(distribution.values()) == pytest.approx(1.0, abs=1e-11)
    assert data["mean"] == pytest.approx(1.2, abs=1e-9)
    assert min(distribution.values()) >= 1e-15


def test_cli_default_dice_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "1 damage")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == ("1 damage: mean 1.200 damage (default dice: an assumption, see "
                        "tales/data/dice.toml)")
    assert lines[1] == "  damage  chance  at least"
    assert lines[2] == "       0  16.67%  100.00%"
    assert lines[3] == "       1  52.78%   83.33%"


def test_cli_user_dice(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = str(write_dice(tmp_path, damage="{damage = 0}, {damage = 1}"))
    assert run_json(capsys, "2 damage", "--dice", path) == {
        "distribution": {"0": 0.25, "1": 0.5, "2": 0.25}, "mean": 1.0}
    status, out, err = run(capsys, "2 damage", "--dice", path)
    assert (status, err) == (0, "")
    assert out == ("2 damage: mean 1.000 damage\n"
                   "  damage  chance  at least\n"
                   "       0  25.00%  100.00%\n"
                   "       1  50.00%   75.00%\n"
                   "       2  25.00%   25.00%\n")


def test_cli_flags(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    coin = str(write_dice(tmp_path, damage="{damage = 0}, {damage = 1}"))
    assert run_json(capsys, "1 damage + 1", "--dice", coin, "--fixed", "1", "--boost", "1") == {
        "distribution": {"0": 0.0, "1": 0.0, "2": 0.0, "3": 0.5, "4": 0.5}, "mean": 3.5}
    assert run_json(capsys, "3 damage", "--dice", coin, "--weaken", "2") == {
        "distribution": {"0": 0.875, "1": 0.125}, "mean": 0.125}
    assert run_json(capsys, "3 damage", "--dice", coin, "--shield", "1") == {
        "distribution": {"0": 0.875, "1": 0.125}, "mean": 0.125}
    assert run_json(capsys, "3 damage", "--dice", coin, "--weaken", "1", "--shield", "1") == {
        "distribution": {"0": 1.0}, "mean": 0.0}


def test_cli_doom(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    zero_two = str(write_dice(tmp_path, damage="{damage = 0}, {damage = 2}"))

    def odds(*flags: str) -> list[float]:
        data = run_json(capsys, "2 damage", "--dice", zero_two, *flags)
        return list(data["distribution"].values())

    assert odds() == KEPT_ZERO_TWO
    assert odds("--doom-choice", "remove") == KEPT_ZERO_TWO  # no Doom Die: no choice
    assert odds("--doom") == REMOVED_ZERO_TWO
    assert odds("--legend") == REMOVED_ZERO_TWO
    assert odds("--doom", "--doom-choice", "remove") == REMOVED_ZERO_TWO
    assert odds("--doom", "--doom-choice", "take") == KEPT_ZERO_TWO
    assert odds("--legend", "--doom-choice", "take") == KEPT_ZERO_TWO


@pytest.mark.parametrize("attack", ["2 dmg", "", "1 damage + "])
def test_cli_bad_attack(capsys: pytest.CaptureFixture[str], attack: str) -> None:
    status, out, err = run(capsys, attack)
    assert (status, out) == (2, "")
    assert err.startswith(f"tales: attack {attack!r}: ")
    assert err.count("\n") == 1 and err.endswith("\n")


def test_cli_bad_dice_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write_dice(tmp_path, epic="{damage = 1}, {damage = -2}")
    status, out, err = run(capsys, "1 damage", "--dice", str(path))
    assert (status, out) == (2, "")
    assert err == (f"tales: {path}:4: dice.epic, face 2: 'damage' must be a whole number, "
                   "0 to 20\n")


def test_cli_missing_dice_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "none.toml"
    assert run(capsys, "1 damage", "--dice", str(path)) == (2, "", f"tales: {path}: no such file\n")


@pytest.mark.parametrize("flag", ["--fixed", "--boost", "--weaken", "--shield"])
def test_cli_negative_flags(capsys: pytest.CaptureFixture[str], flag: str) -> None:
    assert run(capsys, "1 damage", flag, "-1") == (2, "", f"tales: {flag} -1: must be 0 or more\n")


def test_cli_unknown_doom_choice(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "1 damage", "--doom-choice", "never"]) == 2
    err = capsys.readouterr().err
    assert "--doom-choice" in err and err.count("\n") == 1 and err.startswith("tales: ")
