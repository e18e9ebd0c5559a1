"""Distance fields over the board graph, computed as arrays.

A distance field gives, for one source space, the number of steps to every space
(``-1`` where there is no path). On a large board, fields are computed by scipy's
compiled breadth-first search over a sparse graph of the spaces that may be passed.
:func:`plain_bfs` is the same computation in plain Python: the reference the tests check
against and the baseline ``tools/bench_board.py`` measures.
"""

from __future__ import annotations

import heapq
import math
from bisect import bisect_left
from collections import deque
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from tales.board.board import BoolArray, IntArray

UNREACHABLE = -1


#: Boards of up to this many spaces are searched in plain Python over neighbour lists built
#: once: on them that beats scipy's compiled search, whose import alone costs more than a
#: table answer (tools/bench_board.py measures both). Larger boards use scipy.
SMALL_BOARD = 300


class DistanceGraph:
    """Steps between spaces, moving only between linked spaces that are both passable.

    ``links`` is a neighbour table (n x K, -1 for none); ``passable`` marks the spaces a
    path may enter or leave. Fields are cached per source. Small boards (:data:`SMALL_BOARD`)
    are searched breadth-first in Python, larger ones by scipy; the fields are the same.
    """

    def __init__(self, links: IntArray, passable: BoolArray) -> None:
        self.n = int(links.shape[0])
        self.links = links
        self.passable = passable
        self._open, self._neighbours, self._matrix = _graph(links, passable)
        self._fields: dict[int, IntArray] = {}

    def _breadth_first(self, source: int) -> IntArray:
        assert self._neighbours is not None
        neighbours = self._neighbours
        distance = [UNREACHABLE] * self.n
        if neighbours[source] or self._open[source]:
            distance[source] = 0
            frontier, step = [source], 0
            while frontier:
                step += 1
                reached = []
                for here in frontier:
                    for there in neighbours[here]:
                        if distance[there] == UNREACHABLE:
                            distance[there] = step
                            reached.append(there)
                frontier = reached
        return np.array(distance, dtype=np.int32)

    def fields(self, sources: Sequence[int]) -> IntArray:
        """One distance field per source, as a ``len(sources) x n`` array."""
        missing = [s for s in dict.fromkeys(sources) if s not in self._fields]
        if missing and self._neighbours is not None:
            for source in missing:
                row = self._breadth_first(source)
                row.setflags(write=False)
                self._fields[source] = row
        elif missing:
            for source in missing:
                row = (_depths(self._matrix, source) if self.passable[source]
                       else np.full(self.n, UNREACHABLE, dtype=np.int32))
                row.setflags(write=False)
                self._fields[source] = row
        if not sources:
            return np.zeros((0, self.n), dtype=np.int32)
        return np.stack([self._fields[s] for s in sources])

    def field(self, source: int) -> IntArray:
        """Distance from ``source`` to every space; ``-1`` where no path exists."""
        found = self._fields.get(source)
        if found is None:
            if self._neighbours is None:
                self.fields([source])
                return self._fields[source]
            found = self._breadth_first(source)
            found.setflags(write=False)
            self._fields[source] = found
        return found

    def forget(self) -> None:
        """Drop the cached fields (keeps the graph)."""
        self._fields.clear()

    def distance(self, a: int, b: int) -> int | None:
        """Steps from ``a`` to ``b``, or None when there is no path."""
        d = int(self.field(a)[b])
        return None if d == UNREACHABLE else d


