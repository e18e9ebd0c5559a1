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
