"""The engine and the command line never load the UI: no Textual until the app is opened."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

REFEREE = Path(__file__).resolve().parents[2] / "referee"
UI_PACKAGES = ("textual", "screens")


def test_importing_the_engine_and_cli_does_not_load_textual():
    code = ("import referee, referee.engine, referee.cli, referee.notation; import sys; "
            "assert 'textual' not in sys.modules, 'textual was imported'; "
            "assert 'screens' not in sys.modules, 'screens was imported'")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=REFEREE.parent, check=False)
    assert done.returncode == 0, done.stderr


def import_time_nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """Nodes that run when the module is imported: everything outside function bodies."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        yield node
        yield from import_time_nodes(node)


def ui_imports(source: str) -> list[str]:
    found = []
    for node in import_time_nodes(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        found += [f"line {node.lineno}: {name}" for name in names
                  if name.split(".")[0] in UI_PACKAGES]
    return found


@pytest.mark.parametrize("path", sorted(REFEREE.rglob("*.py")),
                         ids=lambda p: str(p.relative_to(REFEREE)))
def test_no_module_level_ui_import(path):
    assert ui_imports(path.read_text(encoding="utf-8")) == []


def test_the_static_check_sees_imports_at_import_time_only():
    source = ("import os\nimport textual.app\nif True:\n    from screens import app\n"
              "class A:\n    from textual import widgets\n"
              "def run():\n    from screens.app import run\n")
    assert ui_imports(source) == ["line 2: textual.app", "line 4: screens",
                                  "line 6: textual"]
