"""The crash tests' check that a session's log survived as one hash chain (issue 28)."""

from __future__ import annotations

from referee.store import Layout, SessionFile, chain


def chain_verifies(layout: Layout, sid: str) -> int:
    """Session `sid` in `layout` has its global id, every entry stores its link, and the whole
    chain verifies from the header (`SessionFile.chained`: ChainBroken if not); its length."""
    with SessionFile.open(layout, sid, write=False) as file:
        assert chain.is_uid(file.uid), f"session {sid} has no global id"
        entries = file.entries
        unlinked = [entry["seq"] for entry in entries if chain.HASH not in entry]
        assert not unlinked, f"session {sid}: entries {unlinked} carry no hash"
        assert file.chained() == entries
        return len(entries)
