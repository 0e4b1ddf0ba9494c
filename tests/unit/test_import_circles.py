"""No import circle among the modules of `referee/` or `screens/`: every import counts, lazy,
under TYPE_CHECKING or not."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported(name: str, is_package: bool, source: str, known: set[str]) -> set[str]:
    """The package's modules that `source` imports anywhere (function bodies and TYPE_CHECKING
    blocks too: a circle hidden in a function is still a circle in the design)."""
    here = name.split(".") if is_package else name.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = here[: len(here) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            # `from pkg import name` may name a submodule as well as an attribute.
            targets = [module, *(f"{module}.{alias.name}" for alias in node.names)]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            # A module may use its own package's names: that is containment, not a circle.
            if target and target != name and not name.startswith(target + "."):
                found.add(target)
    return found


def import_graph(package: Path) -> dict[str, set[str]]:
    files = {module_name(path, package.parent): path for path in package.rglob("*.py")}
    known = set(files)
    return {
        name: imported(name, path.name == "__init__.py", path.read_text(encoding="utf-8"), known)
        for name, path in files.items()
    }


def circle(graph: dict[str, set[str]]) -> list[str]:
    try:
        TopologicalSorter(graph).prepare()
    except CycleError as exc:
        return list(exc.args[1])
    return []


@pytest.mark.parametrize(("package", "modules"), [("referee", 80), ("screens", 30)])
def test_no_import_circle(package: str, modules: int) -> None:
    graph = import_graph(ROOT / package)
    assert len(graph) > modules, "the walk found too few modules"
    assert circle(graph) == []


def test_the_walk_finds_a_circle_through_a_lazy_import(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("from .a import A\n")
    (package / "sub" / "a.py").write_text("from ..b import B\nA = 1\n")
    (package / "b.py").write_text("def f():\n    from pkg.sub import a\nB = 2\n")
    graph = import_graph(package)
    assert graph["pkg.sub"] == {"pkg.sub.a"}
    assert graph["pkg.sub.a"] == {"pkg.b"}
    assert graph["pkg.b"] == {"pkg.sub", "pkg.sub.a"}
    assert set(circle(graph)) == {"pkg.sub.a", "pkg.b"}
