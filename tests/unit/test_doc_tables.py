"""The docs' edition, option, house-rule and card tables say what the registry holds."""

from __future__ import annotations

from tests.unit.doc_tables import stale


def test_the_docs_tables_are_the_registry() -> None:
    assert stale() == []
