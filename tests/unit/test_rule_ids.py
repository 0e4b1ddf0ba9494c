"""Names that grep: every rule id is declared under one constant, and that constant is cited by
the code that rules on it, so one search for it finds the deciding code (issue 25, item 5)."""

from __future__ import annotations

import ast
from collections import defaultdict
from functools import cache
from pathlib import Path

from referee.engine.rules import IDS
from referee.engine.units import load_standard

REFEREE = Path(__file__).resolve().parents[2] / "referee"
DECLARING = ("rule", "option")
"""Calls that declare a rule or an option: a name inside them (a `when=` condition) is not a
citation."""

load_standard()  # every edition and house rule registered


class Source:
    """What the modules of referee/ declare and cite, read from their syntax trees."""

    def __init__(self) -> None:
        self.constants: dict[str, set[str]] = defaultdict(set)
        """Rule id -> the module constants bound to a declaration of it."""
        self.declared: dict[str, list[str]] = defaultdict(list)
        """Rule id -> where each of its declarations is (a constant's or a bare variant's)."""
        self.bound: dict[str, list[str]] = defaultdict(list)
        """Module-level name -> what each assignment of it binds (`rule <id>` or `other`)."""
        self.cited: dict[str, list[str]] = defaultdict(list)
        """Name -> where it is read, outside the declarations."""
        for path in sorted(REFEREE.rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            where = str(path.relative_to(REFEREE.parent))
            self._module(tree, where)
            self._reads(tree, where, inside_declaration=False)

    def _module(self, tree: ast.Module, where: str) -> None:
        for node in ast.walk(tree):
            rid = _declared_rule(node)
            if rid is not None:
                self.declared[rid].append(f"{where}:{getattr(node, 'lineno', 0)}")
        for stmt in tree.body:
            targets = (
                stmt.targets
                if isinstance(stmt, ast.Assign)
                else [stmt.target]
                if isinstance(stmt, ast.AnnAssign)
                else []
            )
            value = getattr(stmt, "value", None)
            rid = _declared_rule(value) if value is not None else None
            for target in targets:
                if isinstance(target, ast.Name):
                    self.bound[target.id].append(f"rule {rid}" if rid else "other")
                    if rid is not None:
                        self.constants[rid].add(target.id)

    def _reads(self, node: ast.AST, where: str, inside_declaration: bool) -> None:
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in DECLARING
        ):
            inside_declaration = True
        if not inside_declaration:
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                self.cited[node.id].append(f"{where}:{node.lineno}")
            elif isinstance(node, ast.Attribute):
                self.cited[node.attr].append(f"{where}:{node.lineno}")
        for child in ast.iter_child_nodes(node):
            self._reads(child, where, inside_declaration)


def _declared_rule(node: ast.AST) -> str | None:
    """The rule id a `rule("id", ...)` call declares, else None."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "rule"
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    ):
        return node.args[0].value
    return None


@cache
def source() -> Source:
    """The source, read once a process when a test first asks (not when every xdist worker
    collects the module: reading 200 modules' trees takes most of a second)."""
    return Source()


def test_every_rule_id_is_declared_in_the_source() -> None:
    assert set(IDS) == set(source().declared)


def test_every_rule_id_is_defined_once_under_one_constant() -> None:
    """One constant per id, named as the id is (`uno-window`: `UNO_WINDOW`; an edition's or a
    house rule's own texts of an id are more variants of it, bare or under the same name), and
    that name is the rule's alone: no option, no other rule."""
    read = source()
    problems = []
    for rid in sorted(read.declared):
        names = read.constants.get(rid, set())
        if names != {rid.upper().replace("-", "_")}:
            problems.append(f"{rid}: constants {sorted(names)} at {read.declared[rid]}")
        for name in names:
            others = set(read.bound[name]) - {f"rule {rid}"}
            if others:
                problems.append(f"{rid}: the name {name} also binds {sorted(others)}")
    assert problems == []


def test_every_rule_id_is_cited_where_it_is_decided() -> None:
    """Each id's constant is read by the code that rules on it (a refusal, a handler's or an
    effect's answer, a table of rules), not only declared."""
    read = source()
    never = [
        rid
        for rid in sorted(read.declared)
        if not any(read.cited.get(name) for name in read.constants.get(rid, ()))
    ]
    assert never == []