def _depths(matrix: Any, source: int) -> IntArray:
    """Steps from ``source`` to every space over ``matrix`` (-1: no path): scipy's compiled
    breadth-first order, read level by level. The order lists the spaces by steps, and the
    parents' places in it never go down, so each level ends where the parents of the next
    one stop being in it: a bisect a level, not a search of weighted paths."""
    from scipy.sparse.csgraph import breadth_first_order

    n = matrix.shape[0]
    order, parent = breadth_first_order(matrix, source, directed=True,
                                        return_predecessors=True)
    count = len(order)
    place = np.empty(n, dtype=np.intp)
    place[order] = np.arange(count)
    parents = place[parent[order[1:]]].tolist()  # the place of each space's parent
    ends = [1]  # where each level ends in the order: the source alone, then the rest
    while ends[-1] < count:
        ends.append(1 + bisect_left(parents, ends[-1]))
    depth = np.full(n, UNREACHABLE, dtype=np.int32)
    sizes = [end - begin for begin, end in zip([0, *ends], ends, strict=False)]
    depth[order] = np.repeat(np.arange(len(ends), dtype=np.int32), sizes)
    return depth


# the graphs of recent (link table, passable spaces) pairs: (the table, the passable
# spaces as bytes, the graph); a board's Line of Fire graph for its doors is built once,
# however often its searches are forgotten
_GRAPHS: list[tuple[IntArray, bytes, tuple[list[bool], list[list[int]] | None, Any]]] = []


def _graph(links: IntArray, passable: BoolArray
           ) -> tuple[list[bool], list[list[int]] | None, Any]:
    """(``passable`` as a list, neighbour lists) on a small board, ([], None, the sparse
    matrix) on a large one, built once per link table and passable spaces. Shared: read
    them, never change them."""
    n = int(links.shape[0])
    flags = passable.tobytes()
    for kept in _GRAPHS:  # (a kind of search the size no longer picks is built again)
        if kept[0] is links and kept[1] == flags and (kept[2][1] is None) != (
                n <= SMALL_BOARD):
            return kept[2]
    graph: tuple[list[bool], list[list[int]] | None, Any]
    if n <= SMALL_BOARD:
        ok = passable.tolist()
        graph = (ok, [[t for t in row if t >= 0 and ok[t]] if ok[s] else []
                      for s, row in enumerate(links.tolist())], None)
    else:
        from scipy.sparse import csr_matrix  # only boards this large need scipy

        keep = links >= 0
        keep &= passable[:, None]
        keep[keep] &= passable[links[keep]]
        indptr = np.zeros(n + 1, dtype=np.int32)
        np.cumsum(keep.sum(axis=1), out=indptr[1:])
        indices = links[keep].astype(np.int32)
        data = np.ones(len(indices), dtype=np.float64)
        graph = ([], None, csr_matrix((data, indices, indptr), shape=(n, n)))
    if len(_GRAPHS) >= 8:
        _GRAPHS.pop(0)
    _GRAPHS.append((links, flags, graph))
    return graph


def plain_bfs(links: IntArray | Sequence[Sequence[int]], passable: Iterable[bool],
              source: int) -> list[int]:
    """Breadth-first distances in plain Python (reference and benchmark baseline)."""
    table = [[int(s) for s in row] for row in links]
    ok = [bool(p) for p in passable]
    distance = [UNREACHABLE] * len(table)
    if not ok[source]:
        return distance
    distance[source] = 0
    queue = deque([source])
    while queue:
        here = queue.popleft()
        step = distance[here] + 1
        for there in table[here]:
            if there >= 0 and ok[there] and distance[there] == UNREACHABLE:
                distance[there] = step
                queue.append(there)
    return distance


def entry_cost_field(
    links: IntArray,
    passable: BoolArray,
    entry_cost: npt.NDArray[np.float64],
    source: int,
    toward: bool = False,
) -> npt.NDArray[np.float64]:
    """Least total cost of entering spaces along a path from ``source`` (inf: no path).

    Entering space ``v`` costs ``entry_cost[v]``; only passable spaces are entered or left
    (``source`` is always left). With ``toward``, the cost from every space *to* ``source``
    (entering ``source`` included) instead.
    """
    n = int(links.shape[0])
    if n <= SMALL_BOARD:
        return _plain_dijkstra(links, passable, entry_cost, source, toward)
    from scipy.sparse.csgraph import dijkstra

    graph, rows = _sparse(links, toward)
    # each link costs entering its space, infinity for a space not passable: a path that
    # enters none of those leaves none either (but ``source``, always left), so no
    # shortest path uses a link that leaves or enters one (the same field as leaving it out)
    cost = np.where(passable, entry_cost, np.inf)
    cost[source] = entry_cost[source]
    graph.data = cost[rows if toward else graph.indices]  # the space each link enters
    result: npt.NDArray[np.float64] = dijkstra(graph, directed=True, indices=source)
    if toward:  # the search ends on the space a path leaves first: it must be passable
        barred = ~passable
        barred[source] = False
        result[barred] = np.inf
    return result


