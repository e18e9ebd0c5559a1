"""The compiled build's native classes (setup.py, ``TALES_COMPILE=1``).

mypyc compiles a class into a C struct ("native" class) that is read and copied many times
faster than a Python object, but only code written for it gets that: a frozen dataclass's
generated ``__init__`` sets each field through ``object.__setattr__``, and a copy made by
``dataclasses.replace`` costs more compiled than plain (issue 19). The source stays written
for plain Python, which is what plain Python runs and what is read and edited: the build
compiles a copy of the package in which each module to compile is rewritten by
:func:`nativize`:

- each frozen dataclass (without an ``__init__`` or ``__post_init__`` of its own and with
  every field in ``__init__``) gets a written-out ``__init__``, ``_with(changes)`` (the copy
  :func:`tales.evolve.evolve` makes of it) and ``__reduce__`` (a worker process's pickles);
- what it keeps beside its fields (``_name: ClassVar[T | None] = None``, set through
  ``object.__setattr__``; :class:`tales.evolve.Keeps`) becomes an attribute of the
  instance, set by plain assignment, and ``Keeps`` leaves its bases (``__reduce__`` leaves
  what is kept out of a pickle instead);
- ``evolve_known(state, fields, changes)`` becomes ``state._with(changes)``.

The compiled module comes out beside its source (setup.py); the rewritten copy is only
what mypyc reads. Every result is the same in both builds (tests/test_native.py, and the
tavern tests, which ``.ci/run`` runs on the compiled build)."""

from __future__ import annotations

import ast
import hashlib
import json
import shutil
from dataclasses import dataclass
from pathlib import Path

from tales.compiled import MADE_FROM

#: The name the written-out methods call ``typing.Any`` by (no module's own name).
ANY = "_NativeAny"

#: Where the rewritten copy of the package is made, in the checkout (build/ is ignored).
STAGE = MADE_FROM.parent


@dataclass(frozen=True)
class _Field:
    name: str
    annotation: str
    default: str | None  # its default's source (None: required)
    factory: str | None = None  # its default factory's source


@dataclass(frozen=True)
class _Edit:
    """Source from (line, column) to (line, column) replaced by ``text``: lines count from
    1 and columns are UTF-8 byte offsets, as :mod:`ast` gives them."""

    start: tuple[int, int]
    end: tuple[int, int]
    text: str


def nativize(source: str) -> str:
    """``source``, a module, rewritten for native classes (the module's docstring)."""
    tree = ast.parse(source)
    edits: list[_Edit] = []
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and _frozen_dataclass(node):
            edits.extend(_class_edits(node, source))
    if edits:  # the methods' annotations name Any: imported after any __future__ import
        line = max([n.end_lineno or n.lineno for n in tree.body
                    if isinstance(n, ast.ImportFrom) and n.module == "__future__"], default=0)
        edits.append(_Edit((line + 1, 0), (line + 1, 0),
                           f"from typing import Any as {ANY}  # (tools/native.py)\n"))
    for each in ast.walk(tree):
        edits.extend(_call_edits(each, source))
    return _apply(source, edits)


