"""Every library the server imports is one of its own dependencies in pyproject.toml (or
comes with one of them), not a development one only: an installation without the dev extras
runs every module."""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib.metadata import PackageNotFoundError, packages_distributions, requires
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _name(requirement: str) -> str:
    return re.sub(r"[-_.]+", "-", re.split(r"[~=<>!\[; ]", requirement, maxsplit=1)[0]).lower()


def _with_what_they_bring(names: set[str]) -> set[str]:
    """The distributions ``names`` install: themselves and, transitively, their requirements
    (those of an extra left aside)."""
    seen, todo = set(names), list(names)
    while todo:
        try:
            needs = requires(todo.pop()) or []
        except PackageNotFoundError:
            continue
        for need in needs:
            name = _name(need)
            if "extra ==" not in need and name not in seen:
                seen.add(name)
                todo.append(name)
    return seen


def _imported_modules() -> dict[str, str]:
    """Top-level module → a file of opentamp/ that imports it."""
    found: dict[str, str] = {}
    for path in sorted((ROOT / "opentamp").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                found.setdefault(name.split(".")[0], str(path.relative_to(ROOT)))
    return found


def test_the_server_imports_only_its_own_dependencies() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    installed = _with_what_they_bring({_name(r) for r in project["dependencies"]})
    distributions = packages_distributions()
    missing = {}
    for module, where in _imported_modules().items():
        if module in sys.stdlib_module_names or module in {"opentamp", "__future__"}:
            continue
        names = {_name(d) for d in distributions.get(module, [module])}
        if not names & installed:
            missing[module] = where
    assert missing == {}
