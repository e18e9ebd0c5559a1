"""The simulation sweep on a local Dask cluster gives the same report as local processes
(the ``dask`` extra; skipped when it is not installed)."""

from __future__ import annotations

import pytest

from tales.engine.simulate import run_games, summarise
from tales.engine.state import Setup


def test_a_local_dask_cluster_plays_the_same_games() -> None:
    distributed = pytest.importorskip("dask.distributed")
    setup = Setup("scenarios/cellar-door.toml", ("gerki", "deirdre"))
    here = run_games(setup, "greedy", 6, 5)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        there = run_games(setup, "greedy", 6, 5, executor=client.get_executor())
    assert there == here
    assert summarise(setup, "greedy", 5, there) == summarise(setup, "greedy", 5, here)


def test_the_workers_get_the_files_as_found_here(tmp_path: object,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 41, item 2: a relative scenario path (or a bundled name) reaches a cluster's
    workers as the absolute path found here, whatever their working folder."""
    from pathlib import Path

    from tales.engine.simulate import for_workers

    root = Path(__file__).resolve().parents[1]
    monkeypatch.chdir(root)
    setup = Setup("scenarios/cellar-door.toml", ("gerki", "heroes/deirdre.toml"),
                  companion=None)
    sent = for_workers(setup)
    assert sent.scenario == str(root / "scenarios" / "cellar-door.toml")
    assert sent.heroes == ("gerki", str(root / "heroes" / "deirdre.toml"))
    assert for_workers(Setup("cellar-door", ("gerki", "deirdre"))).scenario == "cellar-door"
    monkeypatch.chdir("/")  # a worker elsewhere reads the same file
    from tales.engine.content import load_context

    assert load_context(sent).scenario.title == "The cellar door (sample)"


def test_a_sweep_on_a_local_dask_cluster_gives_the_same_table() -> None:
    """Issue 41, "Sweep": `tales sweep --dask` plays its rows on a cluster, the same
    table as here."""
    distributed = pytest.importorskip("dask.distributed")
    from tales.engine.sweep import combinations, sweep

    base = Setup("scenarios/cellar-door.toml", ("gerki", "deirdre"))
    rows = combinations([None], [False, True], ["greedy"], [None])
    here = sweep(base, rows, 4, 2)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        there = sweep(base, rows, 4, 2, executor=client.get_executor())
    assert there == here
