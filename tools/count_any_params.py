"""Count the parameters of the public callables that type checkers see as Any.

The public callables: the functions and classes (their __init__ and public
methods) in ``omaha_eval.__all__`` and in the ``__all__`` of its public
modules (omaha_eval.types, .solver, .batch, .pql, .preflop, ...; not the
internals engine/ and cli/).  A parameter counts as Any when its annotation
is Any or missing; "with Any inside" counts those whose type holds an Any
elsewhere (``Sequence[Any]``, ``Mapping[str, Any]``), NumPy's any-precision
``np.integer[Any]`` aside.

    python tools/count_any_params.py [-v] [--top]

-v lists each such parameter; --top counts only omaha_eval.__all__ and the
modules it names (batch, preflop).
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
import sys
import types
from collections.abc import Callable, Iterator
from typing import Any

import omaha_eval

INTERNAL = {"omaha_eval.engine", "omaha_eval.cli", "omaha_eval.__main__"}
PRECISION = re.compile(r"\b(?:np\.|numpy\.)?(?:integer|floating)\[Any\]")


def public_modules(top: bool) -> list[types.ModuleType]:
    if top:  # omaha_eval.__all__ and the modules it names (batch, preflop)
        named = (getattr(omaha_eval, n) for n in omaha_eval.__all__)
        return [omaha_eval, *(m for m in named if isinstance(m, types.ModuleType))]
    names = [
        m.name
        for m in pkgutil.iter_modules(omaha_eval.__path__, "omaha_eval.")
        if not m.name.rpartition(".")[2].startswith("_") and m.name not in INTERNAL
    ]
    return [omaha_eval, *(importlib.import_module(n) for n in names)]


def public_callables(top: bool) -> dict[str, Callable[..., Any]]:
    found: dict[str, Callable[..., Any]] = {}
    for module in public_modules(top):
        for name in getattr(module, "__all__", ()):
            obj = getattr(module, name)
            if isinstance(obj, types.ModuleType):
                continue
            if inspect.isclass(obj):
                for attr, value in vars(obj).items():
                    if isinstance(value, (classmethod, staticmethod)):
                        value = value.__func__
                    if attr == "__init__" and getattr(obj, "_is_protocol", False):
                        continue  # a Protocol is not constructed
                    if (attr == "__init__" or not attr.startswith("_")) and inspect.isfunction(
                        value
                    ):
                        found[f"{obj.__module__}.{obj.__qualname__}.{attr}"] = value
            elif inspect.isfunction(obj):
                found[f"{obj.__module__}.{obj.__qualname__}"] = obj
    return found


def parameters(top: bool) -> Iterator[tuple[str, str, str]]:
    """(callable, parameter, annotation text) of every public parameter."""
    for where, fn in sorted(public_callables(top).items()):
        for p in inspect.signature(fn).parameters.values():
            if p.name in ("self", "cls"):
                continue
            a = p.annotation
            text = "" if a is inspect.Parameter.empty else a if isinstance(a, str) else repr(a)
            yield where, p.name, text


def main() -> None:
    verbose, top = "-v" in sys.argv[1:], "--top" in sys.argv[1:]
    total = bare = inside = 0
    for where, name, text in parameters(top):
        total += 1
        if text in ("", "Any", "typing.Any"):
            bare += 1
            kind = "Any"
        elif re.search(r"\bAny\b", PRECISION.sub("", text)):
            inside += 1
            kind = "inside"
        else:
            continue
        if verbose:
            print(f"{kind:7} {where}({name}: {text or '<none>'})")
    print(f"{total} parameters of the public callables: {bare} Any, {inside} more with Any inside")


if __name__ == "__main__":
    main()
