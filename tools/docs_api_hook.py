"""MkDocs hook: docs/api.md documents every name in ``omaha_eval.__all__``.

The page holds the line ``<!-- omaha_eval.__all__ -->``; this hook replaces it
with one mkdocstrings block per exported name, grouped (constants, classes,
functions, modules), each pointing at the object where it is defined
(``::: module.qualname``, read from the installed package when the site is
built), and a line for each exported alias of another object.  So the page
follows the exports wherever the modules move.

Not ``::: omaha_eval`` alone: griffe, which reads the code for mkdocstrings,
gives a submodule precedence over an attribute of the same name (by design),
so the module ``omaha_eval.equity`` would hide the function
``omaha_eval.equity`` and the page would silently lack it.
"""

from __future__ import annotations

import inspect
from types import ModuleType
from typing import Any

MARKER = "<!-- omaha_eval.__all__ -->"
GROUPS = ("Constants", "Classes", "Functions", "Modules")


def _where(name: str, obj: Any) -> tuple[str, str]:
    """(group, dotted path to document) of one exported object."""
    if isinstance(obj, ModuleType):
        return "Modules", obj.__name__
    if inspect.isclass(obj) or inspect.isfunction(obj):
        group = "Classes" if inspect.isclass(obj) else "Functions"
        return group, f"{obj.__module__}.{obj.__qualname__}"
    return "Constants", f"omaha_eval.{name}"  # a value: griffe follows the import


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    if MARKER not in markdown:
        return markdown
    import omaha_eval

    grouped: dict[str, list[str]] = {group: [] for group in GROUPS}
    documented: set[str] = set()
    for name in omaha_eval.__all__:
        obj = getattr(omaha_eval, name)
        group, path = _where(name, obj)
        if path not in documented:  # each object once, under the name it was defined with
            documented.add(path)
            block = f"::: {path}\n"
            if group == "Constants":  # a value has no docstring of its own: show it anyway
                block += "    options:\n      show_if_no_docstring: true\n"
            grouped[group].append(block)
        if group in ("Classes", "Functions") and obj.__name__ != name:  # an alias
            grouped[group].append(
                f"### {name} {{#omaha_eval.{name}}}\n\n"
                f"Another name for [`{obj.__name__}`](#{path}).\n"
            )
    sections = [
        f"## {group}\n\n" + "\n".join(blocks) for group, blocks in grouped.items() if blocks
    ]
    return markdown.replace(MARKER, "\n".join(sections))
