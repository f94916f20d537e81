"""The Python API page (docs/api.md): an MkDocs hook and a griffe extension.

As a hook (mkdocs.yml, ``hooks``): the page holds the line
``<!-- omaha_eval.__all__ -->``, replaced with one mkdocstrings block per
exported name, grouped (functions, classes, constants, modules), each
pointing at the object where it is defined (``::: module.qualname``, read
from the installed package when the site is built), and a line for each
exported alias of another object.  So the page follows the exports wherever
the modules move.

Not ``::: omaha_eval`` alone: griffe, which reads the code for mkdocstrings,
gives a submodule precedence over an attribute of the same name (by design),
so the module ``omaha_eval.equity`` would hide the function
``omaha_eval.equity`` and the page would silently lack it.

As a griffe extension (mkdocs.yml, the python handler's ``extensions``), once
the package is read, before anything is rendered, it fixes what Markdown
would show wrong in the docstrings, which are written for ``help()`` and
the terminal:

- a doctest (``>>>`` lines and their output) becomes a Python code block,
  where Markdown would read the ``>`` as nested quotes and flow the lines;
- a Sphinx role (``:func:`equity```) becomes a link to the object on the
  page, or code when it is not on the page;
- a reST ``::`` closing a line before an indented block loses a colon;
- an exported constant computed elsewhere (``HIGH_MAX = _core.HIGH_MAX``)
  shows its value (7462);
- a dataclass field declared ``x: T = field()`` (a field with no default)
  shows none in the class's signature, where griffe would show ``= field()``.
"""

from __future__ import annotations

import inspect
import re
from types import ModuleType
from typing import Any

import griffe

MARKER = "<!-- omaha_eval.__all__ -->"
GROUPS = ("Functions", "Classes", "Constants", "Modules")  # what a reader looks for first

ROLE = re.compile(r":(?:py:)?(?:func|class|attr|meth|mod|data|exc|obj):`(~?)([\w.]+)(?:\(\))?`")
DOCTEST = re.compile(r"^(\s*)>>> ")
VALUE_SHOWN = 80  # characters: a longer value keeps the expression it is written as


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


def _documented() -> set[str]:
    """Paths of the objects the page documents (their public members with a
    docstring are documented with them)."""
    import omaha_eval

    return {_where(name, getattr(omaha_eval, name))[1] for name in omaha_eval.__all__}


def _doctests_fenced(text: str) -> str:
    out: list[str] = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        m = DOCTEST.match(lines[i])
        if not m:
            out.append(lines[i])
            i += 1
            continue
        indent = m[1]
        if out and out[-1].strip():
            out.append("")  # a code block must not continue a paragraph
        out.append(f"{indent}```pycon")
        while i < len(lines) and lines[i].strip():
            out.append(lines[i])
            i += 1
        out += [f"{indent}```", ""]
    return "\n".join(out)


class Docstrings(griffe.Extension):
    """Docstrings and values rewritten for Markdown (see the module's docstring)."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        if pkg.name != "omaha_eval":
            return
        self.pkg = pkg
        self.documented = _documented()
        self._walk(pkg)
        self._constant_values(pkg)
        self._bare_fields(pkg)

    def _walk(self, obj: griffe.Object) -> None:
        if obj.docstring is not None:
            text = _doctests_fenced(obj.docstring.value)
            text = ROLE.sub(lambda m: self._role(obj, m), text)
            obj.docstring.value = re.sub(r"(\S)::\n(\s*\n)", r"\1:\n\2", text)
        for member in obj.members.values():
            if not member.is_alias:
                self._walk(member)  # type: ignore[arg-type]

    def _role(self, where: griffe.Object, m: re.Match[str]) -> str:
        short, target = m[1], m[2]
        shown = target.rsplit(".", 1)[-1] if short or target.startswith("omaha_eval.") else target
        found = self._find(where, target)
        if found is None:
            return f"`{shown}`"
        return f"[`{shown}`][{found}]"

    def _find(self, where: griffe.Object, target: str) -> str | None:
        """Path of the object a role names, if the page documents it."""
        relative = target.removeprefix("omaha_eval.")
        scopes: list[griffe.Object] = []
        scope: griffe.Object | None = where
        while scope is not None:  # the object, its class, its module, ..., the package
            scopes.append(scope)
            scope = scope.parent
        for scope in scopes:
            try:
                obj = scope[relative]
            except (KeyError, griffe.AliasResolutionError):
                continue
            try:
                path = obj.final_target.path if obj.is_alias else obj.path  # type: ignore[union-attr]
            except griffe.AliasResolutionError:
                continue
            if path in self.documented:
                return path
            parent = path.rsplit(".", 1)[0]
            if parent in self.documented and obj.docstring is not None:  # a documented member
                return path
        return None

    def _constant_values(self, pkg: griffe.Module) -> None:
        import omaha_eval

        for name in omaha_eval.__all__:
            value = getattr(omaha_eval, name)
            if _where(name, value)[0] != "Constants":
                continue
            attr = pkg[name]
            attr = attr.final_target if attr.is_alias else attr
            shown = repr(value)
            if isinstance(attr.value, griffe.Expr) and len(shown) <= VALUE_SHOWN:
                attr.value = shown

    def _bare_fields(self, obj: griffe.Object) -> None:
        """Drop the value of ``x: T = field(...)`` without a default, before
        griffe's dataclasses extension (which runs after this one) reads it."""
        for member in obj.members.values():
            if member.is_alias:
                continue
            if member.is_attribute and member.parent is not None and member.parent.is_class:
                value = str(member.value or "")
                if value.startswith("field(") and "default" not in value:
                    member.value = None  # type: ignore[union-attr]
            self._bare_fields(member)  # type: ignore[arg-type]