def stage(root: Path, modules: list[str]) -> list[str]:
    """A copy of ``root``'s package ``tales`` under ``root``/:data:`STAGE` with ``modules``
    (paths like ``tales/tavern/rdi/model.py``) rewritten by :func:`nativize`; their paths
    in the copy, for mypyc. Made afresh each build, with the record of what each module is
    compiled from (:data:`tales.compiled.MADE_FROM`, which the guard against a stale
    compiled module reads)."""
    into = root / STAGE
    if into.exists():
        shutil.rmtree(into)
    shutil.copytree(root / "tales", into / "tales",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyc"))
    staged, made = [], {}
    for module in modules:
        text = (root / module).read_bytes()
        made[module] = hashlib.sha256(text).hexdigest()
        target = into / module
        target.write_text(nativize(text.decode("utf-8")), encoding="utf-8")
        staged.append(str(target.relative_to(root)))
    (root / MADE_FROM).write_text(json.dumps(made, indent=1, sort_keys=True) + "\n",
                                  encoding="utf-8")
    return staged


def _frozen_dataclass(node: ast.ClassDef) -> bool:
    """A ``@dataclass(frozen=True)`` whose ``__init__`` is the generated one, taking every
    field (the classes :func:`tales.evolve.evolve` copies field by field)."""
    frozen = any(isinstance(d, ast.Call) and getattr(d.func, "id", "") == "dataclass"
                 and any(k.arg == "frozen" and getattr(k.value, "value", False) is True
                         for k in d.keywords)
                 for d in node.decorator_list)
    own = {st.name for st in node.body if isinstance(st, ast.FunctionDef)}
    slots = any(isinstance(st, ast.Assign) and getattr(st.targets[0], "id", "") == "__slots__"
                for st in node.body)
    return frozen and not own & {"__init__", "__post_init__", "_with", "__reduce__"} \
        and not slots and all(not _keyword(st.value, "init") for st in node.body
                              if isinstance(st, ast.AnnAssign))


def _keyword(value: ast.expr | None, name: str) -> ast.expr | None:
    """The argument ``name`` of a ``field(...)`` default, if it has one."""
    if isinstance(value, ast.Call) and getattr(value.func, "id", "") == "field":
        for keyword in value.keywords:
            if keyword.arg == name:
                return keyword.value
    return None


def _class_edits(node: ast.ClassDef, source: str) -> list[_Edit]:
    """A frozen dataclass's: its kept values out of the class body, ``Keeps`` out of its
    bases, and its ``__init__``, ``_with`` and ``__reduce__`` after its fields."""
    text = ast.get_source_segment
    fields: list[_Field] = []
    kept: list[tuple[str, str]] = []  # (name, annotation) of what is kept beside the fields
    edits = []
    for st in node.body:
        if not (isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name)):
            continue
        annotation = text(source, st.annotation) or ""
        if isinstance(st.annotation, ast.Subscript) \
                and getattr(st.annotation.value, "id", "") == "ClassVar":
            if st.target.id.startswith("_") and isinstance(st.value, ast.Constant) \
                    and st.value.value is None:
                kept.append((st.target.id, text(source, st.annotation.slice) or ""))
                edits.append(_Edit((st.lineno, 0), (st.end_lineno or st.lineno, -1), ""))
            continue
        default = _keyword(st.value, "default")
        factory = _keyword(st.value, "default_factory")
        fields.append(_Field(
            st.target.id, annotation,
            None if st.value is None or factory is not None
            else text(source, default if default is not None else st.value),
            None if factory is None else text(source, factory)))
    for base in node.bases:
        if getattr(base, "id", "") == "Keeps":
            edits.append(_drop_base(node, base))
    # after its fields, before its methods (which mypy reads what they set against): on the
    # line after the last field's (a kept value's line may be taken out)
    after = max(st.end_lineno or st.lineno for st in node.body
                if isinstance(st, ast.AnnAssign)) + 1
    edits.append(_Edit((after, 0), (after, 0), "\n".join(_methods(node.name, fields, kept))
                       + "\n"))
    return edits


def _drop_base(node: ast.ClassDef, base: ast.expr) -> _Edit:
    """``base`` taken out of ``node``'s bases (with its comma, or its brackets if alone)."""
    if len(node.bases) + len(node.keywords) == 1:  # class Name(Keeps): -> class Name:
        line = base.lineno
        return _Edit((line, base.col_offset - 1), (line, (base.end_col_offset or 0) + 1), "")
    after = node.bases.index(base) + 1
    if after < len(node.bases):  # class Name(Keeps, Other): up to the next base
        following = node.bases[after]
        return _Edit((base.lineno, base.col_offset),
                     (following.lineno, following.col_offset), "")
    before = node.bases[after - 2]  # class Name(Other, Keeps): from the base before's end
    return _Edit((before.end_lineno or before.lineno, before.end_col_offset or 0),
                 (base.end_lineno or base.lineno, base.end_col_offset or 0), "")


