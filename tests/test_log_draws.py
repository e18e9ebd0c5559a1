"""Issue 38: the log has a line for every initiative token drawn and every roll of Pooky's
die (the Companion's too, and his second roll after his first turn), and a Companion turn
that can use nothing says its turn ends."""

from __future__ import annotations

from tales.engine.content import load_context
from tales.engine.game import Game
from tales.engine.rounds import play_scenario
from tales.engine.state import GameState, Setup
from tales.rules.decisions import Decider
from tales.terminal import chance_for


def _play(setup: Setup, seed: int, steps: int = 400) -> tuple[list[str], dict[str, int]]:
    ctx = load_context(setup)
    game: Game[GameState] = Game(lambda: play_scenario(ctx))
    asked = {"pooky": 0}
    last = None
    for _ in range(steps):
        decision = game.pending
        if decision is None:
            break
        last = decision
        if "Pooky's Scheme" in decision.prompt:
            asked["pooky"] += 1
        if decision.decider is Decider.CHANCE:
            game.answer(chance_for(seed, len(game.choices), decision))
        else:
            game.choose(0)
    assert last is not None
    state = last.state
    log = list((state.battle if state is not None else last.battle).log)
    return log, asked


def test_every_initiative_draw_and_pooky_roll_is_logged() -> None:
    for seed in (1, 2, 3):
        log, asked = _play(Setup("scenarios/cellar-door.toml", ("gerki",),
                                 companion="pooky"), seed)
        rounds: list[list[int]] = []
        for line in log:
            if line.endswith(": Combat Phase"):
                rounds.append([])
            elif line.startswith("Initiative token drawn: "):
                rounds[-1].append(int(line.rsplit("; ", 1)[1].split()[0]))
        rolled = [line for line in log if line.startswith("Pooky's die (pooky)")]
        assert len(rounds) >= 2, seed
        for left in rounds[:-1]:  # every round played out: a line per token, down to 0
            assert left == list(range(len(left) - 1, -1, -1)), (seed, left)
            assert len(left) >= 4, (seed, left)  # gerki twice, pooky twice, the groups
        assert asked["pooky"] - 1 <= len(rolled) <= asked["pooky"], seed
        assert any("rolled again" in line for line in rolled), seed


def test_a_companion_turn_that_can_use_nothing_says_so() -> None:
    log, _ = _play(Setup("scenarios/cellar-door.toml", ("gerki",), companion="pooky"), 3, 60)
    at = log.index("pooky's Companion turn: Foul mood")
    assert log[at + 1].startswith("pooky: Foul mood: not now (")
    assert log[at + 2] == "pooky's turn ends: nothing it can use now"


def test_the_terminal_status_says_tokens_in_the_rulebooks_words() -> None:
    from tales.board.figures import Figure, Side, Token
    from tales.present.figures import tokens_text

    figure = Figure("gerki", Side.HERO, 0, fortitude=7,
                    tokens=((Token.DAMAGE_BOOST, 1), (Token.EVADE, 2)))
    assert tokens_text(figure) == "1 Damage Boost Token, 2 Evade Tokens"