# sparse graphs of recent link tables (by the very array): (the table, toward, the graph,
# the row of each stored link)
_SPARSE: list[tuple[IntArray, bool, Any, IntArray]] = []


def _sparse(links: IntArray, toward: bool) -> tuple[Any, IntArray]:
    """Every link of ``links`` as a sparse graph (reversed ``toward``: rows by the space a
    link enters) and the row of each stored link, built once per table; its weights are
    set for each search."""
    for kept in _SPARSE:
        if kept[0] is links and kept[1] is toward:
            return kept[2], kept[3]
    from scipy.sparse import csr_matrix

    n = int(links.shape[0])
    valid = links >= 0
    counts = valid.sum(axis=1)
    sources = np.repeat(np.arange(n, dtype=np.int32), counts)
    targets = links[valid].astype(np.int32)
    if toward:  # the link here -> there, searched from there: rows by the space entered
        order = np.lexsort((sources, targets)).astype(np.int32)
        rows, columns = targets[order], sources[order]
    else:
        rows, columns = sources, targets
    indptr = np.zeros(n + 1, dtype=np.int32)
    np.cumsum(np.bincount(rows, minlength=n), out=indptr[1:])
    graph = csr_matrix((np.ones(len(columns)), columns, indptr), shape=(n, n))
    if len(_SPARSE) >= 8:
        _SPARSE.pop(0)
    _SPARSE.append((links, toward, graph, rows))
    return graph, rows


# neighbour lists of recent link tables (by the very array: boards never change), forward
# and reversed: (the table, its rows, for each space the spaces that list it)
_LISTS: list[tuple[IntArray, list[list[int]], list[list[int]]]] = []


def neighbour_lists(links: IntArray) -> list[list[int]]:
    """Each space's linked neighbours as a list, built once per link table (a board's:
    boards never change). Shared: read it, never change it."""
    return _lists(links)[0]


def _lists(links: IntArray) -> tuple[list[list[int]], list[list[int]]]:
    for kept in _LISTS:
        if kept[0] is links:
            return kept[1], kept[2]
    rows = [[t for t in row if t >= 0] for row in links.tolist()]
    back: list[list[int]] = [[] for _ in rows]
    for here, row in enumerate(rows):
        for there in row:
            back[there].append(here)
    if len(_LISTS) >= 8:
        _LISTS.pop(0)
    _LISTS.append((links, rows, back))
    return rows, back


def _plain_dijkstra(links: IntArray, passable: BoolArray,
                    entry_cost: npt.NDArray[np.float64], source: int, toward: bool
                    ) -> npt.NDArray[np.float64]:
    """:func:`entry_cost_field` on a small board, in plain Python (heapq) over neighbour
    lists kept per board. Toward ``source``, the search runs backward: from a space to the
    spaces whose step onto it (costing its own entry) it extends."""
    n = int(links.shape[0])
    costs = entry_cost.tolist()
    ok = passable.tolist()
    ok[source] = True
    rows, back = _lists(links)
    following = back if toward else rows
    best = [math.inf] * n
    best[source] = 0.0
    queue = [(0.0, source)]
    while queue:
        spent, here = heapq.heappop(queue)
        if spent > best[here] or not ok[here]:
            continue
        step = costs[here] if toward else 0.0
        for there in following[here]:
            if not ok[there]:
                continue
            total = spent + (step if toward else costs[there])
            if total < best[there]:
                best[there] = total
                heapq.heappush(queue, (total, there))
    return np.array(best, dtype=np.float64)