def _methods(name: str, fields: list[_Field], kept: list[tuple[str, str]]) -> list[str]:
    """The written-out ``__init__``, ``_with`` and ``__reduce__`` of a class ``name``."""
    ignore = "  # type: ignore[misc]"  # (a frozen dataclass's field, set on a new instance)
    params, body = ["self"], []
    for f in fields:
        if f.factory is not None:
            params.append(f"{f.name}: {f.annotation} | None = None")
            body.append(f"        self.{f.name} = {f.factory}() if {f.name} is None "
                        f"else {f.name}{ignore}")
            continue
        params.append(f"{f.name}: {f.annotation}"
                      + ("" if f.default is None else f" = {f.default}"))
        body.append(f"        self.{f.name} = {f.name}{ignore}")
    body.extend(f"        self.{attr}: {annotation} = None" for attr, annotation in kept)
    lines = ["", f"    def __init__({', '.join(params)}) -> None:", *(body or ["        pass"])]
    lines += ["", f"    def _with(self, changes: dict[str, {ANY}]) -> {name}:",
              f"        new = {name}({', '.join(f'self.{f.name}' for f in fields)})"]
    lines += [f"        new.{attr} = self.{attr}" for attr, _ in kept]
    lines.append("        for key, value in changes.items():")
    for n, f in enumerate(fields):
        lines += [f"            {'if' if n == 0 else 'elif'} key == {f.name!r}:",
                  f"                new.{f.name} = value{ignore}"]
    lines += ["            else:" if fields else "            if key:",
              f"                raise TypeError(f\"{name} has no field {{key!r}}\")",
              "        return new",
              "", f"    def __reduce__(self) -> tuple[{ANY}, ...]:",
              f"        return ({name}, ({''.join(f'self.{f.name}, ' for f in fields)}))"]
    return lines


def _call_edits(node: ast.AST, source: str) -> list[_Edit]:
    """``object.__setattr__(state, "_name", value)`` (a statement) as ``state._name =
    value``; ``evolve_known(state, fields, changes)`` as ``state._with(changes)``."""
    text = ast.get_source_segment
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
        call = node.value
        func = call.func
        if isinstance(func, ast.Attribute) and func.attr == "__setattr__" \
                and getattr(func.value, "id", "") == "object" and len(call.args) == 3 \
                and isinstance(name := call.args[1], ast.Constant) \
                and isinstance(name.value, str) and name.value.startswith("_"):
            state, value = text(source, call.args[0]) or "", text(source, call.args[2]) or ""
            return [_Edit((node.lineno, node.col_offset),
                          (node.end_lineno or node.lineno, node.end_col_offset or 0),
                          f"{state}.{name.value} = "
                          + (f"({value})" if "\n" in value else value))]
    if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "evolve_known" \
            and len(node.args) == 3:
        state, changes = text(source, node.args[0]) or "", text(source, node.args[2]) or ""
        return [_Edit((node.lineno, node.col_offset),
                      (node.end_lineno or node.lineno, node.end_col_offset or 0),
                      f"{state}._with({changes})")]
    return []


def _apply(source: str, edits: list[_Edit]) -> str:
    """``source`` with ``edits`` made (none overlapping). An edit from (line, 0) to
    (end, -1) with no text takes those whole lines out."""
    lines = [line.encode("utf-8") for line in source.split("\n")]
    for edit in sorted(edits, key=lambda e: (e.start, e.end), reverse=True):
        (first, start), (last, end) = edit.start, edit.end
        if start == 0 and end == -1 and not edit.text:
            del lines[first - 1:last]
            continue
        head, tail = lines[first - 1][:start], lines[last - 1][end:]
        lines[first - 1:last] = (head + edit.text.encode("utf-8") + tail).split(b"\n")
    return "\n".join(line.decode("utf-8") for line in lines)
